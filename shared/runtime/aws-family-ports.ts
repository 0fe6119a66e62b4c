import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableDefinition } from '../config/tables.js';
import { systemClock } from '../ports/clock.js';
import { once, requireEnv } from './aws-common.js';
import type { FamilyPorts } from '../families/ports.js';
import { countMetric, logger } from '../observability.js';

/** One DynamoDB client per container, shared by the idempotency store and every family's table. */
export const awsDynamoClient = once(() => new DynamoDBClient({}));

/** `FamilyPorts.tableName` on AWS: the table's name from the function's environment, required. */
export function awsTableName(table: TableDefinition): string {
  return requireEnv(table.variable);
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
