import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger, metrics } from '#shared/observability.js';
import { awsProcessDependencies } from '#shared/runtime/root-webhook-processor.js';
import { subjectLanes, subjectOfMessage } from '#shared/webhooks/ordering.js';
import { type ProcessDependencies, processWebhook } from '#shared/webhooks/process.js';

const metricFor = {
  published: 'WebhooksPublished',
  duplicate: 'WebhooksDuplicate',
  quarantined: 'WebhooksQuarantined',
} as const;

/**
 * SQS batch of queued webhooks: records side by side (at most the event source's batch size at once), those
 * of one payment or batch one after another in the order SQS gave them (`subjectLanes`); failures reported
 * per record so only those are redelivered (and reach the DLQ after the queue's maxReceiveCount); one that
 * can never be published is quarantined in the DLQ at once, with its reason.
 */
export function createWebhookProcessor(
  dependencies: () => ProcessDependencies | Promise<ProcessDependencies>,
) {
  const processor = new BatchProcessor(EventType.SQS);
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler((event, context) => {
      const inLane = subjectLanes();
      const processRecord = (record: SQSRecord) =>
        inLane(subjectOfMessage(record.body), async () => {
          const outcome = await processWebhook(record.body, await dependencies());
          metrics.addMetric(metricFor[outcome], MetricUnit.Count, 1);
        });
      return processPartialResponse(event, processRecord, processor, {
        context,
        throwOnFullBatchFailure: false,
        processInParallel: true,
      });
    });
}

export const handler = createWebhookProcessor(awsProcessDependencies);
