import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyItemNotFoundError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import {
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyKeyInProgressError,
  IdempotencyKeyReusedError,
  type RunOnce,
  type StoredAnswer,
} from './idempotency.js';

/** Powertools idempotency on DynamoDB (dynalite in the sandbox). */
export function powertoolsRunOnce(persistenceStore: BasePersistenceLayer): RunOnce {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: '[scope, key]',
    payloadValidationJmesPath: 'fingerprint',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  const run = makeIdempotent(
    async (input: { scope: string; key: string; fingerprint: string; work: () => Promise<StoredAnswer> }) =>
      input.work(),
    { persistenceStore, config, keyPrefix: 'clearway-gateway' },
  );
  return async ({ scope, key, fingerprint, remainingMs }, work) => {
    for (let claim = 1; ; claim++) {
      config.registerLambdaContext({ getRemainingTimeInMillis: () => remainingMs } as never);
      try {
        return await run({ scope, key, fingerprint, work });
      } catch (error) {
        // The use case knows the gateway's own errors, so it need not load Powertools to recognise them.
        if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError(error.message);
        if (error instanceof IdempotencyAlreadyInProgressError) {
          throw new IdempotencyKeyInProgressError(error.message);
        }
        if (!(error instanceof IdempotencyItemNotFoundError) || claim >= MAX_CLAIMS) throw error;
        // The key was held when Powertools tried to claim it, and its holder failed and released it
        // before Powertools read the record back. Nothing has run here yet, so claiming again is safe.
        // DynamoDB hands the record back with the refused write; dynalite does not, so Powertools reads.
      }
    }
  };
}

/** Claims of one key per call: a record that vanishes more often than this is not a passing race. */
const MAX_CLAIMS = 3;
