import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { runCli } from '#shared/cli/framework.js';
import { tokenCommand } from '#shared/onboarding/token-command.js';
import { testCliContext } from '#test/support/cli.js';

const secretId = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:clearway-api-token';
const inMonths = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
};

async function clearway(argv: string[], stdin: string) {
  const client = new SecretsManagerClient({ region: 'eu-west-2' });
  const secrets = mockClient(client);
  secrets.on(PutSecretValueCommand).resolves({});
  const { context, output } = testCliContext({ secretsManager: () => client, readStdin: async () => stdin });
  const code = await runCli({ token: tokenCommand }, ['token', ...argv], context);
  return { code, ...output, calls: secrets.commandCalls(PutSecretValueCommand) };
}

describe('clearway token stores the portal token with its expiry, read from standard input', () => {
  it('writes {"token","expiresAt"} to the secret and never prints the token', async () => {
    const expiresAt = inMonths(6);
    const result = await clearway(
      ['--secret-id', secretId, '--expires-at', expiresAt],
      'tok-0123456789abcd\n',
    );
    expect(result.code).toBe(0);
    expect(result.calls[0]?.args[0].input).toEqual({
      SecretId: secretId,
      SecretString: JSON.stringify({ token: 'tok-0123456789abcd', expiresAt }),
    });
    expect(result.out).not.toContain('tok-0123456789');
    expect(result.out).toContain('abcd');
  });

  it.each([
    [['--expires-at', inMonths(6)], 'tok', '--secret-id'],
    [['--secret-id', secretId, '--expires-at', '2020-01-01'], 'tok', 'already past'],
    [['--secret-id', secretId, '--expires-at', inMonths(14)], 'tok', 'more than a year'],
    [['--secret-id', secretId, '--expires-at', 'soon'], 'tok', 'YYYY-MM-DD'],
    [['--secret-id', secretId, '--expires-at', inMonths(6)], '', 'the token alone'],
    [['--secret-id', secretId, '--expires-at', inMonths(6)], 'two words', 'the token alone'],
  ])('refuses %j with a clear message and writes nothing', async (argv, stdin, message) => {
    const result = await clearway(argv, stdin);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.calls).toHaveLength(0);
  });
});
