import type { Decimal } from 'decimal.js';
import * as z from 'zod/mini';
import {
  addMilliseconds,
  type BusinessCalendar,
  bankCalendarsFor,
  isBusinessDay,
  type LocalDate,
  type LocalTime,
  nextBusinessDay,
  parseInstant,
  parseLocalDate,
  ukDateOf,
  ukInstant,
} from './calendar.js';
import { DomainRuleError, FxRuleError, requireObject } from './errors.js';
import {
  type DecimalInput,
  displayAmount,
  MAX_SIGNIFICANT_DIGITS,
  MoneyDecimal,
  parseAmount,
  roundQuotientToMinorUnits,
  roundToMinorUnits,
  toDecimal,
} from './money.js';

// ---------------------------------------------------------------------------------------------------------
// Quote hold

/** A quote's rate is held this long from its `createdAt`. */
export const QUOTE_HOLD_MS = 45_000;

export interface QuoteTimes {
  createdAt: Date | string;
  /** The bank's own expiry; when given it is the authority, whatever createdAt says. */
  expiresAt?: Date | string | undefined;
}

export function quoteExpiresAt(quote: QuoteTimes): Date {
  requireObject(quote, 'quote', FxRuleError);
  const createdAt = parseInstant(quote.createdAt, 'createdAt');
  if (quote.expiresAt === undefined) return addMilliseconds(createdAt, QUOTE_HOLD_MS, 'createdAt');
  const expiresAt = parseInstant(quote.expiresAt, 'expiresAt');
  if (expiresAt < createdAt) {
    throw new FxRuleError('expiresAt', 'expires-before-created', 'expiresAt must not be before createdAt.');
  }
  return expiresAt;
}

/** A quote can be executed strictly before it expires; at `expiresAt` itself the hold is over. */
export function isQuoteExecutable(quote: QuoteTimes, at: Date): boolean {
  const executedAt = parseInstant(at, 'executedAt');
  return executedAt.getTime() < quoteExpiresAt(quote).getTime();
}

export function checkQuoteExecutable(quote: QuoteTimes, at: Date): void {
  if (!isQuoteExecutable(quote, at)) {
    throw new FxRuleError(
      'quoteId',
      'quote-expired',
      `The quote expired at ${quoteExpiresAt(quote).toISOString()}; request a new one.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Request fields: margin, fixed side, value date

export const MIN_MARGIN = '0';
export const MAX_MARGIN = '0.0499';

export const FX_MESSAGES = {
  margin: `margin must be from ${MIN_MARGIN} to ${MAX_MARGIN}.`,
  fixedSide: 'fixedSide must be buy or sell.',
  valueDate: 'valueDate must be a date-time as yyyy-MM-ddTHH:mm:ssZ.',
} as const;

/** The margin of a trade: absent means none; otherwise 0 to 0.0499 inclusive. */
export function parseMargin(value: DecimalInput | undefined, field = 'margin'): Decimal {
  if (value === undefined) return new MoneyDecimal(0);
  const margin = toDecimal(value, field);
  if (margin.lt(MIN_MARGIN) || margin.gt(MAX_MARGIN))
    throw new FxRuleError(field, 'margin-out-of-range', FX_MESSAGES.margin);
  if (margin.precision(true) > MAX_SIGNIFICANT_DIGITS) {
    throw new FxRuleError(
      field,
      'too-precise',
      `${field} must have at most ${MAX_SIGNIFICANT_DIGITS} significant digits.`,
    );
  }
  return margin;
}

export type FixedSide = 'buy' | 'sell';

/** The wire value is lower case. */
export const fixedSide = z.lazy(() => z.enum(['buy', 'sell'], { error: FX_MESSAGES.fixedSide }));

const VALUE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** The calendar day of a `valueDate` (`yyyy-MM-ddTHH:mm:ssZ`, or a plain `yyyy-MM-dd`), as written. */
export function parseValueDate(value: unknown, field = 'valueDate'): LocalDate {
  if (typeof value === 'string' && VALUE_DATE.test(value)) {
    parseInstant(value, field);
    return parseLocalDate(value.slice(0, 10), field);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return parseLocalDate(value, field);
  throw new FxRuleError(field, 'value-date-format', FX_MESSAGES.valueDate);
}

/** The quote request's `valueDate`: exactly `yyyy-MM-ddTHH:mm:ssZ`, on a day that exists. */
export const fxValueDate = z.lazy(() =>
  z.string({ error: FX_MESSAGES.valueDate }).check(
    z.meta({ format: 'date-time', pattern: VALUE_DATE.source }),
    z.superRefine((value, ctx) => {
      if (!VALUE_DATE.test(value)) {
        ctx.addIssue({ code: 'custom', message: FX_MESSAGES.valueDate });
        return;
      }
      try {
        parseValueDate(value);
      } catch (error) {
        if (!(error instanceof DomainRuleError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    }),
  ),
);

// ---------------------------------------------------------------------------------------------------------
// Traded currencies and pairs

/** The currencies with a published booking cut-off; a trade in any other currency is refused. */
export const FX_CURRENCIES = ['CAD', 'CHF', 'DKK', 'EUR', 'GBP', 'NOK', 'SEK', 'USD'] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

export function parseFxCurrency(value: unknown, field: string): FxCurrency {
  if (typeof value !== 'string' || !(FX_CURRENCIES as readonly string[]).includes(value)) {
    throw new FxRuleError(
      field,
      'currency-not-traded',
      `${field} must be one of ${FX_CURRENCIES.join(', ')}.`,
    );
  }
  return value as FxCurrency;
}

function parsePair(sellCurrency: unknown, buyCurrency: unknown): { sell: FxCurrency; buy: FxCurrency } {
  const sell = parseFxCurrency(sellCurrency, 'sellCurrency');
  const buy = parseFxCurrency(buyCurrency, 'buyCurrency');
  if (sell === buy)
    throw new FxRuleError('buyCurrency', 'same-currency', 'buyCurrency must differ from sellCurrency.');
  return { sell, buy };
}

export interface MaxTradeSize {
  /** The pair as the spec writes it; its first currency is the currency of the limit. */
  pair: readonly [FxCurrency, FxCurrency];
  max: string;
}

/** Maximum trade size per request by currency pair (spec part 2); the same pair in either order. */
export const MAX_TRADE_SIZES: readonly MaxTradeSize[] = [
  { pair: ['EUR', 'CAD'], max: '20000000' },
  { pair: ['EUR', 'CHF'], max: '5000000' },
  { pair: ['EUR', 'DKK'], max: '5000000' },
  { pair: ['EUR', 'NOK'], max: '5000000' },
  { pair: ['EUR', 'SEK'], max: '5000000' },
  { pair: ['EUR', 'GBP'], max: '15000000' },
  { pair: ['EUR', 'USD'], max: '15000000' },
  { pair: ['GBP', 'CAD'], max: '10000000' },
  { pair: ['GBP', 'USD'], max: '10000000' },
  { pair: ['GBP', 'CHF'], max: '1000000' },
  { pair: ['GBP', 'DKK'], max: '5000000' },
  { pair: ['GBP', 'NOK'], max: '5000000' },
  { pair: ['GBP', 'SEK'], max: '5000000' },
  { pair: ['USD', 'CAD'], max: '20000000' },
  { pair: ['USD', 'CHF'], max: '5000000' },
  { pair: ['USD', 'DKK'], max: '5000000' },
  { pair: ['USD', 'NOK'], max: '5000000' },
  { pair: ['USD', 'SEK'], max: '5000000' },
];

/**
 * The maximum size of a trade between two currencies, in the pair's first currency. A pair with no
 * published maximum is refused: a limit cannot be checked that is not known (pass a longer table if the
 * relationship manager gives more).
 */
export function maxTradeSize(
  sellCurrency: string,
  buyCurrency: string,
  limits: readonly MaxTradeSize[] = MAX_TRADE_SIZES,
): { currency: FxCurrency; amount: Decimal } {
  const { sell, buy } = parsePair(sellCurrency, buyCurrency);
  if (!Array.isArray(limits))
    throw new FxRuleError('limits', 'not-a-list', 'limits must be a list of pairs.');
  const limit = limits.find(
    ({ pair: [first, second] }) => (first === sell && second === buy) || (first === buy && second === sell),
  );
  if (limit === undefined) {
    throw new FxRuleError(
      'currencyPair',
      'pair-not-listed',
      `No maximum trade size is published for ${sell}/${buy}.`,
    );
  }
  return { currency: limit.pair[0], amount: new MoneyDecimal(limit.max) };
}

/**
 * The bank writes a trade's rates (`ClearBankRate`, `FIRate`) as the pair's `Symbol` reads (`EUR/GBP`: pounds
 * per euro) whichever side is sold (the Executed page's example sells GBP for EUR at 0.858); the settlement
 * formulas take buy units per sell unit. The conversion is its own inverse: it turns either into the other.
 */
export function swapRateTerms(rate: Decimal, symbol: string, sellCurrency: string): Decimal {
  // 20 significant digits: far finer than any minor unit of an amount below 10^15, within parseRate's 30.
  return symbol.startsWith(`${sellCurrency}/`) ? rate : rate.pow(-1).toSignificantDigits(20);
}

/** A quoted rate: buy-currency units for one sell-currency unit, as the spec's settlement formulas use it. */
export function parseRate(value: DecimalInput, field = 'exchangeRate'): Decimal {
  const rate = toDecimal(value, field);
  if (rate.lte(0)) throw new FxRuleError(field, 'rate-not-positive', `${field} must be greater than 0.`);
  if (rate.precision(true) > MAX_SIGNIFICANT_DIGITS) {
    throw new FxRuleError(
      field,
      'too-precise',
      `${field} must have at most ${MAX_SIGNIFICANT_DIGITS} significant digits.`,
    );
  }
  return rate;
}

export interface TradeRequest {
  sellCurrency: string;
  buyCurrency: string;
  fixedSide: FixedSide;
  /** In the sell currency when the sell side is fixed, in the buy currency when the buy side is. */
  instructedAmount: DecimalInput;
  /** Buy-currency units for one sell-currency unit. */
  rate: DecimalInput;
}

function parseFixedSide(value: unknown): FixedSide {
  if (value !== 'buy' && value !== 'sell')
    throw new FxRuleError('fixedSide', 'fixed-side', FX_MESSAGES.fixedSide);
  return value;
}

function parseTrade(trade: TradeRequest) {
  requireObject(trade, 'trade', FxRuleError);
  const { sell, buy } = parsePair(trade.sellCurrency, trade.buyCurrency);
  const side = parseFixedSide(trade.fixedSide);
  const instructedCurrency = side === 'sell' ? sell : buy;
  const amount = parseAmount(trade.instructedAmount, instructedCurrency, 'instructedAmount');
  const rate = parseRate(trade.rate);
  return { sell, buy, side, instructedCurrency, amount, rate };
}

/**
 * Refuses a trade above its pair's maximum. The instructed amount is compared in the pair's first currency;
 * when it is in the other one it is converted with the quoted rate (amount x rate from the sell currency,
 * amount / rate from the buy currency), compared exactly, without rounding. Equal to the maximum is allowed.
 */
export function checkTradeSize(trade: TradeRequest, limits: readonly MaxTradeSize[] = MAX_TRADE_SIZES): void {
  const { sell, buy, instructedCurrency, amount, rate } = parseTrade(trade);
  const limit = maxTradeSize(sell, buy, limits);
  let tooLarge: boolean;
  if (instructedCurrency === limit.currency) tooLarge = amount.gt(limit.amount);
  else if (instructedCurrency === sell) tooLarge = amount.times(rate).gt(limit.amount);
  else tooLarge = amount.gt(limit.amount.times(rate));
  if (tooLarge) {
    throw new FxRuleError(
      'instructedAmount',
      'above-max-trade-size',
      `A ${limit.currency}/${limit.currency === sell ? buy : sell} trade must be at most ${limit.currency} ${displayAmount(limit.amount, limit.currency)}.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Booking cut-offs (UK time)

export const BOOKING_OPENS: LocalTime = '07:00';
/** Cut-off for a value date one or two business days after the booking day. */
export const LATER_VALUE_CUT_OFF: LocalTime = '23:30';

/** Same-day cut-off per currency (spec part 2). */
export const SAME_DAY_CUT_OFFS: Readonly<Record<FxCurrency, LocalTime>> = {
  CAD: '13:00',
  CHF: '09:30',
  DKK: '09:00',
  EUR: '13:30',
  GBP: '15:00',
  NOK: '09:00',
  SEK: '09:30',
  USD: '15:00',
};

export type ValueDateKind = 'same-day' | 'next-day' | 'two-days-ahead';

export interface BookingWindow {
  kind: ValueDateKind;
  valueDate: LocalDate;
  opensAt: Date;
  /** Booking must happen strictly before this. */
  cutOffAt: Date;
}

/** The days a trade can settle: the bank's own business days, and T2's as well when a leg is in euro. */
function tradeCalendars(sell: FxCurrency, buy: FxCurrency): BusinessCalendar[] {
  return [...new Set([...bankCalendarsFor(sell), ...bankCalendarsFor(buy)])];
}

/**
 * When a trade for `valueDate` may be booked on the UK day of `bookedAt`: from 07:00 until the earlier of the
 * two currencies' same-day cut-offs for a same-day value date, until 23:30 when the value date is the next or
 * the second business day. Other value dates have no published cut-off and are refused.
 */
export function bookingWindow(trade: {
  sellCurrency: string;
  buyCurrency: string;
  valueDate: string;
  bookedAt: Date;
}): BookingWindow {
  requireObject(trade, 'trade', FxRuleError);
  const { sell, buy } = parsePair(trade.sellCurrency, trade.buyCurrency);
  const valueDate = parseValueDate(trade.valueDate);
  const bookingDay = ukDateOf(parseInstant(trade.bookedAt, 'bookedAt'), 'bookedAt');
  const calendars = tradeCalendars(sell, buy);
  const opensAt = ukInstant(bookingDay, BOOKING_OPENS);
  if (valueDate < bookingDay) {
    throw new FxRuleError('valueDate', 'value-date-in-past', 'valueDate must not be before the booking day.');
  }
  if (!isBusinessDay(valueDate, calendars, 'valueDate')) {
    throw new FxRuleError(
      'valueDate',
      'value-date-not-business-day',
      `valueDate ${valueDate} is not a business day.`,
    );
  }
  if (valueDate === bookingDay) {
    const earlierCutOff = [SAME_DAY_CUT_OFFS[sell], SAME_DAY_CUT_OFFS[buy]].sort()[0] as LocalTime;
    return { kind: 'same-day', valueDate, opensAt, cutOffAt: ukInstant(bookingDay, earlierCutOff) };
  }
  const nextDay = nextBusinessDay(bookingDay, calendars);
  const secondDay = nextBusinessDay(nextDay, calendars);
  if (valueDate !== nextDay && valueDate !== secondDay) {
    throw new FxRuleError(
      'valueDate',
      'value-date-too-far',
      'valueDate must be the booking day or one of the next two business days.',
    );
  }
  const kind = valueDate === nextDay ? 'next-day' : 'two-days-ahead';
  return { kind, valueDate, opensAt, cutOffAt: ukInstant(bookingDay, LATER_VALUE_CUT_OFF) };
}

/** Refuses a booking before 07:00 UK time or at or after the cut-off that applies. */
export function checkBookingTime(trade: {
  sellCurrency: string;
  buyCurrency: string;
  valueDate: string;
  bookedAt: Date;
}): BookingWindow {
  const window = bookingWindow(trade);
  const bookedAt = parseInstant(trade.bookedAt, 'bookedAt');
  if (bookedAt < window.opensAt) {
    throw new FxRuleError(
      'bookedAt',
      'before-booking-opens',
      `Trades can be booked from ${BOOKING_OPENS} UK time.`,
    );
  }
  if (bookedAt >= window.cutOffAt) {
    throw new FxRuleError(
      'bookedAt',
      'after-cut-off',
      `The ${window.kind} cut-off for ${trade.sellCurrency}/${trade.buyCurrency} was ${window.cutOffAt.toISOString()}.`,
    );
  }
  return window;
}

// ---------------------------------------------------------------------------------------------------------
// Settlement amounts

export interface SettlementAmounts {
  /** Debited from the sell account, in the sell currency. */
  sellAmount: Decimal;
  /** Credited to the buy account, in the buy currency. */
  buyAmount: Decimal;
  /** Credited to the margin account, in the floating side's currency. */
  marginAmount: Decimal;
  marginCurrency: FxCurrency;
}

/**
 * The amounts of a trade, exactly the spec's formulas, each rounded on its own to its currency's minor
 * units with ROUNDING_MODE (so buyAmount + marginAmount can differ from amount x rate by one minor unit).
 *   sell side fixed: sell = amount; buy = amount x rate x (1 - margin); margin = amount x rate x margin (buy currency)
 *   buy side fixed:  buy = amount; sell = amount / rate x (1 + margin); margin = amount / rate x margin (sell currency)
 */
export function settlementAmounts(
  trade: TradeRequest & { margin?: DecimalInput | undefined },
): SettlementAmounts {
  const { sell, buy, side, amount, rate } = parseTrade(trade);
  const margin = parseMargin(trade.margin);
  const one = new MoneyDecimal(1);
  if (side === 'sell') {
    const gross = amount.times(rate);
    return {
      sellAmount: amount,
      buyAmount: roundToMinorUnits(gross.times(one.minus(margin)), buy, 'buyAmount'),
      marginAmount: roundToMinorUnits(gross.times(margin), buy, 'marginAmount'),
      marginCurrency: buy,
    };
  }
  return {
    sellAmount: roundQuotientToMinorUnits(amount.times(one.plus(margin)), rate, sell, 'sellAmount'),
    buyAmount: amount,
    marginAmount: roundQuotientToMinorUnits(amount.times(margin), rate, sell, 'marginAmount'),
    marginCurrency: sell,
  };
}
