import type { QuoteRecord, QuoteStatus, TradeRecord, TradeStatus } from './records.js';

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
  /** Writes `record` only if the stored trade still has `expected` status; false otherwise. */
  replaceTrade(record: TradeRecord, expected: TradeStatus): Promise<boolean>;
}
