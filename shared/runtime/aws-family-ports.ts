import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV, type EnvName } from '../config/function-environment.js';
import {
  attentionTable,
  fxTable,
  idempotencyTable,
  mccyBatchesTable,
  nameChecksTable,
  paymentsTable,
  type TableDefinition,
  webhookInboxTable,
} from '../config/tables.js';
import { logger } from '../observability.js';
import { systemClock } from '../ports/clock.js';
import { once, requireEnv } from './aws-common.js';
import { countMetric, type FamilyPorts } from './wiring.js';

/** One DynamoDB client per container, shared by the idempotency store and every family's table. */
export const awsDynamoClient = once(() => new DynamoDBClient({}));

/** The variable the stack sets each table's physical name in, by the table's logical name. */
const TABLE_VARIABLES: Readonly<Record<string, EnvName>> = {
  [idempotencyTable.name]: ENV.idempotencyTable,
  [webhookInboxTable.name]: ENV.inboxTable,
  [paymentsTable.name]: ENV.paymentsTable,
  [nameChecksTable.name]: ENV.nameChecksTable,
  [fxTable.name]: ENV.fxTable,
  [mccyBatchesTable.name]: ENV.mccyBatchesTable,
  [attentionTable.name]: ENV.attentionTable,
};

/** `FamilyPorts.tableName` on AWS: the table's name from the function's environment, required. */
export function awsTableName(table: TableDefinition): string {
  const variable = TABLE_VARIABLES[table.name];
  if (variable === undefined) throw new Error(`no environment variable names the ${table.name} table`);
  return requireEnv(variable);
}

/**
 * The AWS side of `FamilyPorts`, but the bus: tables named by the environment, the system clock, the
 * Powertools log and metrics. A root that publishes adds `awsEventPublisher()` (its own module, so a
 * function without a bus loads no EventBridge client).
 */
export function awsFamilyPorts(): Omit<FamilyPorts, 'events'> {
  return {
    dynamo: awsDynamoClient(),
    tableName: awsTableName,
    clock: systemClock,
    log: logger,
    count: countMetric,
  };
}
