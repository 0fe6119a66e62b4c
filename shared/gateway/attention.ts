import type { Log } from '../ports/log.js';

/**
 * Records that need a person's attention if they stay as they are: an outcome the gateway does not know
 * (a lost answer, "already processed"), a pending cancel, an event not yet published. A tracker raises an
 * item when a record enters such a state and clears it when the bank's word moves the record on; what stays
 * raised past its bound is counted by the sweep (an alarm on AWS) and listed by the sandbox
 * (`GET /gateway/local/attention`). One item per record and reason: raising again keeps the first `since`.
 */
export interface AttentionItem {
  /** The record's family and id, e.g. `payment`, `mccy-batch`, `fx-trade`. */
  kind: string;
  id: string;
  /** Why it needs attention, e.g. `outcome-unknown`, `cancel-pending`. */
  reason: string;
  /** When the record entered this state (ISO 8601). */
  since: string;
  /** Where the record is read (`/gateway/payments/<id>`): for the person who looks. */
  path: string;
  /** A sentence for that person; never a full account number. */
  detail: string;
}

export interface Attention {
  raise(item: AttentionItem): Promise<void>;
  clear(kind: string, id: string, reason: string): Promise<void>;
}

/** Metric counted when a final outcome arrives for a record already final with another (alarmed on AWS). */
export const OUTCOME_CONFLICT_METRIC = 'RecordOutcomeConflict';

/** The reason of a record whose outcome the gateway does not know (a lost answer, "already processed"). */
export const OUTCOME_UNKNOWN = 'outcome-unknown';

/** The reason of an item whose record holds events it could not publish. */
export const UNPUBLISHED_EVENT = 'unpublished-event';

/**
 * The list as the operation path uses it: the caller gets the bank's answer whatever the list does, so a raise
 * or a clear that fails is logged, never thrown. Undefined when no list is wired. (The processor's hooks use the
 * list itself: a failure there throws, and the redelivered webhook does it again.)
 */
export function loggedAttention(attention: Attention | undefined, log: Log): Attention | undefined {
  if (attention === undefined) return undefined;
  const logged = async (failure: string, facts: object, change: () => Promise<void>) => {
    try {
      await change();
    } catch (error) {
      log.error(`a record needing attention ${failure}`, { ...facts, error: (error as Error).message });
    }
  };
  return {
    raise: (item) =>
      logged('could not be listed', { kind: item.kind, id: item.id, reason: item.reason }, () =>
        attention.raise(item),
      ),
    clear: (kind, id, reason) =>
      logged('could not be taken off the list', { kind, id, reason }, () =>
        attention.clear(kind, id, reason),
      ),
  };
}

/**
 * Runs `write`, which may leave a record in the state `item` stands for, with `item` raised first: whatever
 * moves the record on after the write (its webhook, at once) clears the item after it was raised, never before,
 * so no item outlives its state. When the record is not in that state once `write` is done (`holds` false: the
 * bank's word came first, or the record was not this caller's to move), the item is taken off again.
 */
export async function raisedAround<T>(
  attention: Attention | undefined,
  item: AttentionItem,
  write: () => Promise<T>,
  holds: (result: T) => boolean,
): Promise<T> {
  await attention?.raise(item);
  const result = await write();
  if (!holds(result)) await attention?.clear(item.kind, item.id, item.reason);
  return result;
}

/**
 * Takes a record's `outcome-unknown` item off once a transition moves it out of `OutcomeUnknown` (the bank's
 * word arrived); idempotent, so a redelivery may do it again.
 */
export async function clearWhenKnown(
  attention: Attention | undefined,
  kind: string,
  id: string,
  transition: { from: string | null },
): Promise<void> {
  if (transition.from === 'OutcomeUnknown') await attention?.clear(kind, id, OUTCOME_UNKNOWN);
}
