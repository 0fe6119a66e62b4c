import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { callCommand } from '../../bin/call-command.js';
import { testCliContext } from '../support/cli.js';
import { testSandbox } from '../support/sandbox.js';

/** `clearway call`: one operation through the typed client, to the sandbox by default or to a given stage. */
let world: Awaited<ReturnType<typeof testSandbox>>;
let dir: string;

beforeAll(async () => {
  world = await testSandbox();
  dir = mkdtempSync(join(tmpdir(), 'clearway-call-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await world?.sandbox.close();
});

const account = { accountName: 'Client money', owner: { name: 'Acme Ltd' }, sortCode: '040004' };

/** Runs `clearway call ...` in-process against the test sandbox (its port as `CLEARWAY_PORT`). */
async function clearway(argv: string[], stdin = '') {
  const { context, output } = testCliContext({
    env: { CLEARWAY_PORT: new URL(world.sandbox.gatewayUrl).port },
    fetch: (url, init) => fetch(url, init),
    readStdin: async () => stdin,
  });
  const code = await runCli({ call: callCommand }, ['call', ...argv], context);
  return { code, ...output };
}

function bodyFile(body: unknown): string {
  const file = join(dir, `${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

/** The JSON printed under the status line: an account, or a problem. */
interface Printed {
  account: { id: string; name: string };
  status: number;
  errors: Record<string, string[]>;
}
const printedBody = (out: string) => JSON.parse(out.slice(out.indexOf('\n') + 1)) as Printed;

describe('clearway call', () => {
  it('sends a body from a file to the sandbox, signed, and prints the status and the answer', async () => {
    const signedBefore = world.sandbox.signedRequests();

    const { code, out, err } = await clearway(['createAccount', '--body', bodyFile(account)]);

    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toMatch(/^POST \/v3\/Accounts -> 201 {2}\(Idempotency-Key [0-9a-f-]{36}\)\n/);
    expect(printedBody(out).account).toMatchObject({ name: 'Client money' });
    expect(world.sandbox.signedRequests() - signedBefore).toBe(1);
  });

  it('fills path and query parameters, and repeats a write with the key given', async () => {
    const key = `call-${randomUUID()}`;
    const first = await clearway(
      ['createAccount', '--body', '-', '--idempotency-key', key],
      JSON.stringify(account),
    );
    const again = await clearway(
      ['createAccount', '--body', '-', '--idempotency-key', key],
      JSON.stringify(account),
    );
    const { id } = printedBody(first.out).account;

    const read = await clearway(['getAccount', '--path', `accountId=${id}`]);
    const listed = await clearway(['listAccounts', '--query', 'pageSize=5']);

    expect(first.out).toContain(`(Idempotency-Key ${key})`);
    expect(printedBody(again.out).account.id).toBe(id);
    expect(read.code).toBe(0);
    expect(read.out).toMatch(new RegExp(`^GET /v3/Accounts/${id} -> 200\n`));
    expect(listed.out).toMatch(/^GET \/v3\/Accounts\?pageSize=5 -> 200\n/);
  });

  it('signs for a stage given by --base-url and --region with the default credential chain', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDSTAGE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'stage-secret');
    const signedBefore = world.sandbox.signedRequests();
    try {
      const { code, out } = await clearway([
        'postTest',
        '--base-url',
        world.sandbox.gatewayUrl,
        '--region',
        'eu-west-2',
        '--body',
        bodyFile({ Message: 'signed' }),
      ]);

      expect(code).toBe(0);
      expect(out).toMatch(/^POST \/v1\/Test -> 200/);
      expect(world.sandbox.signedRequests() - signedBefore).toBe(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('prints the problem of a request the gateway’s checks refuse, sends nothing, and exits 1', async () => {
    const signedBefore = world.sandbox.signedRequests();

    const { code, out, err } = await clearway([
      'createAccount',
      '--body',
      bodyFile({ ...account, sortCode: '04-00-04' }),
    ]);

    expect(code).toBe(1);
    expect(out).toMatch(/^POST \/v3\/Accounts -> 400 \(refused by the client, not sent\)\n/);
    expect(printedBody(out)).toMatchObject({ status: 400, errors: { sortCode: expect.any(Array) } });
    expect(err).toMatch(/^clearway call: ClearwayValidationError: /);
    expect(world.sandbox.signedRequests()).toBe(signedBefore);
  });

  it('exits 1 on an error answer, with its problem', async () => {
    const { code, out } = await clearway(['getAccount', '--path', `accountId=${randomUUID()}`]);

    expect(code).toBe(1);
    expect(out).toMatch(/ -> 404\n/);
    expect(printedBody(out)).toMatchObject({ status: 404 });
  });

  it('names the operations near an unknown one, and refuses malformed options', async () => {
    const typo = await clearway(['createAcount']);
    const pair = await clearway(['getAccount', '--path', 'accountId']);
    const json = await clearway(['createAccount', '--body', '-'], '{"accountName": ');

    expect(typo).toMatchObject({ code: 2, out: '' });
    expect(typo.err).toMatch(/unknown operation "createAcount"; did you mean createAccount\b/);
    expect(pair).toMatchObject({ code: 2, err: expect.stringContaining('--path takes <name>=<value>') });
    expect(json).toMatchObject({ code: 2, err: expect.stringContaining('--body - is not valid JSON') });
  });
});
