import type {
  BatchHistoryEntry,
  BatchRecord,
  BatchStatus,
  BatchTransaction,
  TransactionStatus,
} from './records.js';

/**
 * Where the gateway keeps multi-currency batches (DynamoDB, table `mccy-batches`). Every change is one
 * conditional single-item write, so two cancels of one batch, or two webhooks of one transaction, never both win.
 */
export interface BatchStore {
  get(batchId: string): Promise<BatchRecord | undefined>;
  /**
   * Writes a Sending batch unless one with this id exists (a Refused one may be sent again, and a Sending one
   * by the same request id is its own retry); false otherwise.
   */
  claimSending(record: BatchRecord): Promise<boolean>;
  /** Sending (by `requestId`) to `fields.status` with the fields given; false when the batch is not so. */
  settleSending(
    batchId: string,
    requestId: string,
    fields: Partial<BatchRecord> & { status: BatchStatus },
    entry: BatchHistoryEntry,
  ): Promise<boolean>;
  /**
   * Scheduled (and not past `now` ISO, compared with the deadline) to CancelPending with `cancel`; the same
   * cancel request id is its own retry. False: another won, or the window closed meanwhile.
   */
  claimCancel(
    batchId: string,
    cancel: NonNullable<BatchRecord['cancel']>,
    entry: BatchHistoryEntry,
  ): Promise<boolean>;
  /** CancelPending (by `requestId`) to `entry.status` (Cancelled or Scheduled); false when it is not so. */
  finishCancel(batchId: string, requestId: string, entry: BatchHistoryEntry): Promise<boolean>;
  /**
   * Writes transaction `endToEndId` as `next` if it is still `expected`, decrementing `openTransactions` when
   * `next` is final and `expected` was not; false otherwise.
   */
  moveTransaction(
    batchId: string,
    endToEndId: string,
    expected: TransactionStatus,
    next: BatchTransaction,
  ): Promise<boolean>;
}

/** What a batch's workflow starts with (ISO instants); `overdueAt` = processingAt + the configured grace. */
export type { BatchWorkflowInput } from '../workflows/mccy-batch.js';
import type { BatchWorkflowInput } from '../workflows/mccy-batch.js';

/** Starts the one workflow of a scheduled batch (Step Functions on AWS, the local runner in the sandbox). */
export interface BatchWorkflows {
  start(input: BatchWorkflowInput): Promise<void>;
}
