import type * as z from 'zod/mini';
import {
  bacsMandateCancellationFailedPayload,
  bacsMandateCancelledPayload,
  bacsMandateInitiatedPayload,
  bacsMandateInitiationFailedPayload,
  bacsMandateMigratedPayload,
  bacsMandateReturnedPayload,
  bacsMandateReturnFailedPayload,
  bacsUnappliedCreditReceivedPayload,
  bacsUnpaidDirectDebitReceivedPayload,
} from './direct-debits.js';
import {
  accountCreatedPayload,
  virtualAccountCreatedPayload,
  virtualAccountCreationFailedPayload,
} from './sterling-accounts.js';
import {
  mccyAccountCreatedPayload,
  mccyAccountStatementPayload,
  mccyAccountUpdatedPayload,
  mccyInstitutionStatementPayload,
  mccyInternalTransferCancelledPayload,
  mccyInternalTransferSettledPayload,
  mccyVirtualAccountCreatedPayload,
  mccyVirtualAccountUpdatedPayload,
} from './mccy-accounts.js';
import {
  paymentMessageAssesmentFailedPayload,
  paymentMessageValidationFailedPayload,
  transactionRejectedPayload,
  transactionSettledPayload,
} from './payments.js';
import {
  fxTradeCancelledPayload,
  fxTradeExecutedPayload,
  fxTradeSettledPayload,
  fxTradeSettlementFailedPayload,
} from './fx.js';
import {
  mccyPaymentAssessmentFailedPayload,
  mccyPaymentValidationFailedPayload,
  mccyTransactionCancelledPayload,
  mccyTransactionCreatedPayload,
  mccyTransactionSettledPayload,
} from './mccy-payments.js';
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
  // Bacs: the pages write some types with their version suffix too (`BacsMandateInitiatedV2`); both pass.
  BacsMandateInitiated: { 2: bacsMandateInitiatedPayload },
  BacsMandateInitiatedV2: { 2: bacsMandateInitiatedPayload },
  BacsMandateInitiationFailed: { 1: bacsMandateInitiationFailedPayload },
  BacsMandateCancelled: { 2: bacsMandateCancelledPayload },
  BacsMandateCancelledV2: { 2: bacsMandateCancelledPayload },
  BacsMandateCancellationFailed: { 1: bacsMandateCancellationFailedPayload },
  BacsMandateReturned: { 1: bacsMandateReturnedPayload },
  BacsMandateReturnFailed: { 1: bacsMandateReturnFailedPayload },
  BacsMandateMigrated: { 2: bacsMandateMigratedPayload },
  BacsMandateMigratedV2: { 2: bacsMandateMigratedPayload },
  BacsUnpaidDirectDebitReceived: { 3: bacsUnpaidDirectDebitReceivedPayload },
  BacsUnpaidDirectDebitReceivedV3: { 3: bacsUnpaidDirectDebitReceivedPayload },
  BacsUnappliedCreditReceived: { 3: bacsUnappliedCreditReceivedPayload },
  BacsUnappliedCreditReceivedV3: { 3: bacsUnappliedCreditReceivedPayload },
  // Multi-currency accounts, internal transfers and statements.
  'Accounts.AccountCreated': { 1: mccyAccountCreatedPayload },
  'Accounts.AccountUpdated': { 1: mccyAccountUpdatedPayload },
  'Accounts.VirtualAccountCreated': { 1: mccyVirtualAccountCreatedPayload },
  'Accounts.VirtualAccountUpdated': { 1: mccyVirtualAccountUpdatedPayload },
  'Mccy.InternalTransfers.Settled': { 1: mccyInternalTransferSettledPayload },
  'Mccy.InternalTransfers.Cancelled': { 1: mccyInternalTransferCancelledPayload },
  'MCCY.Statements.InstitutionStatement': { 1: mccyInstitutionStatementPayload },
  'MCCY.Statements.AccountStatement': { 1: mccyAccountStatementPayload },
  // FX trades.
  'Fx.Trade.Executed': { 1: fxTradeExecutedPayload },
  'Fx.Trade.Settled': { 1: fxTradeSettledPayload },
  'Fx.Trade.Cancelled': { 1: fxTradeCancelledPayload },
  'Fx.Trade.Settlement.Failed': { 1: fxTradeSettlementFailedPayload },
  // Multi-currency payments.
  'Payments.Mccy.TransactionCreated': { 1: mccyTransactionCreatedPayload },
  'Payments.Mccy.TransactionSettled': { 1: mccyTransactionSettledPayload },
  'Payments.Mccy.TransactionCancelled': { 1: mccyTransactionCancelledPayload },
  'Payments.Mccy.PaymentValidationFailed': { 1: mccyPaymentValidationFailedPayload },
  'Payments.Mccy.PaymentAssessmentFailed': { 1: mccyPaymentAssessmentFailedPayload },
};
