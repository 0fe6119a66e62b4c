import type { Decimal } from 'decimal.js';

/**
 * The Bacs webhook payloads as the bank's pages show them (`webhooks/bacs-*.mdx` in the bank's reference,
 * summarised in `shared/spec/webhooks.md`): PascalCase, account details as `{AccountName, SortCode,
 * AccountNumber}`. The wire Type is the name without the `V<n>` suffix, as in the pages' examples.
 */
export const BACS_WEBHOOKS = {
  mandateInitiated: { type: 'BacsMandateInitiated', version: 2 },
  mandateInitiationFailed: { type: 'BacsMandateInitiationFailed', version: 1 },
  mandateCancelled: { type: 'BacsMandateCancelled', version: 2 },
  mandateCancellationFailed: { type: 'BacsMandateCancellationFailed', version: 1 },
  mandateReturned: { type: 'BacsMandateReturned', version: 1 },
  mandateReturnFailed: { type: 'BacsMandateReturnFailed', version: 1 },
  unpaidDirectDebitReceived: { type: 'BacsUnpaidDirectDebitReceived', version: 3 },
  unappliedCreditReceived: { type: 'BacsUnappliedCreditReceived', version: 3 },
} as const;

export type BacsWebhook = keyof typeof BACS_WEBHOOKS;

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

/** One unpaid direct debit or unapplied credit as its webhook carries it. */
export interface ItemFacts {
  bacsTransactionId: string;
  creditor: BacsParty;
  debtor: BacsParty;
  reference: string;
  amount: Decimal;
  /** YYYY-MM-DD. */
  processingDate: string;
  transactionCode: string;
  serviceUserNumber: string;
  reasonCode: string;
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

export function mandateInitiatedPayload(facts: InstructionFacts, source: BacsSource) {
  return { MandateId: facts.mandateId, ...parties(facts), TransactionCode: '0N', Source: source };
}

/** Reason codes: 5 no account, B virtual account closed, F account closed or not accepting debits, I, K, O. */
export function mandateInitiationFailedPayload(
  facts: Omit<InstructionFacts, 'mandateId'>,
  reasonCode: string,
  source: BacsSource,
  at: Date,
) {
  return {
    ReasonCode: reasonCode,
    EventDate: at.toISOString(),
    ...parties({ ...facts, mandateId: '' }),
    Source: source,
  };
}

export function mandateCancelledPayload(facts: InstructionFacts, source: BacsSource) {
  return { MandateId: facts.mandateId, ...parties(facts), TransactionCode: '0C', Source: source };
}

/** Reason code 6: no instruction to match, or it is already cancelled. */
export function mandateCancellationFailedPayload(
  facts: Omit<InstructionFacts, 'mandateId'>,
  source: BacsSource,
  at: Date,
) {
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
  reasonCode: string,
  source: BacsSource,
  at: Date,
) {
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
) {
  return {
    MandateId: facts.mandateId,
    ErrorMessage: errorMessage,
    ...parties(facts),
    Source: source,
    EventDate: at.toISOString(),
  };
}

/** `BacsUnpaidDirectDebitReceived` and `BacsUnappliedCreditReceived` share one shape. */
export function bacsItemPayload(item: ItemFacts) {
  return {
    CreditorInformation: bacsParty(item.creditor),
    DebtorInformation: bacsParty(item.debtor),
    Reference: item.reference,
    Amount: item.amount.toNumber(),
    ProcessingDate: `${item.processingDate}T00:00:00Z`,
    TransactionCode: item.transactionCode,
    Status: 'Pending',
    ServiceUserNumber: item.serviceUserNumber,
    ReasonCode: item.reasonCode,
    Source: 'Bacs',
    BacsTransactionId: item.bacsTransactionId,
  };
}
