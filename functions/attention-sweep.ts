import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import {
  RECORDS_NEEDING_ATTENTION,
  type SweepPorts,
  sweepAttention,
} from '#shared/gateway/attention-sweep.js';
import { logger, metrics } from '#shared/observability.js';
import { awsSweepPorts } from '#shared/runtime/root-attention-sweep.js';

/** Every 15 minutes (EventBridge schedule): how many records have waited too long for the bank's word. */
export function createAttentionSweep(
  ports: () => Omit<SweepPorts, 'recordOverdue'> | Promise<Omit<SweepPorts, 'recordOverdue'>>,
) {
  return middy()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async () => {
      const overdue = await sweepAttention({
        ...(await ports()),
        recordOverdue: (count) => metrics.addMetric(RECORDS_NEEDING_ATTENTION, MetricUnit.Count, count),
      });
      return { overdue: overdue.length };
    });
}

export const handler = createAttentionSweep(awsSweepPorts);
