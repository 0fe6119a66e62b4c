import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The one place Logger and Metrics are created, so every function logs the same JSON shape.
 * Never log the token, keys, payloads or full account numbers: log ids (request, correlation, webhook key).
 * No Powertools Tracer: the X-Ray SDK it loads cost ~38 ms of every cold start; Lambda active tracing
 * still records each invocation, and every bank attempt is logged with its `ms`.
 */
export const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'clearway';

export const logger = new Logger({ serviceName });
export const metrics = new Metrics({
  serviceName,
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Clearway',
});
