import { createHash } from 'node:crypto';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import { REQUEST_ID_UNIQUE_FOR_MS } from '../domain/field-rules.js';
import type { HttpResult } from '../http/problem.js';

export interface IdempotentCall {
  caller: string;
  key: string;
  /** Method, path and body hash: the same key with a different request is refused (422). */
  fingerprint: string;
  /** Milliseconds this invocation has left, so a crashed attempt's lock lapses instead of blocking 24 h. */
  remainingMs: number;
}

/** Runs `work` at most once per (caller, key) for 24 hours and answers repeats with the stored result. */
export type RunOnce = (call: IdempotentCall, work: () => Promise<HttpResult>) => Promise<HttpResult>;

/** As long as the bank itself treats the derived X-Request-Id as a duplicate. */
const IDEMPOTENCY_TTL_SECONDS = REQUEST_ID_UNIQUE_FOR_MS / 1000;

/** Powertools idempotency on DynamoDB (dynalite in the sandbox). */
export function powertoolsRunOnce(persistenceStore: BasePersistenceLayer): RunOnce {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: '[caller, key]',
    payloadValidationJmesPath: 'fingerprint',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  const run = makeIdempotent(
    async (input: { caller: string; key: string; fingerprint: string; work: () => Promise<HttpResult> }) =>
      input.work(),
    { persistenceStore, config, keyPrefix: 'clearway-gateway' },
  );
  return ({ caller, key, fingerprint, remainingMs }, work) => {
    config.registerLambdaContext({ getRemainingTimeInMillis: () => remainingMs } as never);
    return run({ caller, key, fingerprint, work });
  };
}

/** The bank X-Request-Id for a caller's Idempotency-Key: stable, so a repeat reaches the bank as a duplicate. */
export function requestIdFor(caller: string, key: string): string {
  return `cw-${createHash('sha256').update(`${caller}\n${key}`).digest('hex')}`;
}

export function fingerprintOf(method: string, path: string, body: string | undefined): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${body ?? ''}`)
    .digest('hex');
}
