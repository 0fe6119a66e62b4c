import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../config/function-environment.js';
import { logger } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { ssmBankKeys } from '../webhooks/bank-keys.js';
import { DynamoDbWebhookInbox } from '../webhooks/dynamodb-inbox.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import type { ProcessDependencies } from '../webhooks/process.js';
import type { ReceiveDependencies } from '../webhooks/receive.js';
import { SqsWebhookQueue } from '../webhooks/sqs-queue.js';
import { kmsSigner, once, requireEnv } from './aws-common.js';

/** Composition roots of the two webhook functions on AWS. */
export const awsReceiveDependencies = once(
  (): ReceiveDependencies => ({
    verifier: ssmBankKeys(requireEnv(ENV.bankPublicKeysParameter)),
    queue: new SqsWebhookQueue(new SQSClient({}), requireEnv(ENV.webhookQueueUrl)),
    signer: kmsSigner(),
    clock: systemClock,
    log: logger,
  }),
);

export const awsProcessDependencies = once(
  (): ProcessDependencies => ({
    inbox: new DynamoDbWebhookInbox(new DynamoDBClient({}), requireEnv(ENV.inboxTable)),
    events: new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName)),
    clock: systemClock,
    log: logger,
  }),
);
