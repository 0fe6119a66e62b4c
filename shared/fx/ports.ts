import type { Attention } from '../gateway/attention.js';
import type { Clock } from '../ports/clock.js';
import type { Log } from '../ports/log.js';
import type { EventPublisher } from '../ports/events.js';
import type { QuoteRecord, QuoteStatus, TradeRecord } from './records.js';

/**
 * Where FX quotes and trades live (DynamoDB, table `fx`). Every change is one conditional single-item write,
 * so two executions of one quote, or two webhooks of one trade, can never both win.
 */
export interface FxStore {
  getQuote(quoteId: string): Promise<QuoteRecord | undefined>;
  /** False when a quote with this id exists. */
  createQuote(record: QuoteRecord): Promise<boolean>;
  /** Writes `record` only if the stored quote still has `expected` status and execution request; false otherwise. */
  replaceQuote(
    record: QuoteRecord,
    expected: { status: QuoteStatus; requestId: string | undefined },
  ): Promise<boolean>;
  getTrade(endToEndId: string): Promise<TradeRecord | undefined>;
  /** False when a trade with this end-to-end id exists. */
  createTrade(record: TradeRecord): Promise<boolean>;
  /**
   * Writes `record` only if the stored trade is still `expected` as read (its status and the length of its
   * history, which only grows); false otherwise.
   */
  replaceTrade(record: TradeRecord, expected: Pick<TradeRecord, 'status' | 'history'>): Promise<boolean>;
}

/** What the FX tracker and webhook hook are built from. */
export interface FxDependencies {
  store: FxStore;
  /** The gateway's clock (the hold is judged by it): the simulator's in the sandbox, real time on AWS. */
  clock: Clock;
  events: EventPublisher;
  log: Log;
  /** Counts a named metric (`FxMarginDifference`, `OUTCOME_CONFLICT_METRIC`): Powertools Metrics on AWS. */
  count?: (metric: string) => void;
  /** Records whose outcome is unknown until the bank's word moves them on; none wired: nothing is raised. */
  attention?: Attention;
}
