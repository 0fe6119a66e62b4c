import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import {
  closeAccountBody,
  createSavingsAccountBody,
  createSavingsAccountV1Body,
  futureInterestConfigurationErrors,
  interestConfigurationQuery,
  setAccountInterestConfigurationBody,
  type SetFutureInterestConfigurationsBody,
  setFutureInterestConfigurationsBody,
  setNominatedAccountBody,
} from './schemas.js';

/**
 * Savings accounts (`sterling-v1.json`, `sterling-v2.json`): the two creates, the closure and its status, the
 * legacy nominated account; and their interest configurations (`savings-interest-config-v1.json`). Savings
 * accounts are sterling accounts, served by the same function. Both creates require an Idempotency-Key (the
 * bank's only duplicate check is the X-Request-Id, "resubmit ... using the same X-Request-Id"), and so does the
 * closure (it starts the final interest payment; a second one while the first is pending is the bank's 409).
 * The other writes set a state and accept one. The reference names the account parameter `AccountId` on three
 * interest paths; the path here is `{accountId}` on all of them (the same segment).
 */
const fn = 'sterling-accounts';

const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));

export const createSavingsAccountV1 = {
  id: 'createSavingsAccountV1',
  summary: 'Create a savings account (v1, one customer)',
  description:
    "Opens a savings account for one retail or business customer under one of the institution's sort codes, with the product id and interest configuration agreed with the bank; the bank sends `AccountCreated`.",
  method: 'POST',
  path: '/v1/savings' as const,
  fn,
  body: createSavingsAccountV1Body,
  requiresIdempotencyKey: true,
  readBack: '/v3/Accounts',
} satisfies Operation;

export const createSavingsAccount = {
  id: 'createSavingsAccount',
  summary: 'Create a savings account',
  description:
    "Opens a single or joint savings account (joint: retail customers only; junior and under-16 accounts by their product id) under one of the institution's sort codes; the bank sends `AccountCreated`.",
  method: 'POST',
  path: '/v2/savings' as const,
  fn,
  body: createSavingsAccountBody,
  requiresIdempotencyKey: true,
  readBack: '/v3/Accounts',
} satisfies Operation;

export const getAccountClosure = {
  id: 'getAccountClosure',
  summary: "Get an account's closure status",
  description:
    "Reads the account's status (Enabled, Suspended, Closed), its closure status (None, Pending, Failed, Complete) and, after a failure, the reasons.",
  method: 'GET',
  path: '/v1/accounts/{accountId}/closure' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const closeAccount = {
  id: 'closeAccount',
  summary: 'Close a savings account',
  description:
    'Asks the bank to close a savings account (its funds withdrawn first) for one of eighteen reasons. Asynchronous: unpaid accrued interest goes to the nominated account, then the bank sends `AccountClosureCompleted` or `AccountClosureFailed`; a closure already pending is a 409.',
  method: 'POST',
  path: '/v1/accounts/{accountId}/closure' as const,
  pathParams: accountPath,
  fn,
  body: closeAccountBody,
  requiresIdempotencyKey: true,
  tracker: 'account-closures',
  readBack: '/v1/accounts/{accountId}/closure',
} satisfies Operation;

export const getNominatedAccount = {
  id: 'getNominatedAccount',
  summary: "Get a savings account's nominated account (legacy)",
  description:
    'Reads the account that receives the unpaid accrued interest when the savings account closes, by its identifier and kind.',
  method: 'GET',
  path: '/v1/accounts/{accountId}/nominated-account' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const setNominatedAccount = {
  id: 'setNominatedAccount',
  summary: "Set a savings account's nominated account (legacy)",
  description:
    'Sets or replaces the nominated account (an IBAN, BBAN or SCAN and its owner name). The bank does not check the details here: wrong ones fail the closure.',
  method: 'PUT',
  path: '/v1/accounts/{accountId}/nominated-account' as const,
  pathParams: accountPath,
  fn,
  body: setNominatedAccountBody,
  readBack: '/v1/accounts/{accountId}/nominated-account',
} satisfies Operation;

export const getAccountInterestConfigurations = {
  id: 'getAccountInterestConfigurations',
  summary: "List a savings account's interest configurations",
  description: "Reads the account's past, current and future-dated interest configurations.",
  method: 'GET',
  path: '/interest/v1/accounts/{accountId}/configurations' as const,
  pathParams: accountPath,
  fn,
} satisfies Operation;

export const setAccountInterestConfiguration = {
  id: 'setAccountInterestConfiguration',
  summary: "Change an account's interest configuration",
  description:
    'Moves the account to another pre-agreed interest configuration from today (the whole of today accrues at it), until the next future-dated configuration takes effect.',
  method: 'POST',
  path: '/interest/v1/accounts/{accountId}/configurations' as const,
  pathParams: accountPath,
  fn,
  body: setAccountInterestConfigurationBody,
  readBack: '/interest/v1/accounts/{accountId}/configurations',
} satisfies Operation;

export const setFutureInterestConfigurations = {
  id: 'setFutureInterestConfigurations',
  summary: 'Set future-dated interest configurations',
  description:
    "Replaces the account's future-dated interest configurations with the list given (each from the start of its UK day; none when null or empty).",
  method: 'PUT',
  path: '/interest/v1/accounts/{accountId}/future-configurations' as const,
  pathParams: accountPath,
  fn,
  body: setFutureInterestConfigurationsBody,
  check: ({ body }, { now }) =>
    futureInterestConfigurationErrors(body as SetFutureInterestConfigurationsBody, now),
  readBack: '/interest/v1/accounts/{accountId}/configurations',
} satisfies Operation;

export const deleteFutureInterestConfigurations = {
  id: 'deleteFutureInterestConfigurations',
  summary: 'Delete the future-dated interest configurations',
  description: 'Removes every future-dated interest configuration; the account stays on its current one.',
  method: 'DELETE',
  path: '/interest/v1/accounts/{accountId}/future-configurations' as const,
  pathParams: accountPath,
  fn,
  readBack: '/interest/v1/accounts/{accountId}/configurations',
} satisfies Operation;

export const getInterestConfiguration = {
  id: 'getInterestConfiguration',
  summary: 'Get an interest configuration',
  description:
    'Reads the setup of an interest configuration (payment period, rounding, tiers and rates) in effect now, or at `effectiveAt` in the past (a future date gives the current one).',
  method: 'GET',
  path: '/interest/v1/configurations/{interestConfigurationId}' as const,
  pathParams: z.lazy(() => z.strictObject({ interestConfigurationId: bankId('interestConfigurationId') })),
  fn,
  query: interestConfigurationQuery,
} satisfies Operation;

export const savingsOperations: readonly Operation[] = [
  createSavingsAccountV1,
  createSavingsAccount,
  getAccountClosure,
  closeAccount,
  getNominatedAccount,
  setNominatedAccount,
  getAccountInterestConfigurations,
  setAccountInterestConfiguration,
  setFutureInterestConfigurations,
  deleteFutureInterestConfigurations,
  getInterestConfiguration,
];
