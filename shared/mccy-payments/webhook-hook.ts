import type { Log } from '../bank/client.js';
import { MAX_CONTENDED_WRITES, statusChangedEvent } from '../gateway/tracker.js';
import type { EventPublisher, GatewayEvent } from '../webhooks/ports.js';
import type { StateHook } from '../webhooks/process.js';
import type { BatchStore } from './ports.js';
import {
  type BatchTransaction,
  movedTransaction,
  TRANSACTION_STATUS_OF_WEBHOOK,
  type TransactionStatus,
  type TransactionTransition,
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

export interface TransactionChange {
  to: TransactionStatus;
  at: string;
  /** The webhook key or X-Request-Id: a change by the same cause is never applied twice. */
  cause: string;
  transactionId?: string;
  reason?: string;
}

type Moved = { transaction: BatchTransaction; transition: TransactionTransition };

/**
 * Moves one transaction of a batch (one conditional write on its status): the new transition, the one this
 * cause wrote before (a redelivery republishes it), or undefined (unknown batch or transaction, or the move
 * goes nowhere: up the order only, the first final state wins).
 */
export async function moveBatchTransaction(
  batchId: string,
  endToEndId: string,
  change: TransactionChange,
  store: BatchStore,
): Promise<Moved | undefined> {
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const transaction = (await store.get(batchId))?.transactions[endToEndId];
    if (transaction === undefined) return undefined;
    const earlier = transaction.history.find((transition) => transition.cause === change.cause);
    if (earlier !== undefined) return { transaction, transition: earlier };
    const next = movedTransaction(batchId, endToEndId, transaction, change);
    if (next === undefined) return undefined;
    if (await store.moveTransaction(batchId, endToEndId, transaction.status, next))
      return {
        transaction: next,
        transition: next.history[next.history.length - 1] as TransactionTransition,
      };
  }
  throw new Error(`transaction ${endToEndId} of batch ${batchId} is being changed by others; retried later`);
}

/** Moves a transaction and publishes its `MccyTransactionStatusChanged`; true when it moved (or had moved by this cause). */
export async function moveAndPublish(
  batchId: string,
  endToEndId: string,
  change: TransactionChange,
  deps: BatchEventDependencies,
): Promise<boolean> {
  const moved = await moveBatchTransaction(batchId, endToEndId, change, deps.store);
  if (moved === undefined) return false;
  await deps.events.publish(
    mccyTransactionStatusChanged(batchId, endToEndId, moved.transaction, moved.transition),
  );
  return true;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The reason a webhook gives for a transaction that did not go through. */
function reasonOf(payload: Record<string, unknown>): string | undefined {
  if (Array.isArray(payload.Errors))
    return payload.Errors.filter((error) => typeof error === 'string').join('; ');
  return text(payload.Error) ?? text(payload.CancellationReason);
}

/**
 * The processor's batch hook: a Payments.Mccy webhook moves its transaction (by BatchId and EndToEndId) up
 * Submitted, Created, then one final state, in any order and once; reaching a final state decrements the
 * batch's openTransactions once. A webhook of a batch the gateway never sent is logged and left alone.
 */
export function mccyPaymentsWebhookHook(deps: BatchEventDependencies): StateHook {
  return async (webhook) => {
    const to = TRANSACTION_STATUS_OF_WEBHOOK[webhook.type];
    if (to === undefined || typeof webhook.payload !== 'object' || webhook.payload === null) return;
    const payload = webhook.payload as Record<string, unknown>;
    const batchId = text(payload.BatchId);
    const endToEndId = text(payload.EndToEndId);
    if (batchId === undefined || endToEndId === undefined) return;
    const reason = reasonOf(payload);
    const transactionId = text(payload.TransactionId);
    const moved = await moveAndPublish(
      batchId,
      endToEndId,
      {
        to,
        at: webhook.now.toISOString(),
        cause: webhook.key,
        ...(transactionId !== undefined && { transactionId }),
        ...(reason !== undefined && reason !== '' && { reason }),
      },
      deps,
    );
    if (!moved)
      deps.log.info('the multi-currency webhook moved no transaction of the gateway', {
        webhookType: webhook.type,
        batchId,
        endToEndId,
      });
  };
}
