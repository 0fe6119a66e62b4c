import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  decimalFromJsNumber,
  formatAmount,
  formatJsonNumber,
  InvalidAmountError,
  minorUnitsOf,
  parseAmount,
  parseCurrencyCode,
  parseJsonNumber,
  positiveAmount,
  roundQuotientToMinorUnits,
  roundToMinorUnits,
  UnknownCurrencyError,
} from '#shared/domain/index.js';

// Behaviour pinned down: amounts read from JSON keep every digit, amounts more precise than their currency
// are refused (never rounded), and computed amounts round half to even to the currency's minor units.

describe('currencies', () => {
  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['USD', 2],
    ['CAD', 2],
    ['CHF', 2],
    ['CZK', 2],
    ['DKK', 2],
    ['HUF', 2],
    ['NOK', 2],
    ['PLN', 2],
    ['RON', 2],
    ['SEK', 2],
  ])('give %s %i minor units, as ISO 4217 does', (currency, minorUnits) => {
    expect(minorUnitsOf(currency)).toBe(minorUnits);
  });

  it('know exactly the twelve currencies the bank handles', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(
      ['CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HUF', 'NOK', 'PLN', 'RON', 'SEK', 'USD'].sort(),
    );
  });

  it('refuse a malformed code and an unknown one with different rules', () => {
    expect(() => parseCurrencyCode('eur')).toThrow(expect.objectContaining({ rule: 'currency-format' }));
    expect(() => parseCurrencyCode('JPY')).toThrow(expect.objectContaining({ rule: 'currency-unknown' }));
    expect(() => parseCurrencyCode('toString')).toThrow(UnknownCurrencyError);
  });
});

describe('JSON numbers', () => {
  it('keep every digit of a long number token', () => {
    const token = '12345678901234567890.123456789012345678';
    expect(formatJsonNumber(parseJsonNumber(token))).toBe(token);
  });

  it('read exponent notation exactly and write it out in plain notation', () => {
    expect(formatJsonNumber(parseJsonNumber('1.5e3'))).toBe('1500');
    expect(formatJsonNumber(parseJsonNumber('2E-2'))).toBe('0.02');
    expect(formatJsonNumber(parseJsonNumber('1e-7'))).toBe('0.0000001');
    expect(formatJsonNumber(parseJsonNumber('1.5e30'))).toBe('1500000000000000000000000000000');
  });

  it('write negative zero as 0', () => {
    expect(formatJsonNumber(parseJsonNumber('-0'))).toBe('0');
  });

  it.each(['', '01', '1.', '.5', '+1', '1e', 'NaN', 'Infinity', '0x10', ' 1', '1 ', '1,5'])(
    'refuse %j, which is not a JSON number',
    (text) => {
      expect(() => parseJsonNumber(text)).toThrow(expect.objectContaining({ rule: 'json-number' }));
    },
  );

  it('hold numbers up to 1000 digits either side of the decimal point', () => {
    expect(formatJsonNumber(parseJsonNumber('1e1000'))).toBe(`1${'0'.repeat(1000)}`);
    expect(formatJsonNumber(parseJsonNumber('1e-1000'))).toBe(`0.${'0'.repeat(999)}1`);
  });

  it.each(['1e1001', '1e-1001', '1e9000000000000000', '1e-9000000000000000', '1e99999999999999999999'])(
    'refuse %s, too large or too small to write out, instead of turning it into Infinity or 0',
    (text) => {
      expect(() => parseJsonNumber(text)).toThrow(expect.objectContaining({ rule: 'out-of-range' }));
    },
  );

  it('read a JavaScript number through its shortest round-trip text', () => {
    expect(decimalFromJsNumber(0.1).toString()).toBe('0.1');
    expect(decimalFromJsNumber(0.1 + 0.2).toString()).toBe('0.30000000000000004');
    expect(() => decimalFromJsNumber(Number.POSITIVE_INFINITY)).toThrow(InvalidAmountError);
    expect(() => decimalFromJsNumber(Number.NaN)).toThrow(InvalidAmountError);
  });
});

describe('amounts', () => {
  it('refuse an amount sent as text, saying to send the digits as a JSON number', () => {
    const refused = positiveAmount('GBP', { label: 'instructedAmount' }).safeParse('10.50');
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'instructedAmount must be a number. Send a JSON number written with the digits wanted (10.50, without quotes), not text: the value is read exactly as written.',
    ]);
    expect(positiveAmount('GBP', { label: 'amount' }).safeParse(true).error?.issues[0]?.message).toBe(
      'amount must be a number.',
    );
  });

  it('accept an amount with as many decimals as its currency allows', () => {
    expect(parseAmount('10.50', 'GBP').toFixed(2)).toBe('10.50');
    expect(parseAmount('100.25', 'HUF').toFixed(2)).toBe('100.25');
  });

  it('refuse a string amount with more decimals than the currency allows instead of rounding it', () => {
    expect(() => parseAmount('10.505', 'GBP', 'instructedAmount')).toThrow(
      expect.objectContaining({ field: 'instructedAmount', rule: 'too-many-decimals' }),
    );
  });

  it('count decimals by value, so trailing zeros need no rounding and are accepted', () => {
    expect(parseAmount('10.500', 'EUR').toFixed()).toBe('10.5');
  });

  it.each(['0', '-1', '-0.01'])('refuse %s, which is not greater than 0', (text) => {
    expect(() => parseAmount(text, 'EUR')).toThrow(expect.objectContaining({ rule: 'not-positive' }));
  });

  it('refuse an amount of 10^15 or more', () => {
    expect(() => parseAmount('1e15', 'EUR')).toThrow(expect.objectContaining({ rule: 'too-large' }));
  });

  it('refuse an amount in a currency it does not know', () => {
    expect(() => parseAmount('1.00', 'XYZ')).toThrow(UnknownCurrencyError);
  });

  it('write an amount with exactly its currency minor units and refuse to round one that has more', () => {
    expect(formatAmount(new Decimal('10.5'), 'GBP')).toBe('10.50');
    expect(() => formatAmount(new Decimal('10.555'), 'GBP')).toThrow(InvalidAmountError);
  });
});

describe('rounding computed amounts to minor units (half to even)', () => {
  it.each([
    ['0.125', '0.12'],
    ['0.135', '0.14'],
    ['0.1251', '0.13'],
    ['2.675', '2.68'],
    ['1159.587', '1159.59'],
    ['-0.125', '-0.12'],
  ])('round %s to %s', (value, rounded) => {
    expect(roundToMinorUnits(new Decimal(value), 'EUR').toFixed(2)).toBe(rounded);
  });

  it.each([
    ['1', '3', '0.33'],
    ['2', '3', '0.67'],
    ['1', '8', '0.12'],
    ['3', '8', '0.38'],
    ['1000', '1.1713', '853.75'],
    ['1010', '1.1713', '862.29'],
  ])('round the quotient %s / %s to %s', (numerator, denominator, rounded) => {
    const quotient = roundQuotientToMinorUnits(new Decimal(numerator), new Decimal(denominator), 'GBP');
    expect(quotient.toFixed(2)).toBe(rounded);
  });

  it('refuse to divide by zero', () => {
    expect(() => roundQuotientToMinorUnits(new Decimal(1), new Decimal(0), 'GBP')).toThrow(
      InvalidAmountError,
    );
  });
});
