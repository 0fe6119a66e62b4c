import type * as z from 'zod/mini';
import {
  accountCreatedPayload,
  virtualAccountCreatedPayload,
  virtualAccountCreationFailedPayload,
} from './sterling-accounts.js';
import {
  paymentMessageAssesmentFailedPayload,
  paymentMessageValidationFailedPayload,
  transactionRejectedPayload,
  transactionSettledPayload,
} from './payments.js';
import { fiTestEventPayload } from './test.js';

/**
 * Documented webhook payloads by `Type` and `Version`, for the contract tests: every webhook the
 * simulator sends must have an entry and match it. A domain adds its own file here and its entries below.
 */
export const webhookPayloads: Record<string, Record<number, z.ZodMiniType>> = {
  FITestEvent: { 1: fiTestEventPayload },
  AccountCreated: { 1: accountCreatedPayload },
  VirtualAccountCreated: { 3: virtualAccountCreatedPayload },
  VirtualAccountCreationFailed: { 3: virtualAccountCreationFailedPayload },
  TransactionSettled: { 6: transactionSettledPayload },
  TransactionRejected: { 2: transactionRejectedPayload },
  PaymentMessageValidationFailed: { 1: paymentMessageValidationFailedPayload },
  PaymentMessageAssesmentFailed: { 1: paymentMessageAssesmentFailedPayload },
};
