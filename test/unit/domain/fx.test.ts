import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  checkBookingTime,
  checkQuoteExecutable,
  checkTradeSize,
  FxRuleError,
  fixedSide,
  fxValueDate,
  InvalidAmountError,
  isQuoteExecutable,
  maxTradeSize,
  parseMargin,
  quoteExpiresAt,
  settlementAmounts,
} from '#shared/domain/index.js';

// Behaviour pinned down: a quote is executable for 45 seconds (or until the bank's expiresAt), margins stay
// within 0..0.0499, a trade stays within its pair's maximum, bookings obey the earlier cut-off of the two
// currencies in UK time, and settlement amounts follow the spec's formulas rounded half to even.

describe('the quote hold', () => {
  const createdAt = '2024-06-05T12:00:00Z';

  it('ends 45 seconds after createdAt when the bank gives no expiresAt', () => {
    expect(quoteExpiresAt({ createdAt }).toISOString()).toBe('2024-06-05T12:00:45.000Z');
    expect(isQuoteExecutable({ createdAt }, new Date('2024-06-05T12:00:44.999Z'))).toBe(true);
    expect(isQuoteExecutable({ createdAt }, new Date('2024-06-05T12:00:45.000Z'))).toBe(false);
  });

  it('ends at expiresAt when the bank gives one, earlier or later than 45 seconds', () => {
    const shorter = { createdAt, expiresAt: '2024-06-05T12:00:30Z' };
    const longer = { createdAt, expiresAt: '2024-06-05T12:01:00Z' };
    expect(isQuoteExecutable(shorter, new Date('2024-06-05T12:00:31Z'))).toBe(false);
    expect(isQuoteExecutable(longer, new Date('2024-06-05T12:00:50Z'))).toBe(true);
  });

  it('refuses to execute an expired quote with its own rule', () => {
    expect(() => checkQuoteExecutable({ createdAt }, new Date('2024-06-05T12:00:46Z'))).toThrow(
      expect.objectContaining({ rule: 'quote-expired', field: 'quoteId' }),
    );
  });

  it('refuses an expiresAt before createdAt and a createdAt that is not a date-time', () => {
    expect(() => quoteExpiresAt({ createdAt, expiresAt: '2024-06-05T11:59:59Z' })).toThrow(FxRuleError);
    expect(() => quoteExpiresAt({ createdAt: 'soon' })).toThrow(
      expect.objectContaining({ field: 'createdAt' }),
    );
  });
});

describe('the margin', () => {
  it.each(['0', '0.0499', '0.01'])('accepts %s', (margin) => {
    expect(parseMargin(margin).toFixed()).toBe(margin);
  });

  it('is none when absent', () => {
    expect(parseMargin(undefined).isZero()).toBe(true);
  });

  it.each(['0.05', '0.04991', '-0.0001', '1'])('refuses %s', (margin) => {
    expect(() => parseMargin(margin)).toThrow(expect.objectContaining({ rule: 'margin-out-of-range' }));
  });
});

describe('the quote request fields', () => {
  it('take fixedSide in lower case only', () => {
    expect(fixedSide.safeParse('sell').success).toBe(true);
    expect(fixedSide.safeParse('Sell').success).toBe(false);
  });

  it('take valueDate as yyyy-MM-ddTHH:mm:ssZ', () => {
    expect(fxValueDate.safeParse('2024-06-05T00:00:00Z').success).toBe(true);
    expect(fxValueDate.safeParse('2024-06-05').success).toBe(false);
    expect(fxValueDate.safeParse('2024-02-30T00:00:00Z').success).toBe(false);
  });
});

/** The spec's table, written out by hand: pair (the first currency is the limit's) and maximum. */
const PAIR_MAXIMA: [string, string, string][] = [
  ['EUR', 'CAD', '20000000'],
  ['EUR', 'CHF', '5000000'],
  ['EUR', 'DKK', '5000000'],
  ['EUR', 'NOK', '5000000'],
  ['EUR', 'SEK', '5000000'],
  ['EUR', 'GBP', '15000000'],
  ['EUR', 'USD', '15000000'],
  ['GBP', 'CAD', '10000000'],
  ['GBP', 'USD', '10000000'],
  ['GBP', 'CHF', '1000000'],
  ['GBP', 'DKK', '5000000'],
  ['GBP', 'NOK', '5000000'],
  ['GBP', 'SEK', '5000000'],
  ['USD', 'CAD', '20000000'],
  ['USD', 'CHF', '5000000'],
  ['USD', 'DKK', '5000000'],
  ['USD', 'NOK', '5000000'],
  ['USD', 'SEK', '5000000'],
];

describe('the maximum trade size per currency pair', () => {
  it.each(PAIR_MAXIMA)(
    '%s/%s: selling up to %s of the first currency is allowed, one cent more is not',
    (first, second, max) => {
      const trade = { sellCurrency: first, buyCurrency: second, fixedSide: 'sell' as const, rate: '1.25' };
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${max}.00` })).not.toThrow();
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${max}.01` })).toThrow(
        expect.objectContaining({ rule: 'above-max-trade-size' }),
      );
    },
  );

  it.each(PAIR_MAXIMA)(
    '%s/%s in the other order: buying up to %s of the first currency is allowed, one cent more is not',
    (first, second, max) => {
      const trade = { sellCurrency: second, buyCurrency: first, fixedSide: 'buy' as const, rate: '0.8' };
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${max}.00` })).not.toThrow();
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${max}.01` })).toThrow(FxRuleError);
    },
  );

  it.each(PAIR_MAXIMA)(
    '%s/%s: selling the second currency is converted with the rate (twice %s at 0.5)',
    (first, second, max) => {
      const trade = { sellCurrency: second, buyCurrency: first, fixedSide: 'sell' as const, rate: '0.5' };
      const twiceMax = String(BigInt(max) * 2n);
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${twiceMax}.00` })).not.toThrow();
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${twiceMax}.01` })).toThrow(FxRuleError);
    },
  );

  it.each(PAIR_MAXIMA)(
    '%s/%s: buying the second currency is converted with the rate (twice %s at 2)',
    (first, second, max) => {
      const trade = { sellCurrency: first, buyCurrency: second, fixedSide: 'buy' as const, rate: '2' };
      const twiceMax = String(BigInt(max) * 2n);
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${twiceMax}.00` })).not.toThrow();
      expect(() => checkTradeSize({ ...trade, instructedAmount: `${twiceMax}.01` })).toThrow(FxRuleError);
    },
  );

  it('converts CAD to EUR exactly: at 0.68 EUR per CAD, CAD 29,411,764.70 is under EUR 20,000,000 and .71 over', () => {
    const trade = { sellCurrency: 'CAD', buyCurrency: 'EUR', fixedSide: 'sell' as const, rate: '0.68' };
    expect(() => checkTradeSize({ ...trade, instructedAmount: '29411764.70' })).not.toThrow();
    expect(() => checkTradeSize({ ...trade, instructedAmount: '29411764.71' })).toThrow(FxRuleError);
  });

  it('gives the limit in the first currency of the pair whichever way it is traded', () => {
    expect(maxTradeSize('CAD', 'EUR')).toEqual({ currency: 'EUR', amount: expect.anything() });
    expect(maxTradeSize('CAD', 'EUR').amount.toFixed()).toBe('20000000');
  });

  it('refuses a pair without a published maximum, a currency not traded, and the same currency twice', () => {
    expect(() => maxTradeSize('CAD', 'CHF')).toThrow(expect.objectContaining({ rule: 'pair-not-listed' }));
    expect(() => maxTradeSize('CZK', 'EUR')).toThrow(
      expect.objectContaining({ rule: 'currency-not-traded' }),
    );
    expect(() => maxTradeSize('EUR', 'EUR')).toThrow(expect.objectContaining({ rule: 'same-currency' }));
  });

  it('uses a longer table when one is given', () => {
    const limits = [{ pair: ['CAD', 'CHF'] as const, max: '100' }];
    expect(maxTradeSize('CHF', 'CAD', limits).amount.toFixed()).toBe('100');
  });

  it('refuses an instructed amount with more decimals than its currency, instead of rounding it', () => {
    expect(() =>
      checkTradeSize({
        sellCurrency: 'GBP',
        buyCurrency: 'USD',
        fixedSide: 'sell',
        rate: '1.25',
        instructedAmount: '1.001',
      }),
    ).toThrow(InvalidAmountError);
  });
});

/** Same-day cut-offs from the spec, each paired with a currency whose own cut-off is not earlier. */
const SAME_DAY_CUT_OFFS: [string, string, string][] = [
  ['CAD', 'USD', '13:00'],
  ['CHF', 'USD', '09:30'],
  ['DKK', 'USD', '09:00'],
  ['EUR', 'USD', '13:30'],
  ['GBP', 'USD', '15:00'],
  ['NOK', 'USD', '09:00'],
  ['SEK', 'USD', '09:30'],
  ['USD', 'GBP', '15:00'],
];

function bstHour(time: string): string {
  const [hours = '0', minutes = '0'] = time.split(':');
  return `${String(Number(hours) - 1).padStart(2, '0')}:${minutes}`;
}

function millisecondBefore(iso: string): Date {
  return new Date(new Date(iso).getTime() - 1);
}

describe('booking cut-offs for a same-day value date (UK time)', () => {
  it.each(SAME_DAY_CUT_OFFS)(
    '%s/%s in winter: booked just before %s GMT is in time, at it is too late',
    (sell, buy, cutOff) => {
      const trade = { sellCurrency: sell, buyCurrency: buy, valueDate: '2024-01-10T00:00:00Z' };
      const cutOffAt = `2024-01-10T${cutOff}:00Z`;
      expect(() => checkBookingTime({ ...trade, bookedAt: millisecondBefore(cutOffAt) })).not.toThrow();
      expect(() => checkBookingTime({ ...trade, bookedAt: new Date(cutOffAt) })).toThrow(
        expect.objectContaining({ rule: 'after-cut-off' }),
      );
    },
  );

  it.each(SAME_DAY_CUT_OFFS)(
    '%s/%s in summer: booked just before %s BST is in time, at it is too late',
    (sell, buy, cutOff) => {
      const trade = { sellCurrency: sell, buyCurrency: buy, valueDate: '2024-07-10T00:00:00Z' };
      const cutOffAt = `2024-07-10T${bstHour(cutOff)}:00Z`;
      expect(() => checkBookingTime({ ...trade, bookedAt: millisecondBefore(cutOffAt) })).not.toThrow();
      expect(() => checkBookingTime({ ...trade, bookedAt: new Date(cutOffAt) })).toThrow(
        expect.objectContaining({ rule: 'after-cut-off' }),
      );
    },
  );

  it.each([
    ['EUR', 'CHF', '09:30'],
    ['CHF', 'EUR', '09:30'],
    ['GBP', 'DKK', '09:00'],
    ['EUR', 'GBP', '13:30'],
    ['CAD', 'EUR', '13:00'],
  ])('gives %s/%s the earlier of the two cut-offs, %s', (sell, buy, cutOff) => {
    const window = bookingWindow({
      sellCurrency: sell,
      buyCurrency: buy,
      valueDate: '2024-01-10T00:00:00Z',
      bookedAt: new Date('2024-01-10T08:00:00Z'),
    });
    expect(window.cutOffAt.toISOString()).toBe(`2024-01-10T${cutOff}:00.000Z`);
  });

  it('opens at 07:00 UK time, in winter and in summer', () => {
    const winter = { sellCurrency: 'GBP', buyCurrency: 'USD', valueDate: '2024-01-10T00:00:00Z' };
    expect(() => checkBookingTime({ ...winter, bookedAt: new Date('2024-01-10T06:59:59.999Z') })).toThrow(
      expect.objectContaining({ rule: 'before-booking-opens' }),
    );
    expect(() => checkBookingTime({ ...winter, bookedAt: new Date('2024-01-10T07:00:00Z') })).not.toThrow();
    const summer = { sellCurrency: 'GBP', buyCurrency: 'USD', valueDate: '2024-07-10T00:00:00Z' };
    expect(() => checkBookingTime({ ...summer, bookedAt: new Date('2024-07-10T05:59:59.999Z') })).toThrow(
      FxRuleError,
    );
    expect(() => checkBookingTime({ ...summer, bookedAt: new Date('2024-07-10T06:00:00Z') })).not.toThrow();
  });
});

describe('booking cut-offs for a value date one or two business days ahead', () => {
  it.each(SAME_DAY_CUT_OFFS)(
    '%s/%s: booked just before 23:30 GMT is in time, at 23:30 it is too late',
    (sell, buy) => {
      const trade = { sellCurrency: sell, buyCurrency: buy, valueDate: '2024-01-11T00:00:00Z' };
      expect(() =>
        checkBookingTime({ ...trade, bookedAt: new Date('2024-01-10T23:29:59.999Z') }),
      ).not.toThrow();
      expect(() => checkBookingTime({ ...trade, bookedAt: new Date('2024-01-10T23:30:00Z') })).toThrow(
        expect.objectContaining({ rule: 'after-cut-off' }),
      );
    },
  );

  it('closes at 23:30 BST in summer, which is 22:30 UTC', () => {
    const trade = { sellCurrency: 'EUR', buyCurrency: 'USD', valueDate: '2024-07-11T00:00:00Z' };
    expect(() =>
      checkBookingTime({ ...trade, bookedAt: new Date('2024-07-10T22:29:59.999Z') }),
    ).not.toThrow();
    expect(() => checkBookingTime({ ...trade, bookedAt: new Date('2024-07-10T22:30:00Z') })).toThrow(
      FxRuleError,
    );
  });

  it('treats 23:30 UTC on a summer evening as 00:30 BST the next day, before booking opens', () => {
    const trade = { sellCurrency: 'EUR', buyCurrency: 'USD', valueDate: '2024-07-11T00:00:00Z' };
    expect(() => checkBookingTime({ ...trade, bookedAt: new Date('2024-07-10T23:30:00Z') })).toThrow(
      expect.objectContaining({ rule: 'before-booking-opens' }),
    );
  });

  it('counts business days: from a Friday, Monday is next-day and Tuesday two days ahead, Wednesday is too far', () => {
    const trade = { sellCurrency: 'GBP', buyCurrency: 'USD', bookedAt: new Date('2024-01-12T10:00:00Z') };
    expect(bookingWindow({ ...trade, valueDate: '2024-01-15T00:00:00Z' }).kind).toBe('next-day');
    expect(bookingWindow({ ...trade, valueDate: '2024-01-16T00:00:00Z' }).kind).toBe('two-days-ahead');
    expect(() => bookingWindow({ ...trade, valueDate: '2024-01-17T00:00:00Z' })).toThrow(
      expect.objectContaining({ rule: 'value-date-too-far' }),
    );
  });

  it('refuses a value date at a weekend, in the past, or on a TARGET closing day for a euro trade', () => {
    const trade = { sellCurrency: 'EUR', buyCurrency: 'USD', bookedAt: new Date('2024-04-30T10:00:00Z') };
    expect(() => bookingWindow({ ...trade, valueDate: '2024-05-04T00:00:00Z' })).toThrow(
      expect.objectContaining({ rule: 'value-date-not-business-day' }),
    );
    expect(() => bookingWindow({ ...trade, valueDate: '2024-04-29T00:00:00Z' })).toThrow(
      expect.objectContaining({ rule: 'value-date-in-past' }),
    );
    expect(() => bookingWindow({ ...trade, valueDate: '2024-05-01T00:00:00Z' })).toThrow(
      expect.objectContaining({ rule: 'value-date-not-business-day' }),
    );
    expect(bookingWindow({ ...trade, valueDate: '2024-05-03T00:00:00Z' }).kind).toBe('two-days-ahead');
  });

  it('lets a dollar-sterling trade settle on 1 May, when T2 is shut but UK banks are open', () => {
    const trade = { sellCurrency: 'GBP', buyCurrency: 'USD', bookedAt: new Date('2024-04-30T10:00:00Z') };
    expect(bookingWindow({ ...trade, valueDate: '2024-05-01T00:00:00Z' }).kind).toBe('next-day');
  });
});

describe('settlement amounts', () => {
  it('with the sell side fixed: GBP 1,000.00 at 1.1713 with a 1% margin credits EUR 1,159.59 and EUR 11.71 margin', () => {
    const amounts = settlementAmounts({
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      fixedSide: 'sell',
      instructedAmount: '1000.00',
      rate: '1.1713',
      margin: '0.01',
    });
    // 1000 x 1.1713 = 1171.30; x 0.99 = 1159.587 -> 1159.59; x 0.01 = 11.713 -> 11.71
    expect(amounts.sellAmount.toFixed(2)).toBe('1000.00');
    expect(amounts.buyAmount.toFixed(2)).toBe('1159.59');
    expect(amounts.marginAmount.toFixed(2)).toBe('11.71');
    expect(amounts.marginCurrency).toBe('EUR');
  });

  it('with the buy side fixed: EUR 1,000.00 at 1.1713 with a 1% margin debits GBP 862.29 and GBP 8.54 margin', () => {
    const amounts = settlementAmounts({
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      fixedSide: 'buy',
      instructedAmount: '1000.00',
      rate: '1.1713',
      margin: '0.01',
    });
    // 1000 / 1.1713 = 853.75224... ; x 1.01 = 862.28976... -> 862.29; x 0.01 = 8.5375... -> 8.54
    expect(amounts.buyAmount.toFixed(2)).toBe('1000.00');
    expect(amounts.sellAmount.toFixed(2)).toBe('862.29');
    expect(amounts.marginAmount.toFixed(2)).toBe('8.54');
    expect(amounts.marginCurrency).toBe('GBP');
  });

  it('with the sell side fixed and a margin of 4.99%: USD 100.00 at 1.2345 credits CAD 117.29 and CAD 6.16 margin', () => {
    const amounts = settlementAmounts({
      sellCurrency: 'USD',
      buyCurrency: 'CAD',
      fixedSide: 'sell',
      instructedAmount: '100.00',
      rate: '1.2345',
      margin: '0.0499',
    });
    // 100 x 1.2345 = 123.45; x 0.9501 = 117.290845 -> 117.29; x 0.0499 = 6.160155 -> 6.16
    expect(amounts.buyAmount.toFixed(2)).toBe('117.29');
    expect(amounts.marginAmount.toFixed(2)).toBe('6.16');
  });

  it('without a margin is the plain conversion, and the margin is zero', () => {
    const amounts = settlementAmounts({
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      fixedSide: 'sell',
      instructedAmount: '1000.00',
      rate: '1.1713',
    });
    expect(amounts.buyAmount.toFixed(2)).toBe('1171.30');
    expect(amounts.marginAmount.isZero()).toBe(true);
  });

  it.each([
    ['sell', '1.00', '1.125', '1.12'],
    ['sell', '1.00', '1.135', '1.14'],
    ['buy', '0.25', '2', '0.12'],
    ['buy', '0.75', '2', '0.38'],
  ] as const)(
    'rounds an exact half-way %s-fixed amount of %s at %s half to even: %s',
    (side, amount, rate, expected) => {
      const amounts = settlementAmounts({
        sellCurrency: 'EUR',
        buyCurrency: 'USD',
        fixedSide: side,
        instructedAmount: amount,
        rate,
      });
      const floating = side === 'sell' ? amounts.buyAmount : amounts.sellAmount;
      expect(floating.toFixed(2)).toBe(expected);
    },
  );

  it('refuses a rate that is not above zero and a margin out of range', () => {
    const trade = {
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      fixedSide: 'sell' as const,
      instructedAmount: '10.00',
    };
    expect(() => settlementAmounts({ ...trade, rate: '0' })).toThrow(
      expect.objectContaining({ rule: 'rate-not-positive' }),
    );
    expect(() => settlementAmounts({ ...trade, rate: '1.1', margin: '0.05' })).toThrow(
      expect.objectContaining({ rule: 'margin-out-of-range' }),
    );
  });
});
