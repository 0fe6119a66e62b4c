import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { logger, metrics } from '#shared/observability.js';
import { awsReceiveDependencies } from '#shared/runtime/root-webhook-receiver.js';
import { type ReceiveDependencies, receiveWebhook } from '#shared/webhooks/receive.js';
import { header, rawBody, toProxyResult } from './http/api-gateway.js';

const metricFor = {
  accepted: 'WebhooksAccepted',
  quarantined: 'WebhooksQuarantined',
  'bad-envelope': 'WebhooksQuarantined',
  'bad-signature': 'WebhooksRejected',
  'not-queued': 'WebhooksNotQueued',
} as const;

/** POST /webhooks from the bank: verify, queue (or quarantine), answer the signed nonce. Kept small for a fast cold start. */
export function createWebhookReceiver(dependencies: () => ReceiveDependencies) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async (event) => {
      const started = performance.now();
      const { outcome, type, result } = await receiveWebhook(
        {
          body: rawBody(event) ?? Buffer.alloc(0),
          signature: header(event, 'digitalsignature'),
          deliveryAttempt: header(event, 'x-delivery-attempt'),
          retryReason: header(event, 'x-retry-reason'),
        },
        dependencies(),
      );
      metrics.addMetric('WebhooksReceived', MetricUnit.Count, 1);
      metrics.addMetric(metricFor[outcome], MetricUnit.Count, 1);
      metrics.addMetric('WebhookAnswerLatency', MetricUnit.Milliseconds, performance.now() - started);
      if (type) logger.appendKeys({ webhookType: type });
      return toProxyResult(result);
    });
}

export const handler = createWebhookReceiver(awsReceiveDependencies);
