import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { addDays, type LocalDate, ukDateOf, ukInstant } from '#shared/domain/calendar.js';
import { parseUkBban } from '#shared/domain/iban.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import type { MandateState } from '#shared/operations/direct-debits/schemas.js';
import type { UsageType } from '#shared/operations/sterling-accounts/schemas.js';
import type { UNAPPLIED_CREDIT_REASONS } from '#shared/webhooks/payloads/direct-debits.js';
import { balanceOf, ledger, moveMoney } from '#sim/core/ledger.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { emitterFor } from '#sim/core/product.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { book, type RealAccount, type VirtualAccount } from '../sterling-accounts/accounts.js';
import {
  type BacsParty,
  type BacsSource,
  bacsItemPayload,
  bacsParty,
  type InstructionFacts,
  type ItemFacts,
  type MandateReturnedReason,
  mandateCancellationFailedPayload,
  mandateCancelledPayload,
  mandateInitiatedPayload,
  mandateInitiationFailedPayload,
  mandateReturnedPayload,
  mandateReturnFailedPayload,
} from './payloads.js';

/**
 * The simulated Bacs scheme (spec part 1, "Direct debit instructions" and its state table): instructions
 * per institution on real and virtual accounts, collections on the simulated clock, unpaid items, unapplied
 * credits and the weekly dormancy check. Plain code: the product's routes (`product.ts`) and admin endpoints
 * (`admin.ts`) call it.
 */

export type MandateType = 'PaperMandate' | 'Origination' | 'Migrated';

/** How the instruction reached the bank: the earliest collection day depends on it. */
export type Channel = 'Paper' | 'Automated';

/** Days after the day an instruction is present before it may be collected (spec, "Timing"). */
export const FIRST_COLLECTION_AFTER_DAYS: Record<Channel, number> = { Paper: 1, Automated: 3 };

/**
 * Usage types of accounts that cannot take an instruction: the spec names the general segregated account,
 * the suspense account and the minimum mandated balance account. `SegregatedPooled` is the general
 * segregated account and `ClientSuspense` the suspense account; no usage type opens a minimum mandated
 * balance account (`MinimumMandatedBalance` is a sub-type the bank sets itself), so none is created here.
 */
export const USAGE_TYPES_WITHOUT_INSTRUCTIONS: readonly UsageType[] = ['SegregatedPooled', 'ClientSuspense'];

export const DEFAULT_DORMANCY_MONTHS = 24;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Mandate {
  id: string;
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  serviceUserNumber: string;
  reference: string;
  originatorName: string;
  /** The service user's account as the create's `counterpartAccount` named it (a UK BBAN). */
  originatorAccount?: { sortCode: string; accountNumber: string };
  payerName: string;
  mandateType: MandateType;
  channel: Channel;
  source: BacsSource;
  state: MandateState;
  createdAt: string;
  /** The first day a collection may be taken. */
  firstCollectionDate: LocalDate;
  /** The last collection, or the creation when there is none: what dormancy counts from. */
  lastActivityAt: string;
  /** How many collections were attempted: the first is Bacs code 01, later ones 17, a final one 19. */
  collectionCount: number;
}

export interface Collection {
  id: string;
  institutionId: string;
  mandateId: string;
  accountId: string;
  virtualAccountId?: string;
  amount: Decimal;
  date: LocalDate;
  /** Bacs transaction code: 01 first, 17 regular, 19 final. */
  transactionCode: keyof typeof UNPAID_TRANSACTION_CODES;
  status: 'Scheduled' | 'Paid' | 'Unpaid';
  reference: string;
  payer: BacsParty;
  /** The Bacs item's id, as `BacsDirectDebitInboundPaymentCreated` gives it: what a return names. */
  bacsTransactionId: string;
  /** Set once the paid debit was sent back (`POST .../Transactions/Returns`). */
  returned?: boolean;
}

/** The code of an unpaid item: its collection's, with U for the first digit. */
export const UNPAID_TRANSACTION_CODES = { '01': 'U1', '17': 'U7', '19': 'U9' } as const;
type UnpaidTransactionCode = (typeof UNPAID_TRANSACTION_CODES)[keyof typeof UNPAID_TRANSACTION_CODES];
type UnappliedCreditReason = (typeof UNAPPLIED_CREDIT_REASONS)[number];

/** An unpaid direct debit or an unapplied credit, as the reads and the webhook show it. */
export interface BacsItem<Code extends string = string, Reason extends string = string> extends ItemFacts<
  Code,
  Reason
> {
  kind: 'UnpaidDirectDebit' | 'UnappliedCredit';
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  mandateId?: string;
  collectionId?: string;
  /** Our account's sort code: what the sort-code reads filter by. */
  sortCode: string;
  settlementDate: LocalDate;
  createdAt: string;
}

export interface ServiceUser {
  name?: string;
  sortCode: string;
  accountNumber: string;
  /** Months without a collection before the dormancy check cancels (agreed with its sponsor). */
  dormancyMonths?: number;
}

export const bacs = defineState('bacs', () => ({
  mandates: new Map<string, Mandate>(),
  collections: [] as Collection[],
  items: [] as BacsItem[],
  serviceUsers: new Map<string, ServiceUser>(),
  config: { dormancyMonths: DEFAULT_DORMANCY_MONTHS },
  dormancyCheckAt: undefined as string | undefined,
}));

// --- Accounts -----------------------------------------------------------------------------------------

export interface PayerAccount {
  account: RealAccount;
  virtual?: VirtualAccount;
}

/** The account (and virtual account) of an institution, or what is missing. */
export function findPayerAccount(
  state: SimState,
  institutionId: string,
  accountId: string,
  virtualAccountId?: string,
): PayerAccount | { missing: string } {
  const accounts = state.get(book);
  const account = accounts.real.get(accountId) ?? accounts.real.get(accountId.toLowerCase());
  if (!account || account.institutionId !== institutionId) return { missing: `no account ${accountId}` };
  if (virtualAccountId === undefined) return { account };
  const virtual =
    accounts.virtual.get(virtualAccountId) ?? accounts.virtual.get(virtualAccountId.toLowerCase());
  if (!virtual || virtual.accountId !== account.id) {
    return { missing: `no virtual account ${virtualAccountId} in account ${accountId}` };
  }
  return { account, virtual };
}

/** An account identification (`iban` or `other.identification` BBAN) of the institution's own accounts. */
export function findAccountByIdentification(
  state: SimState,
  institutionId: string,
  identification: { iban?: string; bban?: string },
): PayerAccount | undefined {
  const accounts = state.get(book);
  const matches = (a: { iban: string; bban: string }) =>
    (identification.iban !== undefined && a.iban === identification.iban.toUpperCase()) ||
    (identification.bban !== undefined && a.bban === identification.bban.toUpperCase());
  for (const virtual of accounts.virtual.values()) {
    const account = accounts.real.get(virtual.accountId);
    if (account?.institutionId === institutionId && matches(virtual)) return { account, virtual };
  }
  for (const account of accounts.real.values()) {
    if (account.institutionId === institutionId && matches(account)) return { account };
  }
  return undefined;
}

/** Why the account cannot take an instruction at all (the create is refused), or undefined. */
export function instructionRefusal(payer: PayerAccount): string | undefined {
  if (USAGE_TYPES_WITHOUT_INSTRUCTIONS.includes(payer.account.usageType)) {
    return `an instruction cannot be created against a ${payer.account.usageType} account`;
  }
  return undefined;
}

/**
 * Why an instruction that reached the scheme cannot be applied, as a `BacsMandateInitiationFailed` reason
 * code: B the virtual account is closed, F the account is closed or does not accept direct debits.
 */
export function initiationFailure(payer: PayerAccount): 'B' | 'F' | undefined {
  if (payer.account.status !== 'Enabled' || instructionRefusal(payer)) return 'F';
  if (payer.virtual && payer.virtual.status !== 'Enabled') return 'B';
  return undefined;
}

export function payerParty(payer: PayerAccount, payerName?: string): BacsParty {
  const bban = payer.virtual?.bban ?? payer.account.bban;
  const parts = parseUkBban(bban);
  return {
    name: payerName || payer.virtual?.name || payer.account.label || payer.account.name,
    sortCode: parts?.sortCode ?? '',
    accountNumber: parts?.accountNumber ?? '',
  };
}

/** The service user's own account: configured, or made up from its number (it banks elsewhere). */
export function serviceUserOf(state: SimState, serviceUserNumber: string): ServiceUser {
  return (
    state.get(bacs).serviceUsers.get(serviceUserNumber) ?? {
      sortCode: '608371',
      accountNumber: `00${serviceUserNumber}`,
    }
  );
}

export function originatorParty(
  state: SimState,
  mandate: Pick<Mandate, 'serviceUserNumber' | 'originatorName' | 'originatorAccount'>,
) {
  const user = serviceUserOf(state, mandate.serviceUserNumber);
  const account = mandate.originatorAccount ?? user;
  return {
    name: mandate.originatorName || user.name || '',
    sortCode: account.sortCode,
    accountNumber: account.accountNumber,
  };
}

export function instructionFacts(state: SimState, mandate: Mandate): InstructionFacts {
  const payer = findPayerAccount(state, mandate.institutionId, mandate.accountId, mandate.virtualAccountId);
  return {
    mandateId: mandate.id,
    originator: originatorParty(state, mandate),
    payer:
      'missing' in payer
        ? { name: mandate.payerName, sortCode: '', accountNumber: '' }
        : payerParty(payer, mandate.payerName),
    serviceUserNumber: mandate.serviceUserNumber,
    reference: mandate.reference,
  };
}

// --- Instructions -------------------------------------------------------------------------------------

export interface NewInstruction {
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  serviceUserNumber: string;
  reference: string;
  originatorName?: string;
  originatorAccount?: { sortCode: string; accountNumber: string };
  payerName?: string;
  mandateType?: MandateType;
  channel: Channel;
  source: BacsSource;
}

export type CreateOutcome =
  | { kind: 'created'; mandate: Mandate }
  /** The same service user number and reference is already present: nothing new, nothing sent. */
  | { kind: 'duplicate'; mandate: Mandate }
  | { kind: 'missing'; detail: string }
  | { kind: 'refused'; detail: string }
  /** Reached the scheme but could not be applied: kept as Rejected, `BacsMandateInitiationFailed` sent. */
  | { kind: 'failed'; mandate: Mandate; reasonCode: string };

const LIVE: readonly MandateState[] = ['Active', 'PendingInitiation'];

/** The live instruction with this service user number and reference at this institution (the duplicate check). */
export function liveInstruction(
  state: SimState,
  institutionId: string,
  serviceUserNumber: string,
  reference: string,
): Mandate | undefined {
  for (const mandate of state.get(bacs).mandates.values()) {
    if (
      mandate.institutionId === institutionId &&
      mandate.serviceUserNumber === serviceUserNumber &&
      mandate.reference === reference &&
      LIVE.includes(mandate.state)
    ) {
      return mandate;
    }
  }
  return undefined;
}

/**
 * An instruction arrives (a create, or through the automated service): refused for an account that cannot
 * take one; a repeat of a live one is the same instruction; otherwise present at once (`Active`, then
 * `BacsMandateInitiated`) or, when the account cannot be debited, `Rejected` with
 * `BacsMandateInitiationFailed`. Refusals and repeats send nothing.
 */
export function createInstruction(host: SimHost, input: NewInstruction, emit: Emit): CreateOutcome {
  const payer = findPayerAccount(host.state, input.institutionId, input.accountId, input.virtualAccountId);
  if ('missing' in payer) return { kind: 'missing', detail: payer.missing };
  // An API create is refused outright; the automated service delivers it and it fails (reason F).
  const refusal = instructionRefusal(payer);
  if (refusal && input.source !== 'Bacs') return { kind: 'refused', detail: refusal };
  const existing = liveInstruction(host.state, input.institutionId, input.serviceUserNumber, input.reference);
  if (existing) return { kind: 'duplicate', mandate: existing };

  const now = host.clock.now();
  const mandate: Mandate = {
    id: randomUUID(),
    institutionId: input.institutionId,
    accountId: payer.account.id,
    ...(payer.virtual && { virtualAccountId: payer.virtual.id }),
    serviceUserNumber: input.serviceUserNumber,
    reference: input.reference,
    originatorName: input.originatorName ?? '',
    ...(input.originatorAccount && { originatorAccount: input.originatorAccount }),
    payerName: input.payerName ?? '',
    mandateType: input.mandateType ?? 'PaperMandate',
    channel: input.channel,
    source: input.source,
    state: 'PendingInitiation',
    createdAt: now.toISOString(),
    firstCollectionDate: addDays(ukDateOf(now), FIRST_COLLECTION_AFTER_DAYS[input.channel]),
    lastActivityAt: now.toISOString(),
    collectionCount: 0,
  };
  host.state.get(bacs).mandates.set(mandate.id, mandate);
  const facts = instructionFacts(host.state, mandate);
  const failure = initiationFailure(payer);
  if (failure) {
    mandate.state = 'Rejected';
    emit('BacsMandateInitiationFailed', 1, mandateInitiationFailedPayload(facts, failure, input.source, now));
    return { kind: 'failed', mandate, reasonCode: failure };
  }
  mandate.state = 'Active';
  emit('BacsMandateInitiated', 2, mandateInitiatedPayload(facts, input.source));
  ensureDormancyCheck(host);
  return { kind: 'created', mandate };
}

/** Which instruction a cancel, return or amend names, seen from the account in its path. */
export type Lookup =
  | { kind: 'found'; mandate: Mandate }
  /** It exists, on another account of the institution (or another institution's). */
  | { kind: 'other-account'; mandate: Mandate }
  | { kind: 'unknown' };

export function lookupInstruction(
  state: SimState,
  institutionId: string,
  accountId: string,
  virtualAccountId: string | undefined,
  mandateId: string,
): Lookup {
  const mandate =
    state.get(bacs).mandates.get(mandateId) ?? state.get(bacs).mandates.get(mandateId.toLowerCase());
  if (!mandate) return { kind: 'unknown' };
  const same =
    mandate.institutionId === institutionId &&
    mandate.accountId.toLowerCase() === accountId.toLowerCase() &&
    (mandate.virtualAccountId ?? '').toLowerCase() === (virtualAccountId ?? '').toLowerCase();
  return same ? { kind: 'found', mandate } : { kind: 'other-account', mandate };
}

/**
 * A cancel of an instruction of this account: a live one becomes Cancelled (`BacsMandateCancelled`); one
 * that no longer exists (already cancelled, returned, finished or unknown) is not an error: the bank sends
 * `BacsMandateCancellationFailed` (spec, "Direct debit instruction" transitions).
 */
export function cancelInstruction(
  host: SimHost,
  mandate: Mandate | undefined,
  source: BacsSource,
  emit: Emit,
  unknown: Omit<InstructionFacts, 'mandateId'> = blankFacts(),
): 'cancelled' | 'not-found' {
  const now = host.clock.now();
  if (!mandate || !LIVE.includes(mandate.state)) {
    const facts = mandate ? instructionFacts(host.state, mandate) : unknown;
    emit('BacsMandateCancellationFailed', 1, mandateCancellationFailedPayload(facts, source, now));
    return 'not-found';
  }
  mandate.state = 'Cancelled';
  emit('BacsMandateCancelled', 2, mandateCancelledPayload(instructionFacts(host.state, mandate), source));
  return 'cancelled';
}

function blankFacts(): Omit<InstructionFacts, 'mandateId'> {
  const blank = { name: '', sortCode: '', accountNumber: '' };
  return { originator: blank, payer: blank, serviceUserNumber: '', reference: '' };
}

/** The bank's words for a return it cannot make (`BacsMandateReturnFailed` page). */
export const RETURN_NOT_VALID = 'Mandate return request is not valid';

/**
 * A return (the payer's bank does not want the instruction): only a live instruction with no collection
 * processed yet can be returned (`BacsMandateReturned`); otherwise `BacsMandateReturnFailed`.
 */
export function returnInstruction(
  host: SimHost,
  mandate: Mandate,
  reasonCode: MandateReturnedReason,
  emit: Emit,
): 'returned' | 'failed' {
  const now = host.clock.now();
  const facts = instructionFacts(host.state, mandate);
  const collected = host.state
    .get(bacs)
    .collections.some((c) => c.mandateId === mandate.id && c.status !== 'Scheduled');
  if (!LIVE.includes(mandate.state) || collected) {
    emit('BacsMandateReturnFailed', 1, mandateReturnFailedPayload(facts, RETURN_NOT_VALID, 'Api', now));
    return 'failed';
  }
  mandate.state = 'Returned';
  emit('BacsMandateReturned', 1, mandateReturnedPayload(facts, reasonCode, 'Api', now));
  return 'returned';
}

/**
 * An amend moves a live instruction to the new debtor account (reason C: moved to another branch, E:
 * amended). Refused when the new account cannot take instructions; nothing is sent (the bank's pages name
 * no amend webhook).
 */
export function amendInstruction(
  mandate: Mandate,
  to: PayerAccount,
): { kind: 'amended' } | { kind: 'refused'; detail: string } | { kind: 'not-live' } {
  if (!LIVE.includes(mandate.state)) return { kind: 'not-live' };
  const refusal =
    instructionRefusal(to) ?? (initiationFailure(to) && 'the new debtor account cannot be debited');
  if (refusal) return { kind: 'refused', detail: refusal };
  mandate.accountId = to.account.id;
  if (to.virtual) mandate.virtualAccountId = to.virtual.id;
  else delete mandate.virtualAccountId;
  return { kind: 'amended' };
}

// --- Collections ----------------------------------------------------------------------------------------

export interface CollectionRequest {
  mandate: Mandate;
  amount: Decimal;
  /** The processing day; default today. Earlier than the instruction's first collection day: refused. */
  date?: LocalDate;
  /** Bacs code 19: the last collection; the instruction is Finished once it is processed. */
  final?: boolean;
}

/**
 * A service user collects: on the processing day the payer account is debited through the ledger, or,
 * when it cannot pay or the instruction is no longer live, the collection becomes an unpaid item with
 * `BacsUnpaidDirectDebitReceived`. Throws RangeError for an amount or day the scheme would not take.
 */
export function requestCollection(host: SimHost, request: CollectionRequest): Collection {
  const { mandate, amount } = request;
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) {
    throw new RangeError('amount must be above 0 with at most 2 decimals');
  }
  const today = ukDateOf(host.clock.now());
  const date = request.date ?? today;
  if (date < mandate.firstCollectionDate) {
    throw new RangeError(
      `a ${mandate.channel.toLowerCase()} instruction may be collected from ${mandate.firstCollectionDate}`,
    );
  }
  if (!LIVE.includes(mandate.state)) {
    throw new RangeError(`the instruction is ${mandate.state}`);
  }
  mandate.collectionCount += 1;
  const collection: Collection = {
    id: randomUUID(),
    institutionId: mandate.institutionId,
    mandateId: mandate.id,
    accountId: mandate.accountId,
    ...(mandate.virtualAccountId && { virtualAccountId: mandate.virtualAccountId }),
    amount,
    date,
    transactionCode: request.final ? '19' : mandate.collectionCount === 1 ? '01' : '17',
    status: 'Scheduled',
    reference: mandate.reference,
    payer: instructionFacts(host.state, mandate).payer,
    bacsTransactionId: randomUUID(),
  };
  host.state.get(bacs).collections.push(collection);
  // The paying bank hears of the debit from the scheme's input before it is taken.
  const { originator } = instructionFacts(host.state, mandate);
  emitterFor(host, mandate.institutionId)('BacsDirectDebitInboundPaymentCreated', 2, {
    PayerInformation: bacsParty(collection.payer),
    OriginatorInformation: bacsParty(originator),
    Amount: amount.toNumber(),
    Reference: collection.reference,
    ProcessingDate: `${collection.date}T00:00:00Z`,
    ServiceUserNumber: mandate.serviceUserNumber,
    TransactionCode: collection.transactionCode,
    Source: 'Bacs',
    BacsTransactionId: collection.bacsTransactionId,
  });
  if (date <= today) processCollection(host, collection);
  else host.schedule(ukInstant(date, '00:00'), `bacs collection ${collection.id}`, collectionDue, collection);
  return collection;
}

const collectionDue = defineTask('bacs collection', processCollection);

/** Unpaid reason codes (ARUDD): 0 refer to payer, 1 instruction cancelled. */
function processCollection(host: SimHost, collection: Collection): void {
  const mandate = host.state.get(bacs).mandates.get(collection.mandateId);
  if (!mandate) return;
  const now = host.clock.now();
  // An amend since the request moved the instruction: the debit goes to the account it has now.
  collection.accountId = mandate.accountId;
  if (mandate.virtualAccountId) collection.virtualAccountId = mandate.virtualAccountId;
  else delete collection.virtualAccountId;
  const facts = instructionFacts(host.state, mandate);
  collection.payer = facts.payer;
  mandate.lastActivityAt = now.toISOString();
  const live = LIVE.includes(mandate.state);
  const funds = balanceOf(host.state, mandate.accountId).amount;
  if (!live || funds.lt(collection.amount)) {
    collection.status = 'Unpaid';
    const item: BacsItem<UnpaidTransactionCode, '0' | '1'> = {
      kind: 'UnpaidDirectDebit',
      institutionId: mandate.institutionId,
      accountId: mandate.accountId,
      ...(mandate.virtualAccountId && { virtualAccountId: mandate.virtualAccountId }),
      mandateId: mandate.id,
      collectionId: collection.id,
      sortCode: facts.payer.sortCode,
      bacsTransactionId: randomUUID(),
      creditor: facts.originator,
      debtor: facts.payer,
      reference: mandate.reference,
      amount: collection.amount,
      processingDate: collection.date,
      settlementDate: addDays(collection.date, 1),
      transactionCode: UNPAID_TRANSACTION_CODES[collection.transactionCode],
      serviceUserNumber: mandate.serviceUserNumber,
      reasonCode: live ? '0' : '1',
      createdAt: now.toISOString(),
    };
    host.state.get(bacs).items.push(item);
    emitterFor(host, mandate.institutionId)('BacsUnpaidDirectDebitReceived', 3, bacsItemPayload(item));
    return;
  }
  // A virtual account holds no money of its own: the debit comes from its real account.
  moveMoney(host.state, mandate.accountId, collection.amount.negated(), now);
  collection.status = 'Paid';
  host.state.get(ledger).transactions.push({
    id: collection.id,
    institutionId: mandate.institutionId,
    accountId: mandate.accountId,
    ...(mandate.virtualAccountId && { virtualAccountId: mandate.virtualAccountId }),
    endToEndId: collection.id,
    amount: collection.amount,
    direction: 'Debit',
    scheme: 'Bacs',
    status: 'ACSC',
    createdAt: now.toISOString(),
    reference: mandate.reference,
    counterpart: {
      name: facts.originator.name,
      sortCode: facts.originator.sortCode,
      accountNumber: facts.originator.accountNumber,
    },
    isReturn: false,
  });
  if (collection.transactionCode === '19') mandate.state = 'Finished';
}

// --- Unapplied credits ----------------------------------------------------------------------------------

export interface UnappliedCredit {
  payer: PayerAccount;
  institutionId: string;
  amount: Decimal;
  serviceUserNumber: string;
  reference: string;
  remitter?: Partial<BacsParty>;
  reasonCode?: UnappliedCreditReason;
  date?: LocalDate;
}

/**
 * A Bacs credit for one of the institution's accounts that could not be applied and goes back to the
 * remitter (transaction code RA): listed in the sort code's unapplied credits, `BacsUnappliedCreditReceived`.
 * No money moves: it never reached the account.
 */
export function receiveUnappliedCredit(host: SimHost, credit: UnappliedCredit): BacsItem {
  if (!credit.amount.isFinite() || credit.amount.lte(0) || credit.amount.decimalPlaces() > 2) {
    throw new RangeError('amount must be above 0 with at most 2 decimals');
  }
  const now = host.clock.now();
  const date = credit.date ?? ukDateOf(now);
  const beneficiary = payerParty(credit.payer);
  const user = serviceUserOf(host.state, credit.serviceUserNumber);
  const item: BacsItem<'RA', UnappliedCreditReason> = {
    kind: 'UnappliedCredit',
    institutionId: credit.institutionId,
    accountId: credit.payer.account.id,
    ...(credit.payer.virtual && { virtualAccountId: credit.payer.virtual.id }),
    sortCode: beneficiary.sortCode,
    bacsTransactionId: randomUUID(),
    creditor: beneficiary,
    debtor: {
      name: credit.remitter?.name ?? user.name ?? '',
      sortCode: credit.remitter?.sortCode ?? user.sortCode,
      accountNumber: credit.remitter?.accountNumber ?? user.accountNumber,
    },
    reference: credit.reference,
    amount: credit.amount,
    processingDate: date,
    settlementDate: addDays(date, 1),
    transactionCode: 'RA',
    serviceUserNumber: credit.serviceUserNumber,
    reasonCode: credit.reasonCode ?? '0',
    createdAt: now.toISOString(),
  };
  host.state.get(bacs).items.push(item);
  emitterFor(host, credit.institutionId)('BacsUnappliedCreditReceived', 3, bacsItemPayload(item));
  return item;
}

// --- Dormancy -------------------------------------------------------------------------------------------

/** The months a service user's instructions may go without a collection. */
export function dormancyMonthsFor(state: SimState, serviceUserNumber: string): number {
  return (
    state.get(bacs).serviceUsers.get(serviceUserNumber)?.dormancyMonths ??
    state.get(bacs).config.dormancyMonths
  );
}

/** Whether an instruction has gone `months` calendar months without activity by `now`. */
export function isDormant(mandate: Mandate, months: number, now: Date): boolean {
  const since = new Date(mandate.lastActivityAt);
  const limit = new Date(since);
  limit.setUTCMonth(limit.getUTCMonth() + months);
  return now.getTime() >= limit.getTime();
}

/**
 * The weekly check (spec, "Direct debit instruction": no activity for 24 months by default, a service user
 * may agree a longer period): cancels each dormant live instruction with `BacsMandateCancelled`, Source
 * ClearBank. Runs a week after the first instruction and every week after, on the simulated clock.
 */
export function runDormancyCheck(host: SimHost): Mandate[] {
  const now = host.clock.now();
  const cancelled: Mandate[] = [];
  for (const mandate of host.state.get(bacs).mandates.values()) {
    if (mandate.state !== 'Active') continue;
    if (!isDormant(mandate, dormancyMonthsFor(host.state, mandate.serviceUserNumber), now)) continue;
    cancelInstruction(host, mandate, 'ClearBank', emitterFor(host, mandate.institutionId));
    cancelled.push(mandate);
  }
  return cancelled;
}

export function ensureDormancyCheck(host: SimHost): void {
  if (host.state.get(bacs).dormancyCheckAt !== undefined) return;
  scheduleDormancyCheck(host, new Date(host.clock.now().getTime() + WEEK_MS));
}

function scheduleDormancyCheck(host: SimHost, at: Date): void {
  host.state.get(bacs).dormancyCheckAt = at.toISOString();
  host.schedule(at, 'bacs weekly dormancy check', dormancyCheck, at);
}

const dormancyCheck = defineTask('bacs weekly dormancy check', (host, at: Date) => {
  runDormancyCheck(host);
  scheduleDormancyCheck(host, new Date(at.getTime() + WEEK_MS));
});

/** A collection amount as the admin and tests give it: text or a number, never float arithmetic after. */
export function amountOf(value: string | number): Decimal {
  return new MoneyDecimal(String(value));
}
