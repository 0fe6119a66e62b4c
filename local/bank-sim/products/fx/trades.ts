import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { type LocalDate, ukDateOf, ukInstant } from '#shared/domain/calendar.js';
import { FxRuleError } from '#shared/domain/errors.js';
import {
  checkBookingTime,
  checkTradeSize,
  type FixedSide,
  type FxCurrency,
  parseValueDate,
  quoteExpiresAt,
  isQuoteExecutable,
  type SettlementAmounts,
  settlementAmounts,
  swapRateTerms,
} from '#shared/domain/fx.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { balanceOf, moveMoney } from '#sim/core/ledger.js';
import { emitterFor } from '#sim/core/product.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { defineState } from '#sim/core/state.js';
import { book as sterlingBook } from '../sterling-accounts/accounts.js';
import { findByIban } from '../mccy-accounts/accounts.js';
import { adjust, book as bookMccy } from '../mccy-accounts/money.js';
import { symbolOf, tradeRate } from './rates.js';

/**
 * The simulated bank's FX desk (spec part 2, "Foreign exchange"): quotes held 45 s from `createdAt`, one
 * execution per quote, orders booked at the table's rate, and trades settled on the institution's balances
 * (multi-currency accounts; GBP legs on the sterling ledger) with the `Fx.Trade.*` webhooks. The request rules
 * (margin, pairs, maximums in the limit's currency, cut-offs) are checked before this by the operation
 * records; this file adds what needs a rate or the bank's own state.
 */

/**
 * Smallest instructed amount per currency (the simulator's choice; the spec publishes none): 100 in the
 * major currencies, 1,000 in the Scandinavian crowns.
 */
export const MIN_TRADE_AMOUNTS: Readonly<Record<FxCurrency, string>> = {
  CAD: '100',
  CHF: '100',
  EUR: '100',
  GBP: '100',
  USD: '100',
  DKK: '1000',
  NOK: '1000',
  SEK: '1000',
};

export const INSUFFICIENT_FUNDS = 'Insufficient funds';
export const ACCOUNT_VALIDATION_FAILED = 'Account validation failed';

export interface TradeAccount {
  owner: string;
  iban: string;
}

export interface QuoteRequest {
  valueDate: string;
  instructedAmount: Decimal;
  fixedSide: FixedSide;
  sellCurrency: FxCurrency;
  buyCurrency: FxCurrency;
  margin?: Decimal | undefined;
}

export interface FxQuoteRecord {
  quoteId: string;
  institutionId: string;
  request: QuoteRequest;
  /** Buy-currency units for one sell-currency unit. */
  rate: Decimal;
  amounts: SettlementAmounts;
  createdAt: string;
  expiresAt: string;
  /** Set by the one execution the quote allows. */
  endToEndId?: string;
}

export type TradeStatus = 'Executed' | 'SettlementRetrying' | 'Settled' | 'Cancelled' | 'SettlementFailed';

export interface FxTrade extends QuoteRequest {
  endToEndId: string;
  institutionId: string;
  quoteId?: string;
  rate: Decimal;
  amounts: SettlementAmounts;
  sellAccount: TradeAccount;
  buyAccount: TradeAccount;
  marginAccount?: TradeAccount | undefined;
  unstructuredInformation?: string | null | undefined;
  requestedAt: string;
  executedAt?: string;
  status: TradeStatus;
  /** Settlement attempts that failed so far. */
  failedSettlements?: number;
}

export const fxDesk = defineState('fx-desk', () => ({
  config: {
    /** Simulated time from a same-day trade's execution to its settlement. */
    settlementDelayMs: 1_000,
    /** The `ReversalFee` of `Fx.Trade.Settlement.Failed`, in the sell currency (reported, not charged). */
    reversalFee: '2.50',
    /**
     * Failed settlements of a later-dated trade retried before the final failure: each failure before them is
     * sent with `WillBeRetried` true (the page documents the flag, not how often; none by default).
     */
    settlementRetries: 0,
    /** Simulated time from a failed settlement to its retry. */
    settlementRetryDelayMs: 60 * 60 * 1000,
  },
  quotes: new Map<string, FxQuoteRecord>(),
  trades: new Map<string, FxTrade>(),
}));

/** A refusal naming the property (answered 400 with the `errors` map). */
export interface FieldRefusal {
  kind: 'refused';
  field: string;
  detail: string;
}

function refusedOn(field: string, error: unknown): FieldRefusal {
  if (!(error instanceof FxRuleError)) throw error;
  return { kind: 'refused', field, detail: error.message };
}

/** The rules that need the rate: the pair's maximum in the other currency, and the simulator's minimums. */
function sizeRefusal(request: QuoteRequest, rate: Decimal, field: string): FieldRefusal | undefined {
  try {
    checkTradeSize({ ...request, rate });
  } catch (error) {
    return refusedOn(field, error);
  }
  const currency = request.fixedSide === 'sell' ? request.sellCurrency : request.buyCurrency;
  const minimum = MIN_TRADE_AMOUNTS[currency];
  if (request.instructedAmount.lt(minimum)) {
    return {
      kind: 'refused',
      field,
      detail: `A trade instructed in ${currency} must be at least ${minimum}.`,
    };
  }
  return undefined;
}

function amountsOf(request: QuoteRequest, rate: Decimal): SettlementAmounts {
  return settlementAmounts({ ...request, rate, margin: request.margin });
}

// --- Quotes ---------------------------------------------------------------------------------------------

/** A quote at the table's rate now, held `QUOTE_HOLD_MS` (45 s) from its `createdAt`. */
export function requestQuote(
  host: SimHost,
  institutionId: string,
  request: QuoteRequest,
): { kind: 'done'; value: FxQuoteRecord } | FieldRefusal {
  const now = host.clock.now();
  const rate = tradeRate(host.state, request.sellCurrency, request.buyCurrency, now);
  const refusal = sizeRefusal(request, rate, 'instructedAmount');
  if (refusal) return refusal;
  const quote: FxQuoteRecord = {
    quoteId: randomUUID(),
    institutionId,
    request,
    rate,
    amounts: amountsOf(request, rate),
    createdAt: now.toISOString(),
    expiresAt: quoteExpiresAt({ createdAt: now }).toISOString(),
  };
  host.state.get(fxDesk).quotes.set(quote.quoteId, quote);
  return { kind: 'done', value: quote };
}

/** The quote as `POST /fx/v1/quote` answers it (`fx-orchestrator-rfq.json`). */
export function quoteView(quote: FxQuoteRecord) {
  const { request, amounts } = quote;
  return {
    quoteRequest: {
      valueDate: request.valueDate,
      instructedAmount: request.instructedAmount.toNumber(),
      fixedSide: request.fixedSide,
      sellCurrency: request.sellCurrency,
      buyCurrency: request.buyCurrency,
      ...(request.margin !== undefined && { margin: request.margin.toNumber() }),
    },
    quoteId: quote.quoteId,
    valueDate: request.valueDate,
    currencyPair: `${request.sellCurrency}/${request.buyCurrency}`,
    exchangeRate: quote.rate.toNumber(),
    sellCurrency: request.sellCurrency,
    sellAmount: amounts.sellAmount.toNumber(),
    buyCurrency: request.buyCurrency,
    buyAmount: amounts.buyAmount.toNumber(),
    createdAt: quote.createdAt,
    expiresAt: quote.expiresAt,
    marginAmount: amounts.marginAmount.toNumber(),
    marginCurrency: amounts.marginCurrency,
  };
}

export interface Execution {
  quoteId: string;
  sellAccount: TradeAccount;
  buyAccount: TradeAccount;
  marginAccount?: TradeAccount | undefined;
}

export type ExecutionOutcome =
  | { kind: 'done'; value: FxTrade }
  | { kind: 'unknown'; detail: string }
  | { kind: 'expired'; detail: string }
  | { kind: 'executed'; detail: string };

/**
 * The end-to-end id the bank gives a trade executed from a quote: the quote id's 32 hex digits (the execute
 * request carries none, and the webhooks need one of at most 35 characters).
 */
export function endToEndIdOfQuote(quoteId: string): string {
  return quoteId.replaceAll('-', '').toLowerCase();
}

/** Executes a quote once, strictly before its `expiresAt`; the trade then follows `bookTrade`. */
export function executeQuote(
  host: SimHost,
  institutionId: string,
  execution: Execution,
  emit: Emit,
): ExecutionOutcome {
  const quote = host.state.get(fxDesk).quotes.get(execution.quoteId.toLowerCase());
  if (!quote || quote.institutionId !== institutionId) {
    return { kind: 'unknown', detail: `No quote ${execution.quoteId} was given to this institution.` };
  }
  if (!isQuoteExecutable(quote, host.clock.now())) {
    return { kind: 'expired', detail: `The quote expired at ${quote.expiresAt}; request a new one.` };
  }
  if (quote.endToEndId !== undefined) {
    return { kind: 'executed', detail: `The quote was executed already (EndToEndId ${quote.endToEndId}).` };
  }
  quote.endToEndId = endToEndIdOfQuote(quote.quoteId);
  const trade: FxTrade = {
    ...quote.request,
    endToEndId: quote.endToEndId,
    institutionId,
    quoteId: quote.quoteId,
    rate: quote.rate,
    amounts: quote.amounts,
    sellAccount: execution.sellAccount,
    buyAccount: execution.buyAccount,
    marginAccount: execution.marginAccount,
    requestedAt: host.clock.now().toISOString(),
    status: 'Executed',
  };
  bookTrade(host, trade, emit);
  return { kind: 'done', value: trade };
}

// --- Orders ---------------------------------------------------------------------------------------------

export interface Order extends QuoteRequest {
  endToEndId: string;
  sellAccount: TradeAccount;
  buyAccount: TradeAccount;
  marginAccount?: TradeAccount | undefined;
  unstructuredInformation?: string | null | undefined;
}

/**
 * The value date of an order without one: the booking day (UK), checked against its same-day cut-off like
 * any other (`yyyy-MM-ddT00:00:00Z`, the format the quote takes).
 */
export function defaultValueDate(now: Date): string {
  return `${ukDateOf(now)}T00:00:00Z`;
}

/** An order at the table's rate now: the same limits and cut-offs as a quote, then booked like an execution. */
export function placeOrder(
  host: SimHost,
  institutionId: string,
  order: Order,
  emit: Emit,
  prefix = 'tradeInformation.',
): { kind: 'done'; value: FxTrade } | FieldRefusal | { kind: 'duplicate'; detail: string } {
  const now = host.clock.now();
  try {
    checkBookingTime({ ...order, bookedAt: now });
  } catch (error) {
    return refusedOn(`${prefix}valueDate`, error);
  }
  const rate = tradeRate(host.state, order.sellCurrency, order.buyCurrency, now);
  const refusal = sizeRefusal(order, rate, `${prefix}details.instructedAmount`);
  if (refusal) return refusal;
  const desk = host.state.get(fxDesk);
  if (desk.trades.has(order.endToEndId)) {
    return { kind: 'duplicate', detail: `A trade with EndToEndId ${order.endToEndId} exists already.` };
  }
  const trade: FxTrade = {
    ...order,
    institutionId,
    rate,
    amounts: amountsOf(order, rate),
    requestedAt: now.toISOString(),
    status: 'Executed',
  };
  bookTrade(host, trade, emit);
  return { kind: 'done', value: trade };
}

// --- Booking and settlement -----------------------------------------------------------------------------

/** One side of a trade on the bank's books: a multi-currency account, or a sterling account for GBP. */
interface Wallet {
  iban: string;
  available(): Decimal;
  /** Available and actual change; a sterling account has one balance, moved with `available`. */
  move(delta: { available?: Decimal; actual?: Decimal }): void;
  book(direction: 'Credit' | 'Debit', amount: Decimal, endToEndId: string, at: string): string;
}

function walletOf(
  host: SimHost,
  institutionId: string,
  account: TradeAccount,
  currency: FxCurrency,
): Wallet | undefined {
  const { state } = host;
  if (currency === 'GBP') {
    const wanted = account.iban.toUpperCase();
    const real = [...state.get(sterlingBook).real.values()].find(
      (a) => a.institutionId === institutionId && a.iban === wanted,
    );
    if (!real || real.status !== 'Enabled') return undefined;
    return {
      iban: real.iban,
      available: () => balanceOf(state, real.id).amount,
      move: (delta) => {
        if (delta.available) moveMoney(state, real.id, delta.available, host.clock.now());
      },
      book: () => randomUUID(),
    };
  }
  const found = findByIban(state, institutionId, account.iban);
  if (!found || found.account.status !== 'Active' || !found.account.currencies.includes(currency)) {
    return undefined;
  }
  if (found.virtual && found.virtual.status !== 'Active') return undefined;
  const { account: real, virtual } = found;
  return {
    iban: (virtual ?? real).iban,
    available: () => real.balances.get(currency)?.available ?? new MoneyDecimal(0),
    move: (delta) => adjust(real, currency, delta),
    book: (direction, amount, endToEndId, at) =>
      bookMccy(state, {
        institutionId,
        accountId: real.id,
        ...(virtual && { virtualAccountId: virtual.id }),
        endToEndId,
        reference: endToEndId,
        amount,
        currency,
        direction,
        paymentMethod: 'FxTrade',
        createdAt: at,
        beneficiary: { name: account.owner, identifiers: [{ identifier: account.iban, kind: 'Iban' }] },
        remitter: { name: account.owner, identifiers: [{ identifier: account.iban, kind: 'Iban' }] },
      }).id,
  };
}

interface TradeWallets {
  sell: Wallet;
  buy: Wallet;
  margin?: Wallet;
}

/** The margin's wallet: the margin account in the margin's currency (none given: the margin stays with the bank). */
function walletsOf(host: SimHost, trade: FxTrade): TradeWallets | undefined {
  const sell = walletOf(host, trade.institutionId, trade.sellAccount, trade.sellCurrency);
  const buy = walletOf(host, trade.institutionId, trade.buyAccount, trade.buyCurrency);
  if (!sell || !buy) return undefined;
  if (!trade.marginAccount || trade.amounts.marginAmount.isZero()) return { sell, buy };
  const margin = walletOf(host, trade.institutionId, trade.marginAccount, trade.amounts.marginCurrency);
  return margin ? { sell, buy, margin } : undefined;
}

function valueDayOf(trade: FxTrade): LocalDate {
  return parseValueDate(trade.valueDate);
}

/**
 * A trade the bank accepted (202): accounts that cannot take it cancel it at once; a same-day trade the sell
 * account cannot cover is cancelled at once (`Fx.Trade.Cancelled`), otherwise held and settled after
 * `settlementDelayMs`; a later trade is executed now and settled at 00:00 UK time on its value date, when an
 * uncovered sell account fails it (`Fx.Trade.Settlement.Failed`, retried `settlementRetries` times).
 */
function bookTrade(host: SimHost, trade: FxTrade, emit: Emit): void {
  const desk = host.state.get(fxDesk);
  desk.trades.set(trade.endToEndId, trade);
  const now = host.clock.now();
  const wallets = walletsOf(host, trade);
  const cancel = (reason: string) => {
    trade.status = 'Cancelled';
    emit('Fx.Trade.Cancelled', 1, {
      ...tradeMembers(trade),
      CancellationCode: '1',
      CancellationReason: reason,
    });
  };
  if (!wallets) return cancel(ACCOUNT_VALIDATION_FAILED);
  const sameDay = valueDayOf(trade) === ukDateOf(now);
  if (sameDay && wallets.sell.available().lt(trade.amounts.sellAmount)) return cancel(INSUFFICIENT_FUNDS);

  trade.executedAt = now.toISOString();
  emit('Fx.Trade.Executed', 1, executedPayload(trade));
  let settleAt: Date;
  if (sameDay) {
    wallets.sell.move({ available: trade.amounts.sellAmount.negated() });
    settleAt = new Date(now.getTime() + desk.config.settlementDelayMs);
  } else {
    settleAt = ukInstant(valueDayOf(trade), '00:00');
  }
  host.schedule(settleAt, `fx trade ${trade.endToEndId}`, settlement, trade, sameDay);
}

const settlement = defineTask('fx trade settlement', settle);

function settle(host: SimHost, trade: FxTrade, held: boolean): void {
  const wallets = walletsOf(host, trade);
  const { sellAmount, buyAmount, marginAmount } = trade.amounts;
  if (!wallets || (!held && wallets.sell.available().lt(sellAmount))) {
    // A same-day trade's money is held at booking: only a later-dated trade's settlement is retried.
    failSettlement(host, trade, wallets ? INSUFFICIENT_FUNDS : ACCOUNT_VALIDATION_FAILED, !held);
    return;
  }
  const emit = emitterFor(host, trade.institutionId);
  const at = host.clock.now().toISOString();
  wallets.sell.move(
    held
      ? { actual: sellAmount.negated() }
      : { available: sellAmount.negated(), actual: sellAmount.negated() },
  );
  wallets.buy.move({ available: buyAmount, actual: buyAmount });
  const debitId = wallets.sell.book('Debit', sellAmount, trade.endToEndId, at);
  const creditId = wallets.buy.book('Credit', buyAmount, trade.endToEndId, at);
  let margin = {};
  if (wallets.margin) {
    wallets.margin.move({ available: marginAmount, actual: marginAmount });
    margin = {
      MarginTransactionId: wallets.margin.book('Credit', marginAmount, trade.endToEndId, at),
      MarginAmount: marginAmount.toNumber(),
      MarginCurrency: trade.amounts.marginCurrency,
      MarginTransactionIdentifiers: [],
      MarginAdditionalProperties: [],
      MarginCreatedAt: at,
      MarginSettledAt: at,
    };
  }
  trade.status = 'Settled';
  emit('Fx.Trade.Settled', 1, {
    ...tradeMembers(trade),
    DebitTransactionId: debitId,
    DebitAmount: sellAmount.toNumber(),
    DebitCurrency: trade.sellCurrency,
    DebitTransactionIdentifiers: [],
    DebitAdditionalProperties: [],
    DebitCreatedAt: at,
    DebitSettledAt: at,
    CreditTransactionId: creditId,
    CreditAmount: buyAmount.toNumber(),
    CreditCurrency: trade.buyCurrency,
    CreditTransactionIdentifiers: [
      { Scope: 'AutoFXTradeOrders', Name: 'TradeRequestID', Identifier: trade.quoteId ?? trade.endToEndId },
    ],
    CreditAdditionalProperties: [{ Key: 'FixedSide', Value: fixedSideWord(trade.fixedSide) }],
    CreditCreatedAt: at,
    CreditSettledAt: at,
    ...margin,
  });
}

/**
 * `Fx.Trade.Settlement.Failed`: retried after `settlementRetryDelayMs` (`WillBeRetried` true) while the
 * trade may be retried and retries remain, final otherwise.
 */
function failSettlement(host: SimHost, trade: FxTrade, reason: string, retriable: boolean): void {
  const { config } = host.state.get(fxDesk);
  trade.failedSettlements = (trade.failedSettlements ?? 0) + 1;
  const willBeRetried = retriable && trade.failedSettlements <= config.settlementRetries;
  trade.status = willBeRetried ? 'SettlementRetrying' : 'SettlementFailed';
  emitterFor(host, trade.institutionId)('Fx.Trade.Settlement.Failed', 1, {
    ...tradeMembers(trade),
    CancellationCode: '1',
    CancellationReason: reason,
    WillBeRetried: willBeRetried,
    ReversalFee: new MoneyDecimal(config.reversalFee).toNumber(),
    ReversalFeeCurrency: trade.sellCurrency,
  });
  if (!willBeRetried) return;
  const retryAt = new Date(host.clock.now().getTime() + config.settlementRetryDelayMs);
  host.schedule(retryAt, `fx trade ${trade.endToEndId} settlement retry`, settlement, trade, false);
}

// --- Webhook payloads (the Fx.Trade.* pages) ------------------------------------------------------------

/** The pages' examples write the side capitalised (`Sell`). */
function fixedSideWord(side: FixedSide): string {
  return side === 'sell' ? 'Sell' : 'Buy';
}

/** The members every `Fx.Trade.*` payload starts with. */
export function tradeMembers(trade: FxTrade) {
  return {
    SellAccountOwner: trade.sellAccount.owner,
    SellAccountIban: trade.sellAccount.iban,
    BuyAccountOwner: trade.buyAccount.owner,
    BuyAccountIban: trade.buyAccount.iban,
    Attestation: 'Y',
    ValueDate: trade.valueDate,
    InstructedAmount: trade.instructedAmount.toNumber(),
    FixedSide: fixedSideWord(trade.fixedSide),
    BuyCurrency: trade.buyCurrency,
    SellCurrency: trade.sellCurrency,
    ...(trade.margin !== undefined && { Margin: trade.margin.toNumber() }),
    ...(trade.marginAccount && { MarginAccountIban: trade.marginAccount.iban }),
    EndToEndId: trade.endToEndId,
    ...(trade.unstructuredInformation && { UnstructuredInformation: trade.unstructuredInformation }),
  };
}

const RATE_PLACES = 9;

/** A buy-per-sell rate written as the pair's symbol reads it (`EUR/GBP`: pounds per euro). */
function asSymbolRate(trade: FxTrade, buyPerSell: Decimal): Decimal {
  const symbol = symbolOf(trade.sellCurrency, trade.buyCurrency);
  return swapRateTerms(buyPerSell, symbol, trade.sellCurrency).toDecimalPlaces(RATE_PLACES);
}

function executedPayload(trade: FxTrade) {
  const margin = trade.margin ?? new MoneyDecimal(0);
  // The rate the institution's customer gets: the margin taken from the floating side.
  const customerRate =
    trade.fixedSide === 'sell'
      ? trade.rate.times(margin.negated().plus(1))
      : trade.rate.dividedBy(margin.plus(1));
  return {
    ...tradeMembers(trade),
    Symbol: symbolOf(trade.sellCurrency, trade.buyCurrency),
    ...(trade.margin !== undefined && { FIReceivedMarginAmount: trade.amounts.marginAmount.toNumber() }),
    BuyAmount: trade.amounts.buyAmount.toNumber(),
    SellAmount: trade.amounts.sellAmount.toNumber(),
    ClearBankRate: asSymbolRate(trade, trade.rate).toNumber(),
    FIRate: asSymbolRate(trade, customerRate).toNumber(),
    RequestedTime: trade.requestedAt,
    ExecutedTime: trade.executedAt ?? trade.requestedAt,
  };
}
