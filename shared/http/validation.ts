import type { z } from 'zod';

/** Property path -> messages, the bank's `errors` map. */
export type FieldErrors = Record<string, string[]>;

/** Turns zod issues into the `errors` map, naming unknown properties instead of dropping them. */
export function fieldErrors(error: z.ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    const key = path || prefix.replace(/\.$/, '') || '$';
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of error.issues) {
    const path = prefix + issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'is not a known property');
    } else {
      add(path, issue.message);
    }
  }
  return errors;
}
