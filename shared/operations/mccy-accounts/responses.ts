import * as z from 'zod/mini';
import { MCCY_ACCOUNT_KINDS, MCCY_CURRENCIES, MCCY_STATUS_REASONS } from '#shared/domain/mccy-rules.js';

/**
 * The bank's success answers for the multi-currency family, written from its published reference
 * (`mccy-accounts-v1.json`, `mccy-accounts-v2.json`, `mccy-transactions-v1.json`, `mccy-statements-v1.json`,
 * `mccy-internal-transfers-v1.json`, `mccy-jpm-emulator-v1.json`; reference-digest.md lines 1572-2152 and
 * 2326-2400), keyed by operation id. Strict: an undocumented member fails; required members are required,
 * optional ones only where the reference marks them so. Answers without a body have no schema. The
 * contract tests (test/contract/) hold the simulator to these; nothing in the gateway parses answers.
 */

const guid = z.guid();
const dateTime = z.iso.datetime({ offset: true });
const currency = z.string().check(z.regex(/^[A-Z]{3}$/));

const identifier = z.strictObject({
  identifier: z.string().check(z.minLength(1), z.maxLength(50)),
  kind: z.string(),
});

/** The account of every account answer (`AccountResponse`); the create's adds `type`. */
const accountMembers = {
  id: guid,
  name: z.string(),
  label: z.string(),
  owner: z.string(),
  kind: z.string(),
  currencies: z.array(currency),
  productId: z.optional(z.nullable(guid)),
  customerId: z.optional(z.nullable(guid)),
  identifiers: z.array(identifier),
  status: z.string(),
  statusReason: z.optional(z.enum(MCCY_STATUS_REASONS)),
  statusInformation: z.optional(z.nullable(z.string())),
};

export const mccyAccount = z.strictObject(accountMembers);

const createdAccount = z.strictObject({
  ...accountMembers,
  name: z.string().check(z.minLength(1)),
  kind: z.enum(MCCY_ACCOUNT_KINDS),
  identifiers: z.array(z.strictObject({ ...identifier.def.shape, kind: z.literal('Iban') })),
  type: z.enum(['Customer', 'Operating']),
});

const accounts = z.strictObject({ accounts: z.array(mccyAccount) });

/** `{balances: {<currency>: {Available, Actual}}}` (spec part 2; bank-reference.md: `Available`/`Actual`). */
const balances = z.strictObject({
  balances: z.nullable(z.record(currency, z.strictObject({ Available: z.number(), Actual: z.number() }))),
});

export const mccyVirtualAccount = z.strictObject({
  id: guid,
  accountId: guid,
  owner: z.string(),
  status: z.string(),
  identifiers: z.array(identifier),
  statusReason: z.optional(z.enum(MCCY_STATUS_REASONS)),
  statusInformation: z.optional(z.nullable(z.string())),
});

const accountIdentifiers = z.optional(z.nullable(z.array(identifier)));

/** One transaction (`mccy-transactions-v1.json`). */
export const mccyTransaction = z.strictObject({
  transactionId: guid,
  accountId: guid,
  virtualAccountId: z.optional(z.nullable(guid)),
  endToEndId: z.string().check(z.minLength(1), z.maxLength(35)),
  reference: z.string().check(z.minLength(1), z.maxLength(140)),
  ultimateBeneficiary: z.strictObject({
    accountIdentifiers,
    payeeName: z.optional(z.nullable(z.string())),
  }),
  ultimateRemitter: z.strictObject({
    accountIdentifiers,
    payerName: z.optional(z.nullable(z.string())),
  }),
  amount: z.number(),
  currency,
  currencyExchange: z.optional(
    z.strictObject({ rate: z.number(), margin: z.number(), currency: z.string(), amount: z.number() }),
  ),
  actualPaymentMethod: z.string().check(z.minLength(1), z.maxLength(50)),
  requestedPaymentMethod: z.string().check(z.minLength(1), z.maxLength(50)),
  kind: z.string().check(z.minLength(1), z.maxLength(50)),
  createdAt: dateTime,
  identifiers: z.optional(
    z.nullable(
      z.array(
        z.strictObject({
          scope: z.optional(z.nullable(z.string())),
          name: z.string(),
          identifier: z.string(),
        }),
      ),
    ),
  ),
  additionalProperties: z.optional(
    z.nullable(z.array(z.strictObject({ key: z.string(), value: z.string() }))),
  ),
  settledAt: z.optional(z.nullable(dateTime)),
  valueAt: z.optional(z.nullable(dateTime)),
  cancelledAt: z.optional(z.nullable(dateTime)),
  cancellationCode: z.optional(z.nullable(z.string())),
  reason: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
});

const transactions = z.strictObject({ transactions: z.optional(z.nullable(z.array(mccyTransaction))) });

/**
 * The virtual account's list: the reference shows one transaction object without the wrapper (spec part 2
 * says so too); the wrapped list is accepted beside it, as the real account's list answers.
 */
const virtualTransactions = z.union([transactions, mccyTransaction]);

/** `201` of the simulated inbound payment. */
const inboundPayment = z.strictObject({
  transactionId: z.optional(guid),
  instructedCurrency: z.optional(z.nullable(z.enum(MCCY_CURRENCIES as [string, ...string[]]))),
  instructedAmount: z.optional(z.number()),
  reference: z.optional(z.nullable(z.string())),
  endToEndId: z.optional(z.nullable(z.string())),
  ultimateCreditorIBAN: z.optional(z.nullable(z.string())),
  ultimateCreditorName: z.optional(z.nullable(z.string())),
  ultimateDebtorIdentifier: z.optional(z.nullable(z.string())),
  ultimateDebtorName: z.optional(z.nullable(z.string())),
  timestampCreated: z.optional(dateTime),
  bankRefSearchable: z.optional(z.nullable(z.string())),
});

/** 202 and 204 carry no body: no schema, so the contract harness expects the empty text. */
const noBody = undefined;

export const mccyAccountSuccessStatus = {
  createMccyAccount: 201,
  listMccyAccounts: 200,
  getMccyAccount: 200,
  amendMccyAccount: 200,
  setMccyAccountStatus: 200,
  addMccyAccountCurrency: 200,
  getMccyAccountBalances: 200,
  closeMccyAccount: 204,
  createMccyVirtualAccount: 201,
  getMccyVirtualAccount: 200,
  amendMccyVirtualAccount: 200,
  setMccyVirtualAccountStatus: 200,
  closeMccyVirtualAccount: 204,
  listMccyAccountTransactions: 200,
  listMccyVirtualAccountTransactions: 200,
  getMccyTransaction: 200,
  requestMccyInstitutionStatement: 202,
  requestMccyAccountStatement: 202,
  createMccyInternalTransfer: 202,
  simulateMccyInboundPayment: 201,
} as const;

export const mccyAccountResponses = {
  createMccyAccount: createdAccount,
  listMccyAccounts: accounts,
  getMccyAccount: mccyAccount,
  amendMccyAccount: mccyAccount,
  setMccyAccountStatus: mccyAccount,
  addMccyAccountCurrency: mccyAccount,
  getMccyAccountBalances: balances,
  closeMccyAccount: noBody,
  createMccyVirtualAccount: mccyVirtualAccount,
  getMccyVirtualAccount: mccyVirtualAccount,
  amendMccyVirtualAccount: mccyVirtualAccount,
  setMccyVirtualAccountStatus: mccyVirtualAccount,
  closeMccyVirtualAccount: noBody,
  listMccyAccountTransactions: transactions,
  listMccyVirtualAccountTransactions: virtualTransactions,
  getMccyTransaction: mccyTransaction,
  requestMccyInstitutionStatement: noBody,
  requestMccyAccountStatement: noBody,
  createMccyInternalTransfer: noBody,
  simulateMccyInboundPayment: inboundPayment,
} as const;
