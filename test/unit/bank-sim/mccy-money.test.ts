import { describe, expect, it } from 'vitest';
import {
  balancesView,
  createAccount,
  createVirtualAccount,
  type MccyAccount,
  type Outcome,
  setAccountStatus,
} from '#sim/products/mccy-accounts/accounts.js';
import {
  findTransaction,
  listTransactions,
  mccyMoney,
  NOT_ENOUGH_FUNDS,
  receiveInboundPayment,
  requestInternalTransfer,
  transactionView,
} from '#sim/products/mccy-accounts/money.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { mccyWorld } from './mccy-helpers.js';

const HOUR = 60 * 60 * 1000;

function value<T>(outcome: Outcome<T>): T {
  if (outcome.kind !== 'done') throw new Error(`expected done, got ${outcome.kind}: ${outcome.detail}`);
  return outcome.value;
}

function setup() {
  const w = mccyWorld();
  const account = (currencies = ['EUR', 'USD']): MccyAccount =>
    value(
      createAccount(
        w.host,
        { institutionId: 'inst-1', label: 'Treasury', owner: 'Eco Bank', kind: 'YourFunds', currencies },
        w.emit,
      ),
    );
  const credit = (accountUniqueId: string, amount: string, currency = 'EUR', reference?: string) =>
    value(
      receiveInboundPayment(w.host, {
        institutionId: 'inst-1',
        accountUniqueId,
        currency,
        amount: new MoneyDecimal(amount),
        ...(reference && { reference }),
        debtor: { identifier: 'DE89370400440532013000', name: 'Max Muster' },
      }),
    );
  const transfer = (
    from: MccyAccount,
    to: MccyAccount,
    amount: string,
    currency = 'EUR',
    endToEndId = 'E2E-1',
  ) =>
    requestInternalTransfer(
      w.host,
      {
        institutionId: 'inst-1',
        debit: { iban: from.iban },
        credit: { accountId: to.id },
        amount: new MoneyDecimal(amount),
        currency,
        endToEndId,
        reference: 'Rebalance',
      },
      w.emit,
    );
  const eur = (account: MccyAccount) => balancesView(account).balances.EUR;
  return { ...w, account, credit, transfer, eur };
}

describe('the simulated inbound payment', () => {
  it('credits Available and Actual in the currency, exactly, and books a transaction', () => {
    const w = setup();
    const account = w.account();
    w.credit(account.id, '0.10');
    w.credit(account.iban, '0.20', 'EUR', 'Invoice 7');
    expect(w.eur(account)).toEqual({ Available: 0.3, Actual: 0.3 });
    expect(account.balances.get('EUR')?.actual.toFixed()).toBe('0.3');
    const [first, second] = w.state.get(mccyMoney).transactions;
    expect(transactionView(second!)).toMatchObject({
      accountId: account.id,
      virtualAccountId: null,
      reference: 'Invoice 7',
      amount: 0.2,
      currency: 'EUR',
      kind: 'Credit',
      ultimateRemitter: { payerName: 'Max Muster' },
      ultimateBeneficiary: { accountIdentifiers: [{ identifier: account.iban, kind: 'Iban' }] },
    });
    expect(first!.endToEndId).toMatch(/^\w{1,15}$/);
    expect(findTransaction(w.state, 'inst-1', first!.id)).toBe(first);
    expect(findTransaction(w.state, 'inst-2', first!.id)).toBeUndefined();
  });

  it('refuses a currency the account is not enabled for, a suspended account and an unknown one', () => {
    const w = setup();
    const account = w.account(['EUR']);
    const pay = (id: string, currency = 'EUR') =>
      receiveInboundPayment(w.host, {
        institutionId: 'inst-1',
        accountUniqueId: id,
        currency,
        amount: new MoneyDecimal(1),
      });
    expect(pay(account.id, 'USD')).toMatchObject({ kind: 'refused', detail: expect.stringContaining('USD') });
    expect(pay('GB00CLRB04080099999999')).toMatchObject({ kind: 'missing' });
    value(setAccountStatus(w.host, 'inst-1', account.id, { status: 'Suspended' }, w.emit));
    expect(pay(account.id)).toMatchObject({ kind: 'refused', detail: expect.stringContaining('Suspended') });
  });
});

describe('internal transfers in the simulator', () => {
  it('holds Available at once, settles after the delay: both accounts booked and Settled sent', () => {
    const w = setup();
    const [from, to] = [w.account(), w.account()];
    w.credit(from.id, '100.00');
    w.sent.length = 0;
    expect(w.transfer(from, to, '40.25')).toEqual({ outcome: 'held', failureReasons: [] });
    expect(w.eur(from)).toEqual({ Available: 59.75, Actual: 100 });
    expect(w.eur(to)).toEqual({ Available: 0, Actual: 0 });
    expect(w.sent).toEqual([]);

    w.advance(1_000);
    expect(w.eur(from)).toEqual({ Available: 59.75, Actual: 59.75 });
    expect(w.eur(to)).toEqual({ Available: 40.25, Actual: 40.25 });
    expect(w.sent).toEqual([
      {
        type: 'Mccy.InternalTransfers.Settled',
        version: 1,
        institutionId: 'inst-1',
        payload: {
          DebitAccountIban: from.iban,
          CreditAccountOther: { Kind: 'AccountId', Identifier: to.id },
          InstructedAmount: 40.25,
          InstructedCurrency: 'EUR',
          EndToEndId: 'E2E-1',
          Reference: 'Rebalance',
        },
      },
    ]);
    const booked = w.state.get(mccyMoney).transactions.filter((t) => t.paymentMethod === 'InternalTransfer');
    expect(booked.map((t) => [t.accountId, t.direction, t.amount.toFixed(2)])).toEqual([
      [from.id, 'Debit', '40.25'],
      [to.id, 'Credit', '40.25'],
    ]);
  });

  it('cancels with AssessmentFailed when the available balance does not cover it, nothing moved', () => {
    const w = setup();
    const [from, to] = [w.account(), w.account()];
    w.credit(from.id, '10.00');
    w.sent.length = 0;
    expect(w.transfer(from, to, '10.01')).toEqual({
      outcome: 'cancelled',
      failureReasons: [NOT_ENOUGH_FUNDS],
    });
    expect(w.sent).toEqual([
      expect.objectContaining({
        type: 'Mccy.InternalTransfers.Cancelled',
        payload: expect.objectContaining({
          CancellationCode: 'AssessmentFailed',
          FailureReasons: ['Not enough funds'],
        }),
      }),
    ]);
    w.advance(HOUR);
    expect(w.eur(from)).toEqual({ Available: 10, Actual: 10 });
  });

  it('cancels with ValidationFailed, naming each reason: a currency one account lacks, an unknown account, the same account', () => {
    const w = setup();
    const eurUsd = w.account(['EUR', 'USD']);
    const eurOnly = w.account(['EUR']);
    w.credit(eurUsd.id, '50.00', 'USD');
    const usd = w.transfer(eurUsd, eurOnly, '5.00', 'USD');
    expect(usd).toEqual({
      outcome: 'cancelled',
      failureReasons: [`Credit account ${eurOnly.id} is not enabled for USD`],
    });
    expect(w.sent.at(-1)).toMatchObject({
      type: 'Mccy.InternalTransfers.Cancelled',
      payload: { CancellationCode: 'ValidationFailed', InstructedCurrency: 'USD' },
    });
    const ghost = { ...eurOnly, id: '00000000-0000-4000-8000-000000000000' };
    expect(w.transfer(eurUsd, ghost, '1.00').failureReasons).toEqual(['Credit account not found']);
    expect(w.transfer(eurUsd, eurUsd, '1.00').failureReasons).toEqual([
      'Debit and credit accounts are the same account',
    ]);
  });
});

describe('multi-currency transaction lists', () => {
  it('default to the last 24 hours on the simulated clock and filter by currency, dates and page', () => {
    const w = setup();
    const account = w.account();
    const virtual = value(
      createVirtualAccount(w.host, { institutionId: 'inst-1', accountId: account.id, owner: 'V' }, w.emit),
    );
    w.credit(account.id, '1.00'); // 10:00 day 1
    w.advance(2 * HOUR);
    w.credit(virtual.id, '2.00'); // 12:00
    w.credit(account.id, '3.00', 'USD');
    w.advance(23 * HOUR); // 11:00 next day: the first credit is 25 hours old
    w.credit(account.id, '4.00');

    const amounts = (filter: Partial<Parameters<typeof listTransactions>[1]> = {}) =>
      listTransactions(w.host, {
        institutionId: 'inst-1',
        accountId: account.id,
        currency: 'EUR',
        ...filter,
      }).map((t) => t.amount.toNumber());
    expect(amounts()).toEqual([2, 4]);
    expect(amounts({ currency: 'USD' })).toEqual([3]);
    expect(amounts({ startDateTime: new Date('2026-03-10T00:00:00Z') })).toEqual([1, 2, 4]);
    expect(amounts({ endDateTime: new Date('2026-03-10T11:00:00Z') })).toEqual([1]);
    expect(amounts({ startDateTime: new Date('2026-03-10T00:00:00Z'), pageSize: 2, pageNumber: 2 })).toEqual([
      4,
    ]);
    expect(
      listTransactions(w.host, {
        institutionId: 'inst-1',
        virtualAccountId: virtual.id,
        currency: 'EUR',
      }).map((t) => t.amount.toNumber()),
    ).toEqual([2]);
    expect(
      listTransactions(w.host, { institutionId: 'inst-2', accountId: account.id, currency: 'EUR' }),
    ).toEqual([]);
  });
});
