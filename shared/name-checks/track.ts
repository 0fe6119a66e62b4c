import type { Log } from '../ports/log.js';
import { isUnknownOutcome, type OperationTracker } from '../gateway/tracker.js';
import { checkedAccountOf, nameCheckRecordOf } from './outcome.js';
import type { NameCheckStore } from './ports.js';

/** The tracker's name, as operations name it (`Operation.tracker`). */
export const NAME_CHECKS_TRACKER = 'name-checks';

export interface NameCheckDependencies {
  store: Pick<NameCheckStore, 'put'>;
  log: Log;
  /** How long an outcome counts (24 by default). */
  ttlHours: number;
}

/**
 * Records the outcome of each payee name check that names an end-to-end id. A check moves no money, so it
 * claims nothing and runs with or without an Idempotency-Key (`settleOnly`); a failure to record is logged
 * by the caller and never hides the bank's answer.
 */
export function nameChecksTracker(deps: NameCheckDependencies): OperationTracker {
  return {
    settleOnly: true,
    claim: async () => undefined,
    settle: async (call, answer) => {
      // Settle-only: it runs after a definitive answer; an unknown one has no outcome to keep.
      if (isUnknownOutcome(answer)) return;
      const record = nameCheckRecordOf(call.body, answer, {
        requestId: call.requestId,
        now: call.now,
        ttlHours: deps.ttlHours,
      });
      // The schema requires Identification; without it there is no account the check could count for.
      const account = checkedAccountOf(call.body);
      if (record === undefined || account === undefined) return;
      await deps.store.put(record, account);
      deps.log.info('name check recorded', {
        endToEndId: record.endToEndId,
        outcome: record.outcome,
        requestId: record.requestId,
      });
    },
  };
}
