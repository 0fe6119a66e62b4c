import { SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../config/function-environment.js';
import { webhookInboxTable } from '../config/tables.js';
import { S3ObjectStore } from '../statements/s3-object-store.js';
import { DynamoDbWebhookInbox } from '../webhooks/dynamodb-inbox.js';
import type { ProcessDependencies } from '../webhooks/process.js';
import { S3WebhookBodyStore } from '../webhooks/s3-body-store.js';
import { SqsWebhookQuarantine } from '../webhooks/sqs-queue.js';
import { awsAttention } from './aws-attention.js';
import { buildAtColdStart, once, requireEnv } from './aws-common.js';
import { awsEventPublisher } from './aws-events.js';
import { awsFamilyPorts, awsTableName } from './aws-family-ports.js';
import { families } from '../families/index.js';
import { processorHooks } from '../families/runtime.js';

/**
 * Composition root of the webhook processor on AWS: every family's hook (`shared/families/`), as the sandbox
 * builds them, so each table, the statements bucket and the bank's address are required (a missing one fails the
 * cold start by name instead of leaving a family's webhooks unapplied).
 */
export const awsProcessDependencies = once(async (): Promise<ProcessDependencies> => {
  const ports = { ...awsFamilyPorts(), events: awsEventPublisher(), attention: awsAttention() };
  return {
    hooks: await processorHooks(
      {
        ...ports,
        statements: new S3ObjectStore(requireEnv(ENV.statementBucket)),
        bankBaseUrl: requireEnv(ENV.bankBaseUrl),
        // Loaded on the first camt.053 statement: the token and the signing key are read only then.
        bank: async () => (await import('./aws-bank.js')).awsBankClient(),
      },
      families,
    ),
    inbox: new DynamoDbWebhookInbox(ports.dynamo, awsTableName(webhookInboxTable)),
    events: ports.events,
    quarantine: new SqsWebhookQuarantine(new SQSClient({}), requireEnv(ENV.webhookDeadLetterQueueUrl)),
    bodies: new S3WebhookBodyStore(requireEnv(ENV.webhookBodyBucket)),
    clock: ports.clock,
    log: ports.log,
  };
});

await buildAtColdStart(awsProcessDependencies);
