import * as z from 'zod/mini';
import { ACCOUNT_STATUSES, STATUS_REASONS, USAGE_TYPES } from './schemas.js';

/**
 * The bank's success answers for sterling accounts, written from its published reference
 * (`sterling-v1.json`, `sterling-v2.json`, `sterling-v3.json`; see shared/spec/reference-digest.md).
 * Strict: an undocumented member fails, so a renamed one does too. Members the reference marks optional
 * are required here when the bank always sends them (the examples show them): a missing one fails. Only
 * `legalOwnerType` / `relationshipType` stay optional, because they exist only once set.
 * The contract tests (test/contract/) hold the simulator to these; nothing in the gateway parses answers.
 */

/**
 * Values as the reference lists them for answers: the request lists of schemas.ts plus what only the bank
 * sets (status `CBRestricted`, reason `NotProvided`), so each value is written once.
 */
export const RESPONSE_STATUSES = [...ACCOUNT_STATUSES, 'CBRestricted'] as const;
export const RESPONSE_STATUS_REASONS = [...STATUS_REASONS, 'NotProvided'] as const;
export const PRODUCT_TYPES = [
  'None',
  'AdultCashIsa',
  'Saving',
  'Operating',
  'Segregated',
  'JuniorSaving',
  'Holding',
  'Current',
] as const;
/** The usage types an account can be opened with, and the sub-types only the bank assigns. */
export const ACCOUNT_SUB_TYPES = [
  ...USAGE_TYPES,
  'InternalSuspense',
  'MinimumMandatedBalance',
  'SavingAccount',
  'AdultCashIsa',
  'JuniorSavingAccount',
  'HoldingAccount',
  'CurrentAccount',
] as const;

/** ISO 4217 shape; the reference enumerates 178 codes, the simulator only ever sends GBP. */
const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/));
const dateTime = z.iso.datetime({ offset: true });

/** Links are absolute URLs; `templated` is present (true) only on templates such as `{accountId}`. */
export const halLink = z.strictObject({
  name: z.string().check(z.minLength(1)),
  href: z.url(),
  templated: z.optional(z.boolean()),
});
const halLinks = z.array(halLink);

const v2Balance = z.strictObject({
  name: z.string(),
  amount: z.number(),
  currency: currencyCode,
  status: z.enum(['CLBD', 'XPCD', 'OTHR', 'VALU']),
});
const v3Balance = z.strictObject({
  name: z.string(),
  amount: z.number(),
  currency: z.literal('GBP'),
  status: z.literal('VALU'),
  balanceLastUpdatedAt: dateTime,
});

const identifiers = {
  iban: z.string(),
  bban: z.string(),
  upic: z.string(),
  cuid: z.string(),
};

export const accountV2 = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  label: z.string(),
  type: z.literal('CACC'),
  currency: z.array(currencyCode),
  balances: z.array(v2Balance),
  ...identifiers,
});

export const accountV3 = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  label: z.string(),
  type: z.literal('CACC'),
  currency: z.array(currencyCode),
  balances: z.array(v3Balance),
  minimumBalance: z.strictObject({
    name: z.string(),
    amount: z.number(),
    currency: z.literal('GBP'),
    status: z.literal('VALU'),
  }),
  productType: z.enum(PRODUCT_TYPES),
  accountSubType: z.enum(ACCOUNT_SUB_TYPES),
  legalOwnerType: z.optional(z.enum(['Personal', 'Business'])),
  relationshipType: z.optional(z.enum(['Single', 'Joint'])),
  status: z.enum(RESPONSE_STATUSES),
  statusReason: z.enum(RESPONSE_STATUS_REASONS),
  timestampCreated: dateTime,
  timestampModified: dateTime,
  ...identifiers,
});

/** A virtual account in `GET /v2/Accounts/{accountId}/Virtual[/{virtualAccountId}]`. */
export const virtualAccount = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  label: z.string(),
  type: z.literal('CACC'),
  status: z.enum(['Enabled', 'Disabled']),
  currency: z.array(currencyCode),
  ...identifiers,
});
/** `GET /v1/Accounts/Virtual` documents no `label`. */
export const listedVirtualAccount = z.omit(virtualAccount, { label: true });

const single = <T extends z.ZodMiniType>(account: T) => z.strictObject({ account, halLinks });
const page = <T extends z.ZodMiniType>(account: T) =>
  z.strictObject({ accounts: z.array(account), halLinks });

/** Answer schemas by operation id (shared/operations/sterling-accounts/operations.ts); 204s have none. */
export const sterlingAccountResponses = {
  listAccounts: page(accountV3),
  listAccountsV2: page(accountV2),
  createAccount: single(accountV3),
  getAccount: single(accountV3),
  getAccountV2: single(accountV2),
  listVirtualAccounts: page(listedVirtualAccount),
  createVirtualAccounts: z.strictObject({ halLinks }),
  listAccountVirtualAccounts: page(virtualAccount),
  getVirtualAccount: single(virtualAccount),
} as const;
