import { addMilliseconds } from '../domain/calendar.js';
import { OUTCOME_UNKNOWN, raisedAround, UNPUBLISHED_EVENT } from '../gateway/attention.js';
import { earlyReads, readsStartingFrom } from '../gateway/early-reads.js';
import {
  isUnknownOutcome,
  MAX_CONTENDED_WRITES,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
  TransientRefusal,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, problem } from '../http/problem.js';
import type { Clock } from '../ports/clock.js';
import { batchAttention, batchAttentionItem, clearBatchAttention, raiseBatchAttention } from './attention.js';
import { mccyBatchPath } from './paths.js';
import type { BatchWorkflows } from './ports.js';
import {
  acceptedBatchFields,
  type BatchRecord,
  type BatchRequest,
  type BatchStatus,
  type CancellableStatus,
  cancelMoves,
  cancelRefusal,
  claimedAt,
  earliestReceipt,
  finishedCancel,
  sendingBatch,
  statusShownByTransactions,
  unknownOutcomeFields,
} from './records.js';
import { type BatchEventDependencies, finishWhenAllFinal, publishPending } from './webhook-hook.js';

export const MCCY_PAYMENTS_TRACKER = 'mccy-payments';

/** Counted when an accepted scheduled batch's workflow could not be started (alarmed on AWS). */
export const WORKFLOW_NOT_STARTED_METRIC = 'MccyWorkflowStartFailed';

/** After the processing time, how long the settlement webhooks may take before a batch is overdue. */
export const DEFAULT_OVERDUE_AFTER_MINUTES = 240;

/**
 * Longer than any invocation runs (Lambda's limit): a batch still Sending after this lost its answer with
 * the invocation that sent it, and its outcome is unknown.
 */
export const SENDING_OUTLIVES_ITS_INVOCATION_MS = 15 * 60_000;

export interface MccyPaymentsDependencies extends BatchEventDependencies {
  /** The bank's clock (receipt time, the cancellation deadline): the simulator's in the sandbox. */
  clock: Clock;
  workflows: BatchWorkflows;
  overdueAfterMinutes?: number;
}

/**
 * The multi-currency payments tracker of the operation use case. A batch is claimed (Sending, each
 * transaction Submitted) before the POST is sent, so a second batch with the same id is refused and any
 * webhook finds it. The bank's 202 records its schedule, from the earliest moment the bank can have received
 * it, and starts its workflow when scheduled; no definitive answer leaves it OutcomeUnknown with the safe
 * schedule and its workflow started. A cancel of a known batch is refused locally when the bank said it was
 * not scheduled, the deadline passed (on the bank's clock) or the window is closed (422 with the deadline);
 * a cancel of a batch whose outcome is unknown goes to the bank. Each claims the batch (CancelPending) with one
 * conditional write; a concurrent second cancel is refused for now (409, never kept under its key).
 */
export function mccyPaymentsTracker(deps: MccyPaymentsDependencies): OperationTracker {
  const batches = earlyReads<TrackedCall, BatchRecord | undefined>();
  // The batch as this call claimed it (Sending, or CancelPending by its cancel): where its outcome's write
  // starts. Each write is conditional, so the record moved meanwhile costs a read, never a wrong write.
  const claimed = new WeakMap<TrackedCall, BatchRecord>();
  const isCancel = (call: TrackedCall) =>
    call.operationId === 'cancelMccyBatch' || call.operationId === 'cancelMccyTransaction';
  return {
    prepare: (call) => {
      if (isCancel(call)) batches.begin(call, () => deps.store.get(cancelTarget(call).batchId));
    },
    claim: async (call) => {
      const remember = (batch: BatchRecord) => void claimed.set(call, batch);
      if (call.operationId === 'createMccyPayments') return claimBatch(call, deps, remember);
      if (isCancel(call)) return claimCancel(call, deps, batches.take(call), remember);
      return undefined;
    },
    settle: async (call, answer) => {
      if (call.operationId === 'createMccyPayments') await settleBatch(call, answer, deps, claimed.get(call));
      if (isCancel(call)) await settleCancel(call, answer, deps, claimed.get(call));
    },
  };
}

async function claimBatch(
  call: TrackedCall,
  deps: MccyPaymentsDependencies,
  remember: (batch: BatchRecord) => void,
): Promise<HttpResult | undefined> {
  const request = call.body as BatchRequest;
  const batch = sendingBatch(request, call.requestId, deps.clock.now());
  const claim = await deps.store.claimSending(batch);
  if (claim === 'claimed') remember(batch);
  if (claim !== 'taken') return undefined;
  const existing = await deps.store.get(request.batchId);
  const instance = mccyBatchPath(request.batchId);
  const detail =
    existing?.status === 'Refused' && existing.requestId === call.requestId
      ? `Batch ${request.batchId} was refused by the bank for this request; send it again with a new Idempotency-Key (see ${instance}).`
      : `A batch with batchId ${request.batchId} was already sent; a batchId names one batch (see ${instance}).`;
  return problem(409, 'Conflict', detail, { batchId: [detail] }, {}, instance);
}

/** Statuses in which a batch waits for its POST's answer (Sending), or for any word of the bank. */
const awaitsAnswer = (batch: BatchRecord) => batch.status === 'Sending' || batch.status === 'OutcomeUnknown';

/** The 202's `isScheduled`; undefined for any other answer. */
function scheduledFlagOf(answer: TrackedAnswer | UnknownOutcome): boolean | undefined {
  if (isUnknownOutcome(answer) || answer.status !== 202) return undefined;
  const isScheduled = (answer.body as { isScheduled?: unknown } | undefined)?.isScheduled;
  return typeof isScheduled === 'boolean' ? isScheduled : undefined;
}

/**
 * The batch's POST answered, or not. A 202 starts from the batch as this call claimed it (`claimed`), whose
 * schedule depends only on what the claim wrote; an unknown outcome reads it, since what its webhooks said
 * meanwhile decides its status.
 */
async function settleBatch(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: MccyPaymentsDependencies,
  claimed: BatchRecord | undefined,
): Promise<void> {
  const { batchId } = call.body as BatchRequest;
  // Only the first send's own 4xx refuses it (one conditional write, from Sending only): after an attempt
  // without an answer, a 4xx may come before the bank looks for its duplicate (a token, a signature) and says
  // nothing of what the earlier attempt did, so an OutcomeUnknown batch stays so.
  if (!isUnknownOutcome(answer) && answer.status >= 400) {
    const at = deps.clock.now().toISOString();
    const refused = { status: 'Refused' as const, at, requestId: call.requestId };
    if (await deps.store.settleSending(batchId, call.requestId, { status: 'Refused' }, refused, ['Sending']))
      return;
  }
  const isScheduled = scheduledFlagOf(answer);
  const batch = isScheduled !== undefined && claimed !== undefined ? claimed : await deps.store.get(batchId);
  if (batch === undefined || batch.requestId !== call.requestId || !awaitsAnswer(batch)) return;
  const now = deps.clock.now();
  const receivedAt = earliestReceipt(batch, call.firstSentAt, now);
  if (isScheduled !== undefined) return acceptBatch(batch, isScheduled, receivedAt, now, deps);
  const why = isUnknownOutcome(answer) ? answer.unknown : `status ${answer.status}`;
  await recordUnknownOutcome(batch, receivedAt, why, deps);
}

async function acceptBatch(
  batch: BatchRecord,
  isScheduled: boolean,
  receivedAt: Date,
  now: Date,
  deps: MccyPaymentsDependencies,
): Promise<void> {
  const fields = acceptedBatchFields(batch, isScheduled, receivedAt);
  const entry = { status: fields.status, at: now.toISOString(), requestId: batch.requestId };
  const accepted = await deps.store.settleSending(batch.batchId, batch.requestId, fields, entry);
  if (accepted === undefined) return;
  if (batch.status === 'OutcomeUnknown') await clearBatchAttention(deps, batch.batchId, OUTCOME_UNKNOWN);
  if (fields.isScheduled) await startWorkflow({ ...batch, ...fields }, deps);
  // Taken at once, its webhooks may have made every transaction final before this answer was recorded.
  await finishWhenAllFinal(accepted, { at: entry.at, requestId: batch.requestId }, deps);
}

/**
 * No definitive answer: the batch is OutcomeUnknown (or Processing, when its webhooks already said the bank
 * is processing it), with the safe schedule from the earliest moment the bank can have received it, and its
 * workflow started on it, so the deadline and the overdue alarm come no later than the bank's.
 */
async function recordUnknownOutcome(
  batch: BatchRecord,
  earliest: Date,
  why: string,
  deps: MccyPaymentsDependencies,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const facts = { batchId: batch.batchId, requestId: batch.requestId, why };
  if (batch.status === 'OutcomeUnknown') {
    deps.log.warn('multi-currency batch outcome still unknown', facts);
    await raiseBatchAttention(deps, batch.batchId, OUTCOME_UNKNOWN, at);
    return;
  }
  const shown = statusShownByTransactions(batch);
  const entry = (status: BatchStatus) => ({ status, at, requestId: batch.requestId });
  if (shown !== undefined) {
    const after = await deps.store.settleSending(
      batch.batchId,
      batch.requestId,
      { status: shown },
      entry(shown),
    );
    if (after !== undefined) await finishWhenAllFinal(after, { at, requestId: batch.requestId }, deps);
    return;
  }
  const fields = unknownOutcomeFields(batch, earliest);
  // Raised before the write: a webhook showing the bank processing it at once clears the item after it.
  const written = await raisedAround(
    batchAttention(deps),
    batchAttentionItem(batch.batchId, OUTCOME_UNKNOWN, at),
    () => deps.store.settleSending(batch.batchId, batch.requestId, fields, entry(fields.status)),
    // Not written: another writer took it out of Sending first (its own unknown outcome, which keeps the item).
    () => true,
  );
  if (!written) return;
  deps.log.warn(
    'multi-currency batch outcome unknown; the bank decides its cancels until it says more',
    facts,
  );
  await startWorkflow({ ...batch, ...fields, receivedAt: earliest.toISOString() }, deps);
}

/** Starts the batch's workflow; a failure is logged and counted, never shown to the caller (the 202 stands). */
async function startWorkflow(batch: BatchRecord, deps: MccyPaymentsDependencies): Promise<void> {
  const processingAt = new Date(batch.processingAt as string);
  const overdueMs = (deps.overdueAfterMinutes ?? DEFAULT_OVERDUE_AFTER_MINUTES) * 60_000;
  try {
    await deps.workflows.start({
      batchId: batch.batchId,
      currency: batch.currency,
      receivedAt: batch.receivedAt as string,
      processingAt: batch.processingAt as string,
      cancellationDeadline: batch.cancellationDeadline as string,
      overdueAt: addMilliseconds(processingAt, overdueMs, 'processingAt').toISOString(),
    });
  } catch (error) {
    deps.log.error('the workflow of a scheduled multi-currency batch could not be started', {
      batchId: batch.batchId,
      reason: (error as Error).message,
    });
    deps.count?.(WORKFLOW_NOT_STARTED_METRIC);
  }
}

function cancelTarget(call: TrackedCall): { batchId: string; endToEndId?: string } {
  const { batchId, endToEndId } = call.pathParams ?? {};
  return { batchId: batchId as string, ...(endToEndId !== undefined && { endToEndId }) };
}

/** A batch whose POST outlived the invocation that sent it: its answer is lost. */
const outlivedItsSend = (batch: BatchRecord, now: Date) =>
  batch.status === 'Sending' &&
  now.getTime() - claimedAt(batch).getTime() > SENDING_OUTLIVES_ITS_INVOCATION_MS;

async function claimCancel(
  call: TrackedCall,
  deps: MccyPaymentsDependencies,
  begun: Promise<BatchRecord | undefined> | undefined,
  remember: (batch: BatchRecord) => void,
): Promise<HttpResult | undefined> {
  const { batchId, endToEndId } = cancelTarget(call);
  const now = deps.clock.now();
  const instance = mccyBatchPath(batchId);
  const nextRead = readsStartingFrom(begun, () => deps.store.get(batchId));
  for (let attempt = 0; attempt < 2; attempt++) {
    const batch = await nextRead();
    // A batch the gateway does not know (sent elsewhere, or before it kept batches) goes to the bank as it is.
    if (batch === undefined) return undefined;
    if (outlivedItsSend(batch, now)) {
      await recordUnknownOutcome(batch, claimedAt(batch), 'its send outlived its invocation', deps);
      continue;
    }
    const refusal = cancelRefusal(batch, endToEndId, call.requestId, now);
    if (refusal?.kind === 'in-progress')
      throw new TransientRefusal(problem(409, 'Conflict', refusal.detail, undefined, {}, instance));
    if (refusal?.kind === 'unknown-transaction')
      return problem(404, 'Not Found', refusal.detail, { endToEndId: [refusal.detail] }, {}, instance);
    if (refusal !== undefined) {
      const field = refusal.kind === 'not-scheduled' ? 'batchId' : 'cancellationDeadline';
      return problem(
        422,
        'Cancellation refused',
        refusal.detail,
        { [field]: [refusal.detail] },
        {},
        instance,
      );
    }
    // This cancel's own retry: already claimed.
    if (batch.status === 'CancelPending') return undefined;
    const at = now.toISOString();
    const cancel = {
      requestId: call.requestId,
      at,
      from: batch.status as CancellableStatus,
      ...(endToEndId !== undefined && { endToEndId }),
    };
    const entry = { status: 'CancelPending' as const, at, requestId: call.requestId };
    if (await deps.store.claimCancel(batchId, cancel, entry)) {
      remember({ ...batch, status: 'CancelPending', cancel, history: [...batch.history, entry] });
      return undefined;
    }
  }
  throw new TransientRefusal(
    problem(
      409,
      'Conflict',
      `Batch ${batchId} changed while this cancel was being claimed; try again.`,
      undefined,
      {},
      instance,
    ),
  );
}

/**
 * The cancel's answer, written from the batch as this call claimed it (`claimed`) when it did: then no
 * earlier attempt of this cancel can have listed it as pending, so there is no item to clear.
 */
async function settleCancel(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: MccyPaymentsDependencies,
  claimed: BatchRecord | undefined,
): Promise<void> {
  const { batchId, endToEndId } = cancelTarget(call);
  const pendingByThis = (batch: BatchRecord | undefined) =>
    batch?.status === 'CancelPending' && batch.cancel?.requestId === call.requestId;
  const read = () => deps.store.get(batchId);
  if (!isUnknownOutcome(answer)) {
    const batch = claimed ?? (await read());
    if (batch !== undefined && pendingByThis(batch))
      await finishCancel(batch, call.requestId, answer.status < 300, deps, claimed === undefined);
    return;
  }
  // Its webhooks settle it (the hook); meanwhile the workflow waits at the deadline, and it is listed: raised
  // before the batch is read, so webhooks finishing the cancel at once clear the item after it.
  const item = batchAttentionItem(batchId, 'cancel-pending', deps.clock.now().toISOString());
  if (pendingByThis(await raisedAround(batchAttention(deps), item, read, pendingByThis)))
    deps.log.error('multi-currency cancel outcome unknown; the batch stays CancelPending', {
      batchId,
      endToEndId,
      requestId: call.requestId,
      why: answer.unknown,
    });
}

/**
 * Finishes a cancel the bank answered, in one write: its status, and on a confirmation every transaction it
 * cancelled; then the events. A transaction moved meanwhile (a webhook) is read again and the write retried.
 * The batch is listed for its unpublished events beside the write, so the sweep finds them should this
 * invocation end before they are out; `pendingListed`: an earlier attempt may have listed the cancel pending.
 */
async function finishCancel(
  read: BatchRecord,
  requestId: string,
  confirmed: boolean,
  deps: MccyPaymentsDependencies,
  pendingListed: boolean,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  let batch: BatchRecord | undefined = read;
  let listed = false;
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const cancel = batch?.cancel;
    if (batch === undefined || batch.status !== 'CancelPending' || cancel?.requestId !== requestId) {
      // Its webhooks finished it first.
      if (listed) await clearBatchAttention(deps, read.batchId, UNPUBLISHED_EVENT);
      return;
    }
    const moves = confirmed ? cancelMoves(batch, cancel, at) : {};
    const { status, fields } = finishedCancel(batch, cancel, confirmed);
    const moving = Object.keys(moves).length > 0;
    const listing: Promise<void> | undefined =
      moving && !listed ? raiseBatchAttention(deps, batch.batchId, UNPUBLISHED_EVENT, at) : undefined;
    listed ||= listing !== undefined;
    const [after] = await Promise.all([
      deps.store.finishCancel(batch.batchId, requestId, {
        entry: { status, at, requestId },
        ...(fields !== undefined && { fields }),
        moves,
      }),
      listing,
    ]);
    if (after !== undefined) {
      const written = new Set(Object.values(moves).map(({ next }) => next.history.at(-1)?.transitionId));
      await Promise.all([
        pendingListed ? clearBatchAttention(deps, after.batchId, 'cancel-pending') : undefined,
        cancel.from === 'OutcomeUnknown' && status !== 'OutcomeUnknown'
          ? clearBatchAttention(deps, after.batchId, OUTCOME_UNKNOWN)
          : undefined,
        publishPending(after, deps, (transition) => written.has(transition.transitionId), listed),
        finishWhenAllFinal(after, { at, requestId }, deps),
      ]);
      return;
    }
    batch = await deps.store.get(read.batchId);
  }
  throw new Error(`batch ${read.batchId} is being changed by others; its cancel is left CancelPending`);
}
