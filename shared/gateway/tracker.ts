import pMap from 'p-map';
import type { Log } from '../ports/log.js';
import type { EventPublisher, GatewayEvent } from '../ports/events.js';
import type { HttpResult } from '../http/problem.js';

/** One tracked write as its tracker sees it, the same at `claim` and at `settle`. */
export interface TrackedCall {
  operationId: string;
  /** The request body as the safe JSON reader gives it (numbers as `JsonNumber`, the digits written). */
  body: unknown;
  /** The path parameters as checked (`{batchId}` of a cancel); empty for a path without any. */
  pathParams?: Record<string, string>;
  /** The X-Request-Id the bank sees (for this Idempotency-Key, or a fresh one for an unkeyed settle-only call). */
  requestId: string;
  now: Date;
  /** Epoch milliseconds after which the tracker starts no bank call of its own. */
  deadline?: number;
  /**
   * When this X-Request-Id was first sent (at `settle`, for keyed writes), on the bank's clock: the earliest
   * moment the bank can have received it, which a schedule the bank computes from its receipt time is judged at.
   */
  firstSentAt?: Date;
}

/**
 * The bank's definitive answer, status and parsed JSON body (undefined when it had none or not JSON): never a
 * status the bank asks to retry on (5xx, 429), which reaches a tracker as an `UnknownOutcome`.
 */
export interface TrackedAnswer {
  status: number;
  body: unknown;
}

/**
 * No definitive answer: none arrived (`no-answer`: a timeout, a retryable failure; the bank may or may not
 * have it), or the bank says an earlier attempt was processed without saying how (`already-processed`: its
 * 409 to a retry). Either way the outcome stays unknown until a webhook or a read-back tells it.
 */
export interface UnknownOutcome {
  unknown: 'no-answer' | 'already-processed';
}

export function isUnknownOutcome(answer: TrackedAnswer | UnknownOutcome): answer is UnknownOutcome {
  return 'unknown' in answer;
}

/**
 * A claim refused for now ("in progress", "changed under you"): the caller gets `answer`, and nothing is kept
 * under the Idempotency-Key, so a retry with the same key does the work instead of hearing this again.
 */
export class TransientRefusal extends Error {
  override readonly name = 'TransientRefusal';
  constructor(readonly answer: HttpResult) {
    super('the request was refused for now; a retry with the same Idempotency-Key will try again');
  }
}

/**
 * Keeps the gateway's own state for a kind of write (payments by end-to-end id, later FX quotes, batches).
 * `claim` and `settle` run inside the Idempotency-Key's single run, so each happens once per key. The use
 * case hands `prepare`, `claim` and `settle` one and the same call object, so a tracker may carry what one
 * step read or wrote to the next (`earlyReads`, a WeakMap): a starting point only, never needed for a result.
 */
export interface OperationTracker {
  /**
   * A tracker that claims nothing and only records outcomes (a write that moves no money, e.g. a payee name
   * check): its operation runs without an Idempotency-Key too, and then only `settle` runs, after a definitive
   * answer. Without it, a tracked operation requires the key.
   */
  settleOnly?: boolean;
  /**
   * Begins the reads `claim` judges this call on (a payment's name checks, a quote), beside the claim of its
   * Idempotency-Key: reading changes nothing, so a repeat answered from the store only read in vain.
   */
  prepare?(call: TrackedCall): void;
  /**
   * Before anything is sent, beside the record of the send (`AttemptLog`): takes the records this request acts on. An `HttpResult` refuses the request
   * (nothing is sent, and that answer is stored under the key); undefined lets it go to the bank. A refusal
   * that may pass on a retry is thrown as a `TransientRefusal`, never returned.
   */
  claim(call: TrackedCall): Promise<HttpResult | undefined>;
  /**
   * After the bank answered (`answer`), or when the outcome is unknown (`UnknownOutcome`: the records must
   * say so, never a success or a refusal the bank did not give). A failure here is logged by the caller,
   * never shown to it.
   */
  settle(call: TrackedCall, answer: TrackedAnswer | UnknownOutcome): Promise<void>;
}

/**
 * How many records of one request a tracker writes at once (a payment's transfers): each is its own
 * conditional write, so they go side by side instead of one behind another, within the SDK's 50 sockets.
 */
export const PARALLEL_WRITES = 16;

/**
 * `work` on every item, `PARALLEL_WRITES` at a time, answers in the items' order. Every item runs to its end
 * even when one fails, so nothing is left in flight; then the first failure is thrown.
 */
export async function sideBySide<T, R>(items: Iterable<T>, work: (item: T) => Promise<R>): Promise<R[]> {
  try {
    return await pMap(items, work, { concurrency: PARALLEL_WRITES, stopOnError: false });
  } catch (error) {
    throw error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  }
}

/** How often a tracker retries a conditional write after another writer moved the record first. */
export const MAX_CONTENDED_WRITES = 5;

/**
 * A gateway event's `key`: its detail-type and transition id, so that, like a bank event's key (which starts
 * with the webhook's type), it never equals the key of another kind of event and consumers may deduplicate
 * every event on `detail.key` alone.
 */
export function gatewayEventKey(detailType: string, transitionId: string): string {
  return `${detailType}:${transitionId}`;
}

/**
 * The event a tracked record's status change publishes (`PaymentStatusChanged`, `FxTradeStatusChanged`):
 * consumers deduplicate on `key` and get the whole record after the change.
 */
export function statusChangedEvent(
  detailType: string,
  record: { endToEndId: string },
  transition: { transitionId: string; from: string | null; to: string },
): GatewayEvent {
  return {
    source: 'clearway.gateway',
    detailType,
    detail: {
      key: gatewayEventKey(detailType, transition.transitionId),
      transitionId: transition.transitionId,
      endToEndId: record.endToEndId,
      from: transition.from,
      to: transition.to,
      record,
    },
  };
}

type StatusTransition = { transitionId: string; from: string | null; to: string };

/**
 * Publishes the record's latest transition from the operation path, best effort: the caller's answer never
 * depends on an event, so a failure is logged (the record keeps the transition for a reader).
 */
export async function publishLatestChange(
  detailType: string,
  record: { endToEndId: string; history: readonly StatusTransition[] },
  deps: { events: EventPublisher; log: Log },
): Promise<void> {
  const transition = record.history[record.history.length - 1] as StatusTransition;
  try {
    await deps.events.publish(statusChangedEvent(detailType, record, transition));
  } catch (error) {
    deps.log.error(`${detailType} could not be published`, {
      endToEndId: record.endToEndId,
      transitionId: transition.transitionId,
      reason: (error as Error).message,
    });
  }
}
