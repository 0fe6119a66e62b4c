import { MoneyDecimal } from '../domain/money.js';
import type { Log } from '../ports/log.js';
import {
  type Attention,
  type AttentionItem,
  clearWhenKnown,
  loggedAttention,
  OUTCOME_CONFLICT_METRIC,
  OUTCOME_UNKNOWN,
  raisedAround,
} from '../gateway/attention.js';
import { earlyReads, type EarlyReads, readsStartingFrom } from '../gateway/early-reads.js';
import {
  MAX_CONTENDED_WRITES,
  sideBySide,
  publishLatestChange,
  type OperationTracker,
  statusChangedEvent,
  isUnknownOutcome,
  type TrackedAnswer,
  type TrackedCall,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, problem } from '../http/problem.js';
import {
  liveCheck,
  type NameCheckOutcome,
  nameCheckPath,
  type NameCheckRecord,
  outcomeOf,
} from '../name-checks/outcome.js';
import { type NameCheckPolicy, policyRefusal } from '../name-checks/policy.js';
import type { NameCheckStore } from '../name-checks/ports.js';
import type { Clock } from '../ports/clock.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import type { ArrivedWebhook, ClaimedWebhook, StateHook } from '../webhooks/process.js';
import type { BankBookings, PaymentStore } from './ports.js';
import {
  answeredPaymentId,
  answeredResponses,
  answersPaymentId,
  intentsOf,
  type PaymentIntent,
  type PaymentWebhook,
  paymentWebhook,
} from './read.js';
import { type ReadBackOutcome, readBackOutcome } from './read-back.js';
import { paymentPath } from './paths.js';
import {
  applyChange,
  appliedBy,
  type Change,
  createdRecord,
  isClaimable,
  isFinal,
  isPaymentStatus,
  type PaymentRecord,
  type PaymentStatus,
  reclaimedRecord,
  type ReturnOf,
  type Transition,
  transitionIdOf,
} from './status.js';

export interface PaymentDependencies {
  store: PaymentStore;
  events: EventPublisher;
  log: Log;
  /** Where the tracker reads what the bank booked (the operation path only; webhooks need none). */
  bookings?: BankBookings;
  /**
   * Name-check outcomes by end-to-end id and checked account, read on claim (the operation path only): each
   * claimed payment carries the check of its creditor account, and the policy may refuse it before anything
   * is claimed or sent.
   */
  nameChecks?: { store: Pick<NameCheckStore, 'getForEach'>; policy: NameCheckPolicy };
  /** The bank's time, read at claim (`claimedAt`); unset, the call's time. */
  clock?: Clock;
  /** Where a payment whose outcome is unknown is raised, and cleared once the bank's word moves it on. */
  attention?: Attention;
  /** Counts one occurrence of a named metric (`OUTCOME_CONFLICT_METRIC`, alarmed on AWS); unset: nothing. */
  count?: (metric: string) => void;
}

/** The attention kind of a payment (its id the end-to-end id). */
export const PAYMENT_ATTENTION = 'payment';

/** The tracker's name, as operations name it (`Operation.tracker`). */
export const PAYMENTS_TRACKER = 'payments';
export const PAYMENT_STATUS_CHANGED = 'PaymentStatusChanged';

export function paymentStatusChanged(record: PaymentRecord, transition: Transition): GatewayEvent {
  return statusChangedEvent(PAYMENT_STATUS_CHANGED, record, transition);
}

/**
 * The payments tracker of the operation use case: claims one record per credit transfer (FPS) or per payment
 * (CHAPS, cross-border, a CHAPS return) before the bank is called, and moves them on the bank's answer. The
 * name checks (and a return's received payment) are read beside the Idempotency-Key's claim, the transfers
 * claimed side by side, and their outcomes written side by side starting from the records as claimed, so a
 * request costs the same round trips whatever its number of transfers. Events of this path are published best
 * effort (logged on failure): the caller's answer never depends on them.
 */
export function paymentsTracker(deps: PaymentDependencies): OperationTracker {
  const nameChecks = earlyReads<TrackedCall, Array<NameCheckRecord | undefined>>();
  const returned = earlyReads<TrackedCall, ReadonlyMap<string, string>>();
  // The records as this call claimed them: where its outcome's writes start (each still conditional).
  const claimed = new WeakMap<TrackedCall, ReadonlyMap<string, PaymentRecord>>();
  return {
    prepare: (call) => {
      const store = deps.nameChecks?.store;
      const intents = intentsOf(call);
      if (store !== undefined) nameChecks.begin(call, () => readNameChecks(intents, store));
      if (intents.some((intent) => intent.returns !== undefined))
        returned.begin(call, () => readReturned(intents, deps.store));
    },
    claim: async (call) => {
      const result = await claimPayments(call, deps, nameChecks, returned);
      if (result instanceof Map) {
        claimed.set(call, result);
        return undefined;
      }
      return result;
    },
    settle: (call, answer) => settlePayments(call, answer, deps, claimed.get(call)),
  };
}

/** The stored name check of each intent's creditor account, in the order of the intents. */
async function readNameChecks(
  intents: readonly PaymentIntent[],
  store: Pick<NameCheckStore, 'getForEach'>,
): Promise<Array<NameCheckRecord | undefined>> {
  const checks = (intent: PaymentIntent) => intent.payeeChecked && intent.creditor !== undefined;
  const checked = intents.flatMap((intent) =>
    checks(intent) ? [{ endToEndId: intent.endToEndId, account: intent.creditor as string }] : [],
  );
  if (checked.length === 0) return intents.map(() => undefined);
  const found = await store.getForEach(checked);
  let next = 0;
  return intents.map((intent) => (checks(intent) ? found[next++] : undefined));
}

/**
 * The records of the received payments the request's returns give back, by the bank's payment id (those the
 * gateway keeps: a payment received before it kept them has none, and its return still goes).
 */
async function readReturned(
  intents: readonly PaymentIntent[],
  store: Pick<PaymentStore, 'endToEndIdOfPayment'>,
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(intents.flatMap((intent) => intent.returns ?? []))];
  const found = await Promise.all(ids.map(async (id) => [id, await store.endToEndIdOfPayment(id)] as const));
  return new Map(found.flatMap(([id, endToEndId]) => (endToEndId === undefined ? [] : [[id, endToEndId]])));
}

/** Each return tied to the record of the payment it gives back, when the gateway keeps one. */
async function withReturned(
  intents: PaymentIntent[],
  call: TrackedCall,
  deps: PaymentDependencies,
  begun: Promise<ReadonlyMap<string, string>> | undefined,
): Promise<PaymentIntent[]> {
  if (!intents.some((intent) => intent.returns !== undefined)) return intents;
  const records = await (begun ?? readReturned(intents, deps.store));
  return intents.map((intent) => {
    const endToEndId = intent.returns === undefined ? undefined : records.get(intent.returns);
    if (intent.returns === undefined) return intent;
    if (endToEndId === undefined)
      deps.log.warn('a return names a payment the gateway keeps no record of; it goes to the bank as asked', {
        paymentId: intent.returns,
        requestId: call.requestId,
      });
    return {
      ...intent,
      facts: {
        ...intent.facts,
        returnOf: { paymentId: intent.returns, ...(endToEndId !== undefined && { endToEndId }) },
      },
    };
  });
}

/** The records claimed (by end-to-end id), or the refusal of the request. */
async function claimPayments(
  call: TrackedCall,
  deps: PaymentDependencies,
  nameChecks: EarlyReads<TrackedCall, Array<NameCheckRecord | undefined>>,
  returned: EarlyReads<TrackedCall, ReadonlyMap<string, string>>,
): Promise<Map<string, PaymentRecord> | HttpResult> {
  const begunReturns = returned.take(call);
  const checked = await withNameChecks(intentsOf(call), call, deps, nameChecks.take(call));
  if (!Array.isArray(checked)) return checked;
  const intents = await withReturned(checked, call, deps, begunReturns);
  const claimedAt = (deps.clock?.now() ?? call.now).toISOString();
  // Every claim runs to its end, so none is left in flight; one that failed leaves the request retryable
  // with the same key, which finds its own claims held and takes them again.
  const [claims, remembered] = await Promise.allSettled([
    sideBySide(intents, (intent) =>
      claimOne({ ...intent, facts: { ...intent.facts, claimedAt } }, call, deps),
    ),
    intents.length > 0
      ? deps.store.rememberRequest(
          call.requestId,
          intents.map((intent) => intent.endToEndId),
          call.now,
        )
      : undefined,
  ]);
  if (claims.status === 'rejected') throw claims.reason;
  if (remembered.status === 'rejected') throw remembered.reason;
  const outcomes = claims.value;
  const conflict = outcomes.find((outcome) => outcome.conflict !== undefined)?.conflict;
  if (conflict === undefined)
    return new Map(
      outcomes.flatMap(({ record }) => (record === undefined ? [] : [[record.endToEndId, record]])),
    );
  // Nothing is sent: the ids this request took are given back (Refused, claimable again).
  await sideBySide(
    outcomes.flatMap(({ record }) => (record === undefined ? [] : [record])),
    (record) =>
      moveBestEffort(record, { to: 'Refused', at: call.now, cause: '409' }, call, deps, { read: record }),
  );
  const path = paymentPath(conflict.endToEndId);
  // A CHAPS return is kept under its instruction identification (it has no end-to-end id).
  const [what, property] = intents.some((intent) => intent.returns !== undefined)
    ? ['instruction identification', 'instructionIdentification']
    : ['end-to-end id', 'endToEndIdentification'];
  return problem(
    409,
    'Payment already submitted',
    `The ${what} ${conflict.endToEndId} belongs to another payment (status ${conflict.status}), see ${path}. Use a new ${what}, or the same Idempotency-Key to repeat that request.`,
    { [property]: [`is already used by ${path}`] },
    { 'x-request-id': call.requestId },
    path,
  );
}

/**
 * Each intent with the name check of its end-to-end id and creditor account (while it counts), or the
 * policy's refusal of the first payment it refuses: a 422 naming that end-to-end id and the check, before
 * anything is claimed. With the policy off, checks that cannot be read are logged and the payments go on
 * without them.
 */
async function withNameChecks(
  intents: PaymentIntent[],
  call: TrackedCall,
  deps: PaymentDependencies,
  begun: Promise<Array<NameCheckRecord | undefined>> | undefined,
): Promise<PaymentIntent[] | HttpResult> {
  const nameChecks = deps.nameChecks;
  if (nameChecks === undefined) return intents;
  let stored: Array<NameCheckRecord | undefined>;
  try {
    // Only a check of this payment's creditor account counts: another account's, however it matched, does not.
    stored = await (begun ?? readNameChecks(intents, nameChecks.store));
  } catch (error) {
    if (nameChecks.policy.mode !== 'off') throw error;
    deps.log.warn('the name checks could not be read; the payments go on without them', {
      endToEndIds: intents.map((intent) => intent.endToEndId),
      reason: (error as Error).message,
    });
    stored = intents.map(() => undefined);
  }
  const result: PaymentIntent[] = [];
  for (const [index, intent] of intents.entries()) {
    // Not a UK payee's payment (bank-to-bank, cross-border, a return): no name check judges it.
    if (!intent.payeeChecked) {
      result.push(intent);
      continue;
    }
    const live = liveCheck(stored[index], call.now);
    const check: NameCheckOutcome | undefined = live === undefined ? undefined : outcomeOf(live);
    const refusal = policyRefusal(nameChecks.policy, intent.facts, check);
    if (refusal !== undefined) {
      return problem(
        422,
        'Refused by the name-check policy',
        `The payment with end-to-end id ${intent.endToEndId} was not sent: ${refusal}. Nothing was sent or claimed.`,
        {
          endToEndIdentification: [
            check === undefined
              ? `${intent.endToEndId} has no name check of its creditor account (policy refuse-no-match, requireAbove)`
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

/** The record this request now holds (undefined when it held it already), or the payment in the way. */
async function claimOne(
  intent: PaymentIntent,
  call: TrackedCall,
  deps: PaymentDependencies,
): Promise<{ record?: PaymentRecord; conflict?: PaymentRecord }> {
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
      return { record: fresh };
    }
    const existing = await deps.store.get(intent.endToEndId);
    if (existing === undefined) continue;
    // A retry of the same Idempotency-Key (or the same id twice in one request) holds it already.
    if (existing.requestId === call.requestId) return {};
    if (!isClaimable(existing)) return { conflict: existing };
    const next = reclaimedRecord(existing, intent.facts, call.requestId, call.now);
    if (await deps.store.replace(next, existing)) {
      await publishLatestChange(PAYMENT_STATUS_CHANGED, next, deps);
      return { record: next };
    }
  }
  throw new Error(`payment ${intent.endToEndId} is being changed by others; try again`);
}

/**
 * Moves this request's records to the bank's answer, side by side, each write starting from the record as
 * this call claimed it (`claimed`, when the same call object claimed), else from a read.
 */
async function settlePayments(
  call: TrackedCall,
  answer: TrackedAnswer | UnknownOutcome,
  deps: PaymentDependencies,
  claimed: ReadonlyMap<string, PaymentRecord> = new Map(),
): Promise<void> {
  const ours = (record: PaymentRecord) => record.requestId === call.requestId;
  const moveEach = (
    payments: ReadonlyArray<Pick<PaymentIntent, 'endToEndId'> & Partial<Pick<PaymentIntent, 'facts'>>>,
    change: (payment: { endToEndId: string }) => Change,
  ) =>
    sideBySide(payments, (payment) =>
      moveBestEffort(payment, change(payment), call, deps, {
        guard: ours,
        read: claimed.get(payment.endToEndId),
      }),
    );
  const intents = intentsOf(call);
  if (isUnknownOutcome(answer)) {
    // Processed earlier: the bank's payment data may decide (by end-to-end id: a return has none). No answer:
    // the bank may or may not have it.
    const readable = intents.every((intent) => intent.returns === undefined);
    if (answer.unknown === 'already-processed' && deps.bookings !== undefined && readable) {
      await readBack(call, deps.bookings, deps, ours);
      return;
    }
    await moveEach(intents, () => ({
      to: 'OutcomeUnknown',
      at: call.now,
      cause: answer.unknown,
    }));
    return;
  }
  if (answer.status === 202 && answersPaymentId(call.operationId)) {
    // One payment, its id the bank's: the record keeps it, and the id names the record (a return's webhooks,
    // a return of a received payment).
    const paymentId = answeredPaymentId(answer.body);
    const facts = paymentId === undefined ? undefined : { paymentId };
    await Promise.all([
      moveEach(intents, () => ({ to: 'Accepted', at: call.now, cause: '202', ...(facts && { facts }) })),
      paymentId === undefined ? undefined : rememberPayments(paymentId, intents, call, deps),
    ]);
    return;
  }
  if (answer.status === 202) {
    const byId = new Map(intents.map((intent) => [intent.endToEndId, intent]));
    const responses = new Map(
      answeredResponses(answer.body).map(({ endToEndId, response }) => [endToEndId, response]),
    );
    await moveEach(
      [...responses.keys()].map((endToEndId) => byId.get(endToEndId) ?? { endToEndId }),
      ({ endToEndId }) => {
        const response = responses.get(endToEndId) as string;
        // A response the records have no status for (one the bank adds after these were written): the bank
        // decided, but what is unknown here, so the payment says so (raised), never looks unanswered.
        const known = isPaymentStatus(response);
        if (!known)
          deps.log.warn('the bank answered a payment response the gateway does not know', {
            endToEndId,
            response,
          });
        return { to: known ? response : 'OutcomeUnknown', at: call.now, cause: '202' };
      },
    );
    return;
  }
  if (answer.status >= 400 && answer.status < 500) {
    await moveEach(intents, () => ({
      to: 'Refused',
      at: call.now,
      cause: String(answer.status),
    }));
  }
}

/** Remembers which record the bank's payment id names, best effort (logged): the record keeps the id too. */
async function rememberPayments(
  paymentId: string,
  intents: readonly PaymentIntent[],
  call: TrackedCall,
  deps: PaymentDependencies,
): Promise<void> {
  for (const { endToEndId } of intents) {
    try {
      await deps.store.rememberPayment(paymentId, endToEndId, call.now);
    } catch (error) {
      deps.log.error('the bank’s payment id could not be remembered', {
        endToEndId,
        paymentId,
        requestId: call.requestId,
        reason: (error as Error).message,
      });
    }
  }
}

/**
 * The bank processed an earlier attempt whose 202 never arrived (its answer to the retry is 409, so no
 * per-transfer response): no webhook ever tells of a refused transfer, so the bank's payment data decides.
 * A booking of this send (`readBackOutcome`) is Accepted (its webhook settles it); no debit with the id at
 * all was refused (reason unknown, claimable again). Debits of other sends only, or a read that fails, leave
 * the outcome unknown (`OutcomeUnknown`, raised for attention) until a webhook says.
 */
async function readBack(
  call: TrackedCall,
  bookings: BankBookings,
  deps: PaymentDependencies,
  guard: (record: PaymentRecord) => boolean,
): Promise<void> {
  for (const intent of intentsOf(call)) {
    const { endToEndId } = intent;
    let outcome: ReadBackOutcome = 'undecided';
    // The record as read here is the move's first read: no second read of it before the write.
    let read: PaymentRecord | undefined;
    try {
      read = await deps.store.get(endToEndId);
      if (read === undefined || !guard(read)) continue;
      const sent = { amount: intent.facts.amount, creditor: intent.creditor, claimedAt: claimedAtOf(read) };
      outcome = readBackOutcome(sent, await bookings.bookingsOf(endToEndId, call.deadline));
    } catch (error) {
      deps.log.error('the bank’s payment data could not be read; the outcome stays unknown', {
        endToEndId,
        requestId: call.requestId,
        reason: (error as Error).message,
      });
    }
    const to = READ_BACK_STATUS[outcome];
    await moveBestEffort(intent, { to, at: call.now, cause: 'read-back' }, call, deps, { guard, read });
  }
}

const READ_BACK_STATUS: Record<ReadBackOutcome, PaymentStatus> = {
  booked: 'Accepted',
  'not-booked': 'Refused',
  undecided: 'OutcomeUnknown',
};

/** When this generation was claimed: on the bank's clock, or (a record claimed before it was kept) its claim. */
function claimedAtOf(record: PaymentRecord): string {
  if (record.claimedAt !== undefined) return record.claimedAt;
  const claim = transitionIdOf(record.endToEndId, record.generation, 'Submitted');
  return record.history.find((transition) => transition.transitionId === claim)?.at ?? record.updatedAt;
}

/**
 * In the operation path: a failure is logged per record, so the others still move and the caller gets its
 * answer. A move to `OutcomeUnknown` is raised for attention before it is written (`raisedAround`), so a
 * webhook that moves the payment on at once clears the item after it, never before.
 */
async function moveBestEffort(
  payment: Pick<PaymentIntent, 'endToEndId'> & Partial<Pick<PaymentIntent, 'facts'>>,
  change: Change,
  call: TrackedCall,
  deps: PaymentDependencies,
  options: MoveOptions = {},
): Promise<void> {
  const { endToEndId } = payment;
  const attention = loggedAttention(deps.attention, deps.log);
  let moved: Moved | undefined;
  try {
    const write = () => move(endToEndId, change, deps.store, options);
    moved =
      change.to === 'OutcomeUnknown'
        ? await raisedAround(
            attention,
            outcomeUnknownItem(payment, change, call.requestId),
            write,
            (result) => result?.record.status === 'OutcomeUnknown',
          )
        : await write();
  } catch (error) {
    deps.log.error('a payment record could not be moved', {
      endToEndId,
      to: change.to,
      requestId: call.requestId,
      reason: (error as Error).message,
    });
    return;
  }
  if (moved?.kind !== 'moved') return;
  reportConflict(moved, deps);
  await clearWhenKnown(attention, PAYMENT_ATTENTION, endToEndId, moved.transition);
  await publishLatestChange(PAYMENT_STATUS_CHANGED, moved.record, deps);
}

/** A final outcome that contradicts the one the record had: an operator must look (error log, metric). */
function reportConflict(moved: Moved, deps: PaymentDependencies): void {
  if (moved.kind !== 'moved' || moved.transition.conflict !== true) return;
  deps.log.error('a payment’s final outcome conflicts with the one it had; both are in its history', {
    endToEndId: moved.record.endToEndId,
    from: moved.transition.from,
    to: moved.transition.to,
    cause: moved.transition.cause,
    transitionId: moved.transition.transitionId,
  });
  deps.count?.(OUTCOME_CONFLICT_METRIC);
}

/** Why a payment's outcome is unknown, by the cause of its move to `OutcomeUnknown` (else: no answer came). */
const UNKNOWN_BECAUSE: Readonly<Record<string, string>> = {
  'read-back':
    'the bank said an earlier attempt was processed, and its payment data shows no booking of this send',
  'already-processed': 'the bank said an earlier attempt was processed, without saying how',
  '202': 'the bank answered it with a response the gateway does not know (see the log)',
};

/** The item of a payment whose outcome is unknown, from what the request said of it (accounts masked). */
function outcomeUnknownItem(
  { endToEndId, facts = {} }: Pick<PaymentIntent, 'endToEndId'> & Partial<Pick<PaymentIntent, 'facts'>>,
  change: Change,
  requestId: string,
): AttentionItem {
  const why = UNKNOWN_BECAUSE[change.cause] ?? 'the bank’s answer never arrived';
  const what = [facts.amount, facts.currency].filter(Boolean).join(' ');
  const to = facts.creditorAccount === undefined ? '' : ` to ${facts.creditorAccount}`;
  return {
    kind: PAYMENT_ATTENTION,
    id: endToEndId,
    reason: OUTCOME_UNKNOWN,
    since: change.at.toISOString(),
    path: paymentPath(endToEndId),
    detail: `Payment ${endToEndId} (${what || 'amount unknown'}${to}, request ${requestId}): ${why}. The bank may or may not have made it; a webhook or its payment data (GET /v2/Transactions?endToEndIdentifier=${encodeURIComponent(endToEndId)}) decides.`,
  };
}

type Moved =
  | { kind: 'moved'; record: PaymentRecord; transition: Transition }
  /** This cause's transition was written before (a redelivery): publish it again. */
  | { kind: 'applied'; record: PaymentRecord; transition: Transition }
  /** Nothing changed (a late or repeated outcome), or the record is not this caller's (`guard`): as read. */
  | { kind: 'unmoved'; record: PaymentRecord };

interface MoveOptions {
  /** Whether the record is the caller's to move (its request's claim). */
  guard?: (record: PaymentRecord) => boolean;
  /** A record first seen in a webhook, created when none exists. */
  create?: () => PaymentRecord;
  /**
   * The record as the caller holds it (claimed, read just now, or being read): the first attempt starts from
   * it instead of reading again.
   */
  read?: PaymentRecord | Promise<PaymentRecord | undefined>;
}

/**
 * One transition by conditional write: read, apply the pure rule, write only if nobody moved the record
 * meanwhile (the history as read), else read again. Undefined when there is no such record.
 */
async function move(
  endToEndId: string,
  change: Change,
  store: PaymentStore,
  options: MoveOptions,
): Promise<Moved | undefined> {
  const nextRead = readsStartingFrom(options.read, () => store.get(endToEndId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const record = await nextRead();
    if (record === undefined) {
      if (options.create === undefined) return undefined;
      const created = options.create();
      if (await store.create(created))
        return { kind: 'moved', record: created, transition: latestOf(created) };
      continue;
    }
    const applied = appliedBy(record, change.cause, change.to);
    if (applied !== undefined) return { kind: 'applied', record, transition: applied };
    if (options.guard && !options.guard(record)) return { kind: 'unmoved', record };
    const next = applyChange(record, change);
    if (next === undefined) return { kind: 'unmoved', record };
    if (await store.replace(next, record)) return { kind: 'moved', record: next, transition: latestOf(next) };
  }
  throw new Error(`payment ${endToEndId} is being changed by others; the webhook will be retried`);
}

function latestOf(record: PaymentRecord): Transition {
  return record.history[record.history.length - 1] as Transition;
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

/** What a transaction webhook's record is found by: its end-to-end id, and the bank's payment id. */
interface Found {
  record: PaymentRecord | undefined;
  /** The end-to-end id of the record the webhook's TransactionId names as a bank payment id, if any. */
  linked?: string;
}

type TransactionWebhook = Extract<PaymentWebhook, { kind: 'transaction' }>;

/**
 * A debit of CHAPS or cross-border names its payment by the bank's payment id too (its TransactionId, the
 * 202's paymentId): a return of ours is kept under its instruction identification, whatever end-to-end id
 * the bank gives its webhooks.
 */
function findsByPaymentId(seen: TransactionWebhook): seen is TransactionWebhook & { transactionId: string } {
  return (
    seen.direction === 'Outbound' &&
    seen.transactionId !== undefined &&
    seen.scheme !== undefined &&
    seen.scheme !== 'FPS'
  );
}

async function find(seen: TransactionWebhook, store: PaymentStore): Promise<Found> {
  const [record, linked] = await Promise.all([
    store.get(seen.endToEndId),
    findsByPaymentId(seen) ? store.endToEndIdOfPayment(seen.transactionId) : undefined,
  ]);
  return { record, ...(linked !== undefined && { linked }) };
}

/**
 * The processor's payments hook, run after the webhook's identity is claimed and before it is marked
 * published. A failure (the store, the bus) throws, so the message is retried; the retry finds its own
 * transition applied and publishes it again (at least once, `transitionId` stable).
 */
export function paymentsWebhookHook(deps: PaymentDependencies): StateHook {
  // The record a transaction webhook moves, read beside the inbox claim (a message failure names a request).
  const records = earlyReads<object, Found>();
  const readOf = (payload: unknown) => (isObject(payload) ? records.take(payload) : undefined);
  const hook = async (webhook: ClaimedWebhook) => {
    const early = readOf(webhook.payload);
    const seen = paymentWebhook(webhook.type, webhook.payload);
    if (seen === undefined) return;
    const change = (to: Change['to'], told: Omit<Change, 'to' | 'at' | 'cause'> = {}): Change => ({
      to,
      at: webhook.now,
      cause: webhook.key,
      ...told,
    });
    const results: Array<Moved | undefined> = [];
    if (seen.kind === 'message') {
      for (const { endToEndId, guard } of await failedPayments(seen, deps.store))
        results.push(await move(endToEndId, change(seen.to), deps.store, { guard }));
    } else {
      const moveTo = change(seen.to, {
        ...(seen.screening && { screening: seen.screening }),
        ...(seen.hold && { hold: seen.hold }),
        ...(seen.cancellation && { cancellation: seen.cancellation }),
        facts: seen.facts,
      });
      const create = () => createdRecord(seen.endToEndId, seen.direction, seen.facts, moveTo);
      const found = await (early ?? find(seen, deps.store));
      const returned = returnOfOurs(seen, found.record);
      if (returned !== undefined) {
        // The other bank returns a CHAPS payment of ours: a record of its own, tied to ours.
        const facts = { ...seen.facts, returnOf: returned.returnOf };
        results.push(
          await move(returned.key, { ...moveTo, facts }, deps.store, {
            create: () => createdRecord(returned.key, 'Inbound', facts, { ...moveTo, facts }),
            guard: (record) => record.direction === 'Inbound',
          }),
        );
      } else if (seen.direction === 'Inbound') {
        // A credit is recorded the first time it is seen (a scheme the records follow); an id we know is left
        // alone (our own payment, or another received payment with the same id), unless it is a received
        // payment still held, which the credit or its rejection moves on, or the hold of a received payment.
        const existing = found.record;
        const moves =
          existing === undefined ||
          appliedBy(existing, webhook.key, seen.to) !== undefined ||
          (existing.direction === 'Inbound' &&
            (!isFinal(existing.status) || seen.to === 'Held') &&
            // Received ids may repeat (another sender's payment): the same amount, when both say one.
            sameAmount(existing.amount, seen.facts.amount));
        if (moves)
          results.push(
            await move(seen.endToEndId, moveTo, deps.store, {
              ...(seen.scheme !== undefined && { create }),
              read: existing,
            }),
          );
      } else {
        // The record the bank's payment id names, when it is another (a return of ours), else the end-to-end
        // id's; a debit never moves a received payment's record.
        const target = found.linked ?? seen.endToEndId;
        const byKey = target === seen.endToEndId;
        results.push(
          await move(target, moveTo, deps.store, {
            ...(byKey && seen.scheme !== undefined && seen.schemeNamed && { create }),
            ...(byKey && { read: found.record }),
            guard: (record) => record.direction === 'Outbound',
          }),
        );
      }
    }
    for (const result of results) {
      if (result === undefined || result.kind === 'unmoved') continue;
      reportConflict(result, deps);
      // A failure throws: the redelivery finds the transition applied and does all of it again.
      await rememberReceived(seen, result.record, webhook.now, deps.store);
      await clearWhenKnown(deps.attention, PAYMENT_ATTENTION, result.record.endToEndId, result.transition);
      await deps.events.publish(paymentStatusChanged(result.record, result.transition));
    }
  };
  return Object.assign(hook, {
    prefetch: ({ type, payload }: ArrivedWebhook) => {
      if (!isObject(payload)) return;
      const seen = paymentWebhook(type, payload);
      if (seen !== undefined && seen.kind !== 'message') records.begin(payload, () => find(seen, deps.store));
    },
  });
}

/**
 * A CHAPS credit returning a payment of ours (`IsReturn`, its end-to-end id ours, pacs.004's original one): kept
 * under its own instruction identification (`ActualEndToEndTransactionId`), tying it to our payment. An FPS
 * return, or one without its own id, is left as before (our payment's record is left alone).
 */
function returnOfOurs(
  seen: TransactionWebhook,
  ours: PaymentRecord | undefined,
): { key: string; returnOf: ReturnOf } | undefined {
  const key = seen.returned?.instructionIdentification;
  if (seen.direction !== 'Inbound' || key === undefined || key === seen.endToEndId) return undefined;
  if (seen.scheme === undefined || seen.scheme === 'FPS' || ours?.direction !== 'Outbound') return undefined;
  return {
    key,
    returnOf: {
      endToEndId: ours.endToEndId,
      ...(ours.paymentId !== undefined && { paymentId: ours.paymentId }),
    },
  };
}

/**
 * A received CHAPS or cross-border payment's id (its settlement's TransactionId), remembered once its record
 * holds it: a return of it names it.
 */
async function rememberReceived(
  seen: PaymentWebhook,
  record: PaymentRecord,
  now: Date,
  store: PaymentStore,
): Promise<void> {
  const paymentId = seen.kind === 'transaction' ? seen.facts.paymentId : undefined;
  if (paymentId === undefined || record.direction !== 'Inbound' || record.paymentId !== paymentId) return;
  await store.rememberPayment(paymentId, record.endToEndId, now);
}

/** Two amounts as decimals: equal, or one of them unknown. */
function sameAmount(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  try {
    return new MoneyDecimal(a).equals(b);
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
