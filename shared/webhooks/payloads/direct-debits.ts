import * as z from 'zod/mini';
import { defineWebhook } from './define.js';

/**
 * The Bacs direct debit webhooks: their records, and their payloads as the bank's pages document them
 * (`webhooks/bacs-mandate-*.mdx`, `bacs-unpaid-direct-debit-received-webhook-v3.mdx`,
 * `bacs-unapplied-credit-received-webhook-v3.mdx` in `clearbank/clearbank.github.io`; webhooks.md). Strict:
 * every member of a page's table must be there (null where the page allows it), a member the page marks
 * optional may be absent, nothing undocumented passes. Where a page's example contradicts its own table
 * (InitiationFailed's `ReasonCodes`, `ReceivedDateUtc`), the table wins.
 */

const guid = z.lazy(() => z.guid());
const dateTime = z.lazy(() => z.iso.datetime({ offset: true }));
const nullableText = (max: number) => z.nullable(z.string().check(z.maxLength(max)));
const nullableCode = <const T extends readonly [string, ...string[]]>(codes: T) => z.nullable(z.enum(codes));

export const BACS_EVENT_SOURCES = ['Undefined', 'Portal', 'Api', 'ClearBank', 'Bacs'] as const;
const source = z.lazy(() => z.enum(BACS_EVENT_SOURCES));

/** `BacsAccountIdentifier`: names up to 128 on instruction webhooks, 18 on item webhooks. */
const bacsAccount = (nameMax: number) =>
  z.nullable(
    z.strictObject({
      AccountName: nullableText(nameMax),
      SortCode: nullableText(6),
      AccountNumber: nullableText(8),
    }),
  );

/** The members every instruction webhook carries. */
const instructionFields = () => ({
  OriginatorInformation: bacsAccount(128),
  PayerInformation: bacsAccount(128),
  ServiceUserNumber: nullableText(6),
  Reference: nullableText(18),
  Source: source,
});

/** An instruction webhook with its MandateId and (optional) AUDDIS code: Initiated 0N, Cancelled 0C, Migrated 0S. */
const instructionNotice = (transactionCode: string) =>
  z.strictObject({
    MandateId: guid,
    ...instructionFields(),
    TransactionCode: z.optional(z.nullable(z.literal(transactionCode))),
  });

/** `BacsMandateInitiated` v2: an instruction is present. */
export const bacsMandateInitiatedPayload = z.lazy(() => instructionNotice('0N'));
/** `BacsMandateCancelled` v2. */
export const bacsMandateCancelledPayload = z.lazy(() => instructionNotice('0C'));
/** `BacsMandateMigrated` v2: a paper instruction converted to AUDDIS. */
export const bacsMandateMigratedPayload = z.lazy(() => instructionNotice('0S'));

// The pages write some types with their version suffix too (`BacsMandateInitiatedV2`): an alias each.
export const bacsMandateInitiatedWebhook = defineWebhook({
  type: 'BacsMandateInitiated',
  aliases: ['BacsMandateInitiatedV2'],
  versions: { 2: bacsMandateInitiatedPayload },
  key: ['MandateId'],
});

export const bacsMandateCancelledWebhook = defineWebhook({
  type: 'BacsMandateCancelled',
  aliases: ['BacsMandateCancelledV2'],
  versions: { 2: bacsMandateCancelledPayload },
  key: ['MandateId'],
});

export const bacsMandateMigratedWebhook = defineWebhook({
  type: 'BacsMandateMigrated',
  aliases: ['BacsMandateMigratedV2'],
  versions: { 2: bacsMandateMigratedPayload },
  key: ['MandateId'],
});

/**
 * `BacsMandateInitiationFailed` v1: no MandateId (the instruction never came to be). Reasons: 5 no account,
 * B virtual account closed, F real account closed or not accepting debits, I reference clashes, K cancelled
 * by the paying bank, O invalid reference.
 */
export const bacsMandateInitiationFailedPayload = z.lazy(() =>
  z.strictObject({
    ReasonCode: nullableCode(['5', 'B', 'F', 'I', 'K', 'O']),
    EventDate: dateTime,
    ...instructionFields(),
  }),
);

/** No MandateId: the instruction never came to be, so it is named by its service user and reference. */
export const bacsMandateInitiationFailedWebhook = defineWebhook({
  type: 'BacsMandateInitiationFailed',
  versions: { 1: bacsMandateInitiationFailedPayload },
  key: ['ServiceUserNumber', 'Reference', 'EventDate'],
});

/** `BacsMandateCancellationFailed` v1: reason 6, no instruction to cancel. */
export const bacsMandateCancellationFailedPayload = z.lazy(() =>
  z.strictObject({
    ReasonCode: nullableCode(['6']),
    TransactionCode: z.optional(z.nullable(z.string())),
    ...instructionFields(),
    EventDate: dateTime,
  }),
);

export const bacsMandateCancellationFailedWebhook = defineWebhook({
  type: 'BacsMandateCancellationFailed',
  versions: { 1: bacsMandateCancellationFailedPayload },
  key: ['ServiceUserNumber', 'Reference', 'EventDate'],
});

/**
 * `BacsMandateReturned` v1. The page's pattern lists 2 G F B 5 I K 1 H; a return requested through the API
 * carries the caller's `rejectionReason` (B C F G H I K 1 2 3 5 6), so the union of both is accepted.
 */
export const MANDATE_RETURNED_REASONS = ['1', '2', '3', '5', '6', 'B', 'C', 'F', 'G', 'H', 'I', 'K'] as const;
export const bacsMandateReturnedPayload = z.lazy(() =>
  z.strictObject({
    MandateId: guid,
    ReasonCode: nullableCode(MANDATE_RETURNED_REASONS),
    ...instructionFields(),
    EventDate: dateTime,
  }),
);

export const bacsMandateReturnedWebhook = defineWebhook({
  type: 'BacsMandateReturned',
  versions: { 1: bacsMandateReturnedPayload },
  key: ['MandateId', 'EventDate'],
});

/** `BacsMandateReturnFailed` v1: the return matched no active instruction. */
export const bacsMandateReturnFailedPayload = z.lazy(() =>
  z.strictObject({
    MandateId: guid,
    ErrorMessage: z.nullable(z.string()),
    ...instructionFields(),
    EventDate: dateTime,
  }),
);

export const bacsMandateReturnFailedWebhook = defineWebhook({
  type: 'BacsMandateReturnFailed',
  versions: { 1: bacsMandateReturnFailedPayload },
  key: ['MandateId', 'EventDate'],
});

/** `Status` of an item: the pages spell the second value `Processsed`; the correct spelling passes too. */
const itemStatus = z.lazy(() => z.enum(['Pending', 'Processsed', 'Processed']));

/** `BacsUnpaidDirectDebitReceived` v3: a collection the payer's account could not pay (U1, U7, U8, U9). */
export const bacsUnpaidDirectDebitReceivedPayload = z.lazy(() =>
  z.strictObject({
    CreditorInformation: bacsAccount(18),
    DebtorInformation: bacsAccount(18),
    Reference: nullableText(18),
    Amount: z.number(),
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(['U1', 'U7', 'U8', 'U9']),
    Status: itemStatus,
    ServiceUserNumber: nullableText(6),
    ReasonCode: z.nullable(z.string().check(z.regex(/^[0-9AB]$/))),
    Source: source,
    BacsTransactionId: guid,
  }),
);

export const bacsUnpaidDirectDebitReceivedWebhook = defineWebhook({
  type: 'BacsUnpaidDirectDebitReceived',
  aliases: ['BacsUnpaidDirectDebitReceivedV3'],
  versions: { 3: bacsUnpaidDirectDebitReceivedPayload },
  key: ['BacsTransactionId'],
});

/**
 * Why a credit was not applied: 0 invalid details, 2 beneficiary deceased, 3 account transferred, 5 no account,
 * B closed, C requested.
 */
export const UNAPPLIED_CREDIT_REASONS = ['0', '2', '3', '5', 'B', 'C'] as const;

/**
 * `BacsUnappliedCreditReceived` v3: a credit the receiving bank could not apply (RA). The page's reference
 * pattern `^([A-Z]*[a-z]*[0-9]*\.*\&*\/*-*\s*)*$` is the character set below, written without its nested
 * repetition.
 */
export const bacsUnappliedCreditReceivedPayload = z.lazy(() =>
  z.strictObject({
    CreditorInformation: bacsAccount(18),
    DebtorInformation: bacsAccount(18),
    Reference: z.nullable(z.string().check(z.maxLength(18), z.regex(/^[A-Za-z0-9.&/\-\s]*$/))),
    Amount: z.number(),
    ProcessingDate: dateTime,
    TransactionCode: z.nullable(z.string()),
    Status: itemStatus,
    ServiceUserNumber: nullableText(6),
    ReasonCode: nullableCode(UNAPPLIED_CREDIT_REASONS),
    Source: z.literal('Bacs'),
    BacsTransactionId: guid,
  }),
);

export const bacsUnappliedCreditReceivedWebhook = defineWebhook({
  type: 'BacsUnappliedCreditReceived',
  aliases: ['BacsUnappliedCreditReceivedV3'],
  versions: { 3: bacsUnappliedCreditReceivedPayload },
  key: ['BacsTransactionId'],
});

// --- Bacs items: inbound payments, returns, contras, settlement failures, recalls, indemnity claims -------------
//
// From `webhooks/bacs-direct-credit-return-created-webhook-v4.mdx`, `bacs-direct-debit-return-created-webhook-v4.mdx`,
// `bacs-direct-credit-inbound-payment-created-webhook-v2.mdx`, `bacs-direct-debit-inbound-payment-created-webhook-v2.mdx`,
// `bacs-direct-credit-inbound-payment-held-webhook-v3.mdx`, `bacs-credit-contra-received-webhook-v3.mdx`,
// `bacs-debit-contra-received-webhook-v3.mdx`, `bacs-credit-payment-not-settled-webhook-v3.mdx`,
// `bacs-debit-payment-not-settled-webhook-v3.mdx`, `bacs-direct-credit-recalled-webhook-v1.mdx` and
// `bacs-direct-debit-indemnity-claim-received-event-webhook-v3.mdx`. The table wins over the example where they
// disagree (the return pages' `TransactionCode` 99 and 17, the direct debit return's 32-character `Reference`).

/** `BacsTransactionStatusType`: the pages spell `Processsed`, their examples `Processed`; both pass. */
export const BACS_ITEM_STATUSES = [
  'Pending',
  'Processsed',
  'Processed',
  'Returned',
  'Recalled',
  'ContraNotReceived',
] as const;
const itemStatusType = z.lazy(() => z.enum(BACS_ITEM_STATUSES));
/** The pages' reference pattern `^([A-Z]*[a-z]*[0-9]*\.*\&*\/*-*\s*)*$`, written without its nested repetition. */
const bacsText = (max: number) =>
  z.nullable(z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9.&/\-\s]*$/)));
const amount = z.lazy(() => z.number());
/** A required `BacsAccountIdentifier` (return and recall pages): number and sort code of fixed length. */
const requiredAccount = (digitsOnly: boolean) =>
  z.strictObject({
    AccountNumber: z.string().check(z.length(8), ...(digitsOnly ? [z.regex(/^\d*$/)] : [])),
    SortCode: z.string().check(z.length(6), ...(digitsOnly ? [z.regex(/^\d*$/)] : [])),
    AccountName: z.string().check(z.maxLength(128)),
  });
const sun = z.lazy(() => z.string().check(z.length(6)));

/** Return reasons of a direct credit (ARUCS): 0 invalid details, 2 deceased, 3 transferred, 5 no account, B closed, C requested. */
export const CREDIT_RETURN_REASONS = UNAPPLIED_CREDIT_REASONS;
/** Return reasons of a direct debit (ARUDD): 0 to 9, A, B. */
export const DEBIT_RETURN_REASONS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B'] as const;
/** Transaction codes of a returned (unpaid) direct debit. */
export const UNPAID_DEBIT_CODES = ['U1', 'U7', 'U8', 'U9'] as const;
/** Direct credit transaction codes (`99`, `Z4`, `Z5`, `86`); direct debit ones (`01`, `17`, `18`, `19`). */
export const DIRECT_CREDIT_CODES = ['99', 'Z4', 'Z5', '86'] as const;
export const DIRECT_DEBIT_CODES = ['01', '17', '18', '19'] as const;

/** `BacsDirectCreditReturnCreated` v4: a credit to one of our accounts goes back to its service user (RA). */
export const bacsDirectCreditReturnCreatedPayload = z.lazy(() =>
  z.strictObject({
    SuspenseAccount: requiredAccount(true),
    BeneficiaryDetails: bacsAccount(128),
    ServiceUserInformation: requiredAccount(true),
    ReasonCode: z.enum(CREDIT_RETURN_REASONS),
    Reference: z.string().check(z.maxLength(18)),
    Amount: amount,
    TransactionCode: z.literal('RA'),
    Source: source,
    BacsTransactionId: guid,
    OriginalBacsTransactionId: guid,
    OriginalBacsTransactionSun: z.string().check(z.length(6), z.regex(/^\d*$/)),
  }),
);

/** The return's own id; ordered with the item it returns. */
export const bacsDirectCreditReturnCreatedWebhook = defineWebhook({
  type: 'BacsDirectCreditReturnCreated',
  aliases: ['BacsDirectCreditReturnCreatedV4'],
  versions: { 4: bacsDirectCreditReturnCreatedPayload },
  key: ['BacsTransactionId'],
  subject: ['OriginalBacsTransactionId'],
});

/**
 * `BacsDirectDebitReturnCreated` v4: a debit from one of our accounts goes back to its originator. The table
 * writes `PayerInFormation` and `OriginatorInFormation`; the example and every other Bacs page
 * `PayerInformation` and `OriginatorInformation`, which is what is accepted.
 */
export const bacsDirectDebitReturnCreatedPayload = z.lazy(() =>
  z.strictObject({
    PayerInformation: requiredAccount(false),
    OriginatorInformation: requiredAccount(false),
    ReasonCode: z.enum(DEBIT_RETURN_REASONS),
    Reference: z.string().check(z.maxLength(18)),
    Amount: amount,
    TransactionCode: z.enum(UNPAID_DEBIT_CODES),
    Source: source,
    BacsTransactionId: guid,
    ProcessingDate: dateTime,
    ServiceUserNumber: sun,
    OriginalBacsTransactionId: guid,
    OriginalBacsTransactionSun: sun,
  }),
);

export const bacsDirectDebitReturnCreatedWebhook = defineWebhook({
  type: 'BacsDirectDebitReturnCreated',
  aliases: ['BacsDirectDebitReturnCreatedV4'],
  versions: { 4: bacsDirectDebitReturnCreatedPayload },
  key: ['BacsTransactionId'],
  subject: ['OriginalBacsTransactionId'],
});

/** `BacsDirectCreditInboundPaymentCreated` v2: a credit for one of our accounts, on processing day (day 2). */
export const bacsDirectCreditInboundPaymentCreatedPayload = z.lazy(() =>
  z.strictObject({
    ServiceUserInformation: bacsAccount(128),
    BeneficiaryDetails: bacsAccount(128),
    Reference: nullableText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(DIRECT_CREDIT_CODES),
    ServiceUserNumber: nullableText(6),
    Source: source,
    BacsTransactionId: guid,
  }),
);

export const bacsDirectCreditInboundPaymentCreatedWebhook = defineWebhook({
  type: 'BacsDirectCreditInboundPaymentCreated',
  aliases: ['BacsDirectCreditInboundPaymentCreatedV2'],
  versions: { 2: bacsDirectCreditInboundPaymentCreatedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** `BacsDirectDebitInboundPaymentCreated` v2: a collection from one of our accounts, paid the next day. */
export const bacsDirectDebitInboundPaymentCreatedPayload = z.lazy(() =>
  z.strictObject({
    PayerInformation: bacsAccount(128),
    OriginatorInformation: bacsAccount(128),
    Amount: amount,
    Reference: nullableText(18),
    ProcessingDate: dateTime,
    ServiceUserNumber: nullableText(6),
    // The page's pattern `(0¦17¦18¦19)` means 01 (its example); 0 passes too.
    TransactionCode: nullableCode(['0', ...DIRECT_DEBIT_CODES]),
    Source: source,
    BacsTransactionId: guid,
  }),
);

export const bacsDirectDebitInboundPaymentCreatedWebhook = defineWebhook({
  type: 'BacsDirectDebitInboundPaymentCreated',
  aliases: ['BacsDirectDebitInboundPaymentCreatedV2'],
  versions: { 2: bacsDirectDebitInboundPaymentCreatedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** `BacsDirectCreditInboundPaymentHeld` v3: an inbound credit held for screening before it settles. */
export const bacsDirectCreditInboundPaymentHeldPayload = z.lazy(() =>
  z.strictObject({
    ServiceUserInformation: bacsAccount(128),
    BeneficiaryDetails: bacsAccount(128),
    Reference: bacsText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(DIRECT_CREDIT_CODES),
    Source: source,
    BacsTransactionId: guid,
    // In the table, not in the example.
    ServiceUserNumber: z.optional(nullableText(6)),
  }),
);

export const bacsDirectCreditInboundPaymentHeldWebhook = defineWebhook({
  type: 'BacsDirectCreditInboundPaymentHeld',
  aliases: ['BacsDirectCreditInboundPaymentHeldV3'],
  versions: { 3: bacsDirectCreditInboundPaymentHeldPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** `BacsCreditContraReceived` v3: the payer's side of a bulk of direct credits (the page: not in use yet). */
export const bacsCreditContraReceivedPayload = z.lazy(() =>
  z.strictObject({
    ServiceUserInformation: bacsAccount(128),
    BeneficiaryDetails: bacsAccount(128),
    Reference: bacsText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(DIRECT_DEBIT_CODES),
    Status: itemStatusType,
    Source: source,
    BacsTransactionId: guid,
  }),
);

export const bacsCreditContraReceivedWebhook = defineWebhook({
  type: 'BacsCreditContraReceived',
  aliases: ['BacsCreditContraReceivedV3'],
  versions: { 3: bacsCreditContraReceivedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/**
 * `BacsDebitContraReceived` v3: the originator's account is credited against the debits it collected. The
 * table lists `BacsTransactionId`; the example leaves it out: the table wins (it is the key).
 */
export const bacsDebitContraReceivedPayload = z.lazy(() =>
  z.strictObject({
    PayerInformation: bacsAccount(128),
    OriginatorInformation: bacsAccount(128),
    Reference: bacsText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(DIRECT_CREDIT_CODES),
    Status: itemStatusType,
    Source: source,
    BacsTransactionId: guid,
  }),
);

export const bacsDebitContraReceivedWebhook = defineWebhook({
  type: 'BacsDebitContraReceived',
  aliases: ['BacsDebitContraReceivedV3'],
  versions: { 3: bacsDebitContraReceivedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** The members both not-settled pages share; the transaction codes differ. */
const notSettledPayload = <const T extends readonly [string, ...string[]]>(codes: T) =>
  z.strictObject({
    DebtorInformation: bacsAccount(128),
    CreditorInformation: bacsAccount(128),
    Reference: bacsText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(codes),
    Status: itemStatusType,
    Source: source,
    BacsTransactionId: guid,
  });

/** `BacsCreditPaymentNotSettled` v3: the credit back of a returned direct debit (U1, U7, U8, U9) did not settle. */
export const bacsCreditPaymentNotSettledPayload = z.lazy(() => notSettledPayload(UNPAID_DEBIT_CODES));

export const bacsCreditPaymentNotSettledWebhook = defineWebhook({
  type: 'BacsCreditPaymentNotSettled',
  aliases: ['BacsCreditPaymentNotSettledV3'],
  versions: { 3: bacsCreditPaymentNotSettledPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** `BacsDebitPaymentNotSettled` v3: the debit of a returned direct credit (RA) did not settle. */
export const bacsDebitPaymentNotSettledPayload = z.lazy(() => notSettledPayload(['RA']));

export const bacsDebitPaymentNotSettledWebhook = defineWebhook({
  type: 'BacsDebitPaymentNotSettled',
  aliases: ['BacsDebitPaymentNotSettledV3'],
  versions: { 3: bacsDebitPaymentNotSettledPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/** The recall page's dates: its example writes them without an offset. */
const recallDate = z.lazy(() => z.iso.datetime({ offset: true, local: true }));

/** `BacsDirectCreditRecalled` v1: the remitting bank recalled an inbound credit on day 2, before it settled. */
export const bacsDirectCreditRecalledPayload = z.lazy(() =>
  z.strictObject({
    CreditorInformation: requiredAccount(false),
    DebtorInformation: requiredAccount(false),
    RecallingAccountInformation: requiredAccount(false),
    ServiceUserName: z.string().check(z.maxLength(36)),
    ServiceUserNumber: sun,
    Amount: amount,
    PaymentReference: z.string().check(z.maxLength(18)),
    TransactionCode: z.enum(DIRECT_CREDIT_CODES),
    Status: z.enum(['Undefined', 'Recalled']),
    ProcessingDate: recallDate,
    SettlementDate: recallDate,
    TransactionType: z.string().check(z.maxLength(25)),
    // `EventSource`: the page writes `API` where the other Bacs pages write `Api`.
    Source: z.enum([...BACS_EVENT_SOURCES, 'API']),
    BacsTransactionId: guid,
    SuspenseAccountId: guid,
    RecallReference: z.string().check(z.maxLength(18)),
  }),
);

export const bacsDirectCreditRecalledWebhook = defineWebhook({
  type: 'BacsDirectCreditRecalled',
  aliases: ['BacsDirectCreditRecalledV1'],
  versions: { 1: bacsDirectCreditRecalledPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/**
 * `BacsDirectDebitIndemnityClaimReceived` v3 (the page's title adds "Event"; its example's Type has none): the
 * payer's bank claims back a direct debit our account collected, settled the working day after processing.
 */
export const bacsDirectDebitIndemnityClaimReceivedPayload = z.lazy(() =>
  z.strictObject({
    CreditorInformation: bacsAccount(128),
    DebtorInformation: bacsAccount(128),
    Reference: nullableText(35),
    Amount: amount,
    ProcessingDate: dateTime,
    TransactionCode: nullableCode(DIRECT_DEBIT_CODES),
    Status: itemStatusType,
    ServiceUserNumber: nullableText(6),
    ReasonCode: nullableCode(['1', '2', '3', '4', '5', '6', '7', '8']),
    SettlementDate: dateTime,
    Source: z.literal('Bacs'),
    BacsTransactionId: guid,
  }),
);

export const bacsDirectDebitIndemnityClaimReceivedWebhook = defineWebhook({
  type: 'BacsDirectDebitIndemnityClaimReceived',
  aliases: ['BacsDirectDebitIndemnityClaimReceivedV3'],
  versions: { 3: bacsDirectDebitIndemnityClaimReceivedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});

/**
 * The same webhook under the Type the page's request body and title write (`...ReceivedEventV3`): its own
 * record, so a Type sent either way is known, keyed alike.
 */
export const bacsDirectDebitIndemnityClaimReceivedEventWebhook = defineWebhook({
  type: 'BacsDirectDebitIndemnityClaimReceivedEvent',
  aliases: ['BacsDirectDebitIndemnityClaimReceivedEventV3'],
  versions: { 3: bacsDirectDebitIndemnityClaimReceivedPayload },
  key: ['BacsTransactionId'],
  subject: ['BacsTransactionId'],
});
