import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId, ibanSegment } from '../path-params.js';
import {
  createHubAccountBody,
  createPaymentAccountBody,
  createRelatedAccountBody,
  type EndOfDayQuery,
  endOfDayErrors,
  endOfDayQuery,
  updateRelatedAccountBody,
} from './schemas.js';

/**
 * The sterling family's newer operations (`gbp-end-of-day-balance-v1.json`, `sterling-v1.json`): the
 * end-of-day balance, hub and payment accounts, and a hub (or savings) account's related accounts. They are
 * operations on sterling accounts, served by the same function as the older twelve
 * (`sterling-accounts/operations.ts`); this folder keeps their rules apart. Both creates require an
 * Idempotency-Key: like `POST /v3/Accounts`, the bank's only duplicate check is the X-Request-Id. The
 * related-account writes accept one: adding the same account twice is the bank's 409.
 */
const fn = 'sterling-accounts';

const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));
const relatedAccountPath = z.lazy(() =>
  z.strictObject({ accountId: bankId('accountId'), iban: ibanSegment('iban') }),
);

export const getEndOfDayBalance = {
  id: 'getEndOfDayBalance',
  summary: "Get an account's end-of-day balance",
  description:
    "Reads a real sterling account's balance at the end of a day (23:59:59) in an IANA time zone (default UTC); `balanceAsOf` is the instant that day ends.",
  method: 'GET',
  path: '/accounts/sterling/v1/accounts/{accountId}/end-of-day-balance' as const,
  pathParams: accountPath,
  fn,
  query: endOfDayQuery,
  // The reference requires a DigitalSignature on this GET: signed by its request line where the environment says so.
  pathSignature: true,
  check: ({ query }, { now }) => endOfDayErrors(query as EndOfDayQuery, now),
} satisfies Operation;

export const createHubAccount = {
  id: 'createHubAccount',
  summary: 'Create a hub account',
  description:
    "Opens a hub account for one or more retail or business customers under one of the institution's sort codes, with the product id (and interest configuration) agreed with the bank; the bank sends `AccountCreated`.",
  method: 'POST',
  path: '/accounts/sterling/v1/hub-accounts' as const,
  fn,
  body: createHubAccountBody,
  requiresIdempotencyKey: true,
  readBack: '/v3/Accounts',
} satisfies Operation;

export const createPaymentAccount = {
  id: 'createPaymentAccount',
  summary: 'Create a payment account',
  description:
    "Opens a payment account (a current or a transaction account) for one or more customers under one of the institution's sort codes; the bank sends `AccountCreated`.",
  method: 'POST',
  path: '/accounts/sterling/v1/payment-accounts' as const,
  fn,
  body: createPaymentAccountBody,
  requiresIdempotencyKey: true,
  readBack: '/v3/Accounts',
} satisfies Operation;

export const listRelatedAccounts = {
  id: 'listRelatedAccounts',
  summary: "List a hub account's related accounts",
  description: 'Lists the nominated and associated accounts of a hub or savings account.',
  method: 'GET',
  path: '/v1/accounts/{accountId}/related-accounts' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const addRelatedAccount = {
  id: 'addRelatedAccount',
  summary: 'Add a related account',
  description:
    'Links an account, named by its IBAN, BBAN or SCAN, to a hub or savings account as its nominated account (replacing any earlier one) or as an associated account.',
  method: 'POST',
  path: '/v1/accounts/{accountId}/related-accounts' as const,
  pathParams: accountPath,
  fn,
  body: createRelatedAccountBody,
  readBack: '/v1/accounts/{accountId}/related-accounts',
} satisfies Operation;

export const amendRelatedAccount = {
  id: 'amendRelatedAccount',
  summary: "Amend a related account's owner name",
  description: 'Changes the account holder name of a nominated or associated account, named by its IBAN.',
  method: 'PATCH',
  path: '/v1/accounts/{accountId}/related-accounts/{iban}' as const,
  pathParams: relatedAccountPath,
  fn,
  body: updateRelatedAccountBody,
  readBack: '/v1/accounts/{accountId}/related-accounts',
} satisfies Operation;

export const removeRelatedAccount = {
  id: 'removeRelatedAccount',
  summary: 'Remove a related account',
  description: 'Unlinks a nominated or associated account, named by its IBAN, from a hub or savings account.',
  method: 'DELETE',
  path: '/v1/accounts/{accountId}/related-accounts/{iban}' as const,
  pathParams: relatedAccountPath,
  fn,
  readBack: '/v1/accounts/{accountId}/related-accounts',
} satisfies Operation;

export const sterlingExtraOperations: readonly Operation[] = [
  getEndOfDayBalance,
  createHubAccount,
  createPaymentAccount,
  listRelatedAccounts,
  addRelatedAccount,
  amendRelatedAccount,
  removeRelatedAccount,
];
