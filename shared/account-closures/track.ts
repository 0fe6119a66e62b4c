import {
  type AttentionItem,
  clearWhenKnown,
  loggedAttention,
  OUTCOME_UNKNOWN,
  raisedAround,
} from '../gateway/attention.js';
import { earlyReads, readsStartingFrom } from '../gateway/early-reads.js';
import {
  gatewayEventKey,
  isUnknownOutcome,
  MAX_CONTENDED_WRITES,
  type OperationTracker,
  type TrackedAnswer,
  type TrackedCall,
  TransientRefusal,
  type UnknownOutcome,
} from '../gateway/tracker.js';
import { type HttpResult, problem } from '../http/problem.js';
import type { GatewayEvent } from '../ports/events.js';
import type { ArrivedWebhook, ClaimedWebhook, StateHook } from '../webhooks/process.js';
import { accountClosurePath } from './paths.js';
import type { AccountClosureDependencies, AccountClosureStore } from './ports.js';
import {
  ACCOUNT_CLOSURE_STATUS_CHANGED,
  type AccountClosureRecord,
  appliedBy,
  applyClosureChange,
  blocksNewRequest,
  type ClosureChange,
  type ClosureTransition,
  requestedRecord,
  seenRecord,
} from './records.js';

/** The tracker's name, as operations name it (`Operation.tracker`). */
export const ACCOUNT_CLOSURES_TRACKER = 'account-closures';

/** The attention kind of a closure whose outcome is unknown (its id the account id). */
export const ACCOUNT_CLOSURE_ATTENTION = 'account-closure';

/** The webhooks that move a closure, and where they move it. */
const WEBHOOK_STATUS = { AccountClosureCompleted: 'Complete', AccountClosureFailed: 'Failed' } as const;

/** The event of one transition: consumers deduplicate on `key`, and get the whole record after it. */
export function accountClosureStatusChanged(
  record: AccountClosureRecord,
  transition: ClosureTransition,
): GatewayEvent {
  return {
    source: 'clearway.gateway',
    detailType: ACCOUNT_CLOSURE_STATUS_CHANGED,
    detail: {
      key: gatewayEventKey(ACCOUNT_CLOSURE_STATUS_CHANGED, transition.transitionId),
      transitionId: transition.transitionId,
      accountId: record.accountId,
      from: transition.from,
      to: transition.to,
      record,
    },
  };
}

/**
 * `moved`: this change wrote a transition now; `applied`: this webhook wrote it before (a redelivery);
 * `unmoved`: nothing to change (a Completed closure stays Complete), or not the caller's to move (`guard`).
 */
type ClosureMove =
  | { kind: 'moved' | 'applied'; record: AccountClosureRecord; transition: ClosureTransition }
  | { kind: 'unmoved'; record: AccountClosureRecord };

const latestOf = (record: AccountClosureRecord) =>
  record.history[record.history.length - 1] as ClosureTransition;

/**
 * Moves the account's closure by `change`, one conditional write from the record as held (`read`) or read,
 * read again after another writer moved it first; undefined when there is none and none is to be made
 * (`seen`: a webhook's closure the gateway never requested is recorded, marked `seenOnly`).
 */
async function moveClosure(
  accountId: string,
  change: ClosureChange,
  store: AccountClosureStore,
  options: {
    read?: Promise<AccountClosureRecord | undefined> | AccountClosureRecord;
    guard?: (record: AccountClosureRecord) => boolean;
    seen?: { closureReason?: string };
  },
): Promise<ClosureMove | undefined> {
  const nextRead = readsStartingFrom(options.read, () => store.get(accountId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const record = await nextRead();
    if (record === undefined) {
      if (options.seen === undefined) return undefined;
      const created = seenRecord(accountId, change, options.seen.closureReason);
      if (await store.create(created))
        return { kind: 'moved', record: created, transition: latestOf(created) };
      continue;
    }
    if (options.guard !== undefined && !options.guard(record)) return { kind: 'unmoved', record };
    if (options.seen !== undefined) {
      const applied = appliedBy(record, change.cause);
      if (applied !== undefined) return { kind: 'applied', record, transition: applied };
    }
    const next = applyClosureChange(record, change);
    if (next === undefined) return { kind: 'unmoved', record };
    if (await store.replace(next, record)) return { kind: 'moved', record: next, transition: latestOf(next) };
  }
  throw new Error(`account closure ${accountId} is being changed by others; try again`);
}

/** The account a closure request names (its path), and the reason it gives. */
function requestOf(call: TrackedCall): { accountId: string; closureReason?: string } | undefined {
  const accountId = call.pathParams?.accountId;
  if (accountId === undefined || accountId === '') return undefined;
  const body = call.body as { closureReason?: unknown } | undefined;
  const closureReason = typeof body?.closureReason === 'string' ? body.closureReason : undefined;
  return { accountId, ...(closureReason !== undefined && { closureReason }) };
}

/** The move the bank's answer makes of a closure this request claimed (none for an answer that says nothing). */
function settledChange(answer: TrackedAnswer | UnknownOutcome, at: Date): ClosureChange | undefined {
  if (isUnknownOutcome(answer)) return { to: 'OutcomeUnknown', at, cause: answer.unknown };
  // 202: accepted. 409: "a closure is already in progress" (one the gateway did not see accepted): pending too.
  if (answer.status === 202 || answer.status === 409)
    return { to: 'Pending', at, cause: String(answer.status) };
  if (answer.status >= 400 && answer.status < 500) return { to: 'Refused', at, cause: String(answer.status) };
  return undefined;
}

/** The 409 of a closure request the record refuses before the bank: one in progress, or the account closed. */
function refusal(record: AccountClosureRecord, call: TrackedCall): HttpResult {
  const path = accountClosurePath(record.accountId);
  const closed = record.status === 'Complete';
  return problem(
    409,
    closed ? 'Account already closed' : 'Account closure in progress',
    closed
      ? `Account ${record.accountId} is already closed (its closure is Complete), see ${path}. Nothing was sent to the bank.`
      : `A closure of account ${record.accountId} is already in progress (status ${record.status}), see ${path}. Nothing was sent to the bank; a new closure may be requested once it has failed.`,
    { accountId: [`has a closure with status ${record.status}`] },
    { 'x-request-id': call.requestId },
    path,
  );
}

/** The attention item of a closure request whose answer never came. */
function outcomeUnknownItem(accountId: string, change: ClosureChange, requestId: string): AttentionItem {
  return {
    kind: ACCOUNT_CLOSURE_ATTENTION,
    id: accountId,
    reason: OUTCOME_UNKNOWN,
    since: change.at.toISOString(),
    path: accountClosurePath(accountId),
    detail: `Closure of account ${accountId} (request ${requestId}): ${change.cause === 'no-answer' ? 'no answer came' : 'the bank says an earlier attempt was processed'}. The bank may or may not be closing it: its AccountClosure webhooks or GET /v1/accounts/${accountId}/closure decide; a new closure request may be sent.`,
  };
}

/**
 * The `account-closures` tracker of `closeAccount`: reads the account's closure beside the Idempotency-Key's
 * claim, claims it (`Requested`, one conditional write) unless one is in progress (`Requested`, `Pending`:
 * a 409 naming the account, nothing sent, nothing kept under the key) or the account is closed (`Complete`:
 * a 409 kept under the key), and moves it on the bank's answer from the record as claimed: 202 (or the
 * bank's own 409) `Pending`, another 4xx `Refused`, no answer `OutcomeUnknown` (raised for attention). A
 * closure after a failed, refused or unknown one is the account's next request. Events of this path are
 * published best effort (logged): the caller's answer never depends on them.
 */
export function accountClosuresTracker(deps: AccountClosureDependencies): OperationTracker {
  const reads = earlyReads<TrackedCall, AccountClosureRecord | undefined>();
  const claimed = new WeakMap<TrackedCall, AccountClosureRecord>();
  const attention = loggedAttention(deps.attention, deps.log);
  const publish = async (record: AccountClosureRecord, transition: ClosureTransition) => {
    try {
      await deps.events.publish(accountClosureStatusChanged(record, transition));
    } catch (error) {
      deps.log.error(`${ACCOUNT_CLOSURE_STATUS_CHANGED} could not be published`, {
        accountId: record.accountId,
        transitionId: transition.transitionId,
        reason: (error as Error).message,
      });
    }
  };
  return {
    prepare: (call) => {
      const request = requestOf(call);
      if (request !== undefined) reads.begin(call, () => deps.store.get(request.accountId));
    },
    claim: async (call) => {
      const request = requestOf(call);
      if (request === undefined) return undefined;
      const nextRead = readsStartingFrom(reads.take(call), () => deps.store.get(request.accountId));
      for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
        const existing = await nextRead();
        // A retry of the same Idempotency-Key holds it already.
        if (existing?.requestId === call.requestId) {
          claimed.set(call, existing);
          return undefined;
        }
        if (existing !== undefined && blocksNewRequest(existing)) {
          const answer = refusal(existing, call);
          deps.log.info('account closure refused before the bank', {
            accountId: request.accountId,
            status: existing.status,
            requestId: call.requestId,
          });
          if (existing.status === 'Complete') return answer;
          throw new TransientRefusal(answer);
        }
        const next = requestedRecord(
          request.accountId,
          { ...request, requestId: call.requestId, now: call.now },
          existing,
        );
        const written =
          existing === undefined ? await deps.store.create(next) : await deps.store.replace(next, existing);
        if (!written) continue;
        claimed.set(call, next);
        const transition = latestOf(next);
        await Promise.all([
          clearWhenKnown(attention, ACCOUNT_CLOSURE_ATTENTION, request.accountId, transition),
          publish(next, transition),
        ]);
        return undefined;
      }
      throw new Error(`account closure ${request.accountId} is being changed by others; try again`);
    },
    settle: async (call, answer) => {
      const request = requestOf(call);
      const change = request && settledChange(answer, call.now);
      if (request === undefined || change === undefined) return;
      const { accountId } = request;
      // Only this request's claim, and only while no webhook has moved it on (a Complete stays Complete).
      const options = {
        read: claimed.get(call),
        guard: (record: AccountClosureRecord) =>
          record.requestId === call.requestId && record.status === 'Requested',
      };
      let moved: ClosureMove | undefined;
      try {
        const write = () => moveClosure(accountId, change, deps.store, options);
        moved =
          change.to === 'OutcomeUnknown'
            ? await raisedAround(
                attention,
                outcomeUnknownItem(accountId, change, call.requestId),
                write,
                (result) => result?.record.status === 'OutcomeUnknown',
              )
            : await write();
      } catch (error) {
        deps.log.error('an account closure could not be moved', {
          accountId,
          to: change.to,
          requestId: call.requestId,
          reason: (error as Error).message,
        });
        return;
      }
      if (moved?.kind !== 'moved') return;
      deps.log.info('account closure moved', { accountId, to: change.to, requestId: call.requestId });
      await publish(moved.record, moved.transition);
    },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What an AccountClosure webhook says of its account (payloads: shared/webhooks/payloads/savings.ts). */
function closureOf(type: string, payload: unknown) {
  const to = WEBHOOK_STATUS[type as keyof typeof WEBHOOK_STATUS];
  if (to === undefined || typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const accountId = text(fields.AccountId);
  if (accountId === undefined) return undefined;
  const reasons = Array.isArray(fields.ClosureFailureReasons)
    ? fields.ClosureFailureReasons.filter((reason): reason is string => typeof reason === 'string')
    : [];
  const closureReason = text(fields.ClosureReason);
  return {
    accountId,
    to,
    ...(to === 'Failed' && { failureReasons: reasons }),
    ...(closureReason !== undefined && { closureReason }),
  };
}

/**
 * The processor's hook: AccountClosureCompleted moves the account's closure to `Complete`, AccountClosureFailed
 * to `Failed` with the bank's reasons, each transition publishing one AccountClosureStatusChanged. A redelivery
 * publishes its own transition again; a duplicate or a late webhook changes nothing (a Completed closure never
 * moves again). A closure the gateway never requested is recorded from the webhook, marked `seenOnly`; the bank
 * event is published either way (by the processor). A move out of `OutcomeUnknown` clears its attention.
 */
export function accountClosuresHook(deps: AccountClosureDependencies): StateHook {
  const reads = earlyReads<object, AccountClosureRecord | undefined>();
  const hook = async (webhook: ClaimedWebhook) => {
    const early =
      typeof webhook.payload === 'object' && webhook.payload !== null
        ? reads.take(webhook.payload)
        : undefined;
    const closure = closureOf(webhook.type, webhook.payload);
    if (closure === undefined) return;
    const { accountId, to, failureReasons, closureReason } = closure;
    const change = {
      to,
      at: webhook.now,
      cause: webhook.key,
      ...(failureReasons !== undefined && { failureReasons }),
    };
    const move = await moveClosure(accountId, change, deps.store, {
      read: early,
      seen: { ...(closureReason !== undefined && { closureReason }) },
    });
    if (move === undefined) return;
    if (move.kind === 'unmoved') {
      if (move.record.status !== to)
        deps.log.warn('an account closure webhook came after its closure was settled; the record keeps it', {
          accountId,
          status: move.record.status,
          webhook: webhook.type,
        });
      return;
    }
    await clearWhenKnown(deps.attention, ACCOUNT_CLOSURE_ATTENTION, accountId, move.transition);
    await deps.events.publish(accountClosureStatusChanged(move.record, move.transition));
  };
  return Object.assign(hook, {
    prefetch: ({ type, payload }: ArrivedWebhook) => {
      const closure = closureOf(type, payload);
      if (closure !== undefined) reads.begin(payload as object, () => deps.store.get(closure.accountId));
    },
  });
}
