import { SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../config/function-environment.js';
import { logger } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { ssmBankKeys } from '../webhooks/bank-keys.js';
import type { ReceiveDependencies } from '../webhooks/receive.js';
import { SqsWebhookQueue } from '../webhooks/sqs-queue.js';
import { buildAtColdStart, kmsSigner, once, requireEnv } from './aws-common.js';

/** Composition root of the webhook receiver on AWS; its own module so the bundle carries only its clients. */
export const awsReceiveDependencies = once((): ReceiveDependencies => ({
  verifier: ssmBankKeys(requireEnv(ENV.bankPublicKeysParameter)),
  queue: new SqsWebhookQueue(new SQSClient({}), requireEnv(ENV.webhookQueueUrl)),
  signer: kmsSigner(),
  clock: systemClock,
  log: logger,
}));

buildAtColdStart(awsReceiveDependencies);
