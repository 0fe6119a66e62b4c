import type * as z from 'zod/mini';

/** Property path -> messages, the bank's `errors` map. */
export type FieldErrors = Record<string, string[]>;

/**
 * An empty `errors` map without a prototype: callers name properties, and a property called `constructor`
 * or `__proto__` must be an ordinary key here, never Object.prototype's.
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** Adds `message` under `key`, after any messages already there. */
export function addFieldError(errors: FieldErrors, key: string, message: string): void {
  const existing = Object.hasOwn(errors, key) ? errors[key] : undefined;
  if (existing) existing.push(message);
  else
    Object.defineProperty(errors, key, {
      value: [message],
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** Every message of `more` added to `errors`. */
export function mergeFieldErrors(errors: FieldErrors, more: FieldErrors): void {
  for (const [key, messages] of Object.entries(more))
    for (const message of messages) addFieldError(errors, key, message);
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Turns zod issues into the `errors` map, naming unknown properties instead of dropping them. */
export function fieldErrors(error: z.core.$ZodError, prefix = ''): FieldErrors {
  const errors = emptyFieldErrors();
  const add = (path: string, message: string) =>
    addFieldError(errors, path || prefix.replace(/\.$/, '') || '$', message);
  for (const issue of error.issues) {
    const path = prefix + issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'is not a known property');
    } else {
      add(path, sentence(issue, path));
    }
  }
  return errors;
}

const KINDS: Record<string, string> = {
  object: 'a JSON object',
  array: 'a JSON array',
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
};

/**
 * A schema's own message where it has one; zod's generic type message ("Invalid input") rewritten as a
 * sentence a caller understands; for other checks without a message, zod's English text (see `english`).
 */
function sentence(issue: z.core.$ZodIssue, path: string): string {
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    const what = path === '' ? 'The body' : path;
    return `${what} must be ${KINDS[issue.expected] ?? issue.expected}.`;
  }
  return issue.message === NO_MESSAGE ? english(issue) : issue.message;
}

/** What zod/mini, which loads no locale, says for an issue whose schema gave no message. */
const NO_MESSAGE = 'Invalid input';

const UNITS: Record<string, string> = {
  string: 'characters',
  file: 'bytes',
  array: 'items',
  set: 'items',
  map: 'entries',
};

const FORMATS: Record<string, string> = {
  regex: 'input',
  email: 'email address',
  url: 'URL',
  uuid: 'UUID',
  guid: 'GUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  time: 'ISO time',
  duration: 'ISO duration',
};

const literal = (value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : `${String(value)}`;

/**
 * The message zod's English locale gives an issue (the text callers got when the project used classic zod,
 * which loads that locale), for the checks the project's schemas use without a message of their own.
 * Importing the locale itself would add its whole table to every Lambda bundle.
 */
function english(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const bound = big ? issue.maximum : issue.minimum;
      const adj = issue.exact ? 'exactly ' : `${big ? '<' : '>'}${issue.inclusive ? '=' : ''}`;
      const unit = UNITS[issue.origin];
      const origin = big ? (issue.origin ?? 'value') : issue.origin;
      const expected = unit ? `to have ${adj}${bound.toString()} ${unit}` : `to be ${adj}${bound.toString()}`;
      return `Too ${big ? 'big' : 'small'}: expected ${origin} ${expected}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${literal(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(literal).join('|')}`;
    case 'invalid_format': {
      const { format, pattern, prefix, suffix, includes } = issue as z.core.$ZodIssueInvalidStringFormat & {
        prefix?: string;
        suffix?: string;
        includes?: string;
      };
      if (format === 'starts_with') return `Invalid string: must start with "${prefix}"`;
      if (format === 'ends_with') return `Invalid string: must end with "${suffix}"`;
      if (format === 'includes') return `Invalid string: must include "${includes}"`;
      if (format === 'regex') return `Invalid string: must match pattern ${pattern}`;
      return `Invalid ${FORMATS[format] ?? format}`;
    }
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    default:
      return issue.message;
  }
}
