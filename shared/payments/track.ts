import type { Log } from '../bank/client.js';
import {
  MAX_CONTENDED_WRITES,
  publishLatestChange,
  type OperationTracker,
  statusChangedEvent,
  isUnknownOutcome,
  type TrackedAnswer,
  type TrackedCall,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, problem } from '../http/problem.js';
import { liveCheck, type NameCheckOutcome, nameCheckPath, outcomeOf } from '../name-checks/outcome.js';
import { type NameCheckPolicy, policyRefusal } from '../name-checks/policy.js';
import type { NameCheckStore } from '../name-checks/ports.js';
import type { EventPublisher, GatewayEvent } from '../webhooks/ports.js';
import type { StateHook } from '../webhooks/process.js';
import type { BankBookings, PaymentStore } from './ports.js';
import {
  answeredResponses,
  type PaymentIntent,
  paymentIntents,
  type PaymentWebhook,
  paymentWebhook,
} from './read.js';
import {
  applyChange,
  appliedBy,
  type Change,
  createdRecord,
  isClaimable,
  isPaymentStatus,
  type PaymentRecord,
  reclaimedRecord,
  type Transition,
} from './status.js';

export interface PaymentDependencies {
  store: PaymentStore;
  events: EventPublisher;
  log: Log;
  /** Where the tracker reads what the bank booked (the operation path only; webhooks need none). */
  bookings?: BankBookings;
  /**
   * Name-check outcomes by end-to-end id, read on claim (the operation path only): each claimed payment
   * carries its check, and the policy may refuse it before anything is claimed or sent.
   */
  nameChecks?: { store: Pick<NameCheckStore, 'get'>; policy: NameCheckPolicy };
}

/** The tracker's name, as operations name it (`Operation.tracker`). */
export const PAYMENTS_TRACKER = 'payments';
export const PAYMENT_STATUS_CHANGED = 'PaymentStatusChanged';

/** Where the gateway serves a payment's record. */
export function paymentPath(endToEndId: string): string {
  return `/gateway/payments/${encodeURIComponent(endToEndId)}`;
}

export function paymentStatusChanged(record: PaymentRecord, transition: Transition): GatewayEvent {
  return statusChangedEvent(PAYMENT_STATUS_CHANGED, record, transition);
}

/**
 * The payments tracker of the operation use case: claims one record per credit transfer before the bank is
 * called, and moves them on the bank's answer. Events of this path are published best effort (logged on
 * failure): the caller's answer never depends on them.
 */
export function paymentsTracker(deps: PaymentDependencies): OperationTracker {
  return {
    claim: (call) => claimPayments(call, deps),
    settle: (call, answer) => settlePayments(call, answer, deps),
  };
}

async function claimPayments(call: TrackedCall, deps: PaymentDependencies): Promise<HttpResult | undefined> {
  const intents = await withNameChecks(paymentIntents(call.body), call, deps);
  if (!Array.isArray(intents)) return intents;
  const claimed: PaymentIntent[] = [];
  for (const intent of intents) {
    const outcome = await claimOne(intent, call, deps);
    if (outcome.conflict === undefined) {
      if (outcome.claimed) claimed.push(intent);
      continue;
    }
    // Nothing is sent: the ids this request took are given back (Refused, claimable again).
    for (const taken of claimed)
      await moveBestEffort(taken.endToEndId, { to: 'Refused', at: call.now, cause: '409' }, call, deps);
    const path = paymentPath(outcome.conflict.endToEndId);
    return problem(
      409,
      'Payment already submitted',
      `The end-to-end id ${outcome.conflict.endToEndId} belongs to another payment (status ${outcome.conflict.status}), see ${path}. Use a new end-to-end id, or the same Idempotency-Key to repeat that request.`,
      { endToEndIdentification: [`is already used by ${path}`] },
      { 'x-request-id': call.requestId },
      path,
    );
  }
  if (intents.length > 0)
    await deps.store.rememberRequest(
      call.requestId,
      intents.map((intent) => intent.endToEndId),
      call.now,
    );
  return undefined;
}

/**
 * Each intent with the name check of its end-to-end id (while it counts), or the policy's refusal of the
 * first payment it refuses: a 422 naming that end-to-end id and the check, before anything is claimed.
 * With the policy off, a check that cannot be read is logged and the payment goes on without it.
 */
async function withNameChecks(
  intents: PaymentIntent[],
  call: TrackedCall,
  deps: PaymentDependencies,
): Promise<PaymentIntent[] | HttpResult> {
  const nameChecks = deps.nameChecks;
  if (nameChecks === undefined) return intents;
  const result: PaymentIntent[] = [];
  for (const intent of intents) {
    let check: NameCheckOutcome | undefined;
    try {
      const live = liveCheck(await nameChecks.store.get(intent.endToEndId), call.now);
      check = live === undefined ? undefined : outcomeOf(live);
    } catch (error) {
      if (nameChecks.policy.mode !== 'off') throw error;
      deps.log.warn('the name check could not be read; the payment goes on without it', {
        endToEndId: intent.endToEndId,
        reason: (error as Error).message,
      });
    }
    const refusal = policyRefusal(nameChecks.policy, intent.facts, check);
    if (refusal !== undefined) {
      return problem(
        422,
        'Refused by the name-check policy',
        `The payment with end-to-end id ${intent.endToEndId} was not sent: ${refusal}. Nothing was sent or claimed.`,
        {
          endToEndIdentification: [
            check === undefined
              ? `${intent.endToEndId} has no name check (policy refuse-no-match, requireAbove)`
              : `${intent.endToEndId} was name-checked with outcome ${check.outcome}`,
          ],
        },
        { 'x-request-id': call.requestId },
        nameCheckPath(intent.endToEndId),
      );
    }
    result.push(check === undefined ? intent : { ...intent, facts: { ...intent.facts, nameCheck: check } });
  }
  return result;
}

async function claimOne(
  intent: PaymentIntent,
  call: TrackedCall,
  deps: PaymentDependencies,
): Promise<{ claimed: boolean; conflict?: PaymentRecord }> {
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const fresh = createdRecord(
      intent.endToEndId,
      'Outbound',
      intent.facts,
      { to: 'Submitted', at: call.now, cause: 'claim' },
      call.requestId,
    );
    if (await deps.store.create(fresh)) {
      await publishLatestChange(PAYMENT_STATUS_CHANGED, fresh, deps);
      return { claimed: true };
    }
    const existing = await deps.store.get(intent.endToEndId);
    if (existing === undefined) continue;
    // A retry of the same Idempotency-Key (or the same id twice in one request) holds it already.
    if (existing.requestId === call.requestId) return { claimed: false };
    if (!isClaimable(existing.status)) return { claimed: false, conflict: existing };
    const next = reclaimedRecord(existing, intent.facts, call.requestId, call.now);
    if (await deps.store.replace(next, existing)) {
      await publishLatestChange(PAYMENT_STATUS_CHANGED, next, deps);
      return { claimed: true };
    }
  }
  throw new Error(`payment ${intent.endToEndId} is being changed by others; try again`);
}

async function settlePayments(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: PaymentDependencies,
): Promise<void> {
  const ours = (record: PaymentRecord) => record.requestId === call.requestId;
  if (isUnknownOutcome(answer)) {
    // No answer: the records stay Submitted. Processed earlier: the bank's payment data decides.
    if (answer.unknown === 'already-processed' && deps.bookings !== undefined)
      await readBack(call, deps.bookings, deps, ours);
    return;
  }
  if (answer.status === 202) {
    const responses = answeredResponses(answer.body);
    for (const { endToEndId, response } of responses) {
      if (!isPaymentStatus(response)) {
        deps.log.warn('the bank answered an unknown payment response; the record stays', {
          endToEndId,
          response,
        });
        continue;
      }
      await moveBestEffort(endToEndId, { to: response, at: call.now, cause: '202' }, call, deps, ours);
    }
    return;
  }
  if (answer.status >= 400 && answer.status < 500) {
    for (const { endToEndId } of paymentIntents(call.body))
      await moveBestEffort(
        endToEndId,
        { to: 'Refused', at: call.now, cause: String(answer.status) },
        call,
        deps,
        ours,
      );
  }
}

/**
 * The bank processed an earlier attempt whose 202 never arrived (its answer to the retry is 409, so no
 * per-transfer response): no webhook ever tells of a refused transfer, so the bank's payment data decides.
 * A booked debit is Accepted (its webhook settles it); none was refused (reason unknown, claimable again).
 * A read that fails leaves the record Submitted, logged.
 */
async function readBack(
  call: TrackedCall,
  bookings: BankBookings,
  deps: PaymentDependencies,
  guard: (record: PaymentRecord) => boolean,
): Promise<void> {
  for (const { endToEndId } of paymentIntents(call.body)) {
    let booked: boolean;
    try {
      booked = await bookings.isBooked(endToEndId, call.deadline);
    } catch (error) {
      deps.log.error('the bank’s payment data could not be read; the record stays Submitted', {
        endToEndId,
        requestId: call.requestId,
        reason: (error as Error).message,
      });
      continue;
    }
    const change: Change = { to: booked ? 'Accepted' : 'Refused', at: call.now, cause: 'read-back' };
    await moveBestEffort(endToEndId, change, call, deps, guard);
  }
}

/** In the operation path: a failure is logged per record, so the others still move and the caller gets its answer. */
async function moveBestEffort(
  endToEndId: string,
  change: Change,
  call: TrackedCall,
  deps: PaymentDependencies,
  guard?: (record: PaymentRecord) => boolean,
): Promise<void> {
  try {
    const moved = await move(endToEndId, change, deps.store, { guard });
    if (moved?.kind === 'moved') await publishLatestChange(PAYMENT_STATUS_CHANGED, moved.record, deps);
  } catch (error) {
    deps.log.error('a payment record could not be moved', {
      endToEndId,
      to: change.to,
      requestId: call.requestId,
      reason: (error as Error).message,
    });
  }
}

type Moved =
  | { kind: 'moved'; record: PaymentRecord }
  /** This cause's transition was written before (a redelivery): publish it again. */
  | { kind: 'applied'; record: PaymentRecord; transition: Transition };

/**
 * One transition by conditional write: read, apply the pure rule, write only if nobody moved the record
 * meanwhile (status and generation unchanged), else read again. Undefined when nothing changes.
 */
async function move(
  endToEndId: string,
  change: Change,
  store: PaymentStore,
  options: { guard?: (record: PaymentRecord) => boolean; create?: () => PaymentRecord },
): Promise<Moved | undefined> {
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const record = await store.get(endToEndId);
    if (record === undefined) {
      if (options.create === undefined) return undefined;
      const created = options.create();
      if (await store.create(created)) return { kind: 'moved', record: created };
      continue;
    }
    const applied = appliedBy(record, change.cause, change.to);
    if (applied !== undefined) return { kind: 'applied', record, transition: applied };
    if (options.guard && !options.guard(record)) return undefined;
    const next = applyChange(record, change);
    if (next === undefined) return undefined;
    if (await store.replace(next, record)) return { kind: 'moved', record: next };
  }
  throw new Error(`payment ${endToEndId} is being changed by others; the webhook will be retried`);
}

/**
 * The payments a failure message names. The failure entries' `EndToEndId`s say which credit transfers failed
 * (a request's other transfers go on); when `MessageId` is a request of ours (its `X-Request-Id`), only its own
 * claims move. Without entries, every transfer of that request fails, or, for an unknown request, the payment
 * whose end-to-end id is the message id.
 */
async function failedPayments(
  seen: Extract<PaymentWebhook, { kind: 'message' }>,
  store: PaymentStore,
): Promise<Array<{ endToEndId: string; guard?: (record: PaymentRecord) => boolean }>> {
  const byRequest = await store.endToEndIdsOf(seen.messageId);
  const fromRequest = (record: PaymentRecord) => record.requestId === seen.messageId;
  if (byRequest.length === 0) {
    const named = seen.endToEndIds.length > 0 ? seen.endToEndIds : [seen.messageId];
    return named.map((endToEndId) => ({ endToEndId }));
  }
  const named =
    seen.endToEndIds.length > 0 ? byRequest.filter((id) => seen.endToEndIds.includes(id)) : byRequest;
  return named.map((endToEndId) => ({ endToEndId, guard: fromRequest }));
}

/**
 * The processor's payments hook, run after the webhook's identity is claimed and before it is marked
 * published. A failure (the store, the bus) throws, so the message is retried; the retry finds its own
 * transition applied and publishes it again (at least once, `transitionId` stable).
 */
export function paymentsWebhookHook(deps: PaymentDependencies): StateHook {
  return async (webhook) => {
    const seen = paymentWebhook(webhook.type, webhook.payload);
    if (seen === undefined) return;
    const change = (to: Change['to'], screening?: Change['screening']): Change => ({
      to,
      at: webhook.now,
      cause: webhook.key,
      ...(screening && { screening }),
    });
    const results: Array<Moved | undefined> = [];
    if (seen.kind === 'message') {
      for (const { endToEndId, guard } of await failedPayments(seen, deps.store))
        results.push(await move(endToEndId, change(seen.to), deps.store, { guard }));
    } else {
      const moveTo = change(seen.to, seen.screening);
      const create = () => createdRecord(seen.endToEndId, seen.direction, seen.facts, moveTo);
      if (seen.direction === 'Inbound') {
        // A credit is recorded the first time it is seen; an id we know (our own payment) is left alone.
        const existing = await deps.store.get(seen.endToEndId);
        if (existing === undefined || appliedBy(existing, webhook.key, seen.to)) {
          results.push(await move(seen.endToEndId, moveTo, deps.store, { create }));
        }
      } else {
        results.push(
          await move(seen.endToEndId, moveTo, deps.store, {
            ...(seen.fasterPayments && { create }),
          }),
        );
      }
    }
    for (const result of results) {
      if (result === undefined) continue;
      const transition =
        result.kind === 'applied'
          ? result.transition
          : (result.record.history[result.record.history.length - 1] as Transition);
      await deps.events.publish(paymentStatusChanged(result.record, transition));
    }
  };
}
