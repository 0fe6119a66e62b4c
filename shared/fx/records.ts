import {
  checkQuoteExecutable,
  checkTradeSize,
  type FixedSide,
  quoteExpiresAt,
  settlementAmounts,
  swapRateTerms,
} from '../domain/fx.js';
import { DomainRuleError } from '../domain/errors.js';
import type { UnknownOutcome } from '../gateway/tracker.js';
import { formatJsonNumber, MoneyDecimal, parseJsonNumber, toDecimal } from '../domain/money.js';
import { JsonNumber } from '../json/read-json.js';

/** The detail-type of the gateway's event for each trade transition. */
export const FX_TRADE_STATUS_CHANGED = 'FxTradeStatusChanged';

/**
 * The gateway's FX records, pure: a quote it obtained (held 45 s, executed once) and a trade it follows to
 * settlement. The rules of FX themselves are `shared/domain/fx.ts`; here only what the records do with them.
 * Amounts and rates are decimal text, never floats.
 */

// ---------------------------------------------------------------------------------------------------------
// Quotes

/**
 * Quoted: obtained; Claimed: an execution is on its way to the bank; OutcomeUnknown: it was sent and its answer
 * lost, or the bank said an earlier attempt was processed without saying how; Executed: the bank took it (2xx).
 */
export type QuoteStatus = 'Quoted' | 'Claimed' | 'OutcomeUnknown' | 'Executed';

/** Why an outcome is unknown: no answer came (a timeout, a 5xx), or the bank's 409 to a retry. */
export type UnknownReason = UnknownOutcome['unknown'];

export interface QuoteRequest {
  valueDate: string;
  instructedAmount: string;
  fixedSide: FixedSide;
  sellCurrency: string;
  buyCurrency: string;
  margin?: string;
}

export interface QuoteExecution {
  /** The X-Request-Id of the execution that claimed the quote (the same on every retry of its key). */
  requestId: string;
  claimedAt: string;
  /** The bank's status, once it answered. */
  status?: number;
  /** Set while the quote is `OutcomeUnknown`. */
  unknown?: UnknownReason;
}

export interface QuoteRecord {
  quoteId: string;
  status: QuoteStatus;
  request: QuoteRequest;
  currencyPair: string;
  exchangeRate: string;
  sellAmount: string;
  buyAmount: string;
  /** By the spec's formulas from the request and the bank's rate (`settlementAmounts`). */
  marginAmount: string;
  marginCurrency: string;
  /** The bank's own marginAmount, when it gave one. */
  bankMarginAmount?: string;
  createdAt: string;
  expiresAt: string;
  execution?: QuoteExecution;
}

/** A bank number as decimal text: a JSON number from the safe reader (its digits), a number or number text. */
export function decimalText(value: unknown, field: string): string {
  if (value instanceof JsonNumber) return formatJsonNumber(parseJsonNumber(value.source, field), field);
  if (typeof value === 'number' || typeof value === 'string')
    return formatJsonNumber(toDecimal(value, field), field);
  throw new DomainRuleError(field, 'not-a-number', `${field} must be a number.`);
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new DomainRuleError(field, 'not-text', `${field} must be text.`);
  return value;
}

/** The quote as stored, from the request that obtained it and the bank's 200 answer; throws on a malformed one. */
export function quoteRecordOf(request: QuoteRequest, answer: Record<string, unknown>): QuoteRecord {
  const exchangeRate = decimalText(answer.exchangeRate, 'exchangeRate');
  const createdAt = text(answer.createdAt, 'createdAt');
  const expiresAt = text(answer.expiresAt, 'expiresAt');
  const amounts = settlementAmounts({ ...request, rate: exchangeRate, margin: request.margin });
  return {
    quoteId: text(answer.quoteId, 'quoteId'),
    status: 'Quoted',
    request,
    currencyPair: text(answer.currencyPair, 'currencyPair'),
    exchangeRate,
    sellAmount: decimalText(answer.sellAmount, 'sellAmount'),
    buyAmount: decimalText(answer.buyAmount, 'buyAmount'),
    marginAmount: formatJsonNumber(amounts.marginAmount),
    marginCurrency: amounts.marginCurrency,
    ...(answer.marginAmount !== undefined &&
      answer.marginAmount !== null && { bankMarginAmount: decimalText(answer.marginAmount, 'marginAmount') }),
    createdAt: new Date(createdAt).toISOString(),
    // The bank's expiry is the authority (quoteExpiresAt), 45 s after createdAt when it gives none.
    expiresAt: quoteExpiresAt({ createdAt, expiresAt }).toISOString(),
  };
}

export type ExecutionRefusal =
  | { kind: 'expired'; expiresAt: string; message: string }
  | { kind: 'executed'; requestId: string }
  | { kind: 'too-large'; field: string; message: string };

/**
 * Whether `requestId` may execute the quote at `now`: inside the hold (strictly before expiresAt), not
 * claimed by another execution (the same request id is its own retry), within the pair's maximum at the
 * quoted rate. Undefined: it may.
 */
export function executionRefusal(
  quote: QuoteRecord,
  requestId: string,
  now: Date,
): ExecutionRefusal | undefined {
  if (quote.execution !== undefined && quote.execution.requestId !== requestId)
    return { kind: 'executed', requestId: quote.execution.requestId };
  if (quote.execution !== undefined) return undefined;
  try {
    checkQuoteExecutable(quote, now);
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    return { kind: 'expired', expiresAt: quote.expiresAt, message: error.message };
  }
  try {
    checkTradeSize({ ...quote.request, rate: quote.exchangeRate });
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    return { kind: 'too-large', field: error.field, message: error.message };
  }
  return undefined;
}

export function claimedQuote(quote: QuoteRecord, requestId: string, now: Date): QuoteRecord {
  return { ...quote, status: 'Claimed', execution: { requestId, claimedAt: now.toISOString() } };
}

// ---------------------------------------------------------------------------------------------------------
// Trades

/**
 * Requested: an order the gateway is sending; OutcomeUnknown: sent, its answer lost (or "an earlier attempt was
 * processed"); Accepted: the bank answered 2xx; Executed; SettlementRetrying: a settlement failed and the bank
 * will retry it (`WillBeRetried`); then one final state: Settled, Cancelled, SettlementFailed, or Refused (the
 * bank answered the order 4xx: it never traded).
 */
export type TradeStatus =
  | 'Requested'
  | 'OutcomeUnknown'
  | 'Accepted'
  | 'Executed'
  | 'SettlementRetrying'
  | 'Settled'
  | 'Cancelled'
  | 'SettlementFailed'
  | 'Refused';

/** Up the order only: a late Executed never moves a settled trade back, a late retried failure a failed one. */
const RANK: Record<TradeStatus, number> = {
  Requested: 0,
  OutcomeUnknown: 1,
  Accepted: 2,
  Executed: 3,
  SettlementRetrying: 4,
  Settled: 5,
  Cancelled: 5,
  SettlementFailed: 5,
  Refused: 5,
};

/** Every trade status, in rank order (the event schemas list them). */
export const TRADE_STATUSES = Object.keys(RANK) as TradeStatus[];

/** What a final state says of the money: it moved, or it never did. Two final states that differ here conflict. */
const MONEY_OUTCOME: Partial<Record<TradeStatus, 'settled' | 'not-settled'>> = {
  Settled: 'settled',
  Cancelled: 'not-settled',
  SettlementFailed: 'not-settled',
  Refused: 'not-settled',
};

const TRADE_STATUS_OF_WEBHOOK: Readonly<Record<string, TradeStatus>> = {
  'Fx.Trade.Executed': 'Executed',
  'Fx.Trade.Settled': 'Settled',
  'Fx.Trade.Cancelled': 'Cancelled',
};

/**
 * The status an Fx.Trade webhook reports: a settlement failure the bank will retry (`WillBeRetried`, read by
 * `settlementWillBeRetried`) is not final. Undefined for other types.
 */
export function webhookTradeStatus(type: string, willBeRetried: boolean): TradeStatus | undefined {
  if (type === 'Fx.Trade.Settlement.Failed') return willBeRetried ? 'SettlementRetrying' : 'SettlementFailed';
  return TRADE_STATUS_OF_WEBHOOK[type];
}

export interface TradeTransition {
  /** Stable per trade and status: consumers deduplicate events on it. */
  transitionId: string;
  from: TradeStatus | null;
  to: TradeStatus;
  at: string;
  /**
   * `order` (the gateway sent it), the bank's status or unknown reason (`202`, `400`, `no-answer`), or the
   * identity key of the webhook that moved it.
   */
  cause: string;
  /**
   * The trade was already final with the other outcome (`from`: settled against not settled): both facts stay
   * in the history, the latest is the status, and an operator is told (an error log, `RecordOutcomeConflict`).
   */
  conflict?: true;
}

/** What a webhook or an order says of a trade; any may be missing. */
export interface TradeFacts {
  sellCurrency?: string;
  buyCurrency?: string;
  fixedSide?: string;
  instructedAmount?: string;
  margin?: string;
  valueDate?: string;
  sellAmount?: string;
  buyAmount?: string;
  /** As the bank writes it: in the terms of `symbol` (`EUR/GBP`), not buy per sell. */
  clearBankRate?: string;
  symbol?: string;
  /** By the spec's formulas, from the bank's rate and the trade's request. */
  marginAmount?: string;
  marginCurrency?: string;
  /** `FIReceivedMarginAmount`: what the bank says the institution received. */
  bankMarginAmount?: string;
  cancellationReason?: string;
}

export interface TradeRecord extends TradeFacts {
  endToEndId: string;
  status: TradeStatus;
  /** The X-Request-Id of the order that created it (absent when a webhook did). */
  requestId?: string;
  createdAt: string;
  updatedAt: string;
  history: TradeTransition[];
}

export interface TradeChange {
  to: TradeStatus;
  at: Date;
  cause: string;
  facts?: TradeFacts;
}

export function tradeTransitionId(endToEndId: string, to: TradeStatus): string {
  return `${endToEndId}/${to}`;
}

function transition(endToEndId: string, from: TradeStatus | null, change: TradeChange): TradeTransition {
  return {
    transitionId: tradeTransitionId(endToEndId, change.to),
    from,
    to: change.to,
    at: change.at.toISOString(),
    cause: change.cause,
  };
}

/** The transition a cause already wrote (a redelivered webhook), if any. */
export function appliedBy(record: TradeRecord, cause: string): TradeTransition | undefined {
  return record.history.find((entry) => entry.cause === cause);
}

export function newTrade(endToEndId: string, change: TradeChange, requestId?: string): TradeRecord {
  return {
    endToEndId,
    status: change.to,
    ...change.facts,
    ...(requestId !== undefined && { requestId }),
    createdAt: change.at.toISOString(),
    updatedAt: change.at.toISOString(),
    history: [transition(endToEndId, null, change)],
  };
}

/** Whether a final state reported for a trade already final says the opposite of it about the money. */
function contradicts(current: TradeStatus, reported: TradeStatus): boolean {
  const now = MONEY_OUTCOME[current];
  const then = MONEY_OUTCOME[reported];
  return now !== undefined && then !== undefined && now !== then;
}

/**
 * The trade after `change`, or undefined when it moves nothing (same or lower rank, or already final with the
 * same outcome). A final state that contradicts the one reached is written too, marked `conflict`: never
 * silently the first.
 */
export function applyTradeChange(record: TradeRecord, change: TradeChange): TradeRecord | undefined {
  const conflict = contradicts(record.status, change.to);
  if (!conflict && RANK[change.to] <= RANK[record.status]) return undefined;
  const entry = transition(record.endToEndId, record.status, change);
  return {
    ...record,
    ...change.facts,
    status: change.to,
    updatedAt: change.at.toISOString(),
    history: [...record.history, conflict ? { ...entry, conflict: true } : entry],
  };
}

/**
 * The margin of a trade by the spec's formulas (`settlementAmounts`) from the bank's rate and the trade's
 * request, beside what the bank says the institution received; undefined when the facts are not all there.
 */
export function marginCheck(facts: TradeFacts): { computed: string; currency: string } | undefined {
  const { sellCurrency, buyCurrency, fixedSide, instructedAmount, clearBankRate, symbol } = facts;
  if (!sellCurrency || !buyCurrency || !instructedAmount || !clearBankRate) return undefined;
  const side = fixedSide?.toLowerCase();
  if (side !== 'buy' && side !== 'sell') return undefined;
  try {
    const amounts = settlementAmounts({
      sellCurrency,
      buyCurrency,
      fixedSide: side,
      instructedAmount,
      rate: swapRateTerms(
        new MoneyDecimal(clearBankRate),
        symbol ?? `${sellCurrency}/${buyCurrency}`,
        sellCurrency,
      ),
      margin: facts.margin,
    });
    return { computed: formatJsonNumber(amounts.marginAmount), currency: amounts.marginCurrency };
  } catch (error) {
    if (error instanceof DomainRuleError) return undefined;
    throw error;
  }
}
