import { describe, expect, it } from 'vitest';
import {
  checkReturns,
  receiveInboundCredit,
  recallInboundCredit,
  returnItems,
  returnNotSettled,
} from '#sim/products/direct-debits/items.js';
import {
  amountOf,
  createInstruction,
  type NewInstruction,
  requestCollection,
} from '#sim/products/direct-debits/scheme.js';
import { book, type RealAccount, type VirtualAccount } from '#sim/products/sterling-accounts/accounts.js';
import { balanceOf, openAccount } from '#sim/core/ledger.js';
import { ClockScheduler } from '#sim/core/scheduler.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { SimState } from '#sim/core/state.js';
import { ManualClock } from '#shared/ports/clock.js';

/**
 * Bacs items in the simulated scheme (`items.ts`): a return finds its item on the path's account only (a virtual
 * account's on that virtual account), refuses what is not settled, returned or of another kind, moves the money
 * back, and undoes it when the return does not settle.
 */
/** The scheme on a bare state and clock: webhooks are recorded, scheduled work runs on `advance`. */
function world() {
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  const state = new SimState();
  const scheduler = new ClockScheduler(clock, (error) => {
    throw error;
  });
  const sent: { type: string; version: number; payload: Record<string, unknown>; institutionId?: string }[] =
    [];
  const host: SimHost = {
    state,
    clock,
    schedule: (at, label, task, ...args) => scheduler.at(at, label, () => task.run(host, ...args)),
    emitWebhook: (type, version, payload, options) => {
      sent.push({
        type,
        version,
        payload: payload as Record<string, unknown>,
        institutionId: options?.institutionId,
      });
      return {} as never;
    },
  };
  const emit: Emit = (type, version, payload) =>
    void sent.push({ type, version, payload: payload as Record<string, unknown> });
  let serial = 0;
  const account = (usageType: RealAccount['usageType'] = 'YourFunds', institutionId = 'inst-1') => {
    serial += 1;
    const number = String(10_000_000 + serial);
    const real = {
      id: `acc-${serial}`,
      institutionId,
      name: `Account ${serial}`,
      label: 'JANE DOE',
      usageType,
      sortCode: '040001',
      iban: `GB00CLRB040001${number}`,
      bban: `CLRB040001${number}`,
      status: 'Enabled',
      statusReason: 'NotProvided',
      minimumBalance: 0,
    } as RealAccount;
    state.get(book).real.set(real.id, real);
    openAccount(state, real.id, clock.now());
    return real;
  };
  const virtual = (real: RealAccount) => {
    serial += 1;
    const number = String(20_000_000 + serial);
    const v = {
      id: `vac-${serial}`,
      accountId: real.id,
      institutionId: real.institutionId,
      name: 'VIRTUAL PAYER',
      status: 'Enabled',
      iban: `GB00CLRB040001${number}`,
      bban: `CLRB040001${number}`,
    } as VirtualAccount;
    state.get(book).virtual.set(v.id, v);
    return v;
  };
  const instruction = (over: Partial<NewInstruction> & { accountId: string }): NewInstruction => ({
    institutionId: 'inst-1',
    serviceUserNumber: '123456',
    reference: 'REF 0001',
    originatorName: 'ACME ENERGY',
    channel: 'Paper',
    source: 'Api',
    ...over,
  });
  const advanceDays = (days: number) => {
    clock.advance(days * 86_400_000);
    scheduler.runDue();
  };
  return { clock, state, host, emit, sent, account, virtual, instruction, advanceDays, scheduler };
}

const types = (w: ReturnType<typeof world>) => w.sent.map((s) => s.type);

describe('Bacs item returns in the scheme', () => {
  it('finds a credit only on its own (virtual) account, and only once settled', () => {
    const w = world();
    const real = w.account();
    const virtual = w.virtual(real);
    const credit = receiveInboundCredit(w.host, {
      institutionId: 'inst-1',
      payer: { account: real, virtual },
      amount: amountOf('10.00'),
      serviceUserNumber: '223556',
      reference: 'PAY 1',
    });
    const request = [{ transactionId: credit.id, reasonCode: '0' }];
    const onVirtual = { accountId: real.id, virtualAccountId: virtual.id };
    expect(checkReturns(w.state, 'inst-1', onVirtual, request)).toMatchObject({
      status: 400,
      errors: { 'returns[0].transactionId': ['the direct credit is Pending, not settled'] },
    });
    w.advanceDays(1);
    expect(checkReturns(w.state, 'inst-1', { accountId: real.id }, request)).toMatchObject({ status: 404 });
    expect(checkReturns(w.state, 'inst-2', onVirtual, request)).toMatchObject({ status: 404 });
    expect(
      checkReturns(w.state, 'inst-1', onVirtual, [
        ...request,
        { transactionId: credit.id.toUpperCase(), reasonCode: '0' },
      ]),
    ).toMatchObject({ status: 400, errors: { 'returns[1].transactionId': ['the item is named twice'] } });
    const items = checkReturns(w.state, 'inst-1', onVirtual, request);
    expect(Array.isArray(items)).toBe(true);
    const before = balanceOf(w.state, real.id).amount;
    const [made] = returnItems(w.host, items as never, request, w.emit);
    expect(balanceOf(w.state, real.id).amount.toString()).toBe(before.minus(10).toString());
    expect(types(w)).toEqual(['BacsDirectCreditInboundPaymentCreated', 'BacsDirectCreditReturnCreated']);
    expect(w.sent.at(-1)?.payload).toMatchObject({ OriginalBacsTransactionId: credit.id, ReasonCode: '0' });
    expect(returnNotSettled(w.host, made?.id as string)).toMatchObject({ status: 'NotSettled' });
    expect(balanceOf(w.state, real.id).amount.toString()).toBe(before.toString());
    expect(returnNotSettled(w.host, made?.id as string)).toBe('the return is NotSettled');
  });

  it('returns a paid direct debit with its U code, and refuses an unpaid one', () => {
    const w = world();
    const payer = w.account();
    const outcome = createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit);
    if (outcome.kind !== 'created') throw new Error(outcome.kind);
    w.advanceDays(1);
    const paid = requestCollection(w.host, { mandate: outcome.mandate, amount: amountOf('25.00') });
    const unpaid = requestCollection(w.host, { mandate: outcome.mandate, amount: amountOf('9999999.00') });
    const where = { accountId: payer.id };
    expect(
      checkReturns(w.state, 'inst-1', where, [{ transactionId: unpaid.bacsTransactionId, reasonCode: '0' }]),
    ).toMatchObject({
      status: 400,
      errors: { 'returns[0].transactionId': ['the direct debit is Unpaid, not paid'] },
    });
    // By the booked transaction id too.
    const request = [{ transactionId: paid.id, reasonCode: 'A' }];
    const items = checkReturns(w.state, 'inst-1', where, request);
    const before = balanceOf(w.state, payer.id).amount;
    returnItems(w.host, items as never, request, w.emit);
    expect(balanceOf(w.state, payer.id).amount.toString()).toBe(before.plus(25).toString());
    expect(w.sent.at(-1)).toMatchObject({
      type: 'BacsDirectDebitReturnCreated',
      payload: { TransactionCode: 'U1', ReasonCode: 'A', OriginalBacsTransactionId: paid.bacsTransactionId },
    });
  });

  it('recalls a credit before it settles; after, too late', () => {
    const w = world();
    const real = w.account();
    const input = {
      institutionId: 'inst-1',
      payer: { account: real },
      amount: amountOf('7.00'),
      serviceUserNumber: '223556',
      reference: 'PAY 2',
    };
    const early = receiveInboundCredit(w.host, input);
    const late = receiveInboundCredit(w.host, input);
    const opening = balanceOf(w.state, real.id).amount;
    expect(recallInboundCredit(w.host, early.id)).toMatchObject({ status: 'Recalled' });
    w.advanceDays(1);
    expect(balanceOf(w.state, real.id).amount.toString()).toBe(opening.plus(7).toString());
    expect(recallInboundCredit(w.host, late.id)).toBe('the credit is Settled');
    expect(recallInboundCredit(w.host, 'unknown')).toBeUndefined();
  });
});
