import * as z from 'zod/mini';
import { FieldRuleError } from './errors.js';

/**
 * Text of `min` to `max` characters, optionally from a character set: the shape of most of the spec's field
 * rules. One message covers type and length; `charsetMessage` (default the same) the characters.
 */
export function boundedText(
  { min = 0, max, charset }: { min?: number; max: number; charset?: RegExp },
  message: string,
  charsetMessage = message,
) {
  const text = z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));
  return charset ? text.check(z.regex(charset, charsetMessage)) : text;
}

/** Validates with `schema` or throws a FieldRuleError naming `field` and carrying the schema's first message. */
export function parseField<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
  field: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue === undefined || issue.path.length === 0 ? field : `${field}.${issue.path.join('.')}`;
  // The rule is zod's issue code in kebab case (too-small, invalid-format, custom...).
  throw new FieldRuleError(
    path,
    (issue?.code ?? 'invalid').replaceAll('_', '-'),
    issue?.message ?? `${field} is not valid.`,
  );
}
