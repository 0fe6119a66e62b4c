import { paymentSchedule } from '../domain/mccy-schedule.js';
import { formatJsonNumber, toDecimal } from '../domain/money.js';
import { JsonNumber } from '../json/read-json.js';

/**
 * The gateway's multi-currency batches, pure: what a batch is, how its status and its transactions move.
 * The schedule (processing time, cancellation deadline) is `shared/domain/mccy-schedule.ts`; the workflow
 * (Step Functions) reads and writes `status`, `history` and `openTransactions` of the same item.
 */

/**
 * Sending: claimed, the POST is at the bank (or its outcome unknown); Refused: the bank answered it 4xx.
 * Processing: accepted inside the window (not cancellable); Scheduled: cancellable until the deadline;
 * CancelPending: a cancel of the batch or one of its transactions is at the bank; Cancelled; then the
 * workflow's WindowClosed and ProcessingDue.
 */
export type BatchStatus =
  | 'Sending'
  | 'Refused'
  | 'Processing'
  | 'Scheduled'
  | 'CancelPending'
  | 'Cancelled'
  | 'WindowClosed'
  | 'ProcessingDue';

/** Every status a batch's transaction can have: the one list the record type and the event schema use. */
export const TRANSACTION_STATUSES = [
  'Submitted',
  'Created',
  'Settled',
  'Cancelled',
  'ValidationFailed',
  'AssessmentFailed',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'Settled',
  'Cancelled',
  'ValidationFailed',
  'AssessmentFailed',
];

export const isFinal = (status: TransactionStatus): boolean => FINAL_TRANSACTION_STATUSES.includes(status);

/** Which transaction status each webhook brings. */
export const TRANSACTION_STATUS_OF_WEBHOOK: Record<string, TransactionStatus> = {
  'Payments.Mccy.TransactionCreated': 'Created',
  'Payments.Mccy.TransactionSettled': 'Settled',
  'Payments.Mccy.TransactionCancelled': 'Cancelled',
  'Payments.Mccy.PaymentValidationFailed': 'ValidationFailed',
  'Payments.Mccy.PaymentAssessmentFailed': 'AssessmentFailed',
};

/** A batch-level entry; the workflow appends `{status, at}` too. */
export interface BatchHistoryEntry {
  status: BatchStatus;
  at: string;
  /** The X-Request-Id of the call that made the change (absent on the workflow's entries). */
  requestId?: string;
}

export interface TransactionTransition {
  /** Stable: consumers deduplicate `MccyTransactionStatusChanged` on it. */
  transitionId: string;
  from: TransactionStatus | null;
  to: TransactionStatus;
  at: string;
  /** The webhook key or X-Request-Id that made it. */
  cause: string;
}

export interface BatchTransaction {
  status: TransactionStatus;
  /** As written in the request: decimal text. */
  amount: string;
  reference: string;
  history: TransactionTransition[];
  transactionId?: string;
  reason?: string;
}

export interface BatchRecord {
  batchId: string;
  status: BatchStatus;
  currency: string;
  /** The X-Request-Id of the POST that sent it (its retry with the same Idempotency-Key is its own claim). */
  requestId: string;
  /** When the bank received it, on the bank's clock (set on the 202). */
  receivedAt?: string;
  isScheduled?: boolean;
  processingAt?: string;
  cancellationDeadline?: string;
  /** Transactions not yet final; the hook decrements it once per transaction reaching a final state. */
  openTransactions: number;
  transactions: Record<string, BatchTransaction>;
  history: BatchHistoryEntry[];
  /** The cancel at the bank while CancelPending: its X-Request-Id, and the transaction when it is one. */
  cancel?: { requestId: string; endToEndId?: string; at: string };
}

export interface BatchRequest {
  batchId: string;
  currencyCode: string;
  transactions: { endToEndId: string; reference: string; amount: unknown }[];
}

/** The amount as the caller wrote it (the request schema has judged its digits already). */
function amountText(value: unknown): string {
  if (value instanceof JsonNumber) return value.source;
  return formatJsonNumber(toDecimal(value as number, 'amount'), 'amount');
}

/** The batch as claimed before the POST is sent: every transaction Submitted. */
export function sendingBatch(request: BatchRequest, requestId: string, now: Date): BatchRecord {
  const at = now.toISOString();
  const transactions: Record<string, BatchTransaction> = {};
  for (const transaction of request.transactions) {
    transactions[transaction.endToEndId] = {
      status: 'Submitted',
      amount: amountText(transaction.amount),
      reference: transaction.reference,
      history: [
        {
          transitionId: `${request.batchId}:${transaction.endToEndId}:Submitted`,
          from: null,
          to: 'Submitted',
          at,
          cause: requestId,
        },
      ],
    };
  }
  return {
    batchId: request.batchId,
    status: 'Sending',
    currency: request.currencyCode,
    requestId,
    openTransactions: Object.keys(transactions).length,
    transactions,
    history: [{ status: 'Sending', at, requestId }],
  };
}

/** What the bank's 202 makes of a sending batch: its schedule from the time of receipt on the bank's clock. */
export function acceptedBatchFields(
  batch: Pick<BatchRecord, 'currency'>,
  isScheduled: boolean,
  receivedAt: Date,
): Pick<BatchRecord, 'status' | 'receivedAt' | 'isScheduled' | 'processingAt' | 'cancellationDeadline'> {
  const schedule = paymentSchedule({ receivedAt, currency: batch.currency, isScheduled });
  if (!schedule.isScheduled)
    return { status: 'Processing', receivedAt: receivedAt.toISOString(), isScheduled: false };
  return {
    status: 'Scheduled',
    receivedAt: receivedAt.toISOString(),
    isScheduled: true,
    processingAt: schedule.processingAt.toISOString(),
    cancellationDeadline: schedule.cancellationDeadline.toISOString(),
  };
}

/** Why a cancel is refused before the bank is called; undefined: it may go. */
export type CancelRefusal =
  | { kind: 'not-scheduled'; detail: string }
  | { kind: 'too-late'; detail: string; deadline: string }
  | { kind: 'not-cancellable'; detail: string; deadline?: string }
  | { kind: 'in-progress'; detail: string }
  | { kind: 'unknown-transaction'; detail: string };

/**
 * Whether a cancel (of the batch, or of `endToEndId`) by `requestId` may go to the bank at `now` (the bank's
 * clock): a scheduled batch, not later than the deadline (exactly at it is in time), no other cancel at the bank.
 * The same request id is its own retry.
 */
export function cancelRefusal(
  batch: BatchRecord,
  endToEndId: string | undefined,
  requestId: string,
  now: Date,
): CancelRefusal | undefined {
  if (batch.status === 'CancelPending' && batch.cancel?.requestId === requestId) return undefined;
  const deadline = batch.cancellationDeadline;
  if (batch.isScheduled !== true) {
    return {
      kind: 'not-scheduled',
      detail: `Batch ${batch.batchId} was not scheduled (status ${batch.status}): it went straight into processing and cannot be cancelled.`,
    };
  }
  if (deadline !== undefined && now.getTime() > new Date(deadline).getTime()) {
    return {
      kind: 'too-late',
      deadline,
      detail: `The cancellation deadline of batch ${batch.batchId} was ${deadline}, one hour before processing at ${batch.processingAt}; it has passed.`,
    };
  }
  if (batch.status === 'CancelPending') {
    return {
      kind: 'in-progress',
      detail: `Another cancel of batch ${batch.batchId} is at the bank (X-Request-Id ${batch.cancel?.requestId}); try again once it is answered.`,
    };
  }
  if (batch.status !== 'Scheduled') {
    return {
      kind: 'not-cancellable',
      ...(deadline !== undefined && { deadline }),
      detail: `Batch ${batch.batchId} is ${batch.status} and can no longer be cancelled${deadline === undefined ? '' : ` (deadline ${deadline})`}.`,
    };
  }
  if (endToEndId !== undefined) {
    const transaction = batch.transactions[endToEndId];
    if (transaction === undefined) {
      return {
        kind: 'unknown-transaction',
        detail: `Batch ${batch.batchId} has no transaction with end-to-end id ${endToEndId}.`,
      };
    }
    if (isFinal(transaction.status)) {
      return {
        kind: 'not-cancellable',
        ...(deadline !== undefined && { deadline }),
        detail: `Transaction ${endToEndId} of batch ${batch.batchId} is already ${transaction.status}.`,
      };
    }
  }
  return undefined;
}

/**
 * The transaction after a move to `to`, or undefined when nothing changes: up the order only (Submitted,
 * Created, then one final state), and the first final state wins.
 */
export function movedTransaction(
  batchId: string,
  endToEndId: string,
  transaction: BatchTransaction,
  change: { to: TransactionStatus; at: string; cause: string; transactionId?: string; reason?: string },
): BatchTransaction | undefined {
  const rank = (status: TransactionStatus) => (status === 'Submitted' ? 0 : status === 'Created' ? 1 : 2);
  if (isFinal(transaction.status) || rank(change.to) <= rank(transaction.status)) return undefined;
  return {
    ...transaction,
    status: change.to,
    ...(change.transactionId !== undefined && { transactionId: change.transactionId }),
    ...(change.reason !== undefined && { reason: change.reason }),
    history: [
      ...transaction.history,
      {
        transitionId: `${batchId}:${endToEndId}:${change.to}`,
        from: transaction.status,
        to: change.to,
        at: change.at,
        cause: change.cause,
      },
    ],
  };
}
