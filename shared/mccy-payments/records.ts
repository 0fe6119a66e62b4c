import { paymentSchedule } from '../domain/mccy-schedule.js';
import { formatJsonNumber, toDecimal } from '../domain/money.js';
import { JsonNumber } from '../json/read-json.js';

/**
 * The gateway's multi-currency batches, pure: what a batch is, how its status and its transactions move.
 * The schedule (processing time, cancellation deadline) is `shared/domain/mccy-schedule.ts`; the workflow
 * (Step Functions) reads and writes `status`, `history` and `openTransactions` of the same item.
 */

/**
 * Sending: claimed, the POST is at the bank. OutcomeUnknown: the POST got no definitive answer (a lost answer,
 * "already processed"): the bank may or may not have it, so cancels go to the bank. Refused: the bank answered
 * it 4xx. Processing: the bank took it to process at once (not cancellable), or its processing webhooks
 * arrived while its outcome was unknown. Scheduled: cancellable until the deadline. CancelPending: a cancel
 * of the batch or one of its transactions is at the bank. Cancelled. Then the workflow's WindowClosed and
 * ProcessingDue. Once every transaction is final, a finished status (`FinishedBatchStatus`).
 */
export type BatchStatus =
  | 'Sending'
  | 'OutcomeUnknown'
  | 'Refused'
  | 'Processing'
  | 'Scheduled'
  | 'CancelPending'
  | 'WindowClosed'
  | 'ProcessingDue'
  | FinishedBatchStatus;

/**
 * The statuses of a batch whose transactions are all final, named by how they ended. The bank gives no batch
 * status (it processes each payment of a batch on its own and tells how each ended: Settled, Cancelled,
 * ValidationFailed, AssessmentFailed), so these are the gateway's: Completed, each settled or cancelled and
 * some settled; CompletedWithFailures, some settled and some failed; Failed, none settled and some failed;
 * Cancelled, each cancelled (also where a confirmed cancel of the whole batch leaves it).
 */
export const FINISHED_BATCH_STATUSES = ['Completed', 'CompletedWithFailures', 'Failed', 'Cancelled'] as const;

export type FinishedBatchStatus = (typeof FINISHED_BATCH_STATUSES)[number];

/** Where a batch waits for its POST's answer (Sending) or for any word of the bank (OutcomeUnknown). */
export type AwaitingStatus = 'Sending' | 'OutcomeUnknown';

/** What a cancel may be claimed from: a batch the bank scheduled, or one whose outcome is unknown. */
export type CancellableStatus = 'Scheduled' | 'OutcomeUnknown';

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

export const FINAL_TRANSACTION_STATUSES = [
  'Settled',
  'Cancelled',
  'ValidationFailed',
  'AssessmentFailed',
] as const satisfies readonly TransactionStatus[];

export type FinalTransactionStatus = (typeof FINAL_TRANSACTION_STATUSES)[number];

export const isFinal = (status: TransactionStatus): status is FinalTransactionStatus =>
  (FINAL_TRANSACTION_STATUSES as readonly TransactionStatus[]).includes(status);

/** Statuses only the bank's processing of the batch gives: once one is seen, no cancel can stop the batch. */
const PROCESSING_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'Created',
  'Settled',
  'ValidationFailed',
  'AssessmentFailed',
];

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
  /** The X-Request-Id of the call that made the change (absent on the workflow's and webhooks' entries). */
  requestId?: string;
  /** The webhook key that made the change. */
  cause?: string;
}

export interface TransactionTransition {
  /** Stable: consumers deduplicate `MccyTransactionStatusChanged` on it. */
  transitionId: string;
  from: TransactionStatus | null;
  to: TransactionStatus;
  at: string;
  /** The webhook key or X-Request-Id that made it. */
  cause: string;
  /**
   * A final outcome the bank gave for a transaction already final with another: kept as a fact, the status
   * stays as it was, and an operator is told (never published as a status change).
   */
  conflict?: true;
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

/** A cancel at the bank while the batch is CancelPending. */
export interface PendingCancel {
  requestId: string;
  /** The transaction it cancels; absent: the whole batch. */
  endToEndId?: string;
  at: string;
  /** The status it was claimed from, which a refused cancel returns to (absent on older records: Scheduled). */
  from?: CancellableStatus;
}

export interface BatchRecord {
  batchId: string;
  status: BatchStatus;
  currency: string;
  /** The X-Request-Id of the POST that sent it (its retry with the same Idempotency-Key is its own claim). */
  requestId: string;
  /** When the bank received it at the earliest (set on the 202). */
  receivedAt?: string;
  isScheduled?: boolean;
  /** The bank's processing time and cancellation deadline; while OutcomeUnknown the earliest they can be. */
  processingAt?: string;
  cancellationDeadline?: string;
  /** Transactions not yet final; the hook decrements it once per transaction reaching a final state. */
  openTransactions: number;
  /** How many transactions ended in each final status: set with the finished status they give the batch. */
  outcomes?: BatchOutcomes;
  transactions: Record<string, BatchTransaction>;
  history: BatchHistoryEntry[];
  cancel?: PendingCancel;
  /**
   * Transition ids whose `MccyTransactionStatusChanged` is not known to be published: written with the move
   * (so a crash right after it loses nothing), removed once published; `republishPending` publishes them.
   */
  unpublished?: string[];
  /** Those of them whose publishing failed: the batch's next webhook publishes them again. */
  failedPublishes?: string[];
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

/**
 * The batch as claimed before the POST is sent: every transaction Submitted. One entry per end-to-end id, so
 * a batch repeating one (refused by the request schema before this) would merge two payments: it throws.
 */
export function sendingBatch(request: BatchRequest, requestId: string, now: Date): BatchRecord {
  const at = now.toISOString();
  const transactions: Record<string, BatchTransaction> = {};
  for (const transaction of request.transactions) {
    if (transactions[transaction.endToEndId] !== undefined)
      throw new Error(`batch ${request.batchId} repeats end-to-end id ${transaction.endToEndId}`);
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

/** When the batch was claimed for its request id, on the bank's clock: just before that id was first sent. */
export function claimedAt(batch: Pick<BatchRecord, 'history' | 'requestId'>): Date {
  const claim =
    batch.history.findLast((entry) => entry.status === 'Sending' && entry.requestId === batch.requestId) ??
    batch.history[0];
  return new Date(claim?.at ?? Number.NaN);
}

/**
 * The earliest moment the bank can have received the batch: when its request id was first sent, or, when
 * that instant does not lie between the claim and now on the bank's clock (clocks that disagree, or a clock
 * moved by hand between the two, as the sandbox's is), the claim, which came just before it.
 */
export function earliestReceipt(
  batch: Pick<BatchRecord, 'history' | 'requestId'>,
  firstSentAt: Date | undefined,
  now: Date,
): Date {
  const claimed = claimedAt(batch);
  if (firstSentAt !== undefined && claimed <= firstSentAt && firstSentAt <= now) return firstSentAt;
  return claimed;
}

/** What the bank's 202 makes of a batch sent: its schedule from the earliest moment the bank received it. */
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

/**
 * A batch sent without a definitive answer: OutcomeUnknown, with the safe schedule, as if the bank scheduled
 * it when it can first have received it (the earliest processing time and deadline: no alarm comes late).
 */
export function unknownOutcomeFields(
  batch: Pick<BatchRecord, 'currency'>,
  earliest: Date,
): Pick<BatchRecord, 'status' | 'processingAt' | 'cancellationDeadline'> {
  const { processingAt, cancellationDeadline } = acceptedBatchFields(batch, true, earliest);
  return { status: 'OutcomeUnknown', processingAt, cancellationDeadline };
}

/**
 * The status the batch's transactions show while its own says the outcome is unknown: Processing once the
 * bank's processing webhooks arrived (it has the batch), undefined while they say nothing.
 */
export function statusShownByTransactions(
  batch: Pick<BatchRecord, 'transactions'>,
): 'Processing' | undefined {
  const processed = Object.values(batch.transactions).some((transaction) =>
    PROCESSING_TRANSACTION_STATUSES.includes(transaction.status),
  );
  return processed ? 'Processing' : undefined;
}

/** How many of a batch's transactions ended in each final status. */
export type BatchOutcomes = Record<FinalTransactionStatus, number>;

/** Statuses in which a batch waits for nothing but its transactions' outcomes (no answer, no cancel). */
const AWAITING_OUTCOMES: readonly BatchStatus[] = [
  'Processing',
  'Scheduled',
  'WindowClosed',
  'ProcessingDue',
];

/**
 * Where a batch goes once every transaction of it is final: the finished status naming how they ended, with
 * the counts. Undefined while one is open, or while the batch waits for its POST's answer or a cancel's (that
 * answer moves it first, then this).
 */
export function finishedBatch(
  batch: Pick<BatchRecord, 'status' | 'transactions'>,
): { status: FinishedBatchStatus; outcomes: BatchOutcomes } | undefined {
  if (!AWAITING_OUTCOMES.includes(batch.status)) return undefined;
  const outcomes: BatchOutcomes = { Settled: 0, Cancelled: 0, ValidationFailed: 0, AssessmentFailed: 0 };
  for (const { status } of Object.values(batch.transactions)) {
    if (!isFinal(status)) return undefined;
    outcomes[status] += 1;
  }
  const settled = outcomes.Settled > 0;
  if (outcomes.ValidationFailed + outcomes.AssessmentFailed > 0)
    return { status: settled ? 'CompletedWithFailures' : 'Failed', outcomes };
  return { status: settled ? 'Completed' : 'Cancelled', outcomes };
}

/** Why a cancel is refused before the bank is called; undefined: it may go. */
export type CancelRefusal =
  | { kind: 'not-scheduled'; detail: string }
  | { kind: 'too-late'; detail: string; deadline: string }
  | { kind: 'not-cancellable'; detail: string; deadline?: string }
  /** For now only: another cancel is at the bank, or the batch itself is being sent. */
  | { kind: 'in-progress'; detail: string }
  | { kind: 'unknown-transaction'; detail: string };

/**
 * Whether a cancel (of the batch, or of `endToEndId`) by `requestId` may go to the bank at `now` (the bank's
 * clock): a scheduled batch, not later than the deadline (exactly at it is in time), no other cancel at the
 * bank; or a batch whose outcome is unknown, which the bank judges. The same request id is its own retry.
 */
export function cancelRefusal(
  batch: BatchRecord,
  endToEndId: string | undefined,
  requestId: string,
  now: Date,
): CancelRefusal | undefined {
  if (batch.status === 'CancelPending' && batch.cancel?.requestId === requestId) return undefined;
  const refusal = batchCancelRefusal(batch, now);
  if (refusal !== undefined || endToEndId === undefined) return refusal;
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
      ...(batch.cancellationDeadline !== undefined && { deadline: batch.cancellationDeadline }),
      detail: `Transaction ${endToEndId} of batch ${batch.batchId} is already ${transaction.status}.`,
    };
  }
  return undefined;
}

function batchCancelRefusal(batch: BatchRecord, now: Date): CancelRefusal | undefined {
  const deadline = batch.cancellationDeadline;
  if (batch.status === 'CancelPending') {
    return {
      kind: 'in-progress',
      detail: `Another cancel of batch ${batch.batchId} is at the bank (X-Request-Id ${batch.cancel?.requestId}); try again once it is answered.`,
    };
  }
  if (batch.status === 'Sending') {
    return {
      kind: 'in-progress',
      detail: `Batch ${batch.batchId} is being sent to the bank (X-Request-Id ${batch.requestId}); try again once it is answered.`,
    };
  }
  // The bank may have it scheduled, with a deadline the gateway cannot know: the bank decides.
  if (batch.status === 'OutcomeUnknown') return undefined;
  if (batch.status === 'Refused') {
    return {
      kind: 'not-cancellable',
      detail: `Batch ${batch.batchId} was refused by the bank: there is nothing to cancel.`,
    };
  }
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
  if (batch.status !== 'Scheduled') {
    return {
      kind: 'not-cancellable',
      ...(deadline !== undefined && { deadline }),
      detail: `Batch ${batch.batchId} is ${batch.status} and can no longer be cancelled${deadline === undefined ? '' : ` (deadline ${deadline})`}.`,
    };
  }
  return undefined;
}

export interface TransactionChange {
  to: TransactionStatus;
  at: string;
  /** The webhook key or X-Request-Id: a change by the same cause is never applied twice. */
  cause: string;
  transactionId?: string;
  reason?: string;
}

/** What a change does to a transaction: moves it up, or records a second final outcome beside the first. */
export type TransactionUpdate =
  | { kind: 'moved'; next: BatchTransaction; transition: TransactionTransition }
  | { kind: 'conflict'; transition: TransactionTransition };

const rank = (status: TransactionStatus) => (status === 'Submitted' ? 0 : status === 'Created' ? 1 : 2);

/**
 * A change to a transaction: up the order only (Submitted, Created, then one final state); a final state
 * other than the one the transaction has is a conflict, kept once per outcome; anything else (a step back, the
 * same final state again) changes nothing.
 */
export function transactionUpdate(
  batchId: string,
  endToEndId: string,
  transaction: BatchTransaction,
  change: TransactionChange,
): TransactionUpdate | undefined {
  const transition: TransactionTransition = {
    transitionId: `${batchId}:${endToEndId}:${change.to}`,
    from: transaction.status,
    to: change.to,
    at: change.at,
    cause: change.cause,
  };
  if (isFinal(transaction.status)) {
    const known = transaction.status === change.to || transaction.history.some((t) => t.to === change.to);
    return isFinal(change.to) && !known
      ? { kind: 'conflict', transition: { ...transition, conflict: true } }
      : undefined;
  }
  if (rank(change.to) <= rank(transaction.status)) return undefined;
  const next: BatchTransaction = {
    ...transaction,
    status: change.to,
    ...(change.transactionId !== undefined && { transactionId: change.transactionId }),
    ...(change.reason !== undefined && { reason: change.reason }),
    history: [...transaction.history, transition],
  };
  return { kind: 'moved', next, transition };
}

/** A transaction as it was right after `transition`: the record its event carries. */
export function transactionAsOf(
  transaction: BatchTransaction,
  transition: TransactionTransition,
): BatchTransaction {
  const upTo = transaction.history.findIndex((t) => t.transitionId === transition.transitionId);
  return {
    ...transaction,
    status: transition.to,
    history: upTo < 0 ? transaction.history : transaction.history.slice(0, upTo + 1),
  };
}

export interface PendingTransition {
  endToEndId: string;
  transaction: BatchTransaction;
  transition: TransactionTransition;
}

/**
 * The transitions of the batch still unpublished that `chosen` picks (all of them by default), each with its
 * transaction's end-to-end id.
 */
export function unpublishedTransitions(
  batch: Pick<BatchRecord, 'transactions' | 'unpublished'>,
  chosen: (transition: TransactionTransition) => boolean = () => true,
): PendingTransition[] {
  const pending = new Set(batch.unpublished ?? []);
  return Object.entries(batch.transactions).flatMap(([endToEndId, transaction]) =>
    transaction.history
      .filter((transition) => pending.has(transition.transitionId) && chosen(transition))
      .map((transition) => ({ endToEndId, transaction, transition })),
  );
}

/** A move of one transaction, written only if it still has the status it was read with. */
export interface TransactionMove {
  expected: TransactionStatus;
  next: BatchTransaction;
}

/**
 * The moves a cancel the bank confirmed makes: the transaction it named, or every open one of the batch, to
 * Cancelled; transactions already final are left as they are.
 */
export function cancelMoves(
  batch: BatchRecord,
  cancel: PendingCancel,
  at: string,
): Record<string, TransactionMove> {
  const targets = cancel.endToEndId === undefined ? Object.keys(batch.transactions) : [cancel.endToEndId];
  const moves: Record<string, TransactionMove> = {};
  for (const endToEndId of targets) {
    const transaction = batch.transactions[endToEndId];
    if (transaction === undefined) continue;
    const update = transactionUpdate(batch.batchId, endToEndId, transaction, {
      to: 'Cancelled',
      at,
      cause: cancel.requestId,
    });
    if (update?.kind === 'moved') moves[endToEndId] = { expected: transaction.status, next: update.next };
  }
  return moves;
}

/** Where a finished cancel leaves the batch: its status, and what the bank's word taught the gateway. */
export interface FinishedCancel {
  status: BatchStatus;
  fields?: Partial<BatchRecord>;
}

/**
 * Where a cancel, once over, leaves the batch. Confirmed: a batch cancel leaves it Cancelled, a transaction
 * cancel Scheduled; either way the bank has the batch scheduled, which a batch whose outcome was unknown now
 * knows. Not confirmed (refused, or the bank processed the batch instead): back to where it was, or
 * Processing when its transactions say the bank is processing it.
 */
export function finishedCancel(
  batch: Pick<BatchRecord, 'transactions'>,
  cancel: PendingCancel,
  confirmed: boolean,
): FinishedCancel {
  const from = cancel.from ?? 'Scheduled';
  if (!confirmed) {
    return { status: from === 'OutcomeUnknown' ? (statusShownByTransactions(batch) ?? from) : from };
  }
  const status = cancel.endToEndId === undefined ? 'Cancelled' : 'Scheduled';
  return from === 'OutcomeUnknown' ? { status, fields: { isScheduled: true } } : { status };
}

/**
 * The batch-level move its transactions now call for, as the bank's webhooks moved them: a pending cancel
 * they confirm or contradict, or a batch of unknown outcome they show the bank is processing.
 */
export function batchMoveShownByTransactions(batch: BatchRecord): FinishedCancel | undefined {
  if (batch.status === 'CancelPending' && batch.cancel !== undefined) {
    const shown = cancelShownByTransactions(batch, batch.cancel);
    return shown === undefined ? undefined : finishedCancel(batch, batch.cancel, shown === 'confirmed');
  }
  if (batch.status === 'OutcomeUnknown') {
    const status = statusShownByTransactions(batch);
    return status === undefined ? undefined : { status };
  }
  return undefined;
}

/**
 * What the bank's webhooks, as the batch's transactions now show them, say of a pending cancel: confirmed (the
 * transactions it targets all Cancelled), not confirmed (the bank processed the batch instead), or nothing yet.
 */
export function cancelShownByTransactions(
  batch: Pick<BatchRecord, 'transactions'>,
  cancel: PendingCancel,
): 'confirmed' | 'not-confirmed' | undefined {
  const targets =
    cancel.endToEndId === undefined
      ? Object.values(batch.transactions)
      : [batch.transactions[cancel.endToEndId]].filter((t) => t !== undefined);
  if (targets.some((t) => PROCESSING_TRANSACTION_STATUSES.includes(t.status))) return 'not-confirmed';
  if (targets.length > 0 && targets.every((t) => t.status === 'Cancelled')) return 'confirmed';
  return undefined;
}
