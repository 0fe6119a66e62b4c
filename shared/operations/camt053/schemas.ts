import * as z from 'zod/mini';
import {
  CAMT053_MESSAGE_ID,
  CAMT053_MESSAGES,
  camt053Instant,
  camt053WindowErrors,
} from '#shared/domain/camt053-rules.js';
import { wholeNumberQuery } from '#shared/domain/mccy-rules.js';
import type { FieldErrors } from '#shared/http/validation.js';

/**
 * camt.053 statements (`camt053-statement-request-v1.json`): the request's window and the page download's
 * parameters. The window's time-dependent rules (25 hours, in the past, the last six months) are
 * `statementWindowErrors`, run as the record's `check`.
 */

const instant = (name: 'startDateTimeUtc' | 'endDateTimeUtc') =>
  z
    .string({ error: CAMT053_MESSAGES[name] })
    .check(z.refine((text) => camt053Instant(text) !== undefined, CAMT053_MESSAGES[name]));

/**
 * `StatementRequest`: both members are required here although the published schema lists none as required:
 * the guide says the window "must" be given, and a request without one cannot name a period.
 */
export const statementRequestBody = z.lazy(() =>
  z.strictObject({
    startDateTimeUtc: instant('startDateTimeUtc'),
    endDateTimeUtc: instant('endDateTimeUtc'),
  }),
);
export type StatementRequestBody = z.output<typeof statementRequestBody>;

/** The window judged at `now` (the gateway's clock); empty when fine. */
export function statementWindowErrors(body: StatementRequestBody, now: Date): FieldErrors {
  return camt053WindowErrors(body, now);
}

/** `{messageId}`: the MsgId shape the reference gives the parameter. */
export const statementPathParams = z.lazy(() =>
  z.strictObject({
    messageId: z
      .string({ error: CAMT053_MESSAGES.messageId })
      .check(z.regex(CAMT053_MESSAGE_ID, CAMT053_MESSAGES.messageId)),
  }),
);

/** `pageNumber` is required (`int32`): no default, whole numbers from 1. */
export const statementPageQuery = z.lazy(() =>
  z.strictObject({ pageNumber: wholeNumberQuery(2_147_483_647, CAMT053_MESSAGES.pageNumber) }),
);
