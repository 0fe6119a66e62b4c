import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '#shared/config/function-environment.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const processorEnvironment = {
  [ENV.inboxTable]: 'inbox',
  [ENV.eventBusName]: 'bus',
  [ENV.webhookDeadLetterQueueUrl]: 'https://sqs.eu-west-2.amazonaws.com/123456789012/dlq',
  [ENV.webhookBodyBucket]: 'bodies',
  [ENV.paymentsTable]: 'payments',
  [ENV.fxTable]: 'fx',
  [ENV.mccyBatchesTable]: 'mccy-batches',
  [ENV.accountClosuresTable]: 'account-closures',
  [ENV.attentionTable]: 'attention',
  [ENV.statementBucket]: 'statements',
  [ENV.bankBaseUrl]: 'https://bank.test',
  AWS_REGION: 'eu-west-2',
};

const dependencies = async (extra: Record<string, string> = {}) => {
  for (const [name, value] of Object.entries({ ...processorEnvironment, ...extra })) vi.stubEnv(name, value);
  const { awsProcessDependencies } = await import('#shared/runtime/root-webhook-processor.js');
  return awsProcessDependencies;
};

describe('the webhook processor composition root on AWS', () => {
  it('runs every family’s hook: payments, FX, multi-currency batches, statements and account closures', async () => {
    const build = await dependencies();
    expect((await build()).hooks).toHaveLength(5);
  });

  // A hook left out because a variable was missing would leave a family's records unmoved without a word.
  it.each([
    ENV.paymentsTable,
    ENV.fxTable,
    ENV.mccyBatchesTable,
    ENV.accountClosuresTable,
    ENV.statementBucket,
    ENV.bankBaseUrl,
    ENV.inboxTable,
  ])('fails the cold start naming a missing %s', async (variable) => {
    const build = await dependencies({ [variable]: '' });
    await expect(build()).rejects.toThrow(variable);
  });
});
