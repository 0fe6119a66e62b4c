import type { FamilyPorts, HookPorts, TrackerPorts } from '../families/ports.js';
import type { OperationTracker } from '../gateway/tracker.js';
import type { StateHook } from '../webhooks/process.js';
import { DynamoDbAccountClosureStore } from './dynamodb-store.js';
import type { AccountClosureDependencies } from './ports.js';
import { accountClosuresTable } from './table.js';
import { accountClosuresHook, accountClosuresTracker } from './track.js';

/** The account-closures family as the AWS roots and the sandbox both wire it: its store, tracker and hook. */
export function accountClosureStoreOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>,
): DynamoDbAccountClosureStore {
  return new DynamoDbAccountClosureStore(ports.dynamo, ports.tableName(accountClosuresTable));
}

function dependenciesOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'log' | 'attention'>,
): AccountClosureDependencies {
  return {
    store: accountClosureStoreOf(ports),
    events: ports.events,
    log: ports.log,
    ...(ports.attention && { attention: ports.attention }),
  };
}

export function accountClosuresTrackerOf(ports: TrackerPorts): OperationTracker {
  return accountClosuresTracker(dependenciesOf(ports));
}

export function accountClosuresHookOf(ports: HookPorts): StateHook {
  return accountClosuresHook(dependenciesOf(ports));
}
