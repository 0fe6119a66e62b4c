import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * The one place Logger, Metrics and Tracer are created, so every function logs the same JSON shape.
 * Never log the token, keys or full account numbers: log ids (request, correlation, webhook key) instead.
 */
export const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'clearway';

export const logger = new Logger({ serviceName });
export const metrics = new Metrics({
  serviceName,
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Clearway',
});
export const tracer = new Tracer({
  serviceName,
  enabled: process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined,
});
