import { nameChecksTable } from '../config/tables.js';
import type { OperationTracker } from '../gateway/tracker.js';
import type { FamilyPorts } from '../runtime/wiring.js';
import { DynamoDbNameCheckStore } from './dynamodb-store.js';
import { nameChecksTracker } from './track.js';

/**
 * The name-checks family as the AWS roots and the sandbox both wire it: its table (read by payments too)
 * and the name-checks function's tracker, which keeps each outcome for `ttlHours`.
 */
export function nameCheckStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbNameCheckStore {
  return new DynamoDbNameCheckStore(ports.dynamo, ports.tableName(nameChecksTable));
}

export function nameChecksTrackerOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'log'> & { ttlHours: number },
): OperationTracker {
  return nameChecksTracker({ store: nameCheckStoreOf(ports), log: ports.log, ttlHours: ports.ttlHours });
}
