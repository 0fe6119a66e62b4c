import { readsStartingFrom } from '../gateway/early-reads.js';
import type { Log } from '../ports/log.js';
import { type AttentionItem, OUTCOME_CONFLICT_METRIC, OUTCOME_UNKNOWN } from '../gateway/attention.js';
import { MAX_CONTENDED_WRITES } from '../gateway/tracker.js';
import { fxQuotePath, fxTradePath } from './paths.js';
import type { FxStore } from './ports.js';
import {
  appliedBy,
  applyTradeChange,
  newTrade,
  type TradeChange,
  type TradeRecord,
  type TradeTransition,
  type UnknownReason,
} from './records.js';

/**
 * How trades move, for both sides (the tracker's answers, the processor's webhooks): one conditional write per
 * move, what a person must see (an outcome unknown, raised as attention until the bank's word moves the record
 * on) and what an operator must be told (two contradicting final states).
 */

/**
 * `moved`: this change wrote a transition now; `applied`: this cause wrote it before (a redelivery);
 * `unmoved`: nothing to change, or not the caller's to move (`guard`), as read.
 */
export type TradeMove =
  | { kind: 'moved' | 'applied'; record: TradeRecord; transition: TradeTransition }
  | { kind: 'unmoved'; record: TradeRecord };

/**
 * Moves the trade by `change`; undefined when there is no such trade. `create` records
 * a trade first seen in a webhook (a trade from a quote: ExecuteQuote names no end-to-end id).
 */
export async function moveTrade(
  endToEndId: string,
  change: TradeChange,
  store: FxStore,
  options: {
    create?: boolean;
    guard?: (record: TradeRecord) => boolean;
    /** The trade as the caller holds it (claimed or read just now): the first write starts from it. */
    read?: Promise<TradeRecord | undefined> | TradeRecord;
  } = {},
): Promise<TradeMove | undefined> {
  const nextRead = readsStartingFrom(options.read, () => store.getTrade(endToEndId));
  for (let attempt = 0; attempt < MAX_CONTENDED_WRITES; attempt++) {
    const record = await nextRead();
    if (record === undefined) {
      if (!options.create) return undefined;
      const created = newTrade(endToEndId, change);
      if (await store.createTrade(created))
        return { kind: 'moved', record: created, transition: created.history[0] as TradeTransition };
      continue;
    }
    if (options.guard && !options.guard(record)) return { kind: 'unmoved', record };
    const applied = appliedBy(record, change.cause);
    if (applied !== undefined) return { kind: 'applied', record, transition: applied };
    const next = applyTradeChange(record, change);
    if (next === undefined) return { kind: 'unmoved', record };
    if (await store.replaceTrade(next, record))
      return {
        kind: 'moved',
        record: next,
        transition: next.history[next.history.length - 1] as TradeTransition,
      };
  }
  throw new Error(`FX trade ${endToEndId} is being changed by others; try again`);
}

export const FX_TRADE_ATTENTION = 'fx-trade';
export const FX_QUOTE_ATTENTION = 'fx-quote';

const UNKNOWN_BECAUSE: Record<UnknownReason, string> = {
  'no-answer': 'no answer came',
  'already-processed': 'the bank said an earlier attempt was processed, without saying how',
};

export function unknownTradeItem(
  endToEndId: string,
  requestId: string,
  reason: UnknownReason,
  at: Date,
): AttentionItem {
  return {
    kind: FX_TRADE_ATTENTION,
    id: endToEndId,
    reason: OUTCOME_UNKNOWN,
    since: at.toISOString(),
    path: fxTradePath(endToEndId),
    detail: `FX order ${endToEndId} (X-Request-Id ${requestId}) was sent and ${UNKNOWN_BECAUSE[reason]}; its Fx.Trade webhooks will say what the bank did.`,
  };
}

export function unknownQuoteItem(
  quoteId: string,
  requestId: string,
  reason: UnknownReason,
  at: Date,
): AttentionItem {
  return {
    kind: FX_QUOTE_ATTENTION,
    id: quoteId,
    reason: OUTCOME_UNKNOWN,
    since: at.toISOString(),
    path: fxQuotePath(quoteId),
    // The webhooks carry no quote id, so no webhook can clear this: a person looks.
    detail: `The execution of FX quote ${quoteId} (X-Request-Id ${requestId}) was sent and ${UNKNOWN_BECAUSE[reason]}. Fx.Trade webhooks name no quote: look for its trade among those the bank reported (currencies, amount, time) before trading again.`,
  };
}

/**
 * A trade reported settled and not settled: an error log with the cause's key and one count of
 * `OUTCOME_CONFLICT_METRIC` (alarmed on AWS), once per conflict (not again on a redelivery).
 */
export function signalConflict(move: TradeMove, deps: { log: Log; count?: (metric: string) => void }): void {
  if (move.kind !== 'moved' || !move.transition.conflict) return;
  deps.log.error('an FX trade was reported settled and not settled; both are in its history', {
    endToEndId: move.record.endToEndId,
    key: move.transition.cause,
    first: move.transition.from,
    then: move.transition.to,
    path: fxTradePath(move.record.endToEndId),
  });
  deps.count?.(OUTCOME_CONFLICT_METRIC);
}
