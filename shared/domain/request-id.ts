import * as z from 'zod/mini';

/** The X-Request-Id header: the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const REQUEST_ID_MESSAGES = {
  xRequestId: 'X-Request-Id must be 1 to 83 visible ASCII characters.',
} as const;

export const MAX_REQUEST_ID_LENGTH = 83;
/** The bank treats a repeated `X-Request-Id` as a duplicate (409) for this long. */
export const REQUEST_ID_UNIQUE_FOR_MS = 24 * 60 * 60 * 1000;

/** `X-Request-Id`: 1 to 83 characters; visible ASCII only, so it travels unchanged in a header. */
export const xRequestId = z.lazy(() =>
  z
    .string({ error: REQUEST_ID_MESSAGES.xRequestId })
    .check(
      z.regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`), REQUEST_ID_MESSAGES.xRequestId),
    ),
);
