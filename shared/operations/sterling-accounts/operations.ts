import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import { pagingQuery } from '../paging.js';
import {
  type AmendAccountBody,
  amendAccountBody,
  amendVirtualAccountBody,
  createAccountBody,
  createVirtualAccountsBody,
  overdraftErrors,
} from './schemas.js';

/**
 * Spec part 1, "Real sterling accounts" and "Virtual sterling accounts": twelve operations served by
 * one function. Creates require an Idempotency-Key: the bank's only duplicate check for a real account
 * is the X-Request-Id, which the gateway derives from the key, so a caller's retry after a timeout can
 * never open a second account (or report a virtual account twice as a duplicate). Amends and the
 * disable accept a key and do not require one: repeating them leaves the account as it is.
 */
const fn = 'sterling-accounts';

const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));
const virtualAccountPath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    virtualAccountId: bankId('virtualAccountId'),
  }),
);

// --- Real accounts ---------------------------------------------------------------------------------------

export const listAccounts = {
  id: 'listAccounts',
  summary: 'List sterling accounts',
  description: "Lists the institution's real sterling accounts, a page at a time.",
  method: 'GET',
  path: '/v3/Accounts' as const,
  fn,
  query: pagingQuery,
} satisfies Operation;

export const createAccount = {
  id: 'createAccount',
  summary: 'Create a sterling account',
  description:
    "Opens a real sterling account with its name, owner and usage type under one of the institution's sort codes.",
  method: 'POST',
  path: '/v3/Accounts' as const,
  fn,
  body: createAccountBody,
  requiresIdempotencyKey: true,
  readBack: '/v3/Accounts',
} satisfies Operation;

export const getAccount = {
  id: 'getAccount',
  summary: 'Get a sterling account',
  description: 'Reads one real sterling account.',
  method: 'GET',
  path: '/v3/Accounts/{accountId}' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const listAccountsV2 = {
  id: 'listAccountsV2',
  summary: 'List sterling accounts (v2)',
  description: "Lists the institution's real sterling accounts in the bank's v2 shape, a page at a time.",
  method: 'GET',
  path: '/v2/Accounts' as const,
  fn,
  query: pagingQuery,
} satisfies Operation;

export const getAccountV2 = {
  id: 'getAccountV2',
  summary: 'Get a sterling account (v2)',
  description: "Reads one real sterling account in the bank's v2 shape.",
  method: 'GET',
  path: '/v2/Accounts/{accountId}' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const amendAccount = {
  id: 'amendAccount',
  summary: 'Amend a sterling account',
  description:
    "Changes a real account's status and its reason, owner name, owner and relationship types, or minimum balance; a negative minimum balance (an overdraft) needs an overdraft agreement with the bank.",
  method: 'PATCH',
  path: '/v1/Accounts/{accountId}' as const,
  aliases: ['/v1/accounts/{accountId}'],
  pathParams: accountPath,
  fn,
  body: amendAccountBody,
  readBack: '/v3/Accounts/{accountId}',
  check: ({ body }, { overdraftAgreement }) =>
    overdraftErrors((body as AmendAccountBody).minimumBalance, overdraftAgreement),
} satisfies Operation;

// --- Virtual accounts ------------------------------------------------------------------------------------

export const listVirtualAccounts = {
  id: 'listVirtualAccounts',
  summary: 'List all virtual accounts',
  description: 'Lists the virtual accounts under every real account of the institution, a page at a time.',
  method: 'GET',
  path: '/v1/Accounts/Virtual' as const,
  aliases: ['/v1/accounts/virtual'],
  fn,
  query: pagingQuery,
} satisfies Operation;

export const createVirtualAccounts = {
  id: 'createVirtualAccounts',
  summary: 'Create virtual accounts',
  description:
    'Opens one or more virtual accounts under a real account; the bank reports each by webhook, a refused identifier as `VirtualAccountCreationFailed`.',
  method: 'POST',
  path: '/v2/Accounts/{accountId}/Virtual' as const,
  pathParams: accountPath,
  fn,
  body: createVirtualAccountsBody,
  readBack: '/v2/Accounts/{accountId}/Virtual',
  requiresIdempotencyKey: true,
} satisfies Operation;

export const listAccountVirtualAccounts = {
  id: 'listAccountVirtualAccounts',
  summary: "List a real account's virtual accounts",
  description: 'Lists the virtual accounts under one real account, a page at a time.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual' as const,
  pathParams: accountPath,
  fn,
  query: pagingQuery,
} satisfies Operation;

export const getVirtualAccount = {
  id: 'getVirtualAccount',
  summary: 'Get a virtual account',
  description: 'Reads one virtual account under its real account.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}' as const,
  pathParams: virtualAccountPath,
  fn,
} satisfies Operation;

export const amendVirtualAccount = {
  id: 'amendVirtualAccount',
  summary: 'Amend a virtual account',
  description: "Changes a virtual account's owner name, owner type or relationship type.",
  method: 'PATCH',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}' as const,
  aliases: ['/v1/accounts/{accountId}/virtual/{virtualAccountId}'],
  pathParams: virtualAccountPath,
  fn,
  body: amendVirtualAccountBody,
  readBack: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}',
} satisfies Operation;

export const disableVirtualAccount = {
  id: 'disableVirtualAccount',
  summary: 'Disable a virtual account',
  description: 'Disables a virtual account under its real account.',
  method: 'DELETE',
  path: '/v1/Accounts/{accountId}/Virtual/{virtualAccountId}' as const,
  aliases: ['/v1/accounts/{accountId}/virtual/{virtualAccountId}'],
  pathParams: virtualAccountPath,
  fn,
  readBack: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}',
} satisfies Operation;

export const sterlingAccountOperations: readonly Operation[] = [
  listAccounts,
  createAccount,
  getAccount,
  listAccountsV2,
  getAccountV2,
  amendAccount,
  listVirtualAccounts,
  createVirtualAccounts,
  listAccountVirtualAccounts,
  getVirtualAccount,
  amendVirtualAccount,
  disableVirtualAccount,
];
