import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { SecretsManagerTokenSource } from '#shared/bank/secrets-manager-token-source.js';

const now = Date.parse('2026-06-01T00:00:00Z');

function tokenSource(secretString: string) {
  const client = new SecretsManagerClient({ region: 'eu-west-2' });
  const secrets = mockClient(client);
  secrets.on(GetSecretValueCommand).resolves({ SecretString: secretString });
  const source = new SecretsManagerTokenSource('clearway-api-token', client, 300, () => now);
  return { source, calls: () => secrets.commandCalls(GetSecretValueCommand).length };
}

describe('the API token comes from Secrets Manager with its expiry', () => {
  it('gives the token and asks Secrets Manager once for many requests', async () => {
    const { source, calls } = tokenSource('{"token":"tok-1","expiresAt":"2027-01-01"}');
    expect(await source.token()).toBe('tok-1');
    expect(await source.token()).toBe('tok-1');
    expect(calls()).toBe(1);
  });

  it('refuses an expired token by naming the secret and the date, before the bank sees it', async () => {
    const { source } = tokenSource('{"token":"tok-1","expiresAt":"2026-05-31"}');
    await expect(source.token()).rejects.toThrow('the API token in clearway-api-token expired at 2026-05-31');
  });

  it.each([
    ['not JSON', 'tok-1', 'must be JSON'],
    ['no token', '{"expiresAt":"2027-01-01"}', 'has no token'],
    ['no expiry', '{"token":"tok-1"}', 'has no valid expiresAt date'],
  ])('refuses a secret with %s', async (_, secretString, message) => {
    await expect(tokenSource(secretString).source.token()).rejects.toThrow(message);
  });
});
