import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { nameCheckCsrCommand, nameCheckPemCommand } from '#shared/onboarding/name-check-commands.js';
import { testCliContext } from '../support/cli.js';
import { certificateFor } from '../support/name-check-certificates.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  // One quick retry: the bank's documented "onboarding failed" is a 500, which the gateway retries.
  world = await testSandbox({ bankRetry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
});
afterAll(() => world.sandbox.close());

const STATEMENT = '0015800001ZEZ3hAAH';
const bankRequestsTo = (path: string) => world.simulator.requests.filter((r) => r.path.startsWith(path));

describe('hosted name-check onboarding through the sandbox gateway: CSR, then the signed PEM', () => {
  it('fetches the Signing CSR with its line breaks and uploads the certificate for it', async () => {
    const csrResponse = await world.gateway(`/v1/softwarestatements/${STATEMENT}/csr/Signing`);
    const csr = await csrResponse.text();
    expect(csrResponse.status).toBe(200);
    expect(csrResponse.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(csr).toMatch(
      /^-----BEGIN CERTIFICATE REQUEST-----\n[\s\S]+\n-----END CERTIFICATE REQUEST-----\n$/,
    );

    const body = JSON.stringify({
      pem: (await certificateFor(csr)).replace(/\r?\n/g, ''),
      kid: 'kid-signing-1',
      certificateType: 'Signing',
    });
    const upload = await world.gateway(`/v1/softwarestatements/${STATEMENT}/pem`, jsonPost(body));
    expect(upload.status).toBe(200);
    expect(await upload.text()).toBe('');

    const [sent] = bankRequestsTo(`/v1/softwarestatements/${STATEMENT}/pem`);
    expect(sent).toMatchObject({ method: 'POST', body });
    expect(sent?.headers).toHaveProperty('digitalsignature');
  });

  it('mirrors the bank\'s 500 "onboarding failed" for a certificate that is not for the CSR', async () => {
    const csr = await (await world.gateway(`/v1/softwarestatements/${STATEMENT}/csr/Transport`)).text();
    const pem = (await certificateFor(csr, { forOtherKey: true })).replace(/\n/g, '');
    const upload = await world.gateway(
      `/v1/softwarestatements/${STATEMENT}/pem`,
      jsonPost(JSON.stringify({ pem, kid: 'kid-transport-1', certificateType: 'Transport' })),
    );
    expect(upload.status).toBe(500);
    expect(await upload.json()).toMatchObject({ title: 'Certificate onboarding failed' });
  });

  it('refuses a certificate type other than Transport or Signing with a 400 naming it, the bank never called', async () => {
    const before = bankRequestsTo('/v1/softwarestatements/').length;
    const response = await world.gateway(`/v1/softwarestatements/${STATEMENT}/csr/Encryption`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { certificateType: [expect.any(String)] } });
    const upload = await world.gateway(
      `/v1/softwarestatements/${STATEMENT}/pem`,
      jsonPost(JSON.stringify({ pem: 'x', certificateType: 'signing' })),
    );
    expect(upload.status).toBe(400);
    expect(bankRequestsTo('/v1/softwarestatements/')).toHaveLength(before);
  });
});

describe('clearway name-check-csr and name-check-pem against the sandbox gateway', () => {
  it('fetches the Transport CSR to a file, then uploads the signed certificate from a file', async () => {
    const commands = { 'name-check-csr': nameCheckCsrCommand, 'name-check-pem': nameCheckPemCommand };
    const { context, output } = testCliContext({
      env: { CLEARWAY_GATEWAY_URL: world.sandbox.gatewayUrl },
      fetch: (url, init) => fetch(url, init),
    });
    const dir = mkdtempSync(join(world.home, 'cli-'));
    const target = ['--software-statement-id', 'cli-statement', '--certificate-type', 'Transport'];
    const csrFile = join(dir, 'transport.csr');

    expect(await runCli(commands, ['name-check-csr', ...target, '--out', csrFile], context)).toBe(0);
    const csr = readFileSync(csrFile, 'utf8');
    expect(csr.split('\n').length).toBeGreaterThan(3);

    const pemFile = join(dir, 'transport.pem');
    writeFileSync(pemFile, await certificateFor(csr));
    const upload = ['name-check-pem', ...target, '--kid', 'kid-t', '--pem-file', pemFile];
    expect(await runCli(commands, upload, context), output.err).toBe(0);

    const [sent] = bankRequestsTo('/v1/softwarestatements/cli-statement/pem');
    const body = JSON.parse(sent?.body ?? '{}') as { pem: string; kid: string; certificateType: string };
    expect(body).toMatchObject({ kid: 'kid-t', certificateType: 'Transport' });
    expect(body.pem).toMatch(/^-----BEGIN CERTIFICATE-----[^\n]+-----END CERTIFICATE-----$/);
  });
});
