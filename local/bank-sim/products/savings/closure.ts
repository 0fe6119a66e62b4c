import { randomUUID } from 'node:crypto';
import { isValidUkIban, parseUkBban } from '#shared/domain/iban.js';
import { addDays, ukDateOf } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { SIMULATED_BANK_CODE } from '#sim/core/bank.js';
import { balanceOf } from '#sim/core/ledger.js';
import { emitterFor } from '#sim/core/product.js';
import type { SimState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { SimHost } from '#sim/core/types.js';
import { book, type RealAccount } from '../sterling-accounts/accounts.js';
import { type NominatedAccount, nominatedAccountOf, type SavingsAccount, savings } from './accounts.js';
import { creditInterest, currentTerms, interestPaid } from './accrual.js';
import { roundInterest } from './interest.js';

/**
 * Closure of a savings account (the savings accounts guide, "Close a savings account"; the closure webhooks'
 * pages): asynchronous, a named task `closureDelayMs` after the request. It fails, account still Enabled,
 * with every reason that applies: money left in the account ("Withdraw all funds from the account"), or
 * interest to pay and no nominated account ("If there is no interest to be paid, then it's possible to close
 * the account without a nominated account being defined") or one whose details are wrong. Otherwise the
 * interest accrued and not paid goes to the nominated account (`InterestPaid`; credited with
 * `TransactionSettled` when it is an account of this bank) and the account is Closed.
 */

/** The sterling-book account the nominated details name, when they name one of this bank's. */
function ownAccountNamed(state: SimState, nominated: NominatedAccount): RealAccount | undefined {
  const id = nominated.identifier.replace(/[\s-]/g, '').toUpperCase();
  return [...state.get(book).real.values()].find((account) => {
    if (nominated.identifierKind === 'IBAN') return account.iban === id;
    if (nominated.identifierKind === 'BBAN') return account.bban === id;
    return `${account.sortCode}${account.bban.slice(-8)}` === id;
  });
}

/** Whether the details are well formed for their kind and, for this bank's sort codes, name an open account. */
function nominatedProblem(
  state: SimState,
  savingsAccount: SavingsAccount,
  nominated: NominatedAccount,
): boolean {
  const id = nominated.identifier.replace(/[\s-]/g, '').toUpperCase();
  const wellFormed =
    nominated.identifierKind === 'IBAN'
      ? isValidUkIban(id)
      : nominated.identifierKind === 'BBAN'
        ? parseUkBban(id) !== undefined
        : /^\d{14}$/.test(id);
  if (!wellFormed) return true;
  const own = ownAccountNamed(state, nominated);
  const ours =
    nominated.identifierKind === 'SCAN'
      ? false
      : id.slice(nominated.identifierKind === 'IBAN' ? 4 : 0).startsWith(SIMULATED_BANK_CODE);
  if (own) return own.id === savingsAccount.accountId || own.status !== 'Enabled';
  // This bank's bank code and no such account: the details are wrong.
  return ours;
}

export function scheduleClosure(
  host: Pick<SimHost, 'state' | 'schedule' | 'clock'>,
  account: SavingsAccount,
): void {
  const at = new Date(host.clock.now().getTime() + host.state.get(savings).config.closureDelayMs);
  host.schedule(at, `savings closure ${account.accountId}`, closureOutcome, account.accountId);
}

const closureOutcome = defineTask('savings account closure', (host: SimHost, accountId: string) => {
  const account = host.state.get(savings).accounts.get(accountId);
  const real = host.state.get(book).real.get(accountId);
  if (!account || !real || account.closure.status !== 'Pending') return;
  const now = host.clock.now();
  const today = ukDateOf(now);
  const terms = currentTerms(host.state, account, today);
  const due = roundInterest(account.accrued, terms?.interestPaymentRoundingAlgorithm ?? 'ToEven');
  const nominated = nominatedAccountOf(host.state, account);
  const reasons: string[] = [];
  const balance = balanceOf(host.state, accountId).amount;
  if (!balance.isZero()) {
    reasons.push(`Account ${accountId} has a remaining balance of ${balance.toFixed(2)} GBP`);
  }
  if (due.gt(0) && !nominated) reasons.push(`Account ${accountId} does not have a nominated account set`);
  if (due.gt(0) && nominated && nominatedProblem(host.state, account, nominated)) {
    reasons.push(`The nominated account of account ${accountId} is not valid`);
  }
  const emit = emitterFor(host, account.institutionId);
  real.timestampModified = now.toISOString();
  if (reasons.length > 0) {
    account.closure = { ...account.closure, status: 'Failed', failureReasons: reasons };
    emit('AccountClosureFailed', 1, {
      AccountId: accountId,
      ClosureReason: account.closure.reason,
      ClosureFailureReasons: reasons,
      AccountModifiedDateTime: real.timestampModified,
    });
    return;
  }
  if (due.gt(0) && nominated) {
    const period = {
      Start: account.accruedFrom,
      End: addDays(today, -1) < account.accruedFrom ? account.accruedFrom : addDays(today, -1),
    };
    const own = ownAccountNamed(host.state, nominated);
    if (own) creditInterest(host, account, own.id, due, now, period);
    // Paid out to another bank: nothing is booked here; the webhook names the savings account (its page:
    // the account "holding the balance that the interest is calculated against").
    else
      interestPaid(host, account, randomUUID(), randomUUID().replace(/-/g, ''), accountId, due, now, period);
  }
  account.accrued = new MoneyDecimal(0);
  account.closure = { ...account.closure, status: 'Complete', failureReasons: [] };
  real.status = 'Closed';
  real.statusReason = account.closure.reason ?? 'Other';
  emit('AccountClosureCompleted', 1, {
    AccountId: accountId,
    ClosureReason: account.closure.reason ?? 'Other',
    AccountModifiedDateTime: real.timestampModified,
  });
});
