import { Logger } from '@aws-lambda-powertools/logger';
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';

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

/**
 * One bank answer as metrics: `BankAnswers<N>xx` (the status family) and `BankAnswerLatency` (ms), per
 * attempt, so the dashboard shows what the bank said before any retry.
 */
export function countBankAnswer(answer: { status: number; ms: number }): void {
  metrics.addMetric(`BankAnswers${Math.floor(answer.status / 100)}xx`, MetricUnit.Count, 1);
  metrics.addMetric('BankAnswerLatency', MetricUnit.Milliseconds, answer.ms);
}

/** `FamilyPorts.count` on AWS and in the sandbox alike: one occurrence of a named metric, flushed by the handlers. */
export function countMetric(metric: string): void {
  metrics.addMetric(metric, MetricUnit.Count, 1);
}
