import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId, ibanSegment, safeSegment } from '../path-params.js';
import {
  addCurrencyBody,
  amendAccountBody,
  amendVirtualAccountBody,
  closeQuery,
  createAccountBody,
  createVirtualAccountBody,
  inboundPaymentBody,
  internalTransferBody,
  listAccountsQuery,
  type StatementBody,
  statementBody,
  statementPeriodErrors,
  statusBody,
  transactionsQuery,
} from './schemas.js';

/**
 * Spec part 2: real multi-currency accounts (8), virtual accounts (5), transactions (3), statements (2), internal
 * transfers (1) and the simulated inbound payment (1): 20 operations, one function.
 *
 * `Idempotency-Key` is required on the writes that move money or create something the bank deduplicates only
 * by `X-Request-Id`: account and virtual account creates, both statement requests (each one produces a
 * statement webhook), the internal transfer and the simulated inbound payment. Amends, status changes, the
 * currency add and the closes set a state, so a repeat changes nothing: they accept a key.
 *
 * Every record answers the bank's plain problem form (`problemForm: 'plain'`, no `errors` map) in the simulator.
 */
const fn = 'mccy-accounts';
const problemForm = 'plain';

const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));
const virtualAccountPath = z.lazy(() => z.strictObject({ virtualAccountId: bankId('virtualAccountId') }));

const ACCOUNT = '/mccy/v1/Accounts/{accountId}' as const;
const VIRTUAL_ACCOUNT = '/mccy/v1/VirtualAccounts/{virtualAccountId}' as const;

// --- Real accounts -------------------------------------------------------------------------------------------

export const createMccyAccount = {
  id: 'createMccyAccount',
  summary: 'Create a multi-currency account',
  description: 'Opens a real multi-currency account with its label, owner, kind and currencies (never GBP).',
  method: 'POST',
  path: '/mccy/v2/Accounts' as const,
  fn,
  body: createAccountBody,
  requiresIdempotencyKey: true,
  problemForm,
} satisfies Operation;

export const listMccyAccounts = {
  id: 'listMccyAccounts',
  summary: 'List multi-currency accounts',
  description: "Lists the institution's real multi-currency accounts, a page at a time.",
  method: 'GET',
  path: '/mccy/v1/Accounts' as const,
  fn,
  query: listAccountsQuery,
  problemForm,
} satisfies Operation;

export const getMccyAccount = {
  id: 'getMccyAccount',
  summary: 'Get a multi-currency account',
  description: 'Reads one real multi-currency account.',
  method: 'GET',
  path: ACCOUNT,
  pathParams: accountPath,
  fn,
  problemForm,
} satisfies Operation;

export const amendMccyAccount = {
  id: 'amendMccyAccount',
  summary: 'Amend a multi-currency account',
  description: "Changes a multi-currency account's label and owner.",
  method: 'PATCH',
  path: ACCOUNT,
  pathParams: accountPath,
  fn,
  body: amendAccountBody,
  readBack: ACCOUNT,
  problemForm,
} satisfies Operation;

export const setMccyAccountStatus = {
  id: 'setMccyAccountStatus',
  summary: "Set a multi-currency account's status",
  description: 'Suspends a real multi-currency account with a reason, or makes it active again.',
  method: 'PATCH',
  path: '/mccy/v1/Accounts/{accountId}/status' as const,
  pathParams: accountPath,
  fn,
  body: statusBody,
  readBack: ACCOUNT,
  problemForm,
} satisfies Operation;

export const addMccyAccountCurrency = {
  id: 'addMccyAccountCurrency',
  summary: 'Add a currency to a multi-currency account',
  description: 'Enables one more currency (never GBP) on a real multi-currency account.',
  method: 'POST',
  path: '/mccy/v1/Accounts/{accountId}/currencies' as const,
  pathParams: accountPath,
  fn,
  body: addCurrencyBody,
  readBack: ACCOUNT,
  problemForm,
} satisfies Operation;

export const getMccyAccountBalances = {
  id: 'getMccyAccountBalances',
  summary: "Get a multi-currency account's balances",
  description: "Reads a real multi-currency account's balance in each of its currencies.",
  method: 'GET',
  path: '/mccy/v1/Accounts/{accountId}/balances' as const,
  pathParams: accountPath,
  fn,
  problemForm,
} satisfies Operation;

/** A DELETE without a body; the reason travels in the query. */
export const closeMccyAccount = {
  id: 'closeMccyAccount',
  summary: 'Close a multi-currency account',
  description: 'Closes a real multi-currency account, with the reason in the query.',
  method: 'DELETE',
  path: ACCOUNT,
  pathParams: accountPath,
  fn,
  query: closeQuery,
  readBack: ACCOUNT,
  problemForm,
} satisfies Operation;

// --- Virtual accounts ----------------------------------------------------------------------------------------

export const createMccyVirtualAccount = {
  id: 'createMccyVirtualAccount',
  summary: 'Create a multi-currency virtual account',
  description: 'Opens a virtual account under a real multi-currency account, with its owner and identifiers.',
  method: 'POST',
  path: '/mccy/v1/VirtualAccounts' as const,
  fn,
  body: createVirtualAccountBody,
  requiresIdempotencyKey: true,
  problemForm,
} satisfies Operation;

/** The spec's choice for the path-based signature (part 2): sent so where the environment turns it on. */
export const getMccyVirtualAccount = {
  id: 'getMccyVirtualAccount',
  summary: 'Get a multi-currency virtual account',
  description: 'Reads one multi-currency virtual account.',
  method: 'GET',
  path: VIRTUAL_ACCOUNT,
  pathParams: virtualAccountPath,
  fn,
  problemForm,
  pathSignature: true,
} satisfies Operation;

export const amendMccyVirtualAccount = {
  id: 'amendMccyVirtualAccount',
  summary: 'Amend a multi-currency virtual account',
  description: "Changes a multi-currency virtual account's owner.",
  method: 'PATCH',
  path: VIRTUAL_ACCOUNT,
  pathParams: virtualAccountPath,
  fn,
  body: amendVirtualAccountBody,
  readBack: VIRTUAL_ACCOUNT,
  problemForm,
} satisfies Operation;

export const setMccyVirtualAccountStatus = {
  id: 'setMccyVirtualAccountStatus',
  summary: "Set a multi-currency virtual account's status",
  description: 'Suspends a multi-currency virtual account with a reason, or makes it active again.',
  method: 'PATCH',
  path: '/mccy/v1/VirtualAccounts/{virtualAccountId}/status' as const,
  pathParams: virtualAccountPath,
  fn,
  body: statusBody,
  readBack: VIRTUAL_ACCOUNT,
  problemForm,
} satisfies Operation;

/** Closing is final: a closed virtual account cannot be reopened. */
export const closeMccyVirtualAccount = {
  id: 'closeMccyVirtualAccount',
  summary: 'Close a multi-currency virtual account',
  description: 'Closes a multi-currency virtual account for good, with the reason in the query.',
  method: 'DELETE',
  path: VIRTUAL_ACCOUNT,
  pathParams: virtualAccountPath,
  fn,
  query: closeQuery,
  readBack: VIRTUAL_ACCOUNT,
  problemForm,
  pathSignature: true,
} satisfies Operation;

// --- Transactions --------------------------------------------------------------------------------------------

/** The real account's transactions, its virtual accounts' included. */
export const listMccyAccountTransactions = {
  id: 'listMccyAccountTransactions',
  summary: "List a multi-currency account's transactions",
  description:
    "Lists a real account's transactions in one currency, its virtual accounts' included, between two date-times.",
  method: 'GET',
  path: '/mccy/v1/Accounts/{accountId}/transactions' as const,
  pathParams: accountPath,
  fn,
  query: transactionsQuery,
  problemForm,
} satisfies Operation;

export const listMccyVirtualAccountTransactions = {
  id: 'listMccyVirtualAccountTransactions',
  summary: "List a multi-currency virtual account's transactions",
  description: "Lists a virtual account's transactions in one currency between two date-times.",
  method: 'GET',
  path: '/mccy/v1/VirtualAccounts/{virtualAccountId}/transactions' as const,
  pathParams: virtualAccountPath,
  fn,
  query: transactionsQuery,
  problemForm,
} satisfies Operation;

export const getMccyTransaction = {
  id: 'getMccyTransaction',
  summary: 'Get a multi-currency transaction',
  description: 'Reads one multi-currency transaction.',
  method: 'GET',
  path: '/mccy/v1/Transactions/{transactionId}' as const,
  pathParams: z.lazy(() => z.strictObject({ transactionId: bankId('transactionId') })),
  fn,
  problemForm,
} satisfies Operation;

// --- Statements (202; the statement arrives by webhook) --------------------------------------------------------

const statementPeriod: Operation['check'] = ({ body }, { now }) =>
  statementPeriodErrors(body as StatementBody, now);

export const requestMccyInstitutionStatement = {
  id: 'requestMccyInstitutionStatement',
  summary: 'Request a multi-currency statement',
  description:
    "Asks for a month's statement in one currency across the institution's multi-currency accounts; the bank sends its link by webhook and the gateway archives the file.",
  method: 'POST',
  path: '/mccy/v1/StatementRequests' as const,
  fn,
  body: statementBody,
  check: statementPeriod,
  requiresIdempotencyKey: true,
  problemForm,
} satisfies Operation;

/** One real account by IBAN, its virtual accounts excluded. */
export const requestMccyAccountStatement = {
  id: 'requestMccyAccountStatement',
  summary: "Request a multi-currency account's statement",
  description:
    "Asks for a month's statement in one currency of one real account, by IBAN; the bank sends its link by webhook and the gateway archives the file.",
  method: 'POST',
  path: '/mccy/v1/StatementRequests/account/{iban}' as const,
  pathParams: z.lazy(() => z.strictObject({ iban: ibanSegment('iban') })),
  fn,
  body: statementBody,
  check: statementPeriod,
  requiresIdempotencyKey: true,
  problemForm,
} satisfies Operation;

// --- Money ---------------------------------------------------------------------------------------------------

/** Between two of the institution's multi-currency accounts, both enabled for the currency (the bank checks). */
export const createMccyInternalTransfer = {
  id: 'createMccyInternalTransfer',
  summary: 'Transfer between multi-currency accounts',
  description:
    "Moves money between two of the institution's multi-currency accounts, each named by IBAN or by another identifier.",
  method: 'POST',
  path: '/v1/mccy/internaltransfers' as const,
  fn,
  body: internalTransferBody,
  requiresIdempotencyKey: true,
  problemForm,
} satisfies Operation;

/**
 * The bank's simulation environment only (`mccy-jpm-emulator-v1.json`): credits an account as if a payment had
 * arrived. In production the gateway answers 404 and never calls the bank.
 */
export const simulateMccyInboundPayment = {
  id: 'simulateMccyInboundPayment',
  summary: 'Simulate an inbound multi-currency payment',
  description:
    "Credits a multi-currency account as if a payment had arrived from outside, in the bank's simulation environment.",
  method: 'POST',
  path: '/v1/mccy/inboundpayment/{accountUniqueId}' as const,
  pathParams: z.lazy(() => z.strictObject({ accountUniqueId: safeSegment('accountUniqueId') })),
  fn,
  body: inboundPaymentBody,
  requiresIdempotencyKey: true,
  environments: ['simulation'],
  // The emulator documents its body as `application/json-patch+json` (bank-reference.md).
  bodyContentType: 'application/json-patch+json',
  problemForm,
} satisfies Operation;

export const mccyAccountOperations: readonly Operation[] = [
  createMccyAccount,
  listMccyAccounts,
  getMccyAccount,
  amendMccyAccount,
  setMccyAccountStatus,
  addMccyAccountCurrency,
  getMccyAccountBalances,
  closeMccyAccount,
  createMccyVirtualAccount,
  getMccyVirtualAccount,
  amendMccyVirtualAccount,
  setMccyVirtualAccountStatus,
  closeMccyVirtualAccount,
  listMccyAccountTransactions,
  listMccyVirtualAccountTransactions,
  getMccyTransaction,
  requestMccyInstitutionStatement,
  requestMccyAccountStatement,
  createMccyInternalTransfer,
  simulateMccyInboundPayment,
];
