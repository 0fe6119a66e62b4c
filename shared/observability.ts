import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The one place Logger and Metrics are created, so every function logs the same JSON shape.
 * Never log the token, keys, payloads or full account numbers: log ids (request, correlation, webhook key).
 * The Tracer lives in `tracing.ts` so the webhook receiver can load without the X-Ray SDK.
 */
export const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'clearway';

export const logger = new Logger({ serviceName });
export const metrics = new Metrics({
  serviceName,
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Clearway',
});
