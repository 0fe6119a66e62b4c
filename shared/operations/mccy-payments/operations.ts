import type { Operation } from '../operation.js';
import {
  batchPathParams,
  createMccyPaymentsBankBody,
  createMccyPaymentsBody,
  transactionPathParams,
} from './schemas.js';

/**
 * Spec part 2, "Multi-currency payments": send a batch, cancel it whole or one of its transactions before
 * the cancellation deadline (one hour before processing). Every one moves money or stops it, so each
 * requires an Idempotency-Key. The bank's multi-currency 400 has no `errors` map (`problemForm: 'plain'`).
 * The `mccy-payments` tracker (`shared/mccy-payments/`) keeps each batch and refuses late cancels locally.
 */
const fn = 'mccy-payments';

export const createMccyPayments = {
  id: 'createMccyPayments',
  summary: 'Send a multi-currency payment batch',
  description:
    "Sends 1 to 100 payments in one currency (never GBP) from multi-currency accounts, processed at the currency's next slot; the gateway requires a batchId, so the batch can be cancelled.",
  method: 'POST',
  path: '/v1/mccy/payments' as const,
  fn,
  body: createMccyPaymentsBody,
  // The gateway requires a batchId (a batch without one can never be cancelled); the bank does not.
  bankBody: createMccyPaymentsBankBody,
  requiresIdempotencyKey: true,
  problemForm: 'plain',
  tracker: 'mccy-payments',
} satisfies Operation;

export const cancelMccyBatch = {
  id: 'cancelMccyBatch',
  summary: 'Cancel a multi-currency payment batch',
  description:
    'Cancels every payment of a scheduled batch; after the deadline (one hour before processing) the gateway refuses it without calling the bank.',
  method: 'DELETE',
  path: '/v1/mccy/payments/{batchId}' as const,
  fn,
  pathParams: batchPathParams,
  requiresIdempotencyKey: true,
  problemForm: 'plain',
  tracker: 'mccy-payments',
} satisfies Operation;

export const cancelMccyTransaction = {
  id: 'cancelMccyTransaction',
  summary: 'Cancel one payment of a batch',
  description:
    'Cancels one payment of a scheduled batch by its end-to-end id; after the deadline (one hour before processing) the gateway refuses it without calling the bank.',
  method: 'DELETE',
  path: '/v1/mccy/payments/{batchId}/{endToEndId}' as const,
  fn,
  pathParams: transactionPathParams,
  requiresIdempotencyKey: true,
  problemForm: 'plain',
  tracker: 'mccy-payments',
} satisfies Operation;

export const mccyPaymentOperations: readonly Operation[] = [
  createMccyPayments,
  cancelMccyBatch,
  cancelMccyTransaction,
];
