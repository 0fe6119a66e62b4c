import { addMilliseconds } from '../domain/calendar.js';
import {
  isUnknownOutcome,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, problem } from '../http/problem.js';
import type { Clock } from '../ports/clock.js';
import { mccyBatchPath } from './paths.js';
import type { BatchWorkflows } from './ports.js';
import {
  type BatchRecord,
  type BatchRequest,
  cancelRefusal,
  acceptedBatchFields,
  isFinal,
  sendingBatch,
} from './records.js';
import { type BatchEventDependencies, moveAndPublish } from './webhook-hook.js';

export const MCCY_PAYMENTS_TRACKER = 'mccy-payments';

/** After the processing time, how long the settlement webhooks may take before a batch is overdue. */
export const DEFAULT_OVERDUE_AFTER_MINUTES = 240;

export interface MccyPaymentsDependencies extends BatchEventDependencies {
  /** The bank's clock (receipt time, the cancellation deadline): the simulator's in the sandbox. */
  clock: Clock;
  workflows: BatchWorkflows;
  overdueAfterMinutes?: number;
  /** Counts a workflow that could not be started (a Powertools metric on AWS). */
  countWorkflowStartFailure?: () => void;
}

/**
 * The multi-currency payments tracker of the operation use case. A batch is claimed (Sending, each
 * transaction Submitted) before the POST is sent, so a second batch with the same id is refused and any
 * webhook finds it; the bank's 202 records its schedule and starts its workflow when scheduled. A cancel of
 * a known batch is refused locally when the batch was not scheduled, the deadline passed (on the bank's
 * clock) or the window is closed (422 with the deadline), and otherwise claims the batch (CancelPending)
 * with one conditional write: a concurrent second cancel gets 409.
 */
export function mccyPaymentsTracker(deps: MccyPaymentsDependencies): OperationTracker {
  return {
    claim: async (call) => {
      if (call.operationId === 'createMccyPayments') return claimBatch(call, deps);
      if (call.operationId === 'cancelMccyBatch' || call.operationId === 'cancelMccyTransaction')
        return claimCancel(call, deps);
      return undefined;
    },
    settle: async (call, answer) => {
      if (call.operationId === 'createMccyPayments') await settleBatch(call, answer, deps);
      if (call.operationId === 'cancelMccyBatch' || call.operationId === 'cancelMccyTransaction')
        await settleCancel(call, answer, deps);
    },
  };
}

async function claimBatch(
  call: TrackedCall,
  deps: MccyPaymentsDependencies,
): Promise<HttpResult | undefined> {
  const request = call.body as BatchRequest;
  const batch = sendingBatch(request, call.requestId, deps.clock.now());
  if (await deps.store.claimSending(batch)) return undefined;
  const detail = `A batch with batchId ${request.batchId} was already sent; a batchId names one batch (see ${mccyBatchPath(request.batchId)}).`;
  return problem(409, 'Conflict', detail, { batchId: [detail] }, {}, mccyBatchPath(request.batchId));
}

async function settleBatch(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: MccyPaymentsDependencies,
): Promise<void> {
  const { batchId } = call.body as BatchRequest;
  if (isUnknownOutcome(answer)) {
    deps.log.warn('multi-currency batch outcome unknown; the batch stays Sending', {
      batchId,
      requestId: call.requestId,
    });
    return;
  }
  const at = deps.clock.now();
  const isScheduled = (answer.body as { isScheduled?: unknown } | undefined)?.isScheduled;
  if (answer.status === 202 && typeof isScheduled === 'boolean') {
    const batch = await deps.store.get(batchId);
    if (batch === undefined) return;
    const fields = acceptedBatchFields(batch, isScheduled, at);
    const settled = await deps.store.settleSending(batchId, call.requestId, fields, {
      status: fields.status,
      at: at.toISOString(),
      requestId: call.requestId,
    });
    if (settled && fields.isScheduled) await startWorkflow({ ...batch, ...fields }, deps);
    return;
  }
  if (answer.status >= 400 && answer.status < 500) {
    await deps.store.settleSending(
      batchId,
      call.requestId,
      { status: 'Refused' },
      { status: 'Refused', at: at.toISOString(), requestId: call.requestId },
    );
    return;
  }
  deps.log.warn('multi-currency batch answered without isScheduled; the batch stays Sending', {
    batchId,
    requestId: call.requestId,
    status: answer.status,
  });
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
    deps.countWorkflowStartFailure?.();
  }
}

function cancelTarget(call: TrackedCall): { batchId: string; endToEndId?: string } {
  const { batchId, endToEndId } = call.pathParams ?? {};
  return { batchId: batchId as string, ...(endToEndId !== undefined && { endToEndId }) };
}

async function claimCancel(
  call: TrackedCall,
  deps: MccyPaymentsDependencies,
): Promise<HttpResult | undefined> {
  const { batchId, endToEndId } = cancelTarget(call);
  const now = deps.clock.now();
  const instance = mccyBatchPath(batchId);
  for (let attempt = 0; attempt < 2; attempt++) {
    const batch = await deps.store.get(batchId);
    // A batch the gateway does not know (sent elsewhere, or before it kept batches) goes to the bank as it is.
    if (batch === undefined) return undefined;
    const refusal = cancelRefusal(batch, endToEndId, call.requestId, now);
    if (refusal?.kind === 'in-progress')
      return problem(409, 'Conflict', refusal.detail, undefined, {}, instance);
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
    const claimed = await deps.store.claimCancel(
      batchId,
      { requestId: call.requestId, at: now.toISOString(), ...(endToEndId !== undefined && { endToEndId }) },
      { status: 'CancelPending', at: now.toISOString(), requestId: call.requestId },
    );
    if (claimed) return undefined;
  }
  return problem(
    409,
    'Conflict',
    `Batch ${batchId} changed while this cancel was being claimed; try again.`,
    undefined,
    {},
    instance,
  );
}

async function settleCancel(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: MccyPaymentsDependencies,
): Promise<void> {
  const { batchId, endToEndId } = cancelTarget(call);
  const batch = await deps.store.get(batchId);
  if (batch?.status !== 'CancelPending' || batch.cancel?.requestId !== call.requestId) return;
  const at = deps.clock.now().toISOString();
  if (isUnknownOutcome(answer) || answer.status >= 500) {
    // The workflow sees CancelPending at the deadline and alarms on it.
    deps.log.error('multi-currency cancel outcome unknown; the batch stays CancelPending', {
      batchId,
      endToEndId,
      requestId: call.requestId,
    });
    return;
  }
  if (answer.status >= 200 && answer.status < 300) {
    const change = { to: 'Cancelled' as const, at, cause: call.requestId };
    const cancelled =
      endToEndId === undefined
        ? Object.entries(batch.transactions)
            .filter(([, transaction]) => !isFinal(transaction.status))
            .map(([id]) => id)
        : [endToEndId];
    for (const id of cancelled) await moveAndPublish(batchId, id, change, deps);
    await deps.store.finishCancel(batchId, call.requestId, {
      status: endToEndId === undefined ? 'Cancelled' : 'Scheduled',
      at,
      requestId: call.requestId,
    });
    return;
  }
  await deps.store.finishCancel(batchId, call.requestId, {
    status: 'Scheduled',
    at,
    requestId: call.requestId,
  });
}
