import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type BusinessCalendar,
  bankCalendarsFor,
  bookingWindow,
  cancellationDeadline,
  checkBatchSize,
  checkBookingTime,
  checkCancellation,
  checkQuoteExecutable,
  checkStatementPeriod,
  checkTradeSize,
  creditorName,
  creditorNameForScheme,
  DomainRuleError,
  decimalFromJsNumber,
  englandAndWalesBankHolidays,
  formatAmount,
  formatJsonNumber,
  fpsAmount,
  fxValueDate,
  isBusinessDay,
  isPaymentWindowOpen,
  isQuoteExecutable,
  MULTI_CURRENCY_PAYMENT_CURRENCIES,
  maxTradeSize,
  minorUnitsOf,
  multiCurrencyPaymentCurrency,
  nameVerificationRequest,
  nextBusinessDay,
  ownerNameForNameCheck,
  parseAmount,
  parseInstant,
  parseJsonNumber,
  parseLocalDate,
  parseMargin,
  parseOwnerName,
  paymentReferenceForScheme,
  paymentSchedule,
  quoteExpiresAt,
  retailCustomerIdentityDocument,
  roundQuotientToMinorUnits,
  roundToMinorUnits,
  scheduledProcessingTime,
  settlementAmounts,
  statementRequest,
  targetClosingDays,
  toNameCheckIdentification,
  transactionPageSize,
  ukDateOf,
  ukInstant,
  isValidRequestId,
} from '#shared/domain/index.js';

// Behaviour pinned down, for any input: the next business day is a business day and the first one after
// the input; the cancellation deadline is exactly one hour before processing; FX amounts with no margin are
// the plain conversion; and no rule throws anything but its own DomainRuleError.

/** An independent reference for the conversions: far more precision than any input needs. */
const Reference = Decimal.clone({ precision: 300 });

const DAYS_2019_TO_2099 = 29_584;
const localDate = fc.integer({ min: 0, max: DAYS_2019_TO_2099 }).map((days) => addDays('2019-01-01', days));
const calendars = fc.subarray<BusinessCalendar>(['england-and-wales', 'target']);
const instant = fc.date({
  min: new Date('2019-01-01T00:00:00Z'),
  max: new Date('2099-12-01T00:00:00Z'),
  noInvalidDate: true,
});
const mccyCurrency = fc.constantFrom(...MULTI_CURRENCY_PAYMENT_CURRENCIES);
/** Amounts with two decimals, from 0.01 to 10^12. */
const amount = fc
  .bigInt({ min: 1n, max: 100_000_000_000_000n })
  .map((cents) => new Reference(cents.toString()).div(100).toFixed(2));
/** Rates with up to 6 decimals, from 0.000001 to 1000. */
const rate = fc
  .integer({ min: 1, max: 1_000_000_000 })
  .map((millionths) => new Reference(millionths).div(1_000_000).toFixed());

function throwsOnlyDomainRuleErrors(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof DomainRuleError) return true;
    throw error;
  }
}

describe('business days, for any day from 2019 to 2099', () => {
  it('the next business day is a business day, after the input, with no business day in between', () => {
    fc.assert(
      fc.property(localDate, calendars, (day, chosen) => {
        const next = nextBusinessDay(day, chosen);
        expect(isBusinessDay(next, chosen)).toBe(true);
        expect(next > day).toBe(true);
        for (let between = addDays(day, 1); between < next; between = addDays(between, 1)) {
          expect(isBusinessDay(between, chosen)).toBe(false);
        }
      }),
    );
  });

  it('every England and Wales bank holiday and TARGET closing day falls in its year and on a weekday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2019, max: 2099 }), (year) => {
        for (const holiday of englandAndWalesBankHolidays(year)) {
          expect(holiday.date.startsWith(String(year))).toBe(true);
          expect(isBusinessDay(holiday.date, [])).toBe(true);
        }
        const dates = englandAndWalesBankHolidays(year).map((holiday) => holiday.date);
        expect(new Set(dates).size).toBe(dates.length);
        expect(targetClosingDays(year)).toHaveLength(6);
      }),
    );
  });
});

describe('multi-currency payment schedule, for any time and currency', () => {
  it('the cancellation deadline is exactly one hour before processing', () => {
    fc.assert(
      fc.property(instant, mccyCurrency, (receivedAt, currency) => {
        const schedule = paymentSchedule({ receivedAt, currency, isScheduled: true });
        if (!schedule.isScheduled) throw new Error('expected a scheduled payment');
        expect(schedule.processingAt.getTime() - schedule.cancellationDeadline.getTime()).toBe(3_600_000);
        expect(cancellationDeadline(schedule.processingAt)).toEqual(schedule.cancellationDeadline);
      }),
    );
  });

  it('processing is at or after receipt, on a business day of the currency, at its slot in UK time, within a week', () => {
    fc.assert(
      fc.property(instant, mccyCurrency, (receivedAt, currency) => {
        const processingAt = scheduledProcessingTime(receivedAt, currency);
        const day = ukDateOf(processingAt);
        const slot = currency === 'CZK' || currency === 'RON' ? '08:20' : '08:30';
        expect(processingAt.getTime()).toBeGreaterThanOrEqual(receivedAt.getTime());
        expect(processingAt.getTime() - receivedAt.getTime()).toBeLessThan(7 * 86_400_000);
        expect(isBusinessDay(day, bankCalendarsFor(currency))).toBe(true);
        expect(ukInstant(day, slot)).toEqual(processingAt);
      }),
    );
  });
});

describe('FX settlement amounts, for any amount and rate', () => {
  it('with margin 0 are the plain conversion rounded half to even, and the margin is 0', () => {
    fc.assert(
      fc.property(
        amount,
        rate,
        fc.constantFrom('buy' as const, 'sell' as const),
        (instructed, quoted, side) => {
          const amounts = settlementAmounts({
            sellCurrency: 'GBP',
            buyCurrency: 'EUR',
            fixedSide: side,
            instructedAmount: instructed,
            rate: quoted,
            margin: '0',
          });
          const plain =
            side === 'sell' ? new Reference(instructed).times(quoted) : new Reference(instructed).div(quoted);
          const expected = plain.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
          expect((side === 'sell' ? amounts.buyAmount : amounts.sellAmount).toFixed(2)).toBe(expected);
          expect((side === 'sell' ? amounts.sellAmount : amounts.buyAmount).toFixed(2)).toBe(instructed);
          expect(amounts.marginAmount.isZero()).toBe(true);
        },
      ),
    );
  });

  it('with a margin, the floating side and the margin add up to the gross conversion within one minor unit', () => {
    const margin = fc
      .integer({ min: 0, max: 499 })
      .map((basisPoints) => new Reference(basisPoints).div(10_000).toFixed());
    fc.assert(
      fc.property(amount, rate, margin, (instructed, quoted, chosenMargin) => {
        const sellFixed = settlementAmounts({
          sellCurrency: 'USD',
          buyCurrency: 'CAD',
          fixedSide: 'sell',
          instructedAmount: instructed,
          rate: quoted,
          margin: chosenMargin,
        });
        const gross = new Reference(instructed).times(quoted);
        expect(sellFixed.buyAmount.plus(sellFixed.marginAmount).minus(gross).abs().lte('0.01')).toBe(true);
        expect(sellFixed.marginAmount.isNegative()).toBe(false);
      }),
    );
  });

  it('the exact quotient rounding agrees with a 300-digit reference', () => {
    fc.assert(
      fc.property(amount, rate, (numerator, denominator) => {
        const rounded = roundQuotientToMinorUnits(new Decimal(numerator), new Decimal(denominator), 'EUR');
        const reference = new Reference(numerator)
          .div(denominator)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
        expect(rounded.toFixed(2)).toBe(reference.toFixed(2));
      }),
    );
  });
});

describe('JSON numbers, for any decimal text', () => {
  it('formatting a parsed number gives back the same value', () => {
    const digits = fc.stringMatching(/^-?(0|[1-9][0-9]{0,40})(\.[0-9]{1,40})?$/);
    fc.assert(
      fc.property(digits, (text) => {
        const parsed = parseJsonNumber(text);
        expect(parseJsonNumber(formatJsonNumber(parsed)).equals(parsed)).toBe(true);
        expect(new Decimal(formatJsonNumber(parsed)).equals(new Decimal(text))).toBe(true);
      }),
    );
  });
});

/** Anything a caller could pass, including the awkward cases. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.double(),
  fc.date(),
  fc.constant(new Date(Number.NaN)),
  fc.constant(new Date(8.64e15)),
  fc.constant(new Date(-8.64e15)),
  fc.constantFrom(
    'GBP',
    'EUR',
    'CZK',
    'sell',
    'buy',
    '2024-06-05',
    '2024-06-05T10:00:00Z',
    '08:30',
    '1e999999',
    '-0',
  ),
  fc.constant(new Decimal('1e9000000000000000')),
  fc.constant(new Decimal(Number.NaN)),
);
const anyRecord = fc.oneof(
  anyValue,
  fc.record(
    {
      sellCurrency: fc.oneof(fc.constantFrom('GBP', 'EUR', 'USD', 'CHF'), anyValue),
      buyCurrency: fc.oneof(fc.constantFrom('GBP', 'EUR', 'USD', 'CAD'), anyValue),
      fixedSide: fc.oneof(fc.constantFrom('buy', 'sell'), anyValue),
      instructedAmount: fc.oneof(amount, anyValue),
      rate: fc.oneof(rate, anyValue),
      margin: fc.oneof(fc.constantFrom('0', '0.0499', '0.05'), anyValue),
      valueDate: fc.oneof(fc.constantFrom('2024-06-05T00:00:00Z', '2024-06-06T00:00:00Z'), anyValue),
      bookedAt: fc.oneof(instant, anyValue),
      createdAt: fc.oneof(instant, anyValue),
      expiresAt: anyValue,
      receivedAt: fc.oneof(instant, anyValue),
      currency: fc.oneof(mccyCurrency, anyValue),
      isScheduled: fc.oneof(fc.boolean(), anyValue),
      cancellationDeadline: anyValue,
    },
    { requiredKeys: [] },
  ),
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the point is to call each rule with values of any type.
type AnyRule = (...inputs: any[]) => unknown;

/** Each rule called with its inputs only; the optional `field` labels come from code, not from requests. */
const RULES: Record<string, AnyRule> = {
  parseJsonNumber: (text) => parseJsonNumber(text),
  decimalFromJsNumber: (value) => decimalFromJsNumber(value),
  formatJsonNumber: (value) => formatJsonNumber(value),
  parseAmount: (value, currency) => parseAmount(value, currency),
  formatAmount: (value, currency) => formatAmount(value, currency),
  roundToMinorUnits: (value, currency) => roundToMinorUnits(value, currency),
  roundQuotientToMinorUnits: (numerator, denominator, currency) =>
    roundQuotientToMinorUnits(numerator, denominator, currency),
  minorUnitsOf: (currency) => minorUnitsOf(currency),
  parseLocalDate: (value) => parseLocalDate(value),
  parseInstant: (value) => parseInstant(value),
  addDays: (date, days) => addDays(date, days),
  isBusinessDay: (date, chosen) => isBusinessDay(date, chosen),
  nextBusinessDay: (date, chosen) => nextBusinessDay(date, chosen),
  englandAndWalesBankHolidays: (year) => englandAndWalesBankHolidays(year),
  targetClosingDays: (year) => targetClosingDays(year),
  ukDateOf: (value) => ukDateOf(value),
  ukInstant: (date, time) => ukInstant(date, time),
  scheduledProcessingTime: (receivedAt, currency) => scheduledProcessingTime(receivedAt, currency),
  cancellationDeadline: (processingAt) => cancellationDeadline(processingAt),
  paymentSchedule: (request) => paymentSchedule(request),
  checkCancellation: (schedule, batchId, at) => checkCancellation(schedule, batchId, at),
  checkBatchSize: (count) => checkBatchSize(count),
  isPaymentWindowOpen: (at, currency, closesAt) => isPaymentWindowOpen(at, currency, closesAt),
  quoteExpiresAt: (quote) => quoteExpiresAt(quote),
  isQuoteExecutable: (quote, at) => isQuoteExecutable(quote, at),
  checkQuoteExecutable: (quote, at) => checkQuoteExecutable(quote, at),
  parseMargin: (margin) => parseMargin(margin),
  maxTradeSize: (sell, buy) => maxTradeSize(sell, buy),
  checkTradeSize: (trade) => checkTradeSize(trade),
  bookingWindow: (trade) => bookingWindow(trade),
  checkBookingTime: (trade) => checkBookingTime(trade),
  settlementAmounts: (trade) => settlementAmounts(trade),
  creditorNameForScheme: (name) => creditorNameForScheme(name),
  paymentReferenceForScheme: (reference) => paymentReferenceForScheme(reference),
  toNameCheckIdentification: (sortCode, accountNumber) => toNameCheckIdentification(sortCode, accountNumber),
  parseOwnerName: (ownerName, owner) => parseOwnerName(ownerName, owner),
  checkStatementPeriod: (year, month, now) => checkStatementPeriod(year, month, now),
  statementRequest: (now) => statementRequest(now),
  isValidRequestId: (value) => isValidRequestId(value),
};

const SCHEMAS = {
  creditorName,
  fpsAmount,
  fxValueDate,
  multiCurrencyPaymentCurrency,
  nameVerificationRequest,
  ownerNameForBusiness: ownerNameForNameCheck('Business'),
  retailCustomerIdentityDocument,
  statementRequest: statementRequest(new Date('2026-03-10T12:00:00Z')),
  transactionPageSize,
};

describe('every rule, for any input', () => {
  it.each(Object.entries(RULES))('%s throws nothing but DomainRuleError', (_name, rule) => {
    fc.assert(
      fc.property(anyRecord, anyValue, anyValue, (first, second, third) => {
        expect(throwsOnlyDomainRuleErrors(() => rule(first, second, third))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each(Object.entries(SCHEMAS))('the %s schema answers with issues and never throws', (_name, schema) => {
    fc.assert(
      fc.property(anyRecord, (value) => {
        expect(() => schema.safeParse(value)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('a refusal names its field and rule and gives the errors map of a problem', () => {
    try {
      parseAmount('10.001', 'GBP', 'instructedAmount');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainRuleError);
      expect((error as DomainRuleError).toFieldErrors()).toEqual({
        instructedAmount: ['instructedAmount must have at most 2 decimal places in GBP.'],
      });
    }
  });
});
