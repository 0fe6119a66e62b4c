import { SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../config/function-environment.js';
import { logger } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { deployedThenCurrentBankKeys, lazySsmBankKeys } from '../webhooks/bank-keys.js';
import type { ReceiveDependencies } from '../webhooks/receive.js';
import { S3WebhookBodyStore } from '../webhooks/s3-body-store.js';
import { SqsWebhookQuarantine, SqsWebhookQueue } from '../webhooks/sqs-queue.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { kmsSigner } from './aws-signer.js';

/** Composition root of the webhook receiver on AWS; its own module so the bundle carries only its clients. */
export const awsReceiveDependencies = once((): ReceiveDependencies => {
  const sqs = new SQSClient({});
  return {
    verifySignature: deployedThenCurrentBankKeys(
      process.env[ENV.bankPublicKeys],
      lazySsmBankKeys(requireEnv(ENV.bankPublicKeysParameter)),
    ),
    queue: new SqsWebhookQueue(sqs, requireEnv(ENV.webhookQueueUrl)),
    quarantine: new SqsWebhookQuarantine(sqs, requireEnv(ENV.webhookDeadLetterQueueUrl)),
    bodies: new S3WebhookBodyStore(requireEnv(ENV.webhookBodyBucket)),
    signer: kmsSigner(),
    clock: systemClock,
    log: logger,
  };
});

await buildAtColdStart(awsReceiveDependencies);
