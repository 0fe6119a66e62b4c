import * as z from 'zod/mini';
import { defineWebhook } from './define.js';
import { failedEndToEndIds } from './readers.js';

/**
 * The payment webhooks: their records, and their payloads as the bank's pages document them
 * (`webhooks/transaction-settled-webhook-v6.mdx`, `transaction-rejected-v2.mdx`,
 * `payment-message-validation-failed-webhook-v1.mdx`, `payment-message-assessment-failed-webhook-v1.mdx`,
 * `outbound-held-transaction-v1.mdx`, `inbound-held-transaction-v1.mdx` in `clearbank/clearbank.github.io`).
 * Strict: a member the page marks optional may be absent, every other one must be there (null where the bank
 * has no value), and nothing undocumented passes. Faster Payments, CHAPS and GBP cross-border payments share
 * these Types and members (the CHAPS and cross-border guides name the same four pages and the two holds): a
 * CHAPS settlement carries `Iso20022XmlDocument`, a cross-border one `TransactionSource: 'Cross Border GBP'`.
 */

/** The pages' GUIDs are not all RFC 4122 (`d9162680-7d35-7994-4e38-...`): any 8-4-4-4-12 hex. */
const guid = z.lazy(() => z.guid());
const dateTime = z.lazy(() => z.iso.datetime({ offset: true }));
/** `decimal`: the examples write a number (`88.52`) or, for `Balance`, decimal text (`"8754.48"`). */
const decimal = z.lazy(() =>
  z.union([
    z.number(),
    z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
    // A JsonNumber: the digits as the bank wrote them.
    z.custom<object>((value) => typeof value === 'object' && value !== null),
  ]),
);
export const WEBHOOK_SCHEMES = ['Transfer', 'FasterPayments', 'Bacs', 'Chaps'] as const;
const scheme = z.lazy(() => z.enum(WEBHOOK_SCHEMES));
const currency = z.lazy(() => z.string().check(z.regex(/^[A-Z]{3}$/)));
const text = (max: number) => z.string().check(z.maxLength(max));
const nullableText = (max: number) => z.nullable(text(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** `TransactionSettled` v6. `SupplementaryData` carries the abusive-message screening result. */
export const transactionSettledPayload = z.lazy(() =>
  z.strictObject({
    TransactionId: guid,
    Status: z.literal('Settled'),
    Scheme: optional(scheme),
    EndToEndTransactionId: text(35),
    Amount: decimal,
    TimestampSettled: dateTime,
    TimestampCreated: dateTime,
    CurrencyCode: optional(currency),
    DebitCreditCode: z.enum(['Credit', 'Debit']),
    Reference: optional(text(140)),
    IsReturn: z.boolean(),
    Account: z.strictObject({
      IBAN: nullableText(34),
      BBAN: nullableText(30),
      OwnerName: nullableText(128),
      TransactionOwnerName: nullableText(128),
      InstitutionName: nullableText(128),
      // "Only available for transactions against real accounts": absent for a virtual account.
      Balance: z.optional(decimal),
      BalanceLastUpdatedAt: z.optional(dateTime),
    }),
    CounterpartAccount: z.strictObject({
      IBAN: optional(text(34)),
      BBAN: optional(text(30)),
      OwnerName: nullableText(128),
      TransactionOwnerName: nullableText(128),
      InstitutionName: nullableText(128),
    }),
    ActualEndToEndTransactionId: nullableText(255),
    DirectDebitMandateId: optional(guid),
    TransactionCode: optional(z.enum(['01', '17', '18', '19', '99', '86', 'Z4', 'Z5'])),
    ServiceUserNumber: optional(text(6)),
    BacsTransactionId: optional(guid),
    BacsTransactionDescription: optional(
      z.enum([
        'CreditTransactionSettled',
        'DebitContraTransactionSettled',
        'DebitTransactionSettled',
        'CreditContraTransactionSettled',
        'DirectDebitReceivedIndemnityClaimSettled',
      ]),
    ),
    TransactionType: optional(z.enum(['DirectCredit', 'DirectDebit', 'DirectDebitIndemnityClaim'])),
    TransactionSource: optional(text(50)),
    // Name: the spec's own entry `AbusiveMessageScreeningIdentifiers` is 34 characters long.
    SupplementaryData: optional(z.array(z.strictObject({ Name: text(34), Value: text(500) }))),
    Iso20022XmlDocument: optional(text(80000)),
  }),
);

/** An internal transfer settles as a debit and a credit with one TransactionId: the side keeps them two. */
export const transactionSettledWebhook = defineWebhook({
  type: 'TransactionSettled',
  versions: { 6: transactionSettledPayload },
  key: ['TransactionId', 'DebitCreditCode'],
  subject: ['EndToEndTransactionId'],
});

/** `CancellationCode` of `TransactionRejected` v2: SWIFT and the bank's own codes, as the page lists them. */
export const CANCELLATION_CODES = [
  'AC03',
  'AC04',
  'AC06',
  'AC07',
  'AC09',
  'AC12',
  'AG01',
  'AG02',
  'AG03',
  'AM09',
  'BE08',
  'BE09',
  'CB_AccountHoldersBankrupt',
  'CB_AccountNameInvalid',
  'CB_AccountSwitched',
  'CB_AuthenticationFailure',
  'CB_CancelledByBoEController',
  'CB_CancelledByChapsMember',
  'CB_CancelledCreditAccountDisabled',
  'CB_CancelledDebitAccountDisabled',
  'CB_CancelledQueuedCloseOfBusiness',
  'CB_DupSttlmntOriginalIsQueued',
  'CB_DupSttlmntOriginalWasRejected',
  'CB_FailedModulusCheck',
  'CB_InitiatingPartyActionRequired',
  'CB_InitiatingPartyRequested',
  'CB_InstructionCancelled',
  'CB_InstructionCancelledByCustomer',
  'CB_InstructionHasExpired',
  'CB_InvalidProcessorState',
  'CB_NewAccountUpdatedWithDDI',
  'CB_SenderNotInTertiaryMode',
  'COSE',
  'CURR',
  'CUTO',
  'DDAT',
  'DMON',
  'DU05',
  'ICAG',
  'IVAG',
  'MD01',
  'MD07',
  'OTHR',
  'PY01',
  'REFE',
  'Other',
  'Manual',
  'BLBYTH',
  'HOPRJ',
  'MS03',
  'MS02',
  'AC05',
  'MS01',
  'CB_PaymentReferenceMissing',
  'CB_PaymentReferenceIncorrect',
  'CB_PaymentBeneficiaryNameMissing',
  'CB_AccountNameAndNumberMismatch',
] as const;

const plainAccount = z.lazy(() => z.strictObject({ IBAN: nullableText(34), BBAN: nullableText(30) }));

/** `TransactionRejected` v2. */
export const transactionRejectedPayload = z.lazy(() =>
  z.strictObject({
    TransactionId: guid,
    Status: z.literal('Rejected'),
    Scheme: optional(scheme),
    EndToEndTransactionId: text(35),
    Amount: decimal,
    TimestampModified: dateTime,
    CurrencyCode: optional(currency),
    DebitCreditCode: z.enum(['Credit', 'Debit']),
    // The page: at most 140 (a CHAPS institution payment's unstructured reference is that long).
    Reference: nullableText(140),
    IsReturn: z.boolean(),
    CancellationReason: optional(z.string()),
    CancellationCode: optional(z.enum(CANCELLATION_CODES)),
    Account: plainAccount,
    CounterpartAccount: plainAccount,
  }),
);

/** Rejected likewise: one side's rejection must not hide the other's. */
export const transactionRejectedWebhook = defineWebhook({
  type: 'TransactionRejected',
  versions: { 2: transactionRejectedPayload },
  key: ['TransactionId', 'DebitCreditCode'],
  subject: ['EndToEndTransactionId'],
});

/**
 * What failed, per credit transfer: its end-to-end id and human-readable reasons (the pages warn the texts
 * change). The assessment page's table calls it an object, its example an array: both are accepted.
 */
const failure = z.lazy(() => z.strictObject({ EndToEndId: text(35), Reasons: z.array(z.string()) }));
const failures = z.lazy(() => z.union([z.array(failure), failure]));
/**
 * `MessageId`: the pages say a GUID of at most 36; the simulator sends the request's `X-Request-Id`, which the
 * gateway derives from the Idempotency-Key (`cw-` and 64 hex digits), so only text is required here.
 */
const messageId = z.lazy(() => z.string().check(z.minLength(1)));

/** `PaymentMessageValidationFailed` v1. */
export const paymentMessageValidationFailedPayload = z.lazy(() =>
  z.strictObject({
    MessageId: messageId,
    PaymentMethodType: scheme,
    ValidationFailure: failures,
    AccountIdentification: z.strictObject({
      Debtor: z.strictObject({
        IBAN: nullableText(34),
        BBAN: nullableText(30),
        CUID: optional(z.string()),
        UPIC: optional(z.string()),
        AccountName: optional(text(128)),
        AccountHolderLabel: optional(text(100)),
        InstitutionName: optional(text(128)),
      }),
      Creditors: z.array(
        z.strictObject({
          Reference: nullableText(140),
          Amount: decimal,
          CurrencyCode: nullableText(3),
          IBAN: optional(text(34)),
          BBAN: optional(text(30)),
          CUID: optional(z.string()),
          UPIC: optional(z.string()),
          AccountName: optional(text(128)),
          AccountHolderLabel: optional(text(100)),
          InstitutionName: optional(text(128)),
        }),
      ),
    }),
  }),
);

/** Keyed on the request's `MessageId` and the end-to-end ids it names (`failedTransfersKey`). */
export const paymentMessageValidationFailedWebhook = defineWebhook({
  type: 'PaymentMessageValidationFailed',
  versions: { 1: paymentMessageValidationFailedPayload },
  key: ['MessageId'],
  subject: ['MessageId'],
  nestedKey: (payload) => failedTransfersKey(payload.ValidationFailure),
});

/** `PaymentMessageAssesmentFailed` (sic) v1. */
export const paymentMessageAssesmentFailedPayload = z.lazy(() =>
  z.strictObject({
    MessageId: messageId,
    PaymentMethodType: optional(scheme),
    AssesmentFailure: failures,
    AccountIdentification: z.strictObject({
      Debtor: z.strictObject({ IBAN: nullableText(34), BBAN: nullableText(30) }),
      Creditors: z.array(
        z.strictObject({
          Reference: nullableText(140),
          Amount: decimal,
          CurrencyCode: optional(currency),
          IBAN: nullableText(34),
          BBAN: nullableText(30),
        }),
      ),
    }),
  }),
);

/** Keyed as its validation twin. */
export const paymentMessageAssesmentFailedWebhook = defineWebhook({
  type: 'PaymentMessageAssesmentFailed',
  versions: { 1: paymentMessageAssesmentFailedPayload },
  key: ['MessageId'],
  subject: ['MessageId'],
  nestedKey: (payload) => failedTransfersKey(payload.AssesmentFailure),
});

/**
 * An account of a held transaction: `IBAN` and `BBAN`, each of which the pages give a minimum length of 0;
 * `optionalParts` where the page marks both optional (the inbound hold's counterpart).
 */
const heldAccount = (optionalParts = false) =>
  optionalParts
    ? z.strictObject({ IBAN: optional(text(34)), BBAN: optional(text(30)) })
    : z.strictObject({ IBAN: nullableText(34), BBAN: nullableText(30) });

/**
 * `OutboundHeldTransaction` v1: the bank held one of our sends for compliance (UK financial sanctions) and keeps it
 * Clearing or Pending until it decides: released, it settles (`TransactionSettled`); declined, it is rejected
 * (`TransactionRejected`, `CancellationCode` `HOPRJ`). No reason member, no TransactionId.
 */
export const outboundHeldTransactionPayload = z.lazy(() =>
  z.strictObject({
    TimestampCreated: optional(dateTime),
    Scheme: z.enum(['Transfer', 'FasterPayments', 'Chaps']),
    CounterpartAccount: heldAccount(),
    Account: heldAccount(),
    TransactionAmount: optional(decimal),
    PaymentReference: optional(text(140)),
    EndToEndTransactionId: optional(text(35)),
  }),
);

/**
 * No TransactionId: a hold is its payment's end-to-end id and the time it was held (without either, the
 * payload's hash). Its payment's subject, so it is handled in order with that payment's other webhooks.
 */
export const outboundHeldTransactionWebhook = defineWebhook({
  type: 'OutboundHeldTransaction',
  versions: { 1: outboundHeldTransactionPayload },
  key: ['EndToEndTransactionId', 'TimestampCreated'],
  subject: ['EndToEndTransactionId'],
});

/**
 * `InboundHeldTransaction` v1: a payment to us held for compliance, its funds in a suspense account until the
 * bank decides: released, it settles (`TransactionSettled`); declined, the funds go back to the remitting bank
 * (the page names no webhook for that). `EndToEndTransactionId` "might not be unique" for inbound payments.
 */
export const inboundHeldTransactionPayload = z.lazy(() =>
  z.strictObject({
    TimestampCreated: optional(dateTime),
    Scheme: scheme,
    Account: heldAccount(),
    CounterpartAccount: heldAccount(true),
    TransactionAmount: optional(decimal),
    EndToEndTransactionId: optional(text(35)),
    PaymentReference: optional(text(140)),
  }),
);

/** Keyed and ordered as its outbound twin. */
export const inboundHeldTransactionWebhook = defineWebhook({
  type: 'InboundHeldTransaction',
  versions: { 1: inboundHeldTransactionPayload },
  key: ['EndToEndTransactionId', 'TimestampCreated'],
  subject: ['EndToEndTransactionId'],
});

/**
 * The failed transfers' end-to-end ids, sorted, as a key part: one request (one `MessageId`) whose
 * instructions fail apart sends one webhook per instruction, which must stay distinct.
 */
function failedTransfersKey(failures: unknown): string | undefined {
  const ids = failedEndToEndIds(failures).sort();
  return ids.length === 0 ? undefined : ids.join(',');
}
