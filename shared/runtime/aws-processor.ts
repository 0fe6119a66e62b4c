import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../config/function-environment.js';
import { logger, metrics } from '../observability.js';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { DynamoDbFxStore } from '../fx/dynamodb-store.js';
import { fxWebhookHook } from '../fx/webhook-hook.js';
import { DynamoDbBatchStore } from '../mccy-payments/dynamodb-store.js';
import { mccyPaymentsWebhookHook } from '../mccy-payments/webhook-hook.js';
import { DynamoDbPaymentStore } from '../payments/dynamodb-store.js';
import { paymentsWebhookHook } from '../payments/track.js';
import { systemClock } from '../ports/clock.js';
import { S3ObjectStore } from '../statements/s3-object-store.js';
import { statementsWebhookHook } from '../statements/archive.js';
import { DynamoDbWebhookInbox } from '../webhooks/dynamodb-inbox.js';
import { EventBridgePublisher } from '../webhooks/eventbridge-publisher.js';
import type { ProcessDependencies, StateHook } from '../webhooks/process.js';
import { S3WebhookBodyStore } from '../webhooks/s3-body-store.js';
import { SqsWebhookQuarantine } from '../webhooks/sqs-queue.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';

/** Composition root of the webhook processor on AWS. */
export const awsProcessDependencies = once((): ProcessDependencies => {
  const dynamo = new DynamoDBClient({});
  const events = new EventBridgePublisher(new EventBridgeClient({}), requireEnv(ENV.eventBusName));
  // Payments are tracked where the stack gives the processor their table.
  const paymentsTable = process.env[ENV.paymentsTable];
  // Statements are kept where the stack gives the processor their bucket (and the bank's address).
  const statementBucket = process.env[ENV.statementBucket];
  const hooks: StateHook[] = [];
  if (paymentsTable)
    hooks.push(
      paymentsWebhookHook({ store: new DynamoDbPaymentStore(dynamo, paymentsTable), events, log: logger }),
    );
  // FX trades are followed where the stack gives the processor their table.
  const fxTable = process.env[ENV.fxTable];
  if (fxTable)
    hooks.push(
      fxWebhookHook({
        store: new DynamoDbFxStore(dynamo, fxTable),
        events,
        log: logger,
        clock: systemClock,
        countMarginDifference: () => metrics.addMetric('FxMarginDifference', MetricUnit.Count, 1),
      }),
    );
  // Multi-currency batches are followed where the stack gives the processor their table.
  const mccyBatchesTable = process.env[ENV.mccyBatchesTable];
  if (mccyBatchesTable)
    hooks.push(
      mccyPaymentsWebhookHook({
        store: new DynamoDbBatchStore(dynamo, mccyBatchesTable),
        events,
        log: logger,
      }),
    );
  if (statementBucket)
    hooks.push(
      statementsWebhookHook({
        store: new S3ObjectStore(statementBucket),
        events,
        bankBaseUrl: requireEnv(ENV.bankBaseUrl),
        clock: systemClock,
        log: logger,
      }),
    );
  return {
    hooks,
    inbox: new DynamoDbWebhookInbox(dynamo, requireEnv(ENV.inboxTable)),
    events,
    quarantine: new SqsWebhookQuarantine(new SQSClient({}), requireEnv(ENV.webhookDeadLetterQueueUrl)),
    bodies: new S3WebhookBodyStore(requireEnv(ENV.webhookBodyBucket)),
    clock: systemClock,
    log: logger,
  };
});

buildAtColdStart(awsProcessDependencies);
