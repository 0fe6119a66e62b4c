import type { Decimal } from 'decimal.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { defineState, type SimState } from './state.js';

/**
 * The simulated bank's sterling money, shared by the products that move it: one balance per real account
 * (GBP, decimal.js, never floats) and every transaction booked. Sterling accounts open and read balances
 * here; payments, direct debits and FX move them.
 */
export interface LedgerConfig {
  /** What each new real account starts with, in pounds (text: the exact digits). */
  openingBalance: string;
}

export const DEFAULT_LEDGER_CONFIG: LedgerConfig = { openingBalance: '1000000.00' };

export type Scheme = 'Transfer' | 'FasterPayments' | 'Bacs' | 'Chaps';

export interface Counterpart {
  name: string;
  iban?: string;
  bban?: string;
  sortCode?: string;
  accountNumber?: string;
}

export interface BookedTransaction {
  id: string;
  institutionId: string;
  accountId: string;
  virtualAccountId?: string;
  endToEndId: string;
  amount: Decimal;
  direction: 'Credit' | 'Debit';
  scheme: Scheme;
  /** ACSP while in process, ACSC settled, RJCT rejected or failed (`sterling-v2.json` status values). */
  status: 'ACSP' | 'ACSC' | 'RJCT';
  createdAt: string;
  /** The reference as the scheme carries it (truncated to 18, screened). */
  reference: string;
  counterpart: Counterpart;
  isReturn: boolean;
  /** For a received credit: whether its funds were sent back. */
  returned?: boolean;
}

export const ledger = defineState('ledger', () => ({
  config: { ...DEFAULT_LEDGER_CONFIG },
  balances: new Map<string, { amount: Decimal; updatedAt: string }>(),
  transactions: [] as BookedTransaction[],
}));

/**
 * Every change of a balance, in the order made (`at` on the simulated clock): what end-of-day balances are
 * read from. A slot of its own, so a sandbox saved before it existed still resumes (its history then starts
 * at the resume; `balanceAt` counts back from the balance, so later days stay right).
 */
export const movements = defineState(
  'ledger-movements',
  () => [] as { accountId: string; delta: Decimal; at: string }[],
);

/** Funds a new real account with the configured opening balance. */
export function openAccount(
  state: SimState,
  accountId: string,
  at: Date,
  amount: Decimal = new MoneyDecimal(state.get(ledger).config.openingBalance),
): void {
  const book = state.get(ledger);
  book.balances.set(accountId, { amount, updatedAt: at.toISOString() });
  state.get(movements).push({ accountId, delta: amount, at: at.toISOString() });
}

export function balanceOf(state: SimState, accountId: string): { amount: Decimal; updatedAt?: string } {
  return state.get(ledger).balances.get(accountId) ?? { amount: new MoneyDecimal(0) };
}

/** Adds `delta` (negative: a debit) to the account's balance. */
export function moveMoney(state: SimState, accountId: string, delta: Decimal, at: Date): Decimal {
  const amount = balanceOf(state, accountId).amount.plus(delta);
  state.get(ledger).balances.set(accountId, { amount, updatedAt: at.toISOString() });
  state.get(movements).push({ accountId, delta, at: at.toISOString() });
  return amount;
}

/** The account's balance just before `at`: today's balance less every change made at or after it. */
export function balanceAt(state: SimState, accountId: string, at: Date): Decimal {
  const after = state
    .get(movements)
    .filter((move) => move.accountId === accountId && Date.parse(move.at) >= at.getTime());
  return after.reduce((balance, move) => balance.minus(move.delta), balanceOf(state, accountId).amount);
}
