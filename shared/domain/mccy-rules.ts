import * as z from 'zod/mini';
import { boundedText } from './text-rules.js';

/** Multi-currency transaction lists and internal transfers: the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const MAX_TRANSACTION_PAGE_SIZE = 1000;

export const MCCY_MESSAGES = {
  transactionPageSize: 'PageSize must be a whole number from 1 to 1000.',

  internalTransferEndToEndId:
    'endToEndId must be 1 to 35 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, space.',
  internalTransferReference:
    'reference must be at most 140 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, space.',
} as const;

/** A query parameter (text) holding a whole number from 1 to `max`; its output is the number. */
export function wholeNumberQuery(max: number, message: string) {
  return z.pipe(
    z.pipe(z.string({ error: message }).check(z.regex(/^[0-9]{1,9}$/, message)), z.transform(Number)),
    z.number().check(z.int(), z.gte(1, message), z.lte(max, message)),
  );
}

/** The `PageSize` query parameter as it arrives (text); its output is the number. */
export const transactionPageSize = wholeNumberQuery(
  MAX_TRANSACTION_PAGE_SIZE,
  MCCY_MESSAGES.transactionPageSize,
);

/** Letters, digits, slash, question mark, colon, hyphen, full stop, comma, space. */
export const INTERNAL_TRANSFER_TEXT = /^[A-Za-z0-9/?:\-., ]*$/;

export const internalTransferEndToEndId = boundedText(
  { min: 1, max: 35, charset: INTERNAL_TRANSFER_TEXT },
  MCCY_MESSAGES.internalTransferEndToEndId,
);

export const internalTransferReference = boundedText(
  { max: 140, charset: INTERNAL_TRANSFER_TEXT },
  MCCY_MESSAGES.internalTransferReference,
);
