import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { roundToMinorUnits } from '#shared/domain/money.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { emitterFor } from '#sim/core/product.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import {
  balanceIn,
  findAccount,
  findByIban,
  findVirtualAccount,
  type Identifier,
  type MccyAccount,
  type MccyVirtualAccount,
  mccyBank,
  type Outcome,
} from './accounts.js';

/**
 * Multi-currency money: transactions booked on a real account (through one of its virtual accounts or not),
 * the simulated inbound payment, and internal transfers between two of an institution's accounts that hold
 * the money (`Available` drops at once) and settle on the simulated clock (`Actual` then follows).
 */

export const DEFAULT_TRANSFER_SETTLEMENT_MS = 1_000;
export const DEFAULT_TRANSACTION_PAGE_SIZE = 50;
/** The lists' default window: the last 24 hours (spec part 2, "Multi-currency transactions"). */
export const DEFAULT_TRANSACTION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface Party {
  name?: string;
  identifiers: Identifier[];
}

export interface MccyTransaction {
  id: string;
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  endToEndId: string;
  reference: string;
  /** Positive; `direction` says which way it moved. */
  amount: Decimal;
  currency: string;
  direction: 'Credit' | 'Debit';
  paymentMethod: 'InboundPayment' | 'InternalTransfer' | 'FxTrade' | 'MccyPayment';
  createdAt: string;
  beneficiary: Party;
  remitter: Party;
}

export const mccyMoney = defineState('mccy-money', () => ({
  transactions: [] as MccyTransaction[],
  config: { transferSettlementMs: DEFAULT_TRANSFER_SETTLEMENT_MS },
}));

/** Moves an account's balances in one currency (rounded to its minor units); the FX trades use it too. */
export function adjust(
  account: MccyAccount,
  currency: string,
  delta: { available?: Decimal; actual?: Decimal },
) {
  const balance = balanceIn(account, currency);
  account.balances.set(currency, {
    available: roundToMinorUnits(balance.available.plus(delta.available ?? 0), currency),
    actual: roundToMinorUnits(balance.actual.plus(delta.actual ?? 0), currency),
  });
}

export function book(state: SimState, transaction: Omit<MccyTransaction, 'id'>): MccyTransaction {
  const booked = { id: randomUUID(), ...transaction };
  state.get(mccyMoney).transactions.push(booked);
  return booked;
}

/** Why an account cannot take money in `currency` now, or undefined. */
function unusable(account: MccyAccount, currency: string, virtual?: MccyVirtualAccount): string | undefined {
  if (account.status !== 'Active') return `account ${account.id} is ${account.status}`;
  if (virtual && virtual.status !== 'Active') return `virtual account ${virtual.id} is ${virtual.status}`;
  if (!account.currencies.includes(currency)) return `account ${account.id} is not enabled for ${currency}`;
  return undefined;
}

// --- Inbound payment ------------------------------------------------------------------------------------

export interface InboundPayment {
  institutionId: string;
  /**
   * As the reference documents it, the currency the account supports (`EUR`), the account then named by
   * `creditorIban`; also taken: the account's id, or the IBAN of the account or one of its virtual accounts.
   */
  accountUniqueId: string;
  currency: string;
  amount: Decimal;
  reference?: string | null;
  endToEndId?: string | null;
  /** The credited IBAN (`ultimateCreditor.iban`): a virtual account's IBAN credits through it. */
  creditorIban?: string;
  creditorName?: string;
  debtor?: { identifier: string; name: string };
}

function resolveAccount(
  state: SimState,
  institutionId: string,
  uniqueId: string,
): { account: MccyAccount; virtual?: MccyVirtualAccount } | undefined {
  const account = findAccount(state, institutionId, uniqueId);
  if (account) return { account };
  const virtual = findVirtualAccount(state, institutionId, uniqueId);
  const owner = virtual && state.get(mccyBank).accounts.get(virtual.accountId);
  if (virtual && owner) return { account: owner, virtual };
  return findByIban(state, institutionId, uniqueId);
}

/** Credits an account (through a virtual account when its IBAN is the creditor's) and books the credit. */
export function receiveInboundPayment(host: SimHost, payment: InboundPayment): Outcome<MccyTransaction> {
  const target =
    resolveAccount(host.state, payment.institutionId, payment.accountUniqueId) ??
    (payment.creditorIban === undefined
      ? undefined
      : findByIban(host.state, payment.institutionId, payment.creditorIban));
  if (!target) {
    const named = payment.creditorIban ?? payment.accountUniqueId;
    return { kind: 'missing', detail: `no multi-currency account ${named}` };
  }
  let { virtual } = target;
  if (!virtual && payment.creditorIban) {
    const named = findByIban(host.state, payment.institutionId, payment.creditorIban);
    if (named?.virtual && named.account.id === target.account.id) virtual = named.virtual;
  }
  const refusal = unusable(target.account, payment.currency, virtual);
  if (refusal) return { kind: 'refused', detail: refusal };
  const amount = roundToMinorUnits(payment.amount, payment.currency);
  adjust(target.account, payment.currency, { available: amount, actual: amount });
  const endToEndId = payment.endToEndId || randomUUID().replaceAll('-', '').slice(0, 15);
  const transaction = book(host.state, {
    institutionId: payment.institutionId,
    accountId: target.account.id,
    ...(virtual && { virtualAccountId: virtual.id }),
    endToEndId,
    reference: payment.reference || endToEndId,
    amount,
    currency: payment.currency,
    direction: 'Credit',
    paymentMethod: 'InboundPayment',
    createdAt: host.clock.now().toISOString(),
    beneficiary: {
      name: payment.creditorName ?? virtual?.owner ?? target.account.owner,
      identifiers: [{ identifier: (virtual ?? target.account).iban, kind: 'Iban' }],
    },
    remitter: {
      ...(payment.debtor && { name: payment.debtor.name }),
      identifiers: payment.debtor ? [{ identifier: payment.debtor.identifier, kind: 'Other' }] : [],
    },
  });
  return { kind: 'done', value: transaction };
}

// --- Internal transfers ---------------------------------------------------------------------------------

export type AccountReference = { iban: string } | { accountId: string };

export interface InternalTransfer {
  institutionId: string;
  debit: AccountReference;
  credit: AccountReference;
  amount: Decimal;
  currency: string;
  endToEndId: string;
  reference?: string | null;
}

export const TRANSFER_WEBHOOKS = {
  settled: { type: 'Mccy.InternalTransfers.Settled', version: 1 },
  cancelled: { type: 'Mccy.InternalTransfers.Cancelled', version: 1 },
} as const;

/** The failure reason the reference's Cancelled example gives for a debit the funds do not cover. */
export const NOT_ENOUGH_FUNDS = 'Not enough funds';

function transferPayload(transfer: InternalTransfer) {
  const side = (prefix: 'Debit' | 'Credit', ref: AccountReference) =>
    'iban' in ref
      ? { [`${prefix}AccountIban`]: ref.iban }
      : { [`${prefix}AccountOther`]: { Kind: 'AccountId', Identifier: ref.accountId } };
  return {
    ...side('Debit', transfer.debit),
    ...side('Credit', transfer.credit),
    InstructedAmount: transfer.amount.toNumber(),
    InstructedCurrency: transfer.currency,
    EndToEndId: transfer.endToEndId,
    Reference: transfer.reference ?? null,
  };
}

function lookUp(state: SimState, institutionId: string, ref: AccountReference) {
  if ('iban' in ref) return findByIban(state, institutionId, ref.iban);
  const account = findAccount(state, institutionId, ref.accountId);
  return account && { account };
}

/**
 * Accepts a transfer (the bank answers 202 whatever follows). Accounts that are missing, not Active or
 * lack the currency cancel it with `ValidationFailed`; a debit the available balance does not cover
 * cancels it with `AssessmentFailed`. Otherwise the amount is held at once and settles after
 * `transferSettlementMs`, emitting `Mccy.InternalTransfers.Settled`.
 */
export function requestInternalTransfer(
  host: SimHost,
  transfer: InternalTransfer,
  emit: Emit,
): { outcome: 'held' | 'cancelled'; failureReasons: string[] } {
  const currency = transfer.currency.toUpperCase();
  const debit = lookUp(host.state, transfer.institutionId, transfer.debit);
  const credit = lookUp(host.state, transfer.institutionId, transfer.credit);
  const reasons: string[] = [];
  if (!debit) reasons.push('Debit account not found');
  if (!credit) reasons.push('Credit account not found');
  if (debit && credit && debit.account.id === credit.account.id) {
    reasons.push('Debit and credit accounts are the same account');
  }
  const debitRefusal = debit && unusable(debit.account, currency, debit.virtual);
  const creditRefusal = credit && unusable(credit.account, currency, credit.virtual);
  if (debitRefusal) reasons.push(`Debit ${debitRefusal}`);
  if (creditRefusal) reasons.push(`Credit ${creditRefusal}`);
  const cancel = (code: 'ValidationFailed' | 'AssessmentFailed', failureReasons: string[]) => {
    const { type, version } = TRANSFER_WEBHOOKS.cancelled;
    emit(type, version, {
      ...transferPayload(transfer),
      CancellationCode: code,
      FailureReasons: failureReasons,
    });
    return { outcome: 'cancelled' as const, failureReasons };
  };
  if (reasons.length > 0 || !debit || !credit) return cancel('ValidationFailed', reasons);
  const amount = roundToMinorUnits(transfer.amount, currency);
  if (balanceIn(debit.account, currency).available.lt(amount)) {
    return cancel('AssessmentFailed', [NOT_ENOUGH_FUNDS]);
  }

  adjust(debit.account, currency, { available: amount.negated() });
  const delay = host.state.get(mccyMoney).config.transferSettlementMs;
  const at = new Date(host.clock.now().getTime() + delay);
  const label = `mccy transfer ${transfer.endToEndId}`;
  host.schedule(at, label, transferSettlement, transfer, debit, credit, currency, amount);
  return { outcome: 'held', failureReasons: [] };
}

type TransferSide = NonNullable<ReturnType<typeof lookUp>>;

/** The held amount leaves the debit account's `Actual` and reaches the credit account. */
function settleTransfer(
  host: SimHost,
  transfer: InternalTransfer,
  debit: TransferSide,
  credit: TransferSide,
  currency: string,
  amount: Decimal,
): void {
  const at = host.clock.now().toISOString();
  adjust(debit.account, currency, { actual: amount.negated() });
  adjust(credit.account, currency, { available: amount, actual: amount });
  const common = {
    institutionId: transfer.institutionId,
    endToEndId: transfer.endToEndId,
    reference: transfer.reference || transfer.endToEndId,
    amount,
    currency,
    paymentMethod: 'InternalTransfer' as const,
    createdAt: at,
    beneficiary: {
      name: credit.account.owner,
      identifiers: [{ identifier: credit.account.iban, kind: 'Iban' }],
    },
    remitter: {
      name: debit.account.owner,
      identifiers: [{ identifier: debit.account.iban, kind: 'Iban' }],
    },
  };
  book(host.state, {
    ...common,
    accountId: debit.account.id,
    ...(debit.virtual && { virtualAccountId: debit.virtual.id }),
    direction: 'Debit',
  });
  book(host.state, {
    ...common,
    accountId: credit.account.id,
    ...(credit.virtual && { virtualAccountId: credit.virtual.id }),
    direction: 'Credit',
  });
  const { type, version } = TRANSFER_WEBHOOKS.settled;
  emitterFor(host, transfer.institutionId)(type, version, transferPayload(transfer));
}

const transferSettlement = defineTask('mccy internal transfer settlement', settleTransfer);

// --- Transaction lists ----------------------------------------------------------------------------------

export interface TransactionFilter {
  institutionId: string;
  accountId?: string;
  virtualAccountId?: string;
  currency: string;
  pageNumber?: number;
  pageSize?: number;
  startDateTime?: Date;
  endDateTime?: Date;
}

/**
 * A real account's transactions (its virtual accounts' included) or one virtual account's, in one currency,
 * created within [start, end] (default: the last 24 hours on the simulated clock), oldest first, one page.
 */
export function listTransactions(host: SimHost, filter: TransactionFilter): MccyTransaction[] {
  const now = host.clock.now();
  const end = filter.endDateTime ?? now;
  const start = filter.startDateTime ?? new Date(end.getTime() - DEFAULT_TRANSACTION_WINDOW_MS);
  const pageSize = filter.pageSize ?? DEFAULT_TRANSACTION_PAGE_SIZE;
  const pageNumber = filter.pageNumber ?? 1;
  const currency = filter.currency.toUpperCase();
  return host.state
    .get(mccyMoney)
    .transactions.filter(
      (t) =>
        t.institutionId === filter.institutionId &&
        t.currency === currency &&
        (filter.accountId === undefined || t.accountId === filter.accountId) &&
        (filter.virtualAccountId === undefined || t.virtualAccountId === filter.virtualAccountId) &&
        Date.parse(t.createdAt) >= start.getTime() &&
        Date.parse(t.createdAt) <= end.getTime(),
    )
    .slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
}

export function findTransaction(
  state: SimState,
  institutionId: string,
  transactionId: string,
): MccyTransaction | undefined {
  return state
    .get(mccyMoney)
    .transactions.find((t) => t.institutionId === institutionId && t.id === transactionId.toLowerCase());
}

/** A transaction in the shape of `mccy-transactions-v1.json`. */
export function transactionView(t: MccyTransaction) {
  const parties = (party: Party) => (party.identifiers.length > 0 ? party.identifiers : null);
  return {
    transactionId: t.id,
    accountId: t.accountId,
    virtualAccountId: t.virtualAccountId ?? null,
    endToEndId: t.endToEndId,
    reference: t.reference,
    ultimateBeneficiary: {
      accountIdentifiers: parties(t.beneficiary),
      payeeName: t.beneficiary.name ?? null,
    },
    ultimateRemitter: { accountIdentifiers: parties(t.remitter), payerName: t.remitter.name ?? null },
    amount: t.amount.toNumber(),
    currency: t.currency,
    actualPaymentMethod: t.paymentMethod,
    requestedPaymentMethod: t.paymentMethod,
    kind: t.direction,
    createdAt: t.createdAt,
    settledAt: t.createdAt,
    valueAt: t.createdAt,
    status: 'Settled',
  };
}
