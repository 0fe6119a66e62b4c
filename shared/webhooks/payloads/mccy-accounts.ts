import * as z from 'zod/mini';
import { MCCY_STATUS_REASONS } from '#shared/domain/mccy-rules.js';
import { ISO_CODE_PATTERN } from '#shared/domain/currencies.js';
import { JsonNumber } from '#shared/json/read-json.js';
import { defineWebhook } from './define.js';

/**
 * The multi-currency account, internal transfer and statement webhooks: their records, and their payloads as
 * the tables of the bank's pages give them (`webhooks/mccy-account-created-webhook-v1.mdx`,
 * `mccy-account-updated-webhook-v1.mdx`, `mccy-virtual-account-created-webhook-v1.mdx`,
 * `mccy-virtual-account-updated-webhook-v1.mdx`, `mccy-internal-transfer-settled-v1.mdx`,
 * `mccy-internal-transfer-cancelled-v1.mdx`, `mccy-institution-statement-webhook-v1.mdx`,
 * `mccy-account-statement-webhook-v1.mdx` in `clearbank/clearbank.github.io`; shared/spec/webhooks.md).
 * Strict: every member a table marks required must be there, one it marks optional may be absent or null (the
 * virtual account update's example sends `"StatusReason": null`), nothing undocumented passes. Where an
 * example contradicts its table, the table wins.
 */

/** The pages' GUIDs are not all RFC 4122: any 8-4-4-4-12 hex. */
const guid = z.lazy(() => z.guid());
/**
 * "Time in UTC": the account pages' examples write it without an offset and with seven decimals
 * (`2021-04-08T12:00:00.0000000`), the virtual account update's with `Z`; both pass.
 */
const utcDateTime = z.lazy(() => z.iso.datetime({ offset: true, local: true }));
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** `number` / `decimal`: a JSON number (a `JsonNumber` when read by the gateway's reader, keeping the digits). */
const decimal = z.lazy(() => z.union([z.number(), z.instanceof(JsonNumber)]));
const int32 = z.lazy(() => z.number().check(z.int(), z.gte(-(2 ** 31)), z.lte(2 ** 31 - 1)));

/**
 * Types whose page shows a top-level `InstitutionId` beside `Type`, `Version`, `Payload` and `Nonce` (the
 * account created and updated and the virtual account created examples). The envelope reader
 * (shared/webhooks/envelope.ts) accepts it and reads only the four members it needs.
 */
export const TYPES_WITH_INSTITUTION_ID = [
  'Accounts.AccountCreated',
  'Accounts.AccountUpdated',
  'Accounts.VirtualAccountCreated',
] as const;
/** The top-level `InstitutionId` of those types. */
export const webhookInstitutionId = z.lazy(() => z.guid());

/** `Identifiers`: each an `Identifier` and its `Kind` (the examples write `IBAN` and `Iban`), 1 to 50 each. */
const identifiers = z.lazy(() => z.array(z.strictObject({ Identifier: text(1, 50), Kind: text(1, 50) })));

// The pages list ten status reasons; the status operations take the eighteen of `mccy-accounts-v1.json`
// (which hold the ten), and a status set with any of them is reported here, so the eighteen pass.
const statusReason = z.lazy(() => optional(z.enum(MCCY_STATUS_REASONS)));
const statusInformation = z.lazy(() => optional(text(0, 100)));

/** `Type` of a multi-currency account: the seven the pages list. */
export const MCCY_ACCOUNT_TYPES = [
  'Customer',
  'Operating',
  'MinimumMandatedBalance',
  'Treasury',
  'HeldSuspense',
  'RepairSuspense',
  'Institution',
] as const;

/** The members of an account webhook. `Kind` and `Status` are free text: the pages give only examples. */
const accountFields = () => ({
  AccountId: guid,
  Name: text(1, 500),
  Label: text(1, 100),
  Owner: text(1, 140),
  Kind: z.string(),
  // The created page's "Min. Length 3, Max. Length 3" can only mean each code: its example lists two.
  Currencies: z.array(z.string().check(z.regex(ISO_CODE_PATTERN))),
  Status: z.string(),
  ProductId: optional(guid),
  CustomerId: optional(guid),
  Identifiers: identifiers,
  TimestampCreated: utcDateTime,
  Type: z.enum(MCCY_ACCOUNT_TYPES),
});

/** `Accounts.AccountCreated` v1. */
export const mccyAccountCreatedPayload = z.lazy(() => z.strictObject(accountFields()));

export const mccyAccountCreatedWebhook = defineWebhook({
  type: 'Accounts.AccountCreated',
  versions: { 1: mccyAccountCreatedPayload },
  key: ['AccountId'],
});

/** `Accounts.AccountUpdated` v1: a status change, an amend, a currency added, a close. */
export const mccyAccountUpdatedPayload = z.lazy(() =>
  z.strictObject({
    ...accountFields(),
    TimestampModified: utcDateTime,
    StatusReason: statusReason,
    StatusInformation: statusInformation,
  }),
);

export const mccyAccountUpdatedWebhook = defineWebhook({
  type: 'Accounts.AccountUpdated',
  versions: { 1: mccyAccountUpdatedPayload },
  key: ['AccountId', 'TimestampModified'],
});

const virtualAccountFields = () => ({
  VirtualAccountId: guid,
  AccountId: guid,
  Owner: text(1, 140),
  Status: z.string(),
  Identifiers: identifiers,
  TimestampCreated: utcDateTime,
});

/** `Accounts.VirtualAccountCreated` v1. */
export const mccyVirtualAccountCreatedPayload = z.lazy(() =>
  z.strictObject({ ...virtualAccountFields(), BatchId: guid }),
);

export const mccyVirtualAccountCreatedWebhook = defineWebhook({
  type: 'Accounts.VirtualAccountCreated',
  versions: { 1: mccyVirtualAccountCreatedPayload },
  key: ['VirtualAccountId'],
});

/** `Accounts.VirtualAccountUpdated` v1 (no `BatchId`). */
export const mccyVirtualAccountUpdatedPayload = z.lazy(() =>
  z.strictObject({
    ...virtualAccountFields(),
    TimestampModified: utcDateTime,
    StatusReason: statusReason,
    StatusInformation: statusInformation,
  }),
);

export const mccyVirtualAccountUpdatedWebhook = defineWebhook({
  type: 'Accounts.VirtualAccountUpdated',
  versions: { 1: mccyVirtualAccountUpdatedPayload },
  key: ['VirtualAccountId', 'TimestampModified'],
});

/** `DebitAccountOther` / `CreditAccountOther`: "can only be AccountId". */
const otherAccount = z.lazy(() =>
  optional(z.strictObject({ Kind: z.literal('AccountId'), Identifier: text(1, 36) })),
);

const internalTransferFields = () => ({
  DebitAccountIban: optional(z.string()),
  DebitAccountOther: otherAccount,
  CreditAccountIban: optional(z.string()),
  CreditAccountOther: otherAccount,
  InstructedAmount: decimal,
  // The pages' pattern, as written: `A-z` also spans lower case and six punctuation marks.
  InstructedCurrency: z.string().check(z.regex(/^[A-z]{3}$/)),
  EndToEndId: text(1, 35),
  Reference: optional(text(0, 140)),
});

/** Each side is named by its IBAN or, "mandatory only if the IBAN is not provided", by its account id. */
const eachSideNamed = <T extends { [key: string]: unknown }>(payload: T) => {
  const given = (member: string) => payload[member] !== undefined && payload[member] !== null;
  return ['Debit', 'Credit'].every((side) => given(`${side}AccountIban`) || given(`${side}AccountOther`));
};
const sideMessage = { message: 'each side needs its AccountIban or its AccountOther' };

/** `Mccy.InternalTransfers.Settled` v1. */
export const mccyInternalTransferSettledPayload = z.lazy(() =>
  z.strictObject(internalTransferFields()).check(z.refine(eachSideNamed, sideMessage)),
);

export const mccyInternalTransferSettledWebhook = defineWebhook({
  type: 'Mccy.InternalTransfers.Settled',
  versions: { 1: mccyInternalTransferSettledPayload },
  key: ['EndToEndId'],
});

/** Why the bank cancelled a transfer: "Valid options include" these two. */
export const INTERNAL_TRANSFER_CANCELLATION_CODES = ['ValidationFailed', 'AssessmentFailed'] as const;

/** `Mccy.InternalTransfers.Cancelled` v1: at least one failure reason (the example: `"Not enough funds"`). */
export const mccyInternalTransferCancelledPayload = z.lazy(() =>
  z
    .strictObject({
      ...internalTransferFields(),
      CancellationCode: z.enum(INTERNAL_TRANSFER_CANCELLATION_CODES),
      FailureReasons: z.array(z.string()).check(z.minLength(1)),
    })
    .check(z.refine(eachSideNamed, sideMessage)),
);

export const mccyInternalTransferCancelledWebhook = defineWebhook({
  type: 'Mccy.InternalTransfers.Cancelled',
  versions: { 1: mccyInternalTransferCancelledPayload },
  key: ['EndToEndId'],
});

const statementFields = () => ({
  Uri: z.url(),
  ValidUntilDate: utcDateTime,
  Year: int32,
  Month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  Currency: text(3, 3),
  // Three characters; the examples write `csv`.
  Format: text(3, 3),
});

/** `MCCY.Statements.InstitutionStatement` v1: a time-limited link to the month's CSV for every account. */
export const mccyInstitutionStatementPayload = z.lazy(() => z.strictObject(statementFields()));

export const mccyInstitutionStatementWebhook = defineWebhook({
  type: 'MCCY.Statements.InstitutionStatement',
  versions: { 1: mccyInstitutionStatementPayload },
  key: ['Year', 'Month', 'Currency'],
});

/** `MCCY.Statements.AccountStatement` v1: the same for one account. */
export const mccyAccountStatementPayload = z.lazy(() =>
  z.strictObject({ ...statementFields(), AccountIban: text(1, 50) }),
);

export const mccyAccountStatementWebhook = defineWebhook({
  type: 'MCCY.Statements.AccountStatement',
  versions: { 1: mccyAccountStatementPayload },
  key: ['AccountIban', 'Year', 'Month', 'Currency'],
});
