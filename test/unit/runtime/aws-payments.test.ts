import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '#shared/config/function-environment.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the payments composition roots on AWS', () => {
  it('give the payments operation function the shared use case plus the payments tracker', async () => {
    for (const [name, value] of Object.entries({
      [ENV.bankBaseUrl]: 'https://bank.test',
      [ENV.apiTokenSecretId]: 'secret',
      [ENV.signingKeyId]: 'key',
      [ENV.idempotencyTable]: 'idempotency',
      [ENV.environment]: 'production',
      [ENV.paymentsTable]: 'payments',
      [ENV.attentionTable]: 'attention',
      [ENV.eventBusName]: 'bus',
      [ENV.nameChecksTable]: 'name-checks',
      AWS_REGION: 'eu-west-2',
    }))
      vi.stubEnv(name, value);
    const { awsPaymentsForwardDependencies } = await import('#shared/runtime/root-payments.js');
    const deps = awsPaymentsForwardDependencies();
    expect(Object.keys(deps.trackers ?? {})).toEqual(['payments']);
    expect(deps.runOnce).toBeTypeOf('function');
  });

  it('name the missing payments table', async () => {
    vi.stubEnv(ENV.paymentsTable, '');
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    const { awsPaymentStore } = await import('#shared/runtime/root-gateway-payments.js');
    expect(() => awsPaymentStore()).toThrow(ENV.paymentsTable);
  });
});
