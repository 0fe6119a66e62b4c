import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger, metrics } from '#shared/observability.js';
import { awsProcessDependencies } from '#shared/runtime/root-webhook-processor.js';
import { type ProcessDependencies, processWebhook } from '#shared/webhooks/process.js';

const metricFor = {
  published: 'WebhooksPublished',
  duplicate: 'WebhooksDuplicate',
  quarantined: 'WebhooksQuarantined',
} as const;

/**
 * SQS batch of queued webhooks: each record on its own, failures reported per record so only those are
 * redelivered (and reach the DLQ after the queue's maxReceiveCount); one that can never be published is
 * quarantined in the DLQ at once, with its reason.
 */
export function createWebhookProcessor(
  dependencies: () => ProcessDependencies | Promise<ProcessDependencies>,
) {
  const processor = new BatchProcessor(EventType.SQS);
  const processRecord = async (record: SQSRecord) => {
    const outcome = await processWebhook(record.body, await dependencies());
    metrics.addMetric(metricFor[outcome], MetricUnit.Count, 1);
  };
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler((event, context) =>
      processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false }),
    );
}

export const handler = createWebhookProcessor(awsProcessDependencies);
