import * as z from 'zod/mini';
import { JsonNumber } from '#shared/json/read-json.js';
import { defineWebhook } from './define.js';

/**
 * The multi-currency payment webhooks: their records, and their payloads as the tables of the bank's pages
 * give them (`webhooks/mccy-create-trx-webhook-v1.mdx`, `mccy-settle-trx-webhook-v1.mdx`,
 * `mccy-cancel-trx-webhook-v1.mdx`, `mccy-validation-failed-webhook-v1.mdx`,
 * `mccy-assessment-failed-webhook-v1.mdx` in `clearbank/clearbank.github.io`). Strict: every member a table
 * marks required must be there, one it marks optional may be absent or null, nothing undocumented passes.
 * Timestamps are checked as non-empty text only: the pages' own examples write `2021-05-22T00:00:00` (no
 * offset) and `2020-09-13T012:22:17.4` (three hour digits), which no date-time parser accepts, and a stricter
 * rule would reject what the bank sends.
 */

const text = (min: number, max?: number) =>
  max === undefined
    ? z.string().check(z.minLength(min))
    : z.string().check(z.minLength(min), z.maxLength(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** `number` / `decimal`: a JSON number (a `JsonNumber` when read by the gateway's reader, keeping the digits). */
const decimal = z.lazy(() => z.union([z.number(), z.instanceof(JsonNumber)]));
const timestamp = z.lazy(() => text(1));
/** `^[A-z]{3}$` in the tables. */
const currency = z.lazy(() => z.string().check(z.regex(/^[A-Za-z]{3}$/)));
const guid = z.lazy(() => z.guid());
const country = z.lazy(() => z.string().check(z.regex(/^[A-Z]{2}$/)));

const accountIdentifiers = z.lazy(() =>
  z.array(z.strictObject({ Kind: text(1, 10), Identifier: text(1, 36) })),
);

/** The members of TransactionCreated, which Settled and Cancelled repeat. */
const transaction = () => ({
  TransactionId: guid,
  BatchId: guid,
  EndToEndId: text(1, 35),
  SchemeEndToEndId: optional(text(0, 15)),
  AccountId: guid,
  // 140 on the Created page, 143 on the Cancelled one: the longer passes.
  Reference: text(1, 143),
  UltimateCreditorName: text(1, 143),
  UltimateCreditorAccountIdentifiers: accountIdentifiers,
  UltimateDebtorName: text(1, 143),
  UltimateDebtorAccountIdentifiers: accountIdentifiers,
  InstructedAmount: decimal,
  InstructedCurrency: currency,
  SchemePaymentMethod: text(1, 50),
  TimestampCreated: timestamp,
  Identifiers: z.array(z.strictObject({ Scope: text(1, 50), Name: text(1, 50), Identifier: text(1, 250) })),
  AdditionalProperties: z.array(z.strictObject({ Key: text(1, 50), Value: text(1, 250) })),
});

export const mccyTransactionCreatedPayload = z.lazy(() => z.strictObject(transaction()));

export const mccyTransactionCreatedWebhook = defineWebhook({
  type: 'Payments.Mccy.TransactionCreated',
  versions: { 1: mccyTransactionCreatedPayload },
  key: ['TransactionId'],
  subject: ['BatchId'],
});

export const mccyTransactionSettledPayload = z.lazy(() =>
  z.strictObject({
    ...transaction(),
    TimestampSettled: timestamp,
    TimestampSubmitted: timestamp,
  }),
);

export const mccyTransactionSettledWebhook = defineWebhook({
  type: 'Payments.Mccy.TransactionSettled',
  versions: { 1: mccyTransactionSettledPayload },
  key: ['TransactionId'],
  subject: ['BatchId'],
});

export const mccyTransactionCancelledPayload = z.lazy(() =>
  z.strictObject({
    ...transaction(),
    TimestampCancelled: timestamp,
    CancellationCode: text(1),
    CancellationReason: text(1),
  }),
);

export const mccyTransactionCancelledWebhook = defineWebhook({
  type: 'Payments.Mccy.TransactionCancelled',
  versions: { 1: mccyTransactionCancelledPayload },
  key: ['TransactionId'],
  subject: ['BatchId'],
});

/** The flat payment the two failure webhooks carry. */
const failedPayment = () => ({
  UltimateDebtorName: optional(text(0, 143)),
  UltimateDebtorAccount: text(5, 36),
  UltimateDebtorAccountIdentifier: text(1),
  UltimateDebtorAddressLine1: text(1, 70),
  UltimateDebtorAddressLine2: optional(text(0, 35)),
  UltimateDebtorAddressLine3: optional(text(0, 35)),
  UltimateDebtorPostCode: text(1, 16),
  UltimateDebtorCountryCode: country,
  InstructedAmount: decimal,
  InstructedCurrency: currency,
  Reference: text(1, 143),
  BatchId: guid,
  EndToEndId: text(1, 35),
  SchemeEndToEndId: optional(text(0, 15)),
  UltimateCreditorIBAN: optional(text(0, 34)),
  UltimateCreditorAccountNumber: optional(text(0, 34)),
  UltimateCreditorBic: optional(z.string().check(z.regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z1-9]([A-Z0-9]{3})?$/))),
  UltimateCreditorName: text(1, 143),
  UltimateCreditorAddressLine1: text(1, 70),
  UltimateCreditorAddressLine2: optional(text(0, 35)),
  UltimateCreditorAddressLine3: optional(text(0, 35)),
  UltimateCreditorPostCode: text(1, 16),
  UltimateCreditorCountryCode: country,
  TransactionId: guid,
});

export const mccyPaymentValidationFailedPayload = z.lazy(() =>
  z.strictObject({
    ...failedPayment(),
    Errors: z.array(z.string()).check(z.minLength(1), z.maxLength(140)),
  }),
);

/** A batch may carry one end-to-end id twice (the bank fails the repeat): TransactionId tells them apart. */
export const mccyPaymentValidationFailedWebhook = defineWebhook({
  type: 'Payments.Mccy.PaymentValidationFailed',
  versions: { 1: mccyPaymentValidationFailedPayload },
  key: ['BatchId', 'EndToEndId', 'TransactionId'],
  subject: ['BatchId'],
});

export const mccyPaymentAssessmentFailedPayload = z.lazy(() =>
  z.strictObject({
    ...failedPayment(),
    Error: text(1, 280),
  }),
);

/** Keyed as the validation failure. */
export const mccyPaymentAssessmentFailedWebhook = defineWebhook({
  type: 'Payments.Mccy.PaymentAssessmentFailed',
  versions: { 1: mccyPaymentAssessmentFailedPayload },
  key: ['BatchId', 'EndToEndId', 'TransactionId'],
  subject: ['BatchId'],
});
