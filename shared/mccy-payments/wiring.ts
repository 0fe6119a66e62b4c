import { mccyBatchesTable } from './table.js';
import type { OperationTracker } from '../gateway/tracker.js';
import { ENV } from '../config/function-environment.js';
import type { FamilyPorts, TrackerPorts } from '../families/ports.js';
import type { StateHook } from '../webhooks/process.js';
import { DynamoDbBatchStore } from './dynamodb-store.js';
import { mccyPaymentsTracker } from './track.js';
import { type BatchEventDependencies, mccyPaymentsWebhookHook, republishPending } from './webhook-hook.js';

/**
 * The multi-currency payments family as the AWS roots and the sandbox both wire it: the batch table, the
 * operation function's tracker (which starts each scheduled batch's workflow), the processor's hook, and what
 * the attention sweep calls to publish again what a batch could not publish.
 */
export function batchStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbBatchStore {
  return new DynamoDbBatchStore(ports.dynamo, ports.tableName(mccyBatchesTable));
}

/** `attention`, where given, lists the batches needing a person's eye (`attention.ts`). */
type BatchEventPorts = Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'log' | 'count' | 'attention'>;

function batchEventDependencies(ports: BatchEventPorts): BatchEventDependencies {
  return {
    store: batchStoreOf(ports),
    events: ports.events,
    log: ports.log,
    count: (metric) => ports.count(metric),
    ...(ports.attention !== undefined && { attention: ports.attention }),
  };
}

export function mccyPaymentsTrackerOf(
  ports: BatchEventPorts & Pick<TrackerPorts, 'clock' | 'workflows' | 'setting'>,
): OperationTracker {
  return mccyPaymentsTracker({
    ...batchEventDependencies(ports),
    clock: ports.clock,
    workflows: ports.workflows(),
    overdueAfterMinutes: overdueAfterMinutesOf(ports.setting(ENV.mccyOverdueAfterMinutes)),
  });
}

export function mccyPaymentsHookOf(ports: BatchEventPorts): StateHook {
  return mccyPaymentsWebhookHook(batchEventDependencies(ports));
}

/**
 * For the sweep of batches listed with `unpublished-event`: publishes again what the batch could not
 * publish (with the same keys); answers how many are still left.
 */
export function mccyBatchRepublisherOf(ports: BatchEventPorts): (batchId: string) => Promise<number> {
  const deps = batchEventDependencies(ports);
  return (batchId) => republishPending(batchId, deps);
}

/** Minutes after processing before a batch is overdue (`MCCY_OVERDUE_AFTER_MINUTES`; unset: the default). */
function overdueAfterMinutesOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 1)
    throw new Error(`${ENV.mccyOverdueAfterMinutes} must be a whole number of minutes from 1, not ${text}`);
  return minutes;
}
