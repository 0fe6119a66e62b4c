import * as z from 'zod/mini';
import { boundedText } from './text-rules.js';

/** Direct debit instructions: the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const DIRECT_DEBIT_MESSAGES = {
  serviceUserNumber: 'serviceUserNumber must be exactly 6 digits.',
  originatorName:
    'originatorName must be at most 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  payerName:
    'payerName must be at most 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  mandateReference:
    'reference must be 1 to 18 characters: upper-case letters, digits, full stop, ampersand, slash, hyphen, space.',
  mandateType: 'mandateType must be PaperMandate, Origination or Migrated.',
  mandateAmendReasonCode:
    'reasonCode must be C (account moved to a different branch) or E (instruction amended).',
  mandateReturnReason: 'rejectionReason must be one of B, C, F, G, H, I, K, 1, 2, 3, 5, 6.',
  mandateCancelReasonCode:
    'reasonCode must be 0 (institution cancelled, refer to payer), 1 (cancelled by payer), 2 (payer deceased) or B (account closed).',
} as const;

/** Upper-case letters, digits, full stop, ampersand, slash, hyphen, space. */
export const DIRECT_DEBIT_TEXT = /^[A-Z0-9.&/\- ]*$/;

export const serviceUserNumber = z.lazy(() =>
  z
    .string({ error: DIRECT_DEBIT_MESSAGES.serviceUserNumber })
    .check(z.regex(/^\d{6}$/, DIRECT_DEBIT_MESSAGES.serviceUserNumber)),
);

export const originatorName = z.lazy(() =>
  boundedText({ max: 18, charset: DIRECT_DEBIT_TEXT }, DIRECT_DEBIT_MESSAGES.originatorName),
);

export const payerName = z.lazy(() =>
  boundedText({ max: 18, charset: DIRECT_DEBIT_TEXT }, DIRECT_DEBIT_MESSAGES.payerName),
);

/** The instruction's `reference` (the service user's reference). */
export const mandateReference = z.lazy(() =>
  boundedText({ min: 1, max: 18, charset: DIRECT_DEBIT_TEXT }, DIRECT_DEBIT_MESSAGES.mandateReference),
);

export const mandateType = z.lazy(() =>
  z.enum(['PaperMandate', 'Origination', 'Migrated'], {
    error: DIRECT_DEBIT_MESSAGES.mandateType,
  }),
);

export const mandateAmendReasonCode = z.lazy(() =>
  z.enum(['C', 'E'], {
    error: DIRECT_DEBIT_MESSAGES.mandateAmendReasonCode,
  }),
);

export const mandateReturnReason = z.lazy(() =>
  z.enum(['B', 'C', 'F', 'G', 'H', 'I', 'K', '1', '2', '3', '5', '6'], {
    error: DIRECT_DEBIT_MESSAGES.mandateReturnReason,
  }),
);

export const mandateCancelReasonCode = z.lazy(() =>
  z.enum(['0', '1', '2', 'B'], {
    error: DIRECT_DEBIT_MESSAGES.mandateCancelReasonCode,
  }),
);
