import { type PayloadOf, typesOf, type WebhookRecord, type WebhookVersions } from './define.js';
import { statementReadyForDownloadWebhook } from './camt053.js';
import {
  retailCustomerAdditionalInfoRequiredWebhook,
  retailCustomerApplicationDeclinedWebhook,
  retailCustomerApplicationSuccessfulWebhook,
} from './customers.js';
import {
  bacsCreditContraReceivedWebhook,
  bacsCreditPaymentNotSettledWebhook,
  bacsDebitContraReceivedWebhook,
  bacsDebitPaymentNotSettledWebhook,
  bacsDirectCreditInboundPaymentCreatedWebhook,
  bacsDirectCreditInboundPaymentHeldWebhook,
  bacsDirectCreditRecalledWebhook,
  bacsDirectCreditReturnCreatedWebhook,
  bacsDirectDebitIndemnityClaimReceivedEventWebhook,
  bacsDirectDebitIndemnityClaimReceivedWebhook,
  bacsDirectDebitInboundPaymentCreatedWebhook,
  bacsDirectDebitReturnCreatedWebhook,
  bacsMandateCancellationFailedWebhook,
  bacsMandateCancelledWebhook,
  bacsMandateInitiatedWebhook,
  bacsMandateInitiationFailedWebhook,
  bacsMandateMigratedWebhook,
  bacsMandateReturnedWebhook,
  bacsMandateReturnFailedWebhook,
  bacsUnappliedCreditReceivedWebhook,
  bacsUnpaidDirectDebitReceivedWebhook,
} from './direct-debits.js';
import {
  fxTradeCancelledWebhook,
  fxTradeExecutedWebhook,
  fxTradeSettledWebhook,
  fxTradeSettlementFailedWebhook,
} from './fx.js';
import {
  mccyAccountCreatedWebhook,
  mccyAccountStatementWebhook,
  mccyAccountUpdatedWebhook,
  mccyInstitutionStatementWebhook,
  mccyInternalTransferCancelledWebhook,
  mccyInternalTransferSettledWebhook,
  mccyVirtualAccountCreatedWebhook,
  mccyVirtualAccountUpdatedWebhook,
} from './mccy-accounts.js';
import {
  mccyPaymentAssessmentFailedWebhook,
  mccyPaymentValidationFailedWebhook,
  mccyTransactionCancelledWebhook,
  mccyTransactionCreatedWebhook,
  mccyTransactionSettledWebhook,
} from './mccy-payments.js';
import {
  inboundHeldTransactionWebhook,
  outboundHeldTransactionWebhook,
  paymentMessageAssesmentFailedWebhook,
  paymentMessageValidationFailedWebhook,
  transactionRejectedWebhook,
  transactionSettledWebhook,
} from './payments.js';
import {
  accountClosureCompletedWebhook,
  accountClosureFailedWebhook,
  interestPaidWebhook,
} from './savings.js';
import {
  accountCreatedWebhook,
  virtualAccountCreatedWebhook,
  virtualAccountCreationFailedWebhook,
} from './sterling-accounts.js';
import { fiTestEventWebhook } from './test.js';

export { typesOf, type WebhookRecord, type WebhookVersions };

/**
 * Every webhook type Clearway knows, one record each (`defineWebhook`, next to its payload schema in
 * `./<domain>.ts`). A new type is one record in its domain's file and one line here: the payload index below,
 * the identity rules (`../identity.ts`), the event catalogue (`shared/events/catalogue.ts`, and so
 * `events/`) and the contract tests follow. The generated events keep this order.
 */
export const webhookRecords = [
  fiTestEventWebhook,
  accountCreatedWebhook,
  virtualAccountCreatedWebhook,
  virtualAccountCreationFailedWebhook,
  transactionSettledWebhook,
  transactionRejectedWebhook,
  paymentMessageValidationFailedWebhook,
  paymentMessageAssesmentFailedWebhook,
  outboundHeldTransactionWebhook,
  inboundHeldTransactionWebhook,
  // Bacs direct debits.
  bacsMandateInitiatedWebhook,
  bacsMandateInitiationFailedWebhook,
  bacsMandateCancelledWebhook,
  bacsMandateCancellationFailedWebhook,
  bacsMandateReturnedWebhook,
  bacsMandateReturnFailedWebhook,
  bacsMandateMigratedWebhook,
  bacsUnpaidDirectDebitReceivedWebhook,
  bacsUnappliedCreditReceivedWebhook,
  // Bacs items: inbound payments, returns, contras, settlement failures, recalls, indemnity claims.
  bacsDirectCreditInboundPaymentCreatedWebhook,
  bacsDirectCreditInboundPaymentHeldWebhook,
  bacsDirectDebitInboundPaymentCreatedWebhook,
  bacsDirectCreditReturnCreatedWebhook,
  bacsDirectDebitReturnCreatedWebhook,
  bacsCreditContraReceivedWebhook,
  bacsDebitContraReceivedWebhook,
  bacsCreditPaymentNotSettledWebhook,
  bacsDebitPaymentNotSettledWebhook,
  bacsDirectCreditRecalledWebhook,
  bacsDirectDebitIndemnityClaimReceivedWebhook,
  bacsDirectDebitIndemnityClaimReceivedEventWebhook,
  // Multi-currency accounts, internal transfers and statements.
  mccyAccountCreatedWebhook,
  mccyAccountUpdatedWebhook,
  mccyVirtualAccountCreatedWebhook,
  mccyVirtualAccountUpdatedWebhook,
  mccyInternalTransferSettledWebhook,
  mccyInternalTransferCancelledWebhook,
  mccyInstitutionStatementWebhook,
  mccyAccountStatementWebhook,
  // FX trades.
  fxTradeExecutedWebhook,
  fxTradeSettledWebhook,
  fxTradeCancelledWebhook,
  fxTradeSettlementFailedWebhook,
  // Multi-currency payments.
  mccyTransactionCreatedWebhook,
  mccyTransactionSettledWebhook,
  mccyTransactionCancelledWebhook,
  mccyPaymentValidationFailedWebhook,
  mccyPaymentAssessmentFailedWebhook,
  // camt.053 statements.
  statementReadyForDownloadWebhook,
  // Retail customer due diligence (KYC).
  retailCustomerApplicationSuccessfulWebhook,
  retailCustomerApplicationDeclinedWebhook,
  retailCustomerAdditionalInfoRequiredWebhook,
  // Savings accounts: closure and interest.
  accountClosureCompletedWebhook,
  accountClosureFailedWebhook,
  interestPaidWebhook,
] as const;

type KnownWebhookRecord = (typeof webhookRecords)[number];
/** Each registered `Type` (a record's type or one of its aliases) to its record. */
type RecordsByType = { [R in KnownWebhookRecord as R['type'] | R['aliases'][number]]: R };

/** Every registered `Type`: each record's type and its aliases. */
export type WebhookType = keyof RecordsByType;
/** The versions a type has (`6` for `TransactionSettled`). */
export type WebhookVersion<T extends WebhookType> = Extract<keyof RecordsByType[T]['versions'], number>;
/** The payload the bank sends with one version of a type: its schema's input, what the schema accepts. */
export type WebhookPayload<
  T extends WebhookType,
  V extends WebhookVersion<T> = WebhookVersion<T>,
> = PayloadOf<RecordsByType[T]['versions'], V>;

/**
 * An emitter typed by the records: a registered type, one of its versions, and that version's payload, so
 * `emit('TransactionSettled', 6, payload)` checks `payload` against `TransactionSettled` v6. `Rest` and
 * `Result` are the emitter's own (the simulator's options and what it returns).
 */
export type EmitWebhook<Rest extends unknown[] = [], Result = void> = <
  T extends WebhookType,
  V extends WebhookVersion<T>,
>(
  type: T,
  version: V,
  payload: WebhookPayload<T, V>,
  ...rest: Rest
) => Result;

const byType = new Map<string, WebhookRecord>(
  webhookRecords.flatMap((record) => typesOf(record).map((type) => [type, record] as const)),
);

/** The record of a `Type` as sent (a record's type or an alias); undefined for an unknown one. */
export function webhookRecordOf(type: string): WebhookRecord | undefined {
  return byType.get(type);
}

/**
 * Payload schemas by `Type` (every alias too) and `Version`: every webhook the simulator sends must have an
 * entry and match it (the contract tests).
 */
export const webhookPayloads: Readonly<Record<string, WebhookVersions>> = Object.fromEntries(
  [...byType].map(([type, record]) => [type, record.versions]),
);
