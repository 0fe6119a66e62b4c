/**
 * Every refusal made by the domain rules. Each names the field it is about, the rule that was broken
 * (a stable kebab-case code) and a message fit for a problem's `errors` map.
 */
export class DomainRuleError extends Error {
  override name = 'DomainRuleError';
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string, message: string) {
    super(message);
    this.field = field;
    this.rule = rule;
  }

  /** The `errors` map of a 400 problem: property -> messages. */
  toFieldErrors(): Record<string, string[]> {
    return { [this.field]: [this.message] };
  }
}

/** An amount, rate or other decimal number that is malformed, out of range or more precise than allowed. */
export class InvalidAmountError extends DomainRuleError {
  override name = 'InvalidAmountError';
}

/** A currency code that is malformed or that these rules do not know. */
export class UnknownCurrencyError extends DomainRuleError {
  override name = 'UnknownCurrencyError';
}

/** A date, time of day or instant that is malformed, does not exist, or lies outside the supported years. */
export class InvalidDateError extends DomainRuleError {
  override name = 'InvalidDateError';
}

/** A multi-currency payment rule: currency, batch size, processing schedule, cancellation. */
export class PaymentScheduleError extends DomainRuleError {
  override name = 'PaymentScheduleError';
}

/** A foreign exchange rule: quote hold, margin, traded currencies, trade size, booking cut-off. */
export class FxRuleError extends DomainRuleError {
  override name = 'FxRuleError';
}

/** A request field rule (lengths, character sets, formats, fields that depend on each other). */
export class FieldRuleError extends DomainRuleError {
  override name = 'FieldRuleError';
}

type DomainRuleErrorClass = new (field: string, rule: string, message: string) => DomainRuleError;

/** Refuses a missing or non-object argument with the caller's own error type instead of a TypeError later. */
export function requireObject<T>(value: T, field: string, ErrorType: DomainRuleErrorClass): NonNullable<T> {
  if (typeof value !== 'object' || value === null) {
    throw new ErrorType(field, 'not-an-object', `${field} must be an object.`);
  }
  return value as NonNullable<T>;
}
