import * as z from 'zod/mini';

/**
 * Payloads of the payment webhooks as shared/spec/webhooks.md lists them (the bank's pages
 * `transaction-settled-webhook-v6.mdx`, `transaction-rejected-webhook-v2.mdx`,
 * `payment-message-validation-failed-webhook-v1.mdx`, `payment-message-assesment-failed-webhook-v1.mdx`).
 * Strict: every documented member present (null where the bank has no value), nothing else.
 */

const dateTime = z.iso.datetime({ offset: true });
const amount = z.union([
  z.number(),
  z.custom<object>((value) => typeof value === 'object' && value !== null),
]);
const SCHEMES = ['Transfer', 'FasterPayments', 'Bacs', 'Chaps'] as const;
const nullableText = z.nullable(z.string());

const settledAccount = z.strictObject({
  IBAN: nullableText,
  BBAN: nullableText,
  OwnerName: nullableText,
  TransactionOwnerName: nullableText,
  InstitutionName: nullableText,
});

/** `TransactionSettled` v6. `SupplementaryData` carries the abusive-message screening result. */
export const transactionSettledPayload = z.strictObject({
  TransactionId: z.uuid(),
  Status: z.literal('Settled'),
  Scheme: z.enum(SCHEMES),
  EndToEndTransactionId: z.string(),
  Amount: amount,
  TimestampSettled: dateTime,
  TimestampCreated: dateTime,
  CurrencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  DebitCreditCode: z.enum(['Credit', 'Debit']),
  Reference: nullableText,
  IsReturn: z.boolean(),
  Account: z.strictObject({
    ...settledAccount.shape,
    Balance: amount,
    BalanceLastUpdatedAt: dateTime,
  }),
  CounterpartAccount: settledAccount,
  ActualEndToEndTransactionId: nullableText,
  SupplementaryData: z.array(z.strictObject({ Name: z.string(), Value: z.string() })),
});

const plainAccount = z.strictObject({ IBAN: nullableText, BBAN: nullableText });

/** `TransactionRejected` v2. */
export const transactionRejectedPayload = z.strictObject({
  TransactionId: z.uuid(),
  Status: z.literal('Rejected'),
  Scheme: z.enum(SCHEMES),
  EndToEndTransactionId: z.string(),
  Amount: amount,
  TimestampModified: dateTime,
  CurrencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  DebitCreditCode: z.enum(['Credit', 'Debit']),
  Reference: nullableText,
  IsReturn: z.boolean(),
  CancellationReason: nullableText,
  CancellationCode: nullableText,
  Account: plainAccount,
  CounterpartAccount: plainAccount,
});

/** `PaymentMessageValidationFailed` v1. */
export const paymentMessageValidationFailedPayload = z.strictObject({
  MessageId: z.string(),
  PaymentMethodType: z.string(),
  ValidationFailure: z.unknown(),
  AccountIdentification: z.unknown(),
});

/** `PaymentMessageAssesmentFailed` (sic) v1. */
export const paymentMessageAssesmentFailedPayload = z.strictObject({
  MessageId: z.string(),
  PaymentMethodType: z.string(),
  AssesmentFailure: z.unknown(),
  AccountIdentification: z.unknown(),
});
