import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { PaymentScheduleError } from '#shared/domain/errors.js';
import {
  checkCancellation,
  isPaymentWindowOpen,
  type MultiCurrencyPaymentCurrency,
  type PaymentSchedule,
  paymentSchedule,
} from '#shared/domain/mccy-schedule.js';
import { roundToMinorUnits } from '#shared/domain/money.js';
import { defineState } from '#sim/core/state.js';
import { emitterFor } from '#sim/core/product.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import {
  balanceIn,
  findAccount,
  findByIban,
  type MccyAccount,
  type Outcome,
} from '../mccy-accounts/accounts.js';
import { adjust, book } from '../mccy-accounts/money.js';
import { mccyPaymentTerms } from '../mccy-accounts/payment-terms.js';

/**
 * Multi-currency payments (spec part 2, "Multi-currency payments"; the bank's multi-currency payments guide):
 * a batch received inside its currency's payment window is processed at once (`isScheduled` false), one
 * received outside it waits for the next business day's processing time (08:20 CZK and RON, 08:30 the others,
 * `shared/domain/mccy-schedule.ts`) and can be cancelled until one hour before. Processing debits the debtor
 * account's currency balance and settles on the simulated clock; the `Payments.Mccy.*` webhooks follow.
 */

/** The Assessment Failed page: insufficient balance is the only scenario that triggers it. */
export const INSUFFICIENT_FUNDS = 'Insufficient funds';
/** Code and reason of a cancellation the institution asked for (the page documents no list of codes). */
export const CANCELLED_BY_INSTITUTION = {
  code: 'CancelledByClient',
  reason: 'Cancelled at the request of the institution',
} as const;

export interface PostalAddress {
  addressLine1: string;
  addressLine2: string;
  addressLine3?: string | null;
  postCode: string;
  country: string;
}

/** One payment of a batch: the members of the request the simulator acts on. */
export interface PaymentInstruction {
  endToEndId: string;
  reference: string;
  amount: Decimal;
  creditor: {
    name: string;
    address: PostalAddress;
    bic?: string | null;
    iban?: string | null;
    accountNumber?: string | null;
  };
  debtorName: string;
  debtorAddress: PostalAddress;
  /** The debtor account: its id (`AccountId`) or its IBAN (`IBAN`). */
  accountIdentifier: { kind: string; identifier: string };
  debtorAccountCurrency: string;
}

export interface PaymentBatchRequest {
  institutionId: string;
  batchId?: string | null;
  currency: MultiCurrencyPaymentCurrency;
  transactions: PaymentInstruction[];
}

export type PaymentStatus =
  'Waiting' | 'Created' | 'Settled' | 'Cancelled' | 'ValidationFailed' | 'AssessmentFailed';

export interface SimPayment extends PaymentInstruction {
  transactionId: string;
  schemeEndToEndId: string;
  status: PaymentStatus;
  /** The debtor account once found (processing). */
  accountId?: string;
  debtorIban?: string;
  failure?: string[];
}

export interface SimPaymentBatch {
  institutionId: string;
  /** The request's batchId, or one the bank made up (the webhooks need one). */
  batchId: string;
  /** Whether the request named the batch: only then can it be cancelled. */
  batchIdGiven: boolean;
  currency: MultiCurrencyPaymentCurrency;
  receivedAt: string;
  schedule: PaymentSchedule;
  payments: SimPayment[];
}

/** The batches received; their windows and delays are the accounts' payment terms (`mccyPaymentTerms`). */
export const mccyPayments = defineState('mccy-payments', () => ({
  batches: new Map<string, SimPaymentBatch>(),
}));

const batchKey = (institutionId: string, batchId: string) => `${institutionId}/${batchId.toLowerCase()}`;

/** A scheme end-to-end id as the pages show it: 15 hex characters. */
const schemeEndToEndId = () => randomUUID().replaceAll('-', '').slice(0, 15);

export function findBatch(host: SimHost, institutionId: string, batchId: string) {
  return host.state.get(mccyPayments).batches.get(batchKey(institutionId, batchId));
}

/** Whether a payment received at `at` in `currency` is processed in the open window. */
export function isWindowOpen(host: SimHost, currency: string, at: Date): boolean {
  const closesAt = host.state.get(mccyPaymentTerms).windowClosesAt[currency];
  return closesAt !== undefined && isPaymentWindowOpen(at, currency, closesAt);
}

export type SubmitOutcome =
  { kind: 'accepted'; batch: SimPaymentBatch } | { kind: 'duplicate'; detail: string };

/**
 * Accepts a batch (the bank answers 202 whatever follows) and schedules its processing: a few seconds from
 * now inside the window, at the schedule's processing time outside it. A batchId already used by the
 * institution is a duplicate (409).
 */
export function submitPaymentBatch(host: SimHost, request: PaymentBatchRequest): SubmitOutcome {
  const { batches } = host.state.get(mccyPayments);
  const terms = host.state.get(mccyPaymentTerms);
  const batchIdGiven = typeof request.batchId === 'string' && request.batchId.length > 0;
  const batchId = batchIdGiven ? (request.batchId as string) : randomUUID();
  const key = batchKey(request.institutionId, batchId);
  if (batches.has(key)) return { kind: 'duplicate', detail: `the batch ${batchId} was already received` };
  const receivedAt = host.clock.now();
  const schedule = paymentSchedule({
    receivedAt,
    currency: request.currency,
    isScheduled: !isWindowOpen(host, request.currency, receivedAt),
  });
  const batch: SimPaymentBatch = {
    institutionId: request.institutionId,
    batchId,
    batchIdGiven,
    currency: request.currency,
    receivedAt: receivedAt.toISOString(),
    schedule,
    payments: request.transactions.map((instruction) => ({
      ...instruction,
      transactionId: randomUUID(),
      schemeEndToEndId: schemeEndToEndId(),
      status: 'Waiting',
    })),
  };
  batches.set(key, batch);
  const at = schedule.isScheduled
    ? schedule.processingAt
    : new Date(receivedAt.getTime() + terms.processingDelayMs);
  host.schedule(at, `mccy payments ${batchId}`, batchDue, batch, at);
  return { kind: 'accepted', batch };
}

// --- Processing -----------------------------------------------------------------------------------------

/** The institution's real account the payment names: by its id, or by its IBAN (not a virtual account's). */
function findDebtor(host: SimHost, institutionId: string, payment: SimPayment): MccyAccount | undefined {
  const { kind, identifier } = payment.accountIdentifier;
  if (kind.toLowerCase() !== 'iban') return findAccount(host.state, institutionId, identifier);
  const found = findByIban(host.state, institutionId, identifier);
  return found?.virtual ? undefined : found?.account;
}

/** The debtor account, noted on the payment for its webhooks. */
function debtorAccount(host: SimHost, institutionId: string, payment: SimPayment): MccyAccount | undefined {
  const account = findDebtor(host, institutionId, payment);
  if (account) {
    payment.accountId = account.id;
    payment.debtorIban = account.iban;
  }
  return account;
}

/** The Validation Failed page's causes: a debtor account that does not exist or cannot pay in the currency. */
function validationErrors(batch: SimPaymentBatch, payment: SimPayment, account?: MccyAccount): string[] {
  const errors: string[] = [];
  const duplicate = batch.payments.find((other) => other.endToEndId === payment.endToEndId);
  if (duplicate !== payment) errors.push('EndToEndId already exists.');
  if (!account) return [...errors, 'Account does not belong to this institution'];
  if (account.status !== 'Active') errors.push('Account is not enabled');
  if (!account.currencies.includes(batch.currency)) {
    errors.push(`Account is not enabled for ${batch.currency}`);
  }
  // The simulator converts no currency: the debtor account must pay in the instructed currency.
  if (payment.debtorAccountCurrency !== batch.currency) {
    errors.push(`debtorAccountCurrency ${payment.debtorAccountCurrency} differs from ${batch.currency}`);
  }
  return errors;
}

/**
 * Processes every payment of the batch still waiting, in order: validation (the debtor account), assessment
 * (its available balance in the currency, less what earlier payments of the batch took), then the debit:
 * `Available` at once with TransactionCreated, `Actual` at settlement with TransactionSettled. Times count
 * from `processedAt`, when the batch was due, so a clock moved past it gives the same timestamps.
 */
export function processBatch(host: SimHost, batch: SimPaymentBatch, processedAt: Date): void {
  const emit = emitterFor(host, batch.institutionId);
  const { settlementDelayMs } = host.state.get(mccyPaymentTerms);
  for (const payment of batch.payments) {
    if (payment.status !== 'Waiting') continue;
    const account = debtorAccount(host, batch.institutionId, payment);
    const errors = validationErrors(batch, payment, account);
    if (errors.length > 0 || !account) {
      fail(emit, batch, payment, 'ValidationFailed', errors);
      continue;
    }
    const amount = roundToMinorUnits(payment.amount, batch.currency);
    if (balanceIn(account, batch.currency).available.lt(amount)) {
      fail(emit, batch, payment, 'AssessmentFailed', [INSUFFICIENT_FUNDS]);
      continue;
    }
    adjust(account, batch.currency, { available: amount.negated() });
    payment.status = 'Created';
    emit('Payments.Mccy.TransactionCreated', 1, transactionPayload(batch, payment));
    const settledAt = new Date(processedAt.getTime() + settlementDelayMs);
    const times = { submittedAt: processedAt, settledAt };
    host.schedule(
      settledAt,
      `mccy payment ${payment.endToEndId}`,
      settlement,
      batch,
      payment,
      account,
      amount,
      times,
    );
  }
}

const batchDue = defineTask('mccy payment batch', processBatch);

function settle(
  host: SimHost,
  batch: SimPaymentBatch,
  payment: SimPayment,
  account: MccyAccount,
  amount: Decimal,
  times: { submittedAt: Date; settledAt: Date },
): void {
  const emit = emitterFor(host, batch.institutionId);
  const at = times.settledAt.toISOString();
  adjust(account, batch.currency, { actual: amount.negated() });
  book(host.state, {
    institutionId: batch.institutionId,
    accountId: account.id,
    endToEndId: payment.endToEndId,
    reference: payment.reference,
    amount,
    currency: batch.currency,
    direction: 'Debit',
    paymentMethod: 'MccyPayment',
    createdAt: at,
    beneficiary: { name: payment.creditor.name, identifiers: creditorIdentifiers(payment) },
    remitter: { name: payment.debtorName, identifiers: [{ identifier: account.iban, kind: 'Iban' }] },
  });
  payment.status = 'Settled';
  emit('Payments.Mccy.TransactionSettled', 1, {
    ...transactionPayload(batch, payment),
    TimestampSettled: at,
    TimestampSubmitted: times.submittedAt.toISOString(),
  });
}

const settlement = defineTask('mccy payment settlement', settle);

function fail(
  emit: Emit,
  batch: SimPaymentBatch,
  payment: SimPayment,
  status: 'ValidationFailed' | 'AssessmentFailed',
  errors: string[],
): void {
  payment.status = status;
  payment.failure = errors;
  if (status === 'ValidationFailed') {
    emit('Payments.Mccy.PaymentValidationFailed', 1, { Errors: errors, ...failurePayload(batch, payment) });
  } else {
    emit('Payments.Mccy.PaymentAssessmentFailed', 1, {
      Error: errors.join('; '),
      ...failurePayload(batch, payment),
    });
  }
}

// --- Cancellation ---------------------------------------------------------------------------------------

/**
 * The cancellation rule (`checkCancellation`): the batch was named in its request, scheduled, and the cancel
 * arrives by one hour before processing. A refusal carries the rule's message (422).
 */
function refusal(host: SimHost, batch: SimPaymentBatch): string | undefined {
  try {
    checkCancellation(batch.schedule, batch.batchIdGiven ? batch.batchId : undefined, host.clock.now());
    return undefined;
  } catch (error) {
    if (error instanceof PaymentScheduleError) return error.message;
    throw error;
  }
}

function cancel(host: SimHost, batch: SimPaymentBatch, payment: SimPayment, emit: Emit): void {
  const at = host.clock.now().toISOString();
  debtorAccount(host, batch.institutionId, payment);
  payment.status = 'Cancelled';
  emit('Payments.Mccy.TransactionCancelled', 1, {
    ...transactionPayload(batch, payment),
    TimestampCancelled: at,
    CancellationCode: CANCELLED_BY_INSTITUTION.code,
    CancellationReason: CANCELLED_BY_INSTITUTION.reason,
  });
}

/** `DELETE /v1/mccy/payments/{batchId}`: cancels every payment of the batch not yet cancelled. */
export function cancelPaymentBatch(
  host: SimHost,
  institutionId: string,
  batchId: string,
  emit: Emit,
): Outcome<SimPaymentBatch> {
  const batch = findBatch(host, institutionId, batchId);
  if (!batch) return { kind: 'missing', detail: `no payment batch ${batchId}` };
  const refused = refusal(host, batch);
  if (refused) return { kind: 'refused', detail: refused };
  const open = batch.payments.filter((payment) => payment.status === 'Waiting');
  if (open.length === 0) return { kind: 'refused', detail: `the batch ${batchId} is already cancelled` };
  for (const payment of open) cancel(host, batch, payment, emit);
  return { kind: 'done', value: batch };
}

/** `DELETE /v1/mccy/payments/{batchId}/{endToEndId}`: cancels one payment of the batch. */
export function cancelPayment(
  host: SimHost,
  institutionId: string,
  batchId: string,
  endToEndId: string,
  emit: Emit,
): Outcome<SimPayment> {
  const batch = findBatch(host, institutionId, batchId);
  const payment =
    batch?.payments.find((p) => p.endToEndId === endToEndId && p.status === 'Waiting') ??
    batch?.payments.find((p) => p.endToEndId === endToEndId);
  if (!batch || !payment) {
    return { kind: 'missing', detail: `no payment ${endToEndId} in batch ${batchId}` };
  }
  const refused = refusal(host, batch);
  if (refused) return { kind: 'refused', detail: refused };
  if (payment.status !== 'Waiting') {
    return { kind: 'refused', detail: `the payment ${endToEndId} is already cancelled` };
  }
  cancel(host, batch, payment, emit);
  return { kind: 'done', value: payment };
}

// --- Webhook payloads (the Payments.Mccy.* pages) -------------------------------------------------------

function creditorIdentifiers(payment: SimPayment) {
  const { iban, accountNumber } = payment.creditor;
  if (iban) return [{ identifier: iban, kind: 'IBAN' }];
  if (accountNumber) return [{ identifier: accountNumber, kind: 'BBAN' }];
  return [];
}

/** Euro goes through T2 (the payments guide); the other currencies through the bank's correspondents. */
function schemePaymentMethod(currency: string): string {
  return currency === 'EUR' ? 'T2' : 'Correspondent';
}

/** The members Created, Settled and Cancelled share. */
function transactionPayload(batch: SimPaymentBatch, payment: SimPayment) {
  const debtorIdentifiers = payment.debtorIban
    ? [{ Kind: 'IBAN', Identifier: payment.debtorIban }]
    : [{ Kind: payment.accountIdentifier.kind, Identifier: payment.accountIdentifier.identifier }];
  return {
    TransactionId: payment.transactionId,
    BatchId: batch.batchId,
    EndToEndId: payment.endToEndId,
    SchemeEndToEndId: payment.schemeEndToEndId,
    AccountId: payment.accountId ?? debtorAccountIdOf(payment),
    Reference: payment.reference,
    UltimateCreditorName: payment.creditor.name,
    UltimateCreditorAccountIdentifiers: creditorIdentifiers(payment).map((id) => ({
      Kind: id.kind,
      Identifier: id.identifier,
    })),
    UltimateDebtorName: payment.debtorName,
    UltimateDebtorAccountIdentifiers: debtorIdentifiers,
    InstructedAmount: payment.amount.toNumber(),
    InstructedCurrency: batch.currency,
    SchemePaymentMethod: schemePaymentMethod(batch.currency),
    TimestampCreated: batch.receivedAt,
    Identifiers: [
      { Scope: 'MCCYOutboundPayments', Name: 'SchemeEndToEndId', Identifier: payment.schemeEndToEndId },
    ],
    AdditionalProperties: [
      { Key: 'DebtorName', Value: payment.debtorName },
      { Key: 'DebtorCountry', Value: payment.debtorAddress.country },
    ],
  };
}

/** A payment cancelled before processing names its account as the request did (an id, or none known). */
function debtorAccountIdOf(payment: SimPayment): string {
  return payment.accountIdentifier.kind.toLowerCase() === 'accountid'
    ? payment.accountIdentifier.identifier
    : '00000000-0000-0000-0000-000000000000';
}

/** The flat members of the Validation Failed and Assessment Failed pages. */
function failurePayload(batch: SimPaymentBatch, payment: SimPayment) {
  const { creditor, debtorAddress } = payment;
  return {
    UltimateDebtorName: payment.debtorName,
    UltimateDebtorAccount: payment.accountIdentifier.identifier,
    UltimateDebtorAccountIdentifier: payment.accountIdentifier.kind,
    UltimateDebtorAddressLine1: debtorAddress.addressLine1,
    UltimateDebtorAddressLine2: debtorAddress.addressLine2,
    UltimateDebtorAddressLine3: debtorAddress.addressLine3 ?? null,
    UltimateDebtorPostCode: debtorAddress.postCode,
    UltimateDebtorCountryCode: debtorAddress.country,
    InstructedAmount: payment.amount.toNumber(),
    InstructedCurrency: batch.currency,
    Reference: payment.reference,
    BatchId: batch.batchId,
    EndToEndId: payment.endToEndId,
    SchemeEndToEndId: payment.schemeEndToEndId,
    UltimateCreditorIBAN: creditor.iban ?? null,
    UltimateCreditorAccountNumber: creditor.accountNumber ?? null,
    UltimateCreditorBic: creditor.bic ?? null,
    UltimateCreditorName: creditor.name,
    UltimateCreditorAddressLine1: creditor.address.addressLine1,
    UltimateCreditorAddressLine2: creditor.address.addressLine2,
    UltimateCreditorAddressLine3: creditor.address.addressLine3 ?? null,
    UltimateCreditorPostCode: creditor.address.postCode,
    UltimateCreditorCountryCode: creditor.address.country,
    TransactionId: payment.transactionId,
  };
}

/** A batch for the admin view. */
export function batchView(batch: SimPaymentBatch) {
  return {
    institutionId: batch.institutionId,
    batchId: batch.batchId,
    batchIdGiven: batch.batchIdGiven,
    currency: batch.currency,
    receivedAt: batch.receivedAt,
    isScheduled: batch.schedule.isScheduled,
    ...(batch.schedule.isScheduled && {
      processingAt: batch.schedule.processingAt.toISOString(),
      cancellationDeadline: batch.schedule.cancellationDeadline.toISOString(),
    }),
    transactions: batch.payments.map((payment) => ({
      endToEndId: payment.endToEndId,
      transactionId: payment.transactionId,
      amount: payment.amount.toFixed(),
      status: payment.status,
      ...(payment.failure && { failure: payment.failure }),
    })),
  };
}
