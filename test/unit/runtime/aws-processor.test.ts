import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../shared/config/function-environment.js';

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
  AWS_REGION: 'eu-west-2',
};

const dependencies = async (extra: Record<string, string>) => {
  for (const [name, value] of Object.entries({ ...processorEnvironment, ...extra })) vi.stubEnv(name, value);
  const { awsProcessDependencies } = await import('../../../shared/runtime/aws-processor.js');
  return awsProcessDependencies;
};

describe('the webhook processor composition root on AWS', () => {
  it('keeps statements where the stack gives it their bucket, beside the payments hook', async () => {
    const build = await dependencies({
      [ENV.statementBucket]: 'statements',
      [ENV.bankBaseUrl]: 'https://bank.test',
    });
    expect(build().hooks).toHaveLength(2);
  });

  it('runs without the statements hook when no bucket is set', async () => {
    const build = await dependencies({ [ENV.statementBucket]: '' });
    expect(build().hooks).toHaveLength(1);
  });

  it('names the bank base URL when a statements bucket comes without it', async () => {
    const build = await dependencies({ [ENV.statementBucket]: 'statements', [ENV.bankBaseUrl]: '' });
    expect(() => build()).toThrow(ENV.bankBaseUrl);
  });
});
