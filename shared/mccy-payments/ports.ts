import type {
  AwaitingStatus,
  BatchHistoryEntry,
  BatchRecord,
  BatchStatus,
  BatchTransaction,
  PendingCancel,
  TransactionMove,
  TransactionStatus,
  TransactionTransition,
} from './records.js';

/**
 * Where the gateway keeps multi-currency batches (DynamoDB, table `mccy-batches`). Every change is one
 * conditional single-item write, so two cancels of one batch, or two webhooks of one transaction, never both
 * win; histories are only ever appended to. A write that moves a transaction also lists its transition as
 * unpublished, until `markPublished`. Writes answer the batch as it is after them, or undefined when their
 * condition did not hold.
 */
export interface BatchStore {
  get(batchId: string): Promise<BatchRecord | undefined>;
  /**
   * Writes a Sending batch unless one with this id exists: a Refused one may be sent again under another
   * request id (its history kept, the new claim appended), and a Sending or OutcomeUnknown one of the same
   * request id is that request's retry, left as it is (`retried`). `taken` otherwise.
   */
  claimSending(record: BatchRecord): Promise<SendingClaim>;
  /**
   * Sending or OutcomeUnknown (by `requestId`; only those of `from` when given) to `fields.status` with the
   * fields given; undefined when the batch is not so.
   */
  settleSending(
    batchId: string,
    requestId: string,
    fields: Partial<BatchRecord> & { status: BatchStatus },
    entry: BatchHistoryEntry,
    from?: readonly AwaitingStatus[],
  ): Promise<BatchRecord | undefined>;
  /**
   * `from` to a finished status with its outcomes, while no transaction is open; false when the batch moved
   * meanwhile (the workflow, another writer finishing it).
   */
  finishBatch(
    batchId: string,
    from: BatchStatus,
    fields: Pick<BatchRecord, 'status' | 'outcomes'>,
    entry: BatchHistoryEntry,
  ): Promise<boolean>;
  /**
   * `cancel.from` to CancelPending with `cancel`: from Scheduled only while the deadline (compared with
   * `cancel.at`) has not passed; from OutcomeUnknown at any time (the bank judges). False: another won, or the
   * window closed meanwhile.
   */
  claimCancel(batchId: string, cancel: PendingCancel, entry: BatchHistoryEntry): Promise<boolean>;
  /**
   * CancelPending (by `requestId`) to `entry.status`, with `fields`, and the transaction `moves` (each only
   * if still as read), in one write.
   */
  finishCancel(
    batchId: string,
    requestId: string,
    change: {
      entry: BatchHistoryEntry;
      fields?: Partial<BatchRecord>;
      moves?: Record<string, TransactionMove>;
    },
  ): Promise<BatchRecord | undefined>;
  /**
   * Writes transaction `endToEndId` as `next` if it is still `expected`, decrementing `openTransactions` when
   * `next` is final and `expected` was not.
   */
  moveTransaction(
    batchId: string,
    endToEndId: string,
    expected: TransactionStatus,
    next: BatchTransaction,
  ): Promise<BatchRecord | undefined>;
  /** Appends a conflicting final outcome to the history of transaction `endToEndId`, if still `status`. */
  recordConflict(
    batchId: string,
    endToEndId: string,
    status: TransactionStatus,
    transition: TransactionTransition,
  ): Promise<BatchRecord | undefined>;
  /** Takes published transitions off the batch's unpublished (and failed) lists. */
  markPublished(batchId: string, transitionIds: readonly string[]): Promise<void>;
  /** Lists transitions whose publishing failed, for the batch's next webhook to publish again. */
  markFailedPublishes(batchId: string, transitionIds: readonly string[]): Promise<void>;
}

/** What a batch's workflow starts with (ISO instants); `overdueAt` = processingAt + the configured grace. */
export type { BatchWorkflowInput } from '../workflows/mccy-batch.js';
import type { BatchWorkflowInput } from '../workflows/mccy-batch.js';

/** Starts the one workflow of a scheduled batch (Step Functions on AWS, the local runner in the sandbox). */
export interface BatchWorkflows {
  start(input: BatchWorkflowInput): Promise<void>;
}

/** How a batch's send was claimed: written now as `record`, found held by the same request, or not at all. */
export type SendingClaim = 'claimed' | 'retried' | 'taken';
