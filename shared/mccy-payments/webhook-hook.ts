import type { Log } from '../ports/log.js';
import {
  type Attention,
  OUTCOME_CONFLICT_METRIC,
  OUTCOME_UNKNOWN,
  UNPUBLISHED_EVENT,
} from '../gateway/attention.js';
import { MAX_CONTENDED_WRITES, sideBySide, statusChangedEvent } from '../gateway/tracker.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import type { ArrivedWebhook, ClaimedWebhook, StateHook } from '../webhooks/process.js';
import { earlyReads, readsStartingFrom } from '../gateway/early-reads.js';
import { clearBatchAttention, raiseBatchAttention } from './attention.js';
import type { BatchStore } from './ports.js';
import {
  type BatchHistoryEntry,
  type BatchRecord,
  type BatchTransaction,
  batchMoveShownByTransactions,
  finishedBatch,
  type PendingTransition,
  type TransactionChange,
  transactionAsOf,
  TRANSACTION_STATUS_OF_WEBHOOK,
  type TransactionTransition,
  transactionUpdate,
  unpublishedTransitions,
} from './records.js';

/**
 * The processor's side of multi-currency batches: the Payments.Mccy webhooks move transactions. Apart from
 * the operation side (track.ts), so the processor does not load the operations' request schemas.
 */
export const MCCY_TRANSACTION_STATUS_CHANGED = 'MccyTransactionStatusChanged';

export interface BatchEventDependencies {
  store: BatchStore;
  events: EventPublisher;
  log: Log;
  /** Counts one occurrence of a named metric (`OUTCOME_CONFLICT_METRIC`); unset: nothing counted. */
  count?: (metric: string) => void;
  /** Where batches needing a person's eye are listed; unset: only logged. */
  attention?: Attention;
}

export function mccyTransactionStatusChanged(
  batchId: string,
  endToEndId: string,
  transaction: BatchTransaction,
  transition: TransactionTransition,
): GatewayEvent {
  const record = { batchId, endToEndId, ...transaction };
  return statusChangedEvent(MCCY_TRANSACTION_STATUS_CHANGED, record, transition);
}

/** What a change did to a transaction, with the batch as it is after it (undefined: no such batch). */
export type AppliedChange =
  | { kind: 'moved' | 'conflict'; batch: BatchRecord; transition: TransactionTransition }
  | { kind: 'unchanged' | 'unknown-transaction'; batch: BatchRecord }
  | { kind: 'unknown-batch'; batch?: undefined };

/**
 * Applies one change to one transaction of a batch with one conditional write: a move up the order (its
 * transition listed as unpublished in the same write), a second final outcome kept in the history, or
 * nothing (a step back, or a change this cause already made: a redelivery).
 */
export async function applyTransactionChange(
  batchId: string,
  endToEndId: string,
  change: TransactionChange,
  store: BatchStore,
  /** The batch as being read beside the inbox claim: the first attempt starts from it. */
  early?: Promise<BatchRecord | undefined>,
): Promise<AppliedChange> {
  const nextRead = readsStartingFrom(early, () => store.get(batchId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const batch = await nextRead();
    if (batch === undefined) return { kind: 'unknown-batch' };
    const transaction = batch.transactions[endToEndId];
    if (transaction === undefined) return { kind: 'unknown-transaction', batch };
    if (transaction.history.some((transition) => transition.cause === change.cause))
      return { kind: 'unchanged', batch };
    const update = transactionUpdate(batchId, endToEndId, transaction, change);
    if (update === undefined) return { kind: 'unchanged', batch };
    const after =
      update.kind === 'moved'
        ? await store.moveTransaction(batchId, endToEndId, transaction.status, update.next)
        : await store.recordConflict(batchId, endToEndId, transaction.status, update.transition);
    if (after !== undefined) return { kind: update.kind, batch: after, transition: update.transition };
  }
  throw new Error(`transaction ${endToEndId} of batch ${batchId} is being changed by others; retried later`);
}

/**
 * Publishes the batch's unpublished transitions that `chosen` picks, and those whose publishing failed before,
 * each with its stable key (consumers deduplicate on it). The published ones come off the batch's lists; one
 * that fails is listed for the batch's next webhook, and the batch for attention, which is cleared once none
 * is left failed (`listed`: the caller listed it before publishing). Answers how many failed.
 */
export async function publishPending(
  batch: BatchRecord,
  deps: BatchEventDependencies,
  chosen: (transition: TransactionTransition) => boolean,
  listed = false,
): Promise<number> {
  const { failed, markPublished } = await publishPendingEvents(batch, deps, chosen, listed);
  await markPublished();
  return failed;
}

/**
 * `publishPending` with its last writes left to the caller (`markPublished`): once every event is out, the
 * batch's list and its attention item are cleared side by side (an item cleared before its list only leaves
 * published ids on the list, which nothing publishes again unless listed). A failure is written at once.
 */
export async function publishPendingEvents(
  batch: BatchRecord,
  deps: BatchEventDependencies,
  chosen: (transition: TransactionTransition) => boolean,
  listed = false,
): Promise<{ failed: number; markPublished: () => Promise<void> }> {
  const failedBefore = new Set(batch.failedPublishes ?? []);
  const pending = unpublishedTransitions(
    batch,
    (transition) => chosen(transition) || failedBefore.has(transition.transitionId),
  );
  const nothingLeft = async () => undefined;
  if (pending.length === 0) return { failed: 0, markPublished: nothingLeft };
  const outcomes = await sideBySide(pending, (item) => publishOne(batch.batchId, item, deps));
  const published = pending.filter((_, index) => outcomes[index]).map((item) => item.transition.transitionId);
  const failed = pending.filter((_, index) => !outcomes[index]);
  if (failed.length > 0) {
    await deps.store.markPublished(batch.batchId, published);
    await deps.store.markFailedPublishes(
      batch.batchId,
      failed.map(({ transition }) => transition.transitionId),
    );
    const [oldest] = failed.map(({ transition }) => transition.at).sort();
    await raiseBatchAttention(deps, batch.batchId, UNPUBLISHED_EVENT, oldest as string);
    return { failed: failed.length, markPublished: nothingLeft };
  }
  return {
    failed: 0,
    markPublished: async () => {
      await Promise.all([
        deps.store.markPublished(batch.batchId, published),
        listed || failedBefore.size > 0
          ? clearBatchAttention(deps, batch.batchId, UNPUBLISHED_EVENT)
          : undefined,
      ]);
    },
  };
}

/** Publishes one transition's event; a failure is logged and answered false. */
async function publishOne(
  batchId: string,
  { endToEndId, transaction, transition }: PendingTransition,
  deps: BatchEventDependencies,
): Promise<boolean> {
  try {
    const record = transactionAsOf(transaction, transition);
    await deps.events.publish(mccyTransactionStatusChanged(batchId, endToEndId, record, transition));
    return true;
  } catch (error) {
    deps.log.error(`${MCCY_TRANSACTION_STATUS_CHANGED} could not be published; kept on the batch`, {
      batchId,
      endToEndId,
      transitionId: transition.transitionId,
      reason: (error as Error).message,
    });
    return false;
  }
}

/**
 * For the sweep of batches listed with `unpublished-event`: publishes whatever the batch has not published
 * (with the same keys); answers how many failed again.
 */
export async function republishPending(batchId: string, deps: BatchEventDependencies): Promise<number> {
  const batch = await deps.store.get(batchId);
  return batch === undefined ? 0 : publishPending(batch, deps, () => true, true);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The reason a webhook gives for a transaction that did not go through. */
function reasonOf(payload: Record<string, unknown>): string | undefined {
  if (Array.isArray(payload.Errors))
    return payload.Errors.filter((error) => typeof error === 'string').join('; ');
  return text(payload.Error) ?? text(payload.CancellationReason);
}

/** The transaction a Payments.Mccy webhook names and the change it brings; undefined for any other webhook. */
function changeOf(
  webhook: ClaimedWebhook,
): { batchId: string; endToEndId: string; change: TransactionChange } | undefined {
  const to = TRANSACTION_STATUS_OF_WEBHOOK[webhook.type];
  if (to === undefined || typeof webhook.payload !== 'object' || webhook.payload === null) return undefined;
  const payload = webhook.payload as Record<string, unknown>;
  const batchId = text(payload.BatchId);
  const endToEndId = text(payload.EndToEndId);
  if (batchId === undefined || endToEndId === undefined) return undefined;
  const reason = reasonOf(payload);
  const transactionId = text(payload.TransactionId);
  return {
    batchId,
    endToEndId,
    change: {
      to,
      at: webhook.now.toISOString(),
      cause: webhook.key,
      ...(transactionId !== undefined && { transactionId }),
      ...(reason !== undefined && reason !== '' && { reason }),
    },
  };
}

/** A second final outcome from the bank: an error log with the webhook's key, and the conflict metric. */
function reportConflict(
  batchId: string,
  endToEndId: string,
  batch: BatchRecord,
  transition: TransactionTransition,
  deps: BatchEventDependencies,
): void {
  deps.log.error('the bank gave a second final outcome for a multi-currency transaction; both are kept', {
    batchId,
    endToEndId,
    key: transition.cause,
    kept: batch.transactions[endToEndId]?.status,
    arrived: transition.to,
  });
  deps.count?.(OUTCOME_CONFLICT_METRIC);
}

/**
 * Moves the batch itself as its transactions now show the bank's word: a pending cancel confirmed or
 * contradicted by the webhooks, or a batch of unknown outcome that the bank is processing. Answers the batch
 * after (as read when another writer moved it first).
 */
async function moveBatchAsShown(
  batch: BatchRecord,
  webhook: ClaimedWebhook,
  deps: BatchEventDependencies,
): Promise<BatchRecord> {
  const move = batchMoveShownByTransactions(batch);
  if (move === undefined) return batch;
  const entry = { status: move.status, at: webhook.now.toISOString(), cause: webhook.key };
  const { cancel } = batch;
  if (batch.status === 'CancelPending' && cancel !== undefined) {
    const after = await deps.store.finishCancel(batch.batchId, cancel.requestId, {
      entry,
      ...(move.fields !== undefined && { fields: move.fields }),
    });
    if (after === undefined) return batch;
    deps.log.info('the bank’s webhooks settled a pending multi-currency cancel', {
      batchId: batch.batchId,
      requestId: cancel.requestId,
      status: move.status,
    });
    await clearBatchAttention(deps, batch.batchId, 'cancel-pending');
    if (cancel.from === 'OutcomeUnknown' && move.status !== 'OutcomeUnknown')
      await clearBatchAttention(deps, batch.batchId, OUTCOME_UNKNOWN);
    return after;
  }
  if (!(await deps.store.settleSending(batch.batchId, batch.requestId, { status: move.status }, entry)))
    return batch;
  await clearBatchAttention(deps, batch.batchId, OUTCOME_UNKNOWN);
  return { ...batch, status: move.status };
}

/**
 * Finishes a batch whose transactions are all final and that waits for nothing else (`finishedBatch`): its
 * finished status naming how they ended, with the counts, in one conditional write. A batch moved meanwhile
 * (the workflow closing its window, another writer finishing it) is read again and judged anew.
 */
export async function finishWhenAllFinal(
  batch: BatchRecord,
  entry: Omit<BatchHistoryEntry, 'status'>,
  deps: Pick<BatchEventDependencies, 'store' | 'log'>,
): Promise<void> {
  let current: BatchRecord | undefined = batch;
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const finished = current === undefined ? undefined : finishedBatch(current);
    if (current === undefined || finished === undefined) return;
    const written = await deps.store.finishBatch(current.batchId, current.status, finished, {
      ...entry,
      status: finished.status,
    });
    if (written) {
      deps.log.info('multi-currency batch finished: every transaction is final', {
        batchId: current.batchId,
        ...finished,
      });
      return;
    }
    current = await deps.store.get(current.batchId);
  }
  throw new Error(`batch ${batch.batchId} is being changed by others; it is finished on a retry`);
}

/**
 * The processor's batch hook: a Payments.Mccy webhook moves its transaction (by BatchId and EndToEndId) up
 * Submitted, Created, then one final state, in any order and once; reaching a final state decrements the
 * batch's openTransactions once; a second, different final state is kept beside the first and reported. The
 * batch itself follows what its transactions show (a pending cancel, an unknown outcome, all of them final),
 * and whatever of it is unpublished is published, so an event that failed before goes out with the batch's
 * next webhook (a failure now throws: the message is retried). A webhook of a batch the gateway never sent is
 * left alone.
 */
export function mccyPaymentsWebhookHook(deps: BatchEventDependencies): StateHook {
  // The batch a webhook moves, read beside the inbox claim.
  const batches = earlyReads<object, BatchRecord | undefined>();
  const hook = async (webhook: ClaimedWebhook) => {
    const early =
      typeof webhook.payload === 'object' && webhook.payload !== null
        ? batches.take(webhook.payload)
        : undefined;
    const named = changeOf(webhook);
    if (named === undefined) return;
    const { batchId, endToEndId, change } = named;
    const applied = await applyTransactionChange(batchId, endToEndId, change, deps.store, early);
    if (
      applied.kind === 'unknown-batch' ||
      applied.kind === 'unknown-transaction' ||
      applied.kind === 'unchanged'
    )
      deps.log.info('the multi-currency webhook moved no transaction of the gateway', {
        webhookType: webhook.type,
        batchId,
        endToEndId,
      });
    if (applied.batch === undefined) return;
    if (applied.kind === 'conflict')
      reportConflict(batchId, endToEndId, applied.batch, applied.transition, deps);
    const batch = await moveBatchAsShown(applied.batch, webhook, deps);
    await finishWhenAllFinal(batch, { at: webhook.now.toISOString(), cause: webhook.key }, deps);
    // Its own transitions (again, on a redelivery after a crash) and those that failed before: never those
    // another writer is publishing right now.
    const { failed, markPublished } = await publishPendingEvents(
      batch,
      deps,
      (transition) => transition.cause === webhook.key,
    );
    if (failed > 0)
      throw new Error(`${failed} status change(s) of batch ${batchId} could not be published; retried later`);
    return markPublished;
  };
  return Object.assign(hook, {
    prefetch: (webhook: ArrivedWebhook) => {
      const named = changeOf({ ...webhook, now: new Date(0) });
      if (named !== undefined) batches.begin(webhook.payload as object, () => deps.store.get(named.batchId));
    },
  });
}
