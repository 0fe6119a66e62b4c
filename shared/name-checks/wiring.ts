import { nameChecksTable } from './table.js';
import type { OperationTracker } from '../gateway/tracker.js';
import { ENV } from '../config/function-environment.js';
import type { FamilyPorts, TrackerPorts } from '../families/ports.js';
import { parseNameCheckTtlHours } from './policy.js';
import { DynamoDbNameCheckStore } from './dynamodb-store.js';
import { nameChecksTracker } from './track.js';

/**
 * The name-checks family as the AWS roots and the sandbox both wire it: its table (read by payments too)
 * and the name-checks function's tracker, which keeps each outcome for `NAME_CHECK_TTL_HOURS`.
 */
export function nameCheckStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbNameCheckStore {
  return new DynamoDbNameCheckStore(ports.dynamo, ports.tableName(nameChecksTable));
}

export function nameChecksTrackerOf(
  ports: Pick<TrackerPorts, 'dynamo' | 'tableName' | 'log' | 'setting'>,
): OperationTracker {
  return nameChecksTracker({
    store: nameCheckStoreOf(ports),
    log: ports.log,
    ttlHours: parseNameCheckTtlHours(ports.setting(ENV.nameCheckTtlHours), ENV.nameCheckTtlHours),
  });
}
