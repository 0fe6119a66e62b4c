/** The X-Request-Id header: the spec's rule and its message, for the bank client and the simulator. */

export const REQUEST_ID_MESSAGES = {
  xRequestId: 'X-Request-Id must be 1 to 83 visible ASCII characters.',
} as const;

export const MAX_REQUEST_ID_LENGTH = 83;
/** The bank treats a repeated `X-Request-Id` as a duplicate (409) for this long. */
export const REQUEST_ID_UNIQUE_FOR_MS = 24 * 60 * 60 * 1000;

const REQUEST_ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/**
 * `X-Request-Id`: 1 to 83 characters; visible ASCII only, so it travels unchanged in a header. A plain check,
 * not a schema: the bank client runs it before every call, and it keeps zod out of what only reads.
 */
export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}
