import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '#shared/config/function-environment.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const forwardEnv = {
  [ENV.bankBaseUrl]: 'https://bank.test',
  [ENV.apiTokenSecretId]: 'secret',
  [ENV.signingKeyId]: 'key',
  [ENV.idempotencyTable]: 'idempotency',
  [ENV.environment]: 'production',
  AWS_REGION: 'eu-west-2',
};
const stub = (env: Record<string, string>) => {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
};

describe('the name-check composition roots on AWS', () => {
  it('give the name-checks operation function the settle-only name-checks tracker', async () => {
    stub({ ...forwardEnv, [ENV.nameChecksTable]: 'name-checks', [ENV.nameCheckTtlHours]: '48' });
    const { awsNameChecksForwardDependencies } = await import('#shared/runtime/root-name-checks.js');
    const trackers = awsNameChecksForwardDependencies().trackers ?? {};
    expect(Object.keys(trackers)).toEqual(['name-checks']);
    expect(trackers['name-checks']?.settleOnly).toBe(true);
  });

  it('name a TTL that is not whole hours', async () => {
    stub({ ...forwardEnv, [ENV.nameChecksTable]: 'name-checks', [ENV.nameCheckTtlHours]: 'a day' });
    const { awsNameChecksForwardDependencies } = await import('#shared/runtime/root-name-checks.js');
    expect(() => awsNameChecksForwardDependencies()).toThrow(ENV.nameCheckTtlHours);
  });

  it('refuse a payments function whose policy setting is unknown, naming it', async () => {
    stub({
      ...forwardEnv,
      [ENV.paymentsTable]: 'payments',
      [ENV.attentionTable]: 'attention',
      [ENV.eventBusName]: 'bus',
      [ENV.nameChecksTable]: 'name-checks',
      [ENV.nameCheckPolicy]: 'strict',
    });
    const { awsPaymentsForwardDependencies } = await import('#shared/runtime/root-payments.js');
    expect(() => awsPaymentsForwardDependencies()).toThrow(ENV.nameCheckPolicy);
  });

  it('name the missing name-checks table of GET /gateway/name-checks/{endToEndId}', async () => {
    stub({ [ENV.nameChecksTable]: '', AWS_REGION: 'eu-west-2' });
    const { awsNameCheckStore } = await import('#shared/runtime/root-gateway-name-checks.js');
    expect(() => awsNameCheckStore()).toThrow(ENV.nameChecksTable);
  });
});
