import type { Decimal } from 'decimal.js';
import type { WebhookPayload } from '#shared/webhooks/payloads/index.js';

/**
 * The Bacs webhook payloads as the bank's pages show them (`webhooks/bacs-*.mdx` in the bank's reference,
 * summarised in `shared/spec/webhooks.md`): PascalCase, account details as `{AccountName, SortCode,
 * AccountNumber}`. The wire Type is the name without the `V<n>` suffix, as in the pages' examples.
 */

/** Why the payer's bank returned an instruction (`BacsMandateReturned`'s `ReasonCode`). */
export type MandateReturnedReason = NonNullable<WebhookPayload<'BacsMandateReturned'>['ReasonCode']>;

/** `BacsEventSource`. */
export type BacsSource = 'Undefined' | 'Portal' | 'Api' | 'ClearBank' | 'Bacs';

/** `BacsAccountIdentifier`. */
export interface BacsParty {
  name: string;
  sortCode: string;
  accountNumber: string;
}

/** What every instruction webhook says about the instruction. */
export interface InstructionFacts {
  mandateId: string;
  originator: BacsParty;
  payer: BacsParty;
  serviceUserNumber: string;
  reference: string;
}

/**
 * One unpaid direct debit or unapplied credit as its webhook carries it; `Code` and `Reason` are its
 * transaction and reason codes (`U1`, `U7`, `U9` and 0 or 1 unpaid; `RA` and `UNAPPLIED_CREDIT_REASONS`).
 */
export interface ItemFacts<Code extends string = string, Reason extends string = string> {
  bacsTransactionId: string;
  creditor: BacsParty;
  debtor: BacsParty;
  reference: string;
  amount: Decimal;
  /** YYYY-MM-DD. */
  processingDate: string;
  transactionCode: Code;
  serviceUserNumber: string;
  reasonCode: Reason;
}

export function bacsParty(party: BacsParty) {
  return { AccountName: party.name, SortCode: party.sortCode, AccountNumber: party.accountNumber };
}

function parties(facts: InstructionFacts) {
  return {
    OriginatorInformation: bacsParty(facts.originator),
    PayerInformation: bacsParty(facts.payer),
    ServiceUserNumber: facts.serviceUserNumber,
    Reference: facts.reference,
  };
}

export function mandateInitiatedPayload(
  facts: InstructionFacts,
  source: BacsSource,
): WebhookPayload<'BacsMandateInitiated'> {
  return { MandateId: facts.mandateId, ...parties(facts), TransactionCode: '0N', Source: source };
}

/** Reason codes: 5 no account, B virtual account closed, F account closed or not accepting debits, I, K, O. */
export function mandateInitiationFailedPayload(
  facts: Omit<InstructionFacts, 'mandateId'>,
  reasonCode: NonNullable<WebhookPayload<'BacsMandateInitiationFailed'>['ReasonCode']>,
  source: BacsSource,
  at: Date,
): WebhookPayload<'BacsMandateInitiationFailed'> {
  return {
    ReasonCode: reasonCode,
    EventDate: at.toISOString(),
    ...parties({ ...facts, mandateId: '' }),
    Source: source,
  };
}

export function mandateCancelledPayload(
  facts: InstructionFacts,
  source: BacsSource,
): WebhookPayload<'BacsMandateCancelled'> {
  return { MandateId: facts.mandateId, ...parties(facts), TransactionCode: '0C', Source: source };
}

/** Reason code 6: no instruction to match, or it is already cancelled. */
export function mandateCancellationFailedPayload(
  facts: Omit<InstructionFacts, 'mandateId'>,
  source: BacsSource,
  at: Date,
): WebhookPayload<'BacsMandateCancellationFailed'> {
  return {
    ReasonCode: '6',
    TransactionCode: '0C',
    ...parties({ ...facts, mandateId: '' }),
    Source: source,
    EventDate: at.toISOString(),
  };
}

export function mandateReturnedPayload(
  facts: InstructionFacts,
  reasonCode: MandateReturnedReason,
  source: BacsSource,
  at: Date,
): WebhookPayload<'BacsMandateReturned'> {
  return {
    MandateId: facts.mandateId,
    ReasonCode: reasonCode,
    ...parties(facts),
    Source: source,
    EventDate: at.toISOString(),
  };
}

export function mandateReturnFailedPayload(
  facts: InstructionFacts,
  errorMessage: string,
  source: BacsSource,
  at: Date,
): WebhookPayload<'BacsMandateReturnFailed'> {
  return {
    MandateId: facts.mandateId,
    ErrorMessage: errorMessage,
    ...parties(facts),
    Source: source,
    EventDate: at.toISOString(),
  };
}

/** `BacsUnpaidDirectDebitReceived` and `BacsUnappliedCreditReceived` share one shape. */
export function bacsItemPayload<Code extends string, Reason extends string>(item: ItemFacts<Code, Reason>) {
  return {
    CreditorInformation: bacsParty(item.creditor),
    DebtorInformation: bacsParty(item.debtor),
    Reference: item.reference,
    Amount: item.amount.toNumber(),
    ProcessingDate: `${item.processingDate}T00:00:00Z`,
    TransactionCode: item.transactionCode,
    Status: 'Pending' as const,
    ServiceUserNumber: item.serviceUserNumber,
    ReasonCode: item.reasonCode,
    Source: 'Bacs' as const,
    BacsTransactionId: item.bacsTransactionId,
  };
}
