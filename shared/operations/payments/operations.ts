import * as z from 'zod/mini';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import {
  returnFpsPaymentBody,
  sendFpsPaymentsBody,
  sendFpsSinglePaymentBody,
  transactionsQuery,
} from './schemas.js';

/**
 * Spec part 1, "Payment data" (five reads) and "Instant domestic payments" (three writes), one function.
 * The sends are tracked by the gateway's payments tracker and, moving money, require an Idempotency-Key;
 * the return moves money too and requires one.
 */
const fn = 'payments';

const accountPath = z.lazy(() => z.strictObject({ accountId: bankId('accountId') }));
const accountTransactionPath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    transactionId: bankId('transactionId'),
  }),
);
const virtualAccountPath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    virtualAccountId: bankId('virtualAccountId'),
  }),
);
const virtualTransactionPath = z.lazy(() =>
  z.strictObject({
    accountId: bankId('accountId'),
    virtualAccountId: bankId('virtualAccountId'),
    transactionId: bankId('transactionId'),
  }),
);

export const listTransactions = {
  id: 'listTransactions',
  summary: 'List sterling transactions',
  description:
    "Lists transactions across the institution's sterling accounts, filtered by time, payment method, end-to-end id or account holder name, a page at a time.",
  method: 'GET',
  path: '/v2/Transactions' as const,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const listAccountTransactions = {
  id: 'listAccountTransactions',
  summary: "List a sterling account's transactions",
  description: "Lists one real account's transactions with the same filters, a page at a time.",
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Transactions' as const,
  pathParams: accountPath,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const getAccountTransaction = {
  id: 'getAccountTransaction',
  summary: "Get a sterling account's transaction",
  description: 'Reads one transaction of a real account.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Transactions/{transactionId}' as const,
  pathParams: accountTransactionPath,
  fn,
} satisfies Operation;

export const listVirtualAccountTransactions = {
  id: 'listVirtualAccountTransactions',
  summary: "List a virtual account's transactions",
  description: "Lists one virtual account's transactions with the same filters, a page at a time.",
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions' as const,
  pathParams: virtualAccountPath,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const getVirtualAccountTransaction = {
  id: 'getVirtualAccountTransaction',
  summary: "Get a virtual account's transaction",
  description: 'Reads one transaction of a virtual account.',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions/{transactionId}' as const,
  pathParams: virtualTransactionPath,
  fn,
} satisfies Operation;

export const sendFpsPayments = {
  id: 'sendFpsPayments',
  summary: 'Send instant payments',
  description:
    "Sends 1 to 10 payment instructions of 1 to 10 Faster Payments credit transfers each, from the institution's sterling accounts; the bank answers each instruction and reports each payment's outcome by webhook.",
  method: 'POST',
  path: '/v3/payments/fps' as const,
  fn,
  body: sendFpsPaymentsBody,
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const returnFpsPayment = {
  id: 'returnFpsPayment',
  summary: 'Return a received instant payment',
  description:
    'Sends back a Faster Payment the institution received, by its transaction id, with the reason for the return.',
  method: 'POST',
  path: '/v3/payments/fps/return' as const,
  fn,
  body: returnFpsPaymentBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const sendFpsSinglePayment = {
  id: 'sendFpsSinglePayment',
  summary: 'Send an instant payment for a customer',
  description:
    "Sends one Faster Payment on behalf of an ultimate debtor (the customer's name, address, BIC and account go with it); the outcome comes by webhook.",
  method: 'POST',
  path: '/v2/payments/fps/singlepayment' as const,
  fn,
  body: sendFpsSinglePaymentBody,
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const paymentOperations: readonly Operation[] = [
  listTransactions,
  listAccountTransactions,
  getAccountTransaction,
  listVirtualAccountTransactions,
  getVirtualAccountTransaction,
  sendFpsPayments,
  returnFpsPayment,
  sendFpsSinglePayment,
];
