import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import { checkTokenExpiry, type TokenExpiryPorts } from '#shared/bank/token-expiry.js';
import { logger, metrics } from '#shared/observability.js';
import { awsTokenExpiryPorts } from '#shared/runtime/root-token-expiry-check.js';

/** Daily (EventBridge schedule): the days the API token has left as a metric, and a warning event near the end. */
export function createTokenExpiryCheck(ports: () => Omit<TokenExpiryPorts, 'recordDaysLeft'>) {
  return middy()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async () => {
      const outcome = await checkTokenExpiry({
        ...ports(),
        recordDaysLeft: (days) => metrics.addMetric('ApiTokenDaysLeft', MetricUnit.Count, days),
      });
      logger.info('API token expiry checked', { ...outcome });
    });
}

export const handler = createTokenExpiryCheck(awsTokenExpiryPorts);
