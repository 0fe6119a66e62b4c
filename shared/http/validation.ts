import type { z } from 'zod';

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
export function fieldErrors(error: z.ZodError, prefix = ''): FieldErrors {
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
 * A schema's own message where it has one; zod's generic type message ("Invalid input: expected object,
 * received array") rewritten as a sentence a caller understands.
 */
function sentence(issue: z.core.$ZodIssue, path: string): string {
  if (issue.code !== 'invalid_type' || !issue.message.startsWith('Invalid input')) return issue.message;
  const what = path === '' ? 'The body' : path;
  return `${what} must be ${KINDS[issue.expected] ?? issue.expected}.`;
}
