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
