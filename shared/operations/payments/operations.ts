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
  method: 'GET',
  path: '/v2/Transactions' as const,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const listAccountTransactions = {
  id: 'listAccountTransactions',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Transactions' as const,
  pathParams: accountPath,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const getAccountTransaction = {
  id: 'getAccountTransaction',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Transactions/{transactionId}' as const,
  pathParams: accountTransactionPath,
  fn,
} satisfies Operation;

export const listVirtualAccountTransactions = {
  id: 'listVirtualAccountTransactions',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions' as const,
  pathParams: virtualAccountPath,
  fn,
  query: transactionsQuery,
} satisfies Operation;

export const getVirtualAccountTransaction = {
  id: 'getVirtualAccountTransaction',
  method: 'GET',
  path: '/v2/Accounts/{accountId}/Virtual/{virtualAccountId}/Transactions/{transactionId}' as const,
  pathParams: virtualTransactionPath,
  fn,
} satisfies Operation;

export const sendFpsPayments = {
  id: 'sendFpsPayments',
  method: 'POST',
  path: '/v3/payments/fps' as const,
  fn,
  body: sendFpsPaymentsBody,
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const returnFpsPayment = {
  id: 'returnFpsPayment',
  method: 'POST',
  path: '/v3/payments/fps/return' as const,
  fn,
  body: returnFpsPaymentBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const sendFpsSinglePayment = {
  id: 'sendFpsSinglePayment',
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
