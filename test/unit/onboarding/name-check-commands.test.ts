import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { nameCheckCsrCommand, nameCheckPemCommand } from '#shared/onboarding/name-check-commands.js';
import { testCliContext } from '#test/support/cli.js';

const commands = { 'name-check-csr': nameCheckCsrCommand, 'name-check-pem': nameCheckPemCommand };

const CSR =
  '-----BEGIN CERTIFICATE REQUEST-----\nMIIBVjCBwAIBADAXMRUwEwYDVQQDDAxleGFtcGxlLmNvbQ==\nAAAA\n-----END CERTIFICATE REQUEST-----\n';
const CERTIFICATE =
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\nQmFzZTY0\n-----END CERTIFICATE-----\n';

interface Sent {
  url: string;
  init: RequestInit;
}

/** Runs the command line in-process against a fake gateway that answers `answer` and records what it got. */
async function clearway(argv: string[], answer: Response, env: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const { context, output } = testCliContext({
    env,
    fetch: async (url, init) => {
      sent.push({ url, init });
      return answer;
    },
  });
  const code = await runCli(commands, argv, context);
  return { code, ...output, sent };
}

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-name-check-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const target = ['--software-statement-id', 'ss-1', '--certificate-type', 'Signing'];

describe('clearway name-check-csr', () => {
  it('writes the CSR to --out exactly as the gateway answered it, line breaks kept', async () => {
    const out = join(tempDir(), 'signing.csr');
    const result = await clearway(['name-check-csr', ...target, '--out', out], new Response(CSR), {
      CLEARWAY_PORT: '4000',
    });

    expect(result.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(CSR);
    expect(result.sent).toEqual([
      { url: 'http://127.0.0.1:4000/v1/softwarestatements/ss-1/csr/Signing', init: { method: 'GET' } },
    ]);
  });

  it('takes the CSR as a JSON string too, and calls the --gateway given', async () => {
    const result = await clearway(
      ['name-check-csr', ...target, '--gateway', 'https://gw.example/prod/'],
      new Response(JSON.stringify(CSR)),
    );

    expect(result).toMatchObject({ code: 0, out: CSR });
    expect(result.sent[0]?.url).toBe('https://gw.example/prod/v1/softwarestatements/ss-1/csr/Signing');
  });

  it('refuses a certificate type other than Transport or Signing before calling anyone (exit 2)', async () => {
    const result = await clearway(
      ['name-check-csr', '--software-statement-id', 'ss-1', '--certificate-type', 'signing'],
      new Response(CSR),
    );

    expect(result.code).toBe(2);
    expect(result.err).toMatch(/certificateType must be one of Transport, Signing/);
    expect(result.sent).toEqual([]);
  });

  it("fails with the bank's problem in one line when the gateway refuses (exit 1)", async () => {
    const problem = { title: 'Bad Request', detail: 'Institution is not setup for CoP.', status: 400 };
    const result = await clearway(
      ['name-check-csr', ...target],
      new Response(JSON.stringify(problem), { status: 400 }),
    );

    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'clearway name-check-csr: GET /v1/softwarestatements/ss-1/csr/Signing answered 400: Bad Request: Institution is not setup for CoP.\n',
    );
  });
});

describe('an unreachable gateway', () => {
  it('is one line naming the gateway and the cause (exit 1)', async () => {
    const { context, output } = testCliContext({
      fetch: () =>
        Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })),
    });
    const code = await runCli(commands, ['name-check-csr', ...target], context);

    expect(code).toBe(1);
    expect(output.err).toBe(
      'clearway name-check-csr: cannot reach the gateway at http://127.0.0.1:3000: connect ECONNREFUSED\n',
    );
  });
});

describe('clearway name-check-pem', () => {
  it('uploads the certificate with its line breaks removed, the kid and the type, with an Idempotency-Key', async () => {
    const file = join(tempDir(), 'signing.pem');
    writeFileSync(file, `subject=CN=ss-1\n${CERTIFICATE.replace(/\n/g, '\r\n')}`);
    const result = await clearway(
      ['name-check-pem', ...target, '--kid', 'kid-1', '--pem-file', file],
      new Response(null, { status: 200 }),
    );

    expect(result.code).toBe(0);
    const [sent] = result.sent;
    expect(sent?.url).toBe('http://127.0.0.1:3000/v1/softwarestatements/ss-1/pem');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      pem: '-----BEGIN CERTIFICATE-----MIIBszCCAVmgAwIBAgIUQmFzZTY0-----END CERTIFICATE-----',
      kid: 'kid-1',
      certificateType: 'Signing',
    });
    expect(sent?.init.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': expect.any(String),
    });
  });

  it('refuses a file without exactly one certificate, or no --kid, before calling anyone', async () => {
    const file = join(tempDir(), 'two.pem');
    writeFileSync(file, CERTIFICATE + CERTIFICATE);
    const two = await clearway(
      ['name-check-pem', ...target, '--kid', 'k', '--pem-file', file],
      new Response(null),
    );
    expect(two.code).toBe(2);
    expect(two.err).toMatch(/exactly one PEM CERTIFICATE block \(found 2\)/);

    const noKid = await clearway(['name-check-pem', ...target, '--pem-file', file], new Response(null));
    expect(noKid.code).toBe(2);
    expect([...two.sent, ...noKid.sent]).toEqual([]);
  });
});
