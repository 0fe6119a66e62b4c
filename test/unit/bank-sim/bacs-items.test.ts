import { describe, expect, it } from 'vitest';
import { world } from './bacs-helpers.js';
import {
  checkReturns,
  receiveInboundCredit,
  recallInboundCredit,
  returnItems,
  returnNotSettled,
} from '#sim/products/direct-debits/items.js';
import { amountOf, createInstruction, requestCollection } from '#sim/products/direct-debits/scheme.js';
import { balanceOf } from '#sim/core/ledger.js';

/**
 * Bacs items in the simulated scheme (`items.ts`): a return finds its item on the path's account only (a virtual
 * account's on that virtual account), refuses what is not settled, returned or of another kind, moves the money
 * back, and undoes it when the return does not settle.
 */

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
