import * as z from 'zod/mini';
import { UnknownCurrencyError } from './errors.js';

/**
 * ISO 4217 minor units (the exponent: how many decimals an amount may have) of every currency the bank
 * handles. HUF is 2, as ISO 4217 lists it, although forint cash has no fillér: the bank takes
 * multi-currency amounts as multiples of 0.01, so 2 is also what its API accepts.
 */
export const MINOR_UNITS = {
  CAD: 2,
  CHF: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  HUF: 2,
  NOK: 2,
  PLN: 2,
  RON: 2,
  SEK: 2,
  USD: 2,
} as const satisfies Record<string, number>;

export type CurrencyCode = keyof typeof MINOR_UNITS;

export const CURRENCY_CODES = Object.keys(MINOR_UNITS) as CurrencyCode[];

/** An ISO 4217 code's shape: exactly 3 upper-case letters. */
export const ISO_CODE_PATTERN = /^[A-Z]{3}$/;

export const CURRENCY_FORMAT_MESSAGE = 'Currency must be exactly 3 upper-case letters (an ISO 4217 code).';

/** "exactly 3 letters, ISO 4217" as the spec writes it for request fields; any code of that shape. */
export const currencyCode = z.lazy(() =>
  z.string({ error: CURRENCY_FORMAT_MESSAGE }).check(z.regex(ISO_CODE_PATTERN, CURRENCY_FORMAT_MESSAGE)),
);

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(MINOR_UNITS, value);
}

/** A currency these rules know (its minor units are in the table), or a refusal saying why not. */
export function parseCurrencyCode(value: unknown, field = 'currency'): CurrencyCode {
  if (typeof value !== 'string' || !ISO_CODE_PATTERN.test(value)) {
    throw new UnknownCurrencyError(field, 'currency-format', CURRENCY_FORMAT_MESSAGE);
  }
  if (!isCurrencyCode(value)) {
    throw new UnknownCurrencyError(
      field,
      'currency-unknown',
      `Currency ${value} is not one the bank handles.`,
    );
  }
  return value;
}

export function minorUnitsOf(currency: string, field = 'currency'): number {
  return MINOR_UNITS[parseCurrencyCode(currency, field)];
}
