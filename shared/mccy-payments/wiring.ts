import { mccyBatchesTable } from '../config/tables.js';
import type { OperationTracker } from '../gateway/tracker.js';
import type { FamilyPorts } from '../runtime/wiring.js';
import type { StateHook } from '../webhooks/process.js';
import { DynamoDbBatchStore } from './dynamodb-store.js';
import type { BatchWorkflows } from './ports.js';
import { mccyPaymentsTracker } from './track.js';
import { mccyPaymentsWebhookHook } from './webhook-hook.js';

/**
 * The multi-currency payments family as the AWS roots and the sandbox both wire it: the batch table, the
 * operation function's tracker (which starts each scheduled batch's workflow) and the processor's hook.
 */
export function batchStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbBatchStore {
  return new DynamoDbBatchStore(ports.dynamo, ports.tableName(mccyBatchesTable));
}

export function mccyPaymentsTrackerOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'clock' | 'log' | 'count'> & {
    workflows: BatchWorkflows;
    /** Unset: `DEFAULT_OVERDUE_AFTER_MINUTES`. */
    overdueAfterMinutes?: number;
  },
): OperationTracker {
  return mccyPaymentsTracker({
    store: batchStoreOf(ports),
    events: ports.events,
    log: ports.log,
    clock: ports.clock,
    workflows: ports.workflows,
    overdueAfterMinutes: ports.overdueAfterMinutes,
    countWorkflowStartFailure: () => ports.count('MccyWorkflowStartFailed'),
  });
}

export function mccyPaymentsHookOf(
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'log'>,
): StateHook {
  return mccyPaymentsWebhookHook({ store: batchStoreOf(ports), events: ports.events, log: ports.log });
}
