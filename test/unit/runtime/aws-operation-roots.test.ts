import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '#shared/config/function-environment.js';
import type { FamilyDefinition } from '#shared/families/definition.js';
import { nameChecksFamily } from '#shared/name-checks/family.js';
import { nameCheckOperations } from '#shared/operations/name-checks/operations.js';
import { paymentOperations } from '#shared/operations/payments/operations.js';
import { sterlingAccountOperations } from '#shared/operations/sterling-accounts/operations.js';
import { paymentsFamily } from '#shared/payments/family.js';
import { awsFamilyStore } from '#shared/runtime/root-gateway-reads.js';
import { awsOperationDependencies } from '#shared/runtime/root-operation-functions.js';

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
const paymentsEnv = {
  ...forwardEnv,
  [ENV.paymentsTable]: 'payments',
  [ENV.attentionTable]: 'attention',
  [ENV.eventBusName]: 'bus',
  [ENV.nameChecksTable]: 'name-checks',
};
const stub = (env: Record<string, string>) => {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
};

describe('the operation functions’ composition roots on AWS build their families from the definitions', () => {
  it('give the payments function the shared use case plus the payments tracker', async () => {
    stub(paymentsEnv);
    const deps = await awsOperationDependencies(paymentOperations, [paymentsFamily])();
    expect(Object.keys(deps.trackers ?? {})).toEqual(['payments']);
    expect(deps.runOnce).toBeTypeOf('function');
  });

  it('fail the cold start of a function whose operations name a tracker its entry gives no family of', async () => {
    stub(paymentsEnv);
    await expect(awsOperationDependencies(paymentOperations)()).rejects.toThrow(
      /the "payments" tracker, named by .*, is no family's tracker/,
    );
  });

  it('give a function whose operations name no tracker none, and need no family variable', async () => {
    stub(forwardEnv);
    const deps = await awsOperationDependencies(sterlingAccountOperations)();
    expect(deps.trackers).toBeUndefined();
  });

  it('give the name-checks function the settle-only name-checks tracker', async () => {
    stub({ ...forwardEnv, [ENV.nameChecksTable]: 'name-checks', [ENV.nameCheckTtlHours]: '48' });
    const trackers =
      (await awsOperationDependencies(nameCheckOperations, [nameChecksFamily])()).trackers ?? {};
    expect(Object.keys(trackers)).toEqual(['name-checks']);
    expect(trackers['name-checks']?.settleOnly).toBe(true);
  });

  it('name a TTL that is not whole hours', async () => {
    stub({ ...forwardEnv, [ENV.nameChecksTable]: 'name-checks', [ENV.nameCheckTtlHours]: 'a day' });
    await expect(awsOperationDependencies(nameCheckOperations, [nameChecksFamily])()).rejects.toThrow(
      ENV.nameCheckTtlHours,
    );
  });

  it('refuse a payments function whose policy setting is unknown, naming it', async () => {
    stub({ ...paymentsEnv, [ENV.nameCheckPolicy]: 'strict' });
    await expect(awsOperationDependencies(paymentOperations, [paymentsFamily])()).rejects.toThrow(
      ENV.nameCheckPolicy,
    );
  });

  it('name the missing bus of the payments function', async () => {
    stub({ ...paymentsEnv, [ENV.eventBusName]: '' });
    await expect(awsOperationDependencies(paymentOperations, [paymentsFamily])()).rejects.toThrow(
      ENV.eventBusName,
    );
  });
});

describe('a family’s reader on AWS', () => {
  it.each([
    ['payments', paymentsFamily, ENV.paymentsTable],
    ['name checks', nameChecksFamily, ENV.nameChecksTable],
  ] as const)('names the missing table of the %s reads', async (_, family, variable) => {
    stub({ [variable]: '', AWS_REGION: 'eu-west-2' });
    await expect(awsFamilyStore(family as FamilyDefinition)()).rejects.toThrow(variable);
  });
});
