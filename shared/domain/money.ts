import { Decimal } from 'decimal.js';
import * as z from 'zod/mini';
import { JsonNumber } from '../json/read-json.js';
import { type CurrencyCode, minorUnitsOf } from './currencies.js';
import { InvalidAmountError } from './errors.js';

/**
 * Rounding to minor units is half to even ("banker's rounding"): a value exactly half-way between two
 * minor units goes to the one whose last digit is even (0.125 -> 0.12, 0.135 -> 0.14). It is unbiased over
 * many amounts and is the default of .NET's decimal rounding, the bank's own platform. Amounts that come in
 * are never rounded: they are refused when more precise than their currency allows.
 */
export const ROUNDING_MODE = Decimal.ROUND_HALF_EVEN;

/**
 * Decimal for money. 100 significant digits keep every product of an amount (below 10^15, two decimals),
 * a rate and a margin (at most 30 significant digits each) exact, so the only rounding is the explicit one
 * to minor units. Plain notation up to 10^100 keeps `toString` free of exponents.
 */
export const MoneyDecimal = Decimal.clone({
  precision: 100,
  rounding: ROUNDING_MODE,
  toExpNeg: -100,
  toExpPos: 100,
});

/** Amounts at or above this are refused: far above any limit in the spec, and it keeps arithmetic exact. */
export const AMOUNT_CEILING = new MoneyDecimal('1e15');

/** Rates and margins with more significant digits than this are refused (see MoneyDecimal). */
export const MAX_SIGNIFICANT_DIGITS = 30;

/** A number as it may arrive: a Decimal, a JSON number's text, or a JavaScript number from JSON.parse. */
export type DecimalInput = Decimal | string | number;

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Numbers are held only while their plain notation stays short: at most 1000 digits either side of the
 * decimal point. decimal.js would hold 1e9000000000000000, whose plain text no one can write out.
 */
export const MAX_DECIMAL_EXPONENT = 1000;

function checkRepresentable(value: Decimal, field: string): Decimal {
  if (
    !value.isFinite() ||
    Math.abs(value.e) > MAX_DECIMAL_EXPONENT ||
    value.decimalPlaces() > MAX_DECIMAL_EXPONENT
  ) {
    throw new InvalidAmountError(field, 'out-of-range', `${field} is too large or too small to represent.`);
  }
  return value;
}

/**
 * The exact value of a JSON number token (the raw text between the delimiters, e.g. from JSON.parse's
 * reviver `context.source`), with every digit kept.
 */
export function parseJsonNumber(text: string, field = 'amount'): Decimal {
  if (typeof text !== 'string' || !JSON_NUMBER.test(text)) {
    throw new InvalidAmountError(field, 'json-number', `${field} must be a JSON number.`);
  }
  const exponent = /[eE]([+-]?[0-9]+)$/.exec(text)?.[1];
  // Refuse before decimal.js turns an enormous exponent into Infinity or 0.
  if (exponent !== undefined && Math.abs(Number(exponent)) > 2 * MAX_DECIMAL_EXPONENT) {
    throw new InvalidAmountError(field, 'out-of-range', `${field} is too large or too small to represent.`);
  }
  return checkRepresentable(new MoneyDecimal(text), field);
}

/**
 * A JavaScript number as a Decimal, through its shortest round-trip text (what `String(n)` gives). That text
 * equals the JSON text the number was parsed from whenever that text had at most 15 significant digits; pass
 * the raw token to `parseJsonNumber` when more digits matter.
 */
export function decimalFromJsNumber(value: number, field = 'amount'): Decimal {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidAmountError(field, 'not-finite', `${field} must be a finite number.`);
  }
  return new MoneyDecimal(String(value));
}

export function toDecimal(value: DecimalInput, field = 'amount'): Decimal {
  if (typeof value === 'string') return parseJsonNumber(value, field);
  if (typeof value === 'number') return decimalFromJsNumber(value, field);
  if (Decimal.isDecimal(value)) return checkRepresentable(new MoneyDecimal(value), field);
  throw new InvalidAmountError(field, 'not-a-number', `${field} must be a finite number.`);
}

/** A Decimal written as JSON number text, in plain notation, every digit kept (never an exponent, never -0). */
export function formatJsonNumber(value: Decimal, field = 'amount'): string {
  const checked = toDecimal(value, field);
  return checked.isZero() ? '0' : checked.toFixed();
}

/**
 * A money amount in `currency`: greater than 0, below AMOUNT_CEILING, with no more decimals than the
 * currency's minor units. Trailing zeros do not count (10.500 is 10.5); any other extra digit is refused,
 * never rounded.
 */
export function parseAmount(value: DecimalInput, currency: string, field = 'amount'): Decimal {
  const minorUnits = minorUnitsOf(currency);
  const amount = toDecimal(value, field);
  if (amount.lte(0)) {
    throw new InvalidAmountError(field, 'not-positive', `${field} must be greater than 0.`);
  }
  if (amount.decimalPlaces() > minorUnits) {
    throw new InvalidAmountError(
      field,
      'too-many-decimals',
      `${field} must have at most ${minorUnits} decimal places in ${currency}.`,
    );
  }
  if (amount.gte(AMOUNT_CEILING)) {
    throw new InvalidAmountError(field, 'too-large', `${field} must be below 10^15.`);
  }
  return amount;
}

/** A computed value rounded to the currency's minor units with ROUNDING_MODE. */
export function roundToMinorUnits(value: Decimal, currency: string, field = 'amount'): Decimal {
  const minorUnits = minorUnitsOf(currency);
  return toDecimal(value, field).toDecimalPlaces(minorUnits, ROUNDING_MODE);
}

/** value = units / 10^scale, exactly (read from the plain digits, which no precision setting rounds). */
function scaledInteger(value: Decimal): { units: bigint; scale: number } {
  const [whole = '0', fraction = ''] = value.abs().toFixed().split('.');
  const units = BigInt(whole + fraction);
  return { units: value.isNegative() ? -units : units, scale: fraction.length };
}

/**
 * numerator / denominator rounded to the currency's minor units, exactly: done in integers, so a quotient
 * that does not terminate is never rounded twice. Needs numerator >= 0 and denominator > 0 (amounts, rates).
 */
export function roundQuotientToMinorUnits(
  numerator: Decimal,
  denominator: Decimal,
  currency: string,
  field = 'amount',
): Decimal {
  const places = minorUnitsOf(currency);
  const n = toDecimal(numerator, field);
  const d = toDecimal(denominator, field);
  if (n.isNegative() || d.lte(0)) {
    throw new InvalidAmountError(field, 'not-positive', `${field} needs a positive divisor and dividend.`);
  }
  const top = scaledInteger(n);
  const bottom = scaledInteger(d);
  // n / d * 10^places = (top.units * 10^(bottom.scale + places)) / (bottom.units * 10^top.scale)
  const dividend = top.units * 10n ** BigInt(bottom.scale + places);
  const divisor = bottom.units * 10n ** BigInt(top.scale);
  const quotient = dividend / divisor;
  const twiceRemainder = (dividend % divisor) * 2n;
  let rounded = quotient;
  if (twiceRemainder > divisor) rounded = quotient + 1n;
  // Exactly half-way: the scaled quotient is quotient + 0.5, so ROUNDING_MODE decides.
  if (twiceRemainder === divisor)
    rounded = BigInt(new MoneyDecimal(`${quotient}.5`).toDecimalPlaces(0, ROUNDING_MODE).toFixed(0));
  return new MoneyDecimal(`${rounded}e-${places}`);
}

/** An amount as JSON number text with exactly the currency's minor units ("10.50"); refuses to round. */
export function formatAmount(value: Decimal, currency: string, field = 'amount'): string {
  const minorUnits = minorUnitsOf(currency);
  const amount = toDecimal(value, field);
  if (amount.decimalPlaces() > minorUnits) {
    throw new InvalidAmountError(
      field,
      'too-many-decimals',
      `${field} must have at most ${minorUnits} decimal places in ${currency}.`,
    );
  }
  return amount.toFixed(minorUnits);
}

/** "1000000" -> "1,000,000.00" in a 2-decimal currency, for messages. */
export function displayAmount(value: DecimalInput, currency: CurrencyCode): string {
  const [whole = '0', fraction] = toDecimal(value).toFixed(minorUnitsOf(currency)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * The largest magnitude the bank's numbers take (`format: decimal`, a .NET decimal: 96 bits). A larger one
 * would be the bank's 400, so the gateway stops it first.
 */
export const BANK_DECIMAL_MAX = '79228162514264337593543950335';

/** How the OpenAPI document describes every decimal field. */
const READ_AS_WRITTEN = 'A JSON number, read exactly as written (never through a float)';

/**
 * A JSON number from the safe reader (`JsonNumber`), as its exact Decimal: the value of the digits the sender
 * wrote, never of a float. Anything else (a string, a boolean) is refused with `message`.
 */
export function jsonDecimal(message: string) {
  // Text holding a number is the common slip: say what to send instead.
  const refusal = (input: unknown) =>
    typeof input === 'string' && /^-?\d+(\.\d+)?$/.test(input.trim())
      ? `${message} Send a JSON number written with the digits wanted (${input.trim()}, without quotes), not text: the value is read exactly as written.`
      : message;
  return z
    .pipe(
      z.custom<JsonNumber>((value) => value instanceof JsonNumber, {
        error: (issue) => refusal(issue.input),
      }),
      z.transform((value: JsonNumber, ctx) => {
        try {
          const decimal = parseJsonNumber(value.source);
          if (decimal.abs().gt(BANK_DECIMAL_MAX)) {
            ctx.issues.push({
              code: 'custom',
              message: `${message} It is beyond the largest number the bank takes (${BANK_DECIMAL_MAX}).`,
              input: value,
            });
            return z.NEVER;
          }
          return decimal;
        } catch {
          ctx.issues.push({ code: 'custom', message, input: value });
          return z.NEVER;
        }
      }),
    )
    .check(z.meta({ type: 'number', description: `${READ_AS_WRITTEN}.` }));
}

/** A decimal rule as a schema states it, the numbers in text as the rule's constants are. */
export interface DecimalRule {
  minimum?: string;
  exclusiveMinimum?: string;
  maximum?: string;
  decimals?: number;
  significantDigits?: number;
}

/**
 * A decimal rule in the JSON Schema of the field (the OpenAPI document), beside the refinement that applies
 * it. Decimal places go in `x-max-decimal-places` and the description, not `multipleOf: 0.01`: validators
 * divide in floating point (1.15 / 0.01 is 114.99999999999999) and would refuse amounts the gateway takes.
 */
export function decimalRuleSchema(rule: DecimalRule) {
  const { minimum, exclusiveMinimum, maximum, decimals, significantDigits } = rule;
  const limits = [
    minimum !== undefined && `from ${minimum}`,
    exclusiveMinimum !== undefined && `greater than ${exclusiveMinimum}`,
    maximum !== undefined && `at most ${maximum}`,
    decimals !== undefined && `at most ${decimals} decimal places`,
    significantDigits !== undefined && `at most ${significantDigits} significant digits`,
  ].filter((limit) => limit !== false);
  return z.meta({
    ...(minimum !== undefined && { minimum: Number(minimum) }),
    ...(exclusiveMinimum !== undefined && { exclusiveMinimum: Number(exclusiveMinimum) }),
    ...(maximum !== undefined && { maximum: Number(maximum) }),
    ...(decimals !== undefined && { 'x-max-decimal-places': decimals }),
    ...(significantDigits !== undefined && { 'x-max-significant-digits': significantDigits }),
    description: `${READ_AS_WRITTEN}: ${limits.join(', ')}.`,
  });
}

/**
 * A request amount field: greater than 0, at most `max` when given, no more decimals than the currency allows,
 * all judged on the digits written (`10.001` is refused even where a float would print `10`). Outputs the Decimal.
 */
export function positiveAmount(currency: CurrencyCode, options: { label: string; max?: string }) {
  const { label, max } = options;
  const minorUnits = minorUnitsOf(currency);
  return jsonDecimal(`${label} must be a number.`).check(
    decimalRuleSchema({ exclusiveMinimum: '0', maximum: max, decimals: minorUnits }),
    z.superRefine((amount, ctx) => {
      if (amount.lte(0)) ctx.addIssue({ code: 'custom', message: `${label} must be greater than 0.` });
      if (amount.decimalPlaces() > minorUnits) {
        ctx.addIssue({ code: 'custom', message: `${label} must have at most ${minorUnits} decimal places.` });
      }
      if (max !== undefined && amount.gt(max)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be at most ${currency} ${displayAmount(max, currency)}.`,
        });
      }
    }),
  );
}

/** An amount's range and precision as a rule states it, in text so the rule needs no decimal.js. */
export interface AmountBounds {
  min: string;
  max: string;
  decimals: number;
}

/** A request amount from `min` to `max` with at most `decimals` places, judged on the digits written; one message. */
export function amountWithin(message: string, { min, max, decimals }: AmountBounds) {
  return jsonDecimal(message).check(
    decimalRuleSchema({ minimum: min, maximum: max, decimals }),
    z.refine((amount) => amount.gte(min) && amount.lte(max) && amount.decimalPlaces() <= decimals, message),
  );
}
