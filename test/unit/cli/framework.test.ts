import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KMSClient } from '@aws-sdk/client-kms';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { csrCommand, keysCommand } from '#shared/onboarding/commands.js';
import { testCliContext } from '#test/support/cli.js';
import { mockKmsWithKey } from '#test/support/kms-mock.js';
import { opensslReq } from '../onboarding/openssl.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const keyFile = join(root, 'test/fixtures/client-test.key.pem');
const publicKeyPem = readFileSync(join(root, 'test/fixtures/client-test.pub.pem'), 'utf8');
const commands = { csr: csrCommand, keys: keysCommand };

/** Runs the command line in-process with captured output and a KMS client that must not be used unless given. */
async function clearway(argv: string[], options: { env?: Record<string, string>; kms?: KMSClient } = {}) {
  const { context, output } = testCliContext({
    env: options.env ?? {},
    ...(options.kms && { kms: () => options.kms as KMSClient }),
  });
  const code = await runCli(commands, argv, context);
  return { code, ...output };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('clearway csr', () => {
  it('prints a CSR that openssl verifies when given a PEM key file', async () => {
    const { code, out, err } = await clearway([
      'csr',
      '--subject',
      'CN=Acme Payments',
      '--key-file',
      keyFile,
    ]);

    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(opensslReq(out, '-verify')).toContain('verify OK');
  });

  it('uses the KMS key named by SIGNING_KEY_ID when no key option is given, and writes --out', async () => {
    const kms = mockKmsWithKey(readFileSync(keyFile, 'utf8'), { keyId: 'alias/clearway-signing' });
    const dir = mkdtempSync(join(tmpdir(), 'clearway-cli-'));
    dirs.push(dir);
    const out = join(dir, 'portal.csr');

    const result = await clearway(['csr', '--subject', 'CN=Acme Payments, C=GB', '--out', out], {
      env: { SIGNING_KEY_ID: 'alias/clearway-signing' },
      kms: kms.client,
    });

    expect(result).toEqual({
      code: 0,
      out: '',
      err: `wrote the CSR for "CN=Acme Payments, C=GB" to ${out}\n`,
    });
    const csr = readFileSync(out, 'utf8');
    expect(opensslReq(csr, '-verify')).toContain('verify OK');
    expect(opensslReq(csr, '-pubkey')).toBe(publicKeyPem);
  });

  it.each([
    [['csr'], 'clearway csr: the subject is missing: pass --subject "CN=..."\n'],
    [['csr', '--subject'], "clearway csr: Option '--subject <value>' argument missing\n"],
    [
      ['csr', '--subject', 'Acme', '--key-file', keyFile],
      /^clearway csr: the subject "Acme" is not a distinguished name/,
    ],
    [
      ['csr', '--subject', 'CN=Acme'],
      /^clearway csr: no signing key: pass --key-file <pem> or --kms-key-id <id>, or set SIGNING_KEY_ID\n$/,
    ],
    [
      ['csr', '--subject', 'CN=Acme', '--key-file', '/no/such.pem'],
      /^clearway csr: cannot read the signing key \/no\/such\.pem: ENOENT/,
    ],
    [
      ['csr', '--subject', 'CN=Acme', '--key-file', join(root, 'test/fixtures/client-test.pub.pem')],
      /is not a valid PEM private key/,
    ],
    [
      ['csr', '--subject', 'CN=Acme', '--key-file', keyFile, '--kms-key-id', 'k'],
      /either --key-file or --kms-key-id, not both/,
    ],
    [['csr', '--subject', 'CN=Acme', '--colour'], "clearway csr: Unknown option '--colour'\n"],
    [['sign'], 'clearway: unknown command "sign"; commands: csr, keys, help\n'],
  ])('%j exits 2 with one line on standard error', async (argv, message) => {
    const { code, out, err } = await clearway(argv);

    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 1 with the key id when KMS refuses', async () => {
    const kms = mockKmsWithKey(readFileSync(keyFile, 'utf8'), { keyId: 'alias/clearway-signing' });

    const { code, err } = await clearway(['csr', '--subject', 'CN=Acme', '--kms-key-id', 'alias/other'], {
      kms: kms.client,
    });

    expect(code).toBe(1);
    expect(err).toBe(
      "clearway csr: KMS key alias/other: NotFoundException: Key 'alias/other' does not exist\n",
    );
  });
});

describe('clearway keys', () => {
  it('prints the public key of a PEM key file', async () => {
    expect(await clearway(['keys', '--key-file', keyFile])).toEqual({ code: 0, out: publicKeyPem, err: '' });
  });

  it('prints the public key of a KMS key from GetPublicKey', async () => {
    const kms = mockKmsWithKey(readFileSync(keyFile, 'utf8'), { keyId: 'k-1' });

    expect(await clearway(['keys', '--kms-key-id', 'k-1'], { kms: kms.client })).toEqual({
      code: 0,
      out: publicKeyPem,
      err: '',
    });
  });
});

describe('clearway help', () => {
  it('lists the commands on standard output and exits 0', async () => {
    const { code, out } = await clearway(['help']);

    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}csr +write a PKCS #10 CSR/m);
    expect(out).toMatch(/^ {2}keys +print the public signing key/m);
  });

  it('shows one command with help <command> or <command> --help', async () => {
    expect((await clearway(['help', 'csr'])).out).toContain('--subject <dn>');
    expect((await clearway(['keys', '--help'])).out).toContain('usage: clearway keys');
  });

  it('prints the list to standard error and exits 2 when no command is given', async () => {
    const { code, out, err } = await clearway([]);

    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toContain('usage: clearway <command>');
  });
});

describe('the clearway process', () => {
  it('exits 2 with one line and no stack trace when the subject is missing', () => {
    const tsx = join(root, 'node_modules/.bin/tsx');
    const result = spawnSync(tsx, ['bin/clearway.ts', 'csr', '--key-file', keyFile], {
      cwd: root,
      encoding: 'utf8',
    });

    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('clearway csr: the subject is missing: pass --subject "CN=..."\n');
  });
});
