import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { LocalDynamo } from '#local/dynamo.js';
import { BankClient, type BankClientOptions } from '#shared/bank/client.js';
import { StaticTokenSource } from '#shared/bank/token-source.js';
import { idempotencyTable } from '#shared/config/tables.js';
import { DynamoDbAttemptLog } from '#shared/gateway/attempt-log.js';
import type { ForwardDependencies } from '#shared/gateway/forward-operation.js';
import { powertoolsRunOnce } from '#shared/gateway/powertools-run-once.js';
import type { Log } from '#shared/ports/log.js';

/** A log that says nothing. */
export const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A bank client whose every HTTP attempt is `fetch` (a script of answers or failures): a stub token and
 * signature, no waiting between retries, `maxAttempts` attempts per request.
 */
export function scriptedBank(fetch: BankClientOptions['fetch'], maxAttempts = 2): BankClient {
  return new BankClient({
    baseUrl: 'https://bank.test',
    tokens: new StaticTokenSource('t'),
    signer: { sign: async () => 'sig', publicKeyPem: async () => '' },
    sleep: async () => {},
    retry: { maxAttempts },
    fetch,
  });
}

/**
 * The gateway's use case as the operation functions wire it, on dynalite: the scripted bank, Powertools
 * idempotency and the attempt log on the idempotency table, a silent log, the simulation environment; any of
 * it overridden (`trackers`, `log`, `bankClock`, `now`).
 */
export function gatewayOn(
  dynamo: LocalDynamo,
  fetch: BankClientOptions['fetch'],
  overrides: Partial<ForwardDependencies> = {},
): ForwardDependencies {
  const tableName = dynamo.tableName(idempotencyTable);
  return {
    bank: scriptedBank(fetch),
    runOnce: powertoolsRunOnce(new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: dynamo.client })),
    attempts: new DynamoDbAttemptLog(dynamo.client, tableName),
    log: silentLog,
    institution: { overdraftAgreement: false },
    environment: 'simulation',
    ...overrides,
  };
}
