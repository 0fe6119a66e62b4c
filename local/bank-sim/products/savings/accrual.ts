import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { addDays, type LocalDate, ukDateOf, ukInstant } from '#shared/domain/calendar.js';
import { SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import { balanceAt, type BookedTransaction, ledger, moveMoney } from '#sim/core/ledger.js';
import { emitterFor } from '#sim/core/product.js';
import type { SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { SimHost } from '#sim/core/types.js';
import { settle } from '../payments/fps.js';
import { book } from '../sterling-accounts/accounts.js';
import { type SavingsAccount, savings } from './accounts.js';
import { configurationById, type ConfigurationVersion, versionOn } from './configurations.js';
import { dailyInterest, isPaymentDate, settleAccrued } from './interest.js';

/**
 * The bank's daily interest run, one named task on the sandbox clock at 00:00 UK time: for the day that just
 * ended it accrues each open savings account's interest on that day's end balance (the ledger's, as of
 * midnight) with the configuration current that day (the guide: "the interest rate will apply for the whole
 * of the day on which it is set"), then pays what is due (the configuration's payable period), then makes
 * current the future-dated configurations that start on the new day. A clock moved over several days runs
 * each day in turn.
 */

/** The version of the account's current configuration on `day`, if it has one. */
export function currentTerms(
  state: SimState,
  account: SavingsAccount,
  day: LocalDate,
): ConfigurationVersion | undefined {
  if (!account.current) return undefined;
  const configuration = configurationById(state, account.current.interestConfigurationId);
  return configuration && versionOn(configuration, day);
}

/** Schedules the next run when none is waiting (the first savings account opened starts it). */
export function ensureDailyRun(host: Pick<SimHost, 'state' | 'schedule'>, now: Date): void {
  const state = host.state.get(savings);
  if (state.nextRunAt !== null) return;
  scheduleRun(host, ukDateOf(now));
}

function scheduleRun(host: Pick<SimHost, 'state' | 'schedule'>, day: LocalDate): void {
  const at = ukInstant(addDays(day, 1), '00:00');
  host.state.get(savings).nextRunAt = at.toISOString();
  host.schedule(at, `savings interest run ${day}`, dailyRun, day);
}

const dailyRun = defineTask('savings daily interest run', (host: SimHost, day: LocalDate) => {
  host.state.get(savings).nextRunAt = null;
  runDay(host, day);
  scheduleRun(host, addDays(day, 1));
});

/** Accrual for `day`, payments due at the start of the next day, and that day's future configurations. */
export function runDay(host: SimHost, day: LocalDate): void {
  const next = addDays(day, 1);
  const midnight = ukInstant(next, '00:00');
  for (const account of host.state.get(savings).accounts.values()) {
    if (account.closure.status === 'Complete' || account.openedOn > day) continue;
    const real = host.state.get(book).real.get(account.accountId);
    if (!real || real.status === 'Closed') continue;
    accrueDay(host.state, account, day, midnight);
    const terms = currentTerms(host.state, account, day);
    if (terms && isPaymentDate(terms.payablePeriod, terms.payablePeriodOffset, next)) {
      payInterest(host, account, terms, midnight, day);
    }
    promoteFuture(account, next);
  }
}

function accrueDay(state: SimState, account: SavingsAccount, day: LocalDate, endOfDay: Date): void {
  const terms = currentTerms(state, account, day);
  account.lastAccrued = day;
  if (!terms) return;
  const balance = balanceAt(state, account.accountId, endOfDay);
  account.accrued = account.accrued.plus(
    dailyInterest(balance, terms.tiers, terms.tierBalanceAllocation, day),
  );
}

/** The future-dated configurations that start on `date` or before become current, the current one past. */
export function promoteFuture(account: SavingsAccount, date: LocalDate): void {
  while (account.future[0] && account.future[0].effectiveFrom <= date) {
    const starting = account.future.shift()!;
    if (account.current) account.past.unshift(account.current);
    account.current = starting;
  }
}

/**
 * Pays the interest accrued and unpaid into the savings account (rounded by the configuration, the fraction
 * carried or dropped): a ledger credit settled at once (`TransactionSettled`, as the ledger's other credits)
 * and `InterestPaid` with the same `TransactionId`.
 */
function payInterest(
  host: SimHost,
  account: SavingsAccount,
  terms: ConfigurationVersion,
  at: Date,
  lastDay: LocalDate,
): void {
  const { paid, carried } = settleAccrued(
    account.accrued,
    terms.interestPaymentRoundingAlgorithm,
    terms.doUnpaidAccrualFractionsRollover,
  );
  if (paid.lte(0)) {
    // Nothing to pay: a fraction below a penny waits only when it rolls over.
    if (!terms.doUnpaidAccrualFractionsRollover) restart(account, carried, addDays(lastDay, 1));
    return;
  }
  const period = { Start: account.accruedFrom, End: lastDay };
  creditInterest(host, account, account.accountId, paid, at, period);
  restart(account, carried, addDays(lastDay, 1));
}

function restart(account: SavingsAccount, carried: Decimal, from: LocalDate): void {
  account.accrued = carried;
  account.accruedFrom = from;
}

/** The interest reference: the accrual period, as the webhook page's example words it. */
export function interestReference(period: { Start: LocalDate; End: LocalDate }): string {
  return `Interest payable for period ${period.Start} to ${period.End}`;
}

/**
 * Credits `amount` of interest from `account` to `creditedAccountId` (an account of this bank): booked and
 * settled (`TransactionSettled`), then `InterestPaid`.
 */
export function creditInterest(
  host: SimHost,
  account: SavingsAccount,
  creditedAccountId: string,
  amount: Decimal,
  at: Date,
  period: { Start: LocalDate; End: LocalDate },
): void {
  const transaction: BookedTransaction = {
    id: randomUUID(),
    institutionId: account.institutionId,
    accountId: creditedAccountId,
    endToEndId: randomUUID().replace(/-/g, ''),
    amount,
    direction: 'Credit',
    scheme: 'Transfer',
    status: 'ACSP',
    createdAt: at.toISOString(),
    reference: interestReference(period).slice(0, 140),
    counterpart: { name: SIMULATED_BANK_NAME },
    isReturn: false,
  };
  moveMoney(host.state, creditedAccountId, amount, at);
  host.state.get(ledger).transactions.push(transaction);
  settle(host, transaction);
  interestPaid(host, account, transaction.id, transaction.endToEndId, creditedAccountId, amount, at, period);
}

export function interestPaid(
  host: SimHost,
  account: SavingsAccount,
  transactionId: string,
  endToEndId: string,
  destinationAccountId: string,
  amount: Decimal,
  at: Date,
  period: { Start: LocalDate; End: LocalDate },
): void {
  emitterFor(host, account.institutionId)('InterestPaid', 1, {
    TransactionId: transactionId,
    EndToEndTransactionId: endToEndId,
    Amount: amount.toNumber(),
    CurrencyCode: 'GBP',
    DebitCreditCode: 'Credit',
    Timestamp: at.toISOString(),
    Reference: interestReference(period),
    DestinationAccountId: destinationAccountId,
    AccrualPeriod: period,
  });
}
