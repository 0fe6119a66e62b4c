import { describe, expect, it } from 'vitest';
import { world } from './bacs-helpers.js';
import {
  bacs,
  cancelInstruction,
  createInstruction,
  findAccountByIdentification,
  lookupInstruction,
  type Mandate,
  receiveUnappliedCredit,
  requestCollection,
  returnInstruction,
  amendInstruction,
  amountOf,
} from '#sim/products/direct-debits/scheme.js';
import { balanceOf, ledger } from '#sim/core/ledger.js';

function created(outcome: ReturnType<typeof createInstruction>): Mandate {
  if (outcome.kind !== 'created') throw new Error(`expected created, got ${outcome.kind}`);
  return outcome.mandate;
}

describe('the Bacs scheme: instructions', () => {
  it('makes an instruction Active and sends BacsMandateInitiated with the payer and originator details', () => {
    const w = world();
    const payer = w.account();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    expect(mandate.state).toBe('Active');
    expect(w.sent).toEqual([
      {
        type: 'BacsMandateInitiated',
        version: 2,
        payload: {
          MandateId: mandate.id,
          OriginatorInformation: {
            AccountName: 'ACME ENERGY',
            SortCode: '608371',
            AccountNumber: '00123456',
          },
          PayerInformation: {
            AccountName: 'JANE DOE',
            SortCode: '040001',
            AccountNumber: payer.bban.slice(-8),
          },
          ServiceUserNumber: '123456',
          Reference: 'REF 0001',
          TransactionCode: '0N',
          Source: 'Api',
        },
      },
    ]);
  });

  it('answers a repeat of service user number and reference with the same instruction and sends nothing', () => {
    const w = world();
    const payer = w.account();
    const first = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    const again = createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit);
    expect(again).toEqual({ kind: 'duplicate', mandate: first });
    expect(w.sent).toHaveLength(1);
    expect(w.state.get(bacs).mandates.size).toBe(1);
  });

  it('refuses a create on a general segregated or suspense account, and the automated service fails it (F)', () => {
    const w = world();
    for (const usage of ['SegregatedPooled', 'ClientSuspense'] as const) {
      const refused = createInstruction(w.host, w.instruction({ accountId: w.account(usage).id }), w.emit);
      expect(refused.kind).toBe('refused');
    }
    expect(w.sent).toEqual([]);
    const segregated = w.account('SegregatedPooled');
    const viaBacs = createInstruction(
      w.host,
      w.instruction({ accountId: segregated.id, channel: 'Automated', source: 'Bacs' }),
      w.emit,
    );
    expect(viaBacs).toMatchObject({ kind: 'failed', reasonCode: 'F', mandate: { state: 'Rejected' } });
    expect(w.sent.map((s) => [s.type, s.payload.ReasonCode])).toEqual([['BacsMandateInitiationFailed', 'F']]);
  });

  it('lets designated segregated accounts take instructions', () => {
    const w = world();
    const outcome = createInstruction(
      w.host,
      w.instruction({ accountId: w.account('SegregatedDesignated').id }),
      w.emit,
    );
    expect(outcome.kind).toBe('created');
  });

  it('fails an instruction for a disabled virtual account with reason B', () => {
    const w = world();
    const v = w.virtual(w.account());
    v.status = 'Disabled';
    const outcome = createInstruction(
      w.host,
      w.instruction({ accountId: v.accountId, virtualAccountId: v.id }),
      w.emit,
    );
    expect(outcome).toMatchObject({ kind: 'failed', reasonCode: 'B' });
  });

  it('cancels a live instruction once; a second cancel is a BacsMandateCancellationFailed with reason 6', () => {
    const w = world();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: w.account().id }), w.emit));
    expect(cancelInstruction(w.host, mandate, 'Api', w.emit)).toBe('cancelled');
    expect(cancelInstruction(w.host, mandate, 'Api', w.emit)).toBe('not-found');
    expect(mandate.state).toBe('Cancelled');
    expect(w.sent.slice(1).map((s) => [s.type, s.payload.TransactionCode, s.payload.ReasonCode])).toEqual([
      ['BacsMandateCancelled', '0C', undefined],
      ['BacsMandateCancellationFailed', '0C', '6'],
    ]);
  });

  it('tells an instruction of another account from an unknown one', () => {
    const w = world();
    const mine = w.account();
    const other = w.account();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: other.id }), w.emit));
    expect(lookupInstruction(w.state, 'inst-1', mine.id, undefined, mandate.id).kind).toBe('other-account');
    expect(lookupInstruction(w.state, 'inst-1', other.id, undefined, mandate.id).kind).toBe('found');
    expect(lookupInstruction(w.state, 'inst-2', other.id, undefined, mandate.id).kind).toBe('other-account');
    expect(lookupInstruction(w.state, 'inst-1', other.id, undefined, 'nope').kind).toBe('unknown');
  });

  it('returns an instruction before any collection, and fails a return after one', () => {
    const w = world();
    const payer = w.account();
    const early = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    expect(returnInstruction(w.host, early, '1', w.emit)).toBe('returned');
    expect(early.state).toBe('Returned');
    const late = created(
      createInstruction(w.host, w.instruction({ accountId: payer.id, reference: 'REF 0002' }), w.emit),
    );
    w.advanceDays(1);
    requestCollection(w.host, { mandate: late, amount: amountOf('10.00') });
    expect(returnInstruction(w.host, late, '1', w.emit)).toBe('failed');
    expect(
      w.sent
        .filter((s) => s.type.startsWith('BacsMandateReturn'))
        .map((s) => [s.type, s.payload.ReasonCode ?? s.payload.ErrorMessage]),
    ).toEqual([
      ['BacsMandateReturned', '1'],
      ['BacsMandateReturnFailed', 'Mandate return request is not valid'],
    ]);
  });

  it('moves an instruction to the new debtor account found by its BBAN, not to a general segregated one', () => {
    const w = world();
    const from = w.account();
    const to = w.virtual(w.account());
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: from.id }), w.emit));
    const target = findAccountByIdentification(w.state, 'inst-1', { bban: to.bban.toLowerCase() });
    expect(target?.virtual?.id).toBe(to.id);
    expect(amendInstruction(mandate, target!)).toEqual({ kind: 'amended' });
    expect([mandate.accountId, mandate.virtualAccountId]).toEqual([to.accountId, to.id]);
    const segregated = findAccountByIdentification(w.state, 'inst-1', {
      iban: w.account('SegregatedPooled').iban,
    });
    expect(amendInstruction(mandate, segregated!).kind).toBe('refused');
    expect(findAccountByIdentification(w.state, 'inst-2', { bban: to.bban })).toBeUndefined();
  });
});

describe('the Bacs scheme: collections', () => {
  it('collects a paper instruction from the next day and an automated one from the third', () => {
    const w = world();
    const payer = w.account();
    const paper = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    const automated = created(
      createInstruction(
        w.host,
        w.instruction({ accountId: payer.id, reference: 'AUTO 1', channel: 'Automated', source: 'Bacs' }),
        w.emit,
      ),
    );
    expect([paper.firstCollectionDate, automated.firstCollectionDate]).toEqual(['2026-03-03', '2026-03-05']);
    expect(() => requestCollection(w.host, { mandate: paper, amount: amountOf(5) })).toThrow(
      /from 2026-03-03/,
    );
    expect(() =>
      requestCollection(w.host, { mandate: automated, amount: amountOf(5), date: '2026-03-04' }),
    ).toThrow(/automated instruction may be collected from 2026-03-05/);
  });

  it('debits the payer account through the ledger on the processing day, a virtual account from its real account', () => {
    const w = world();
    const payer = w.account();
    const v = w.virtual(payer);
    const mandate = created(
      createInstruction(w.host, w.instruction({ accountId: payer.id, virtualAccountId: v.id }), w.emit),
    );
    const collection = requestCollection(w.host, { mandate, amount: amountOf('12.34'), date: '2026-03-04' });
    expect(collection.status).toBe('Scheduled');
    w.advanceDays(1);
    expect(collection.status).toBe('Scheduled');
    w.advanceDays(1);
    expect(collection.status).toBe('Paid');
    expect(balanceOf(w.state, payer.id).amount.toFixed(2)).toBe('999987.66');
    expect(w.state.get(ledger).transactions.at(-1)).toMatchObject({
      accountId: payer.id,
      virtualAccountId: v.id,
      scheme: 'Bacs',
      direction: 'Debit',
      reference: 'REF 0001',
    });
  });

  it('makes a collection the account cannot pay an unpaid item (reason 0, U1) with BacsUnpaidDirectDebitReceived', () => {
    const w = world();
    const payer = w.account();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    w.advanceDays(1);
    requestCollection(w.host, { mandate, amount: amountOf('1000000.01') });
    const [item] = w.state.get(bacs).items;
    expect(item).toMatchObject({
      kind: 'UnpaidDirectDebit',
      reasonCode: '0',
      transactionCode: 'U1',
      sortCode: '040001',
    });
    expect(balanceOf(w.state, payer.id).amount.toFixed(2)).toBe('1000000.00');
    expect(w.sent.at(-1)).toEqual({
      type: 'BacsUnpaidDirectDebitReceived',
      version: 3,
      institutionId: 'inst-1',
      payload: {
        CreditorInformation: { AccountName: 'ACME ENERGY', SortCode: '608371', AccountNumber: '00123456' },
        DebtorInformation: {
          AccountName: 'JANE DOE',
          SortCode: '040001',
          AccountNumber: payer.bban.slice(-8),
        },
        Reference: 'REF 0001',
        Amount: 1000000.01,
        ProcessingDate: '2026-03-03T00:00:00Z',
        TransactionCode: 'U1',
        Status: 'Pending',
        ServiceUserNumber: '123456',
        ReasonCode: '0',
        Source: 'Bacs',
        BacsTransactionId: item!.bacsTransactionId,
      },
    });
  });

  it('numbers collections 01, 17 and a final 19 that finishes the instruction; one cancelled before its day is unpaid (1)', () => {
    const w = world();
    const payer = w.account();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    w.advanceDays(1);
    const codes = [
      requestCollection(w.host, { mandate, amount: amountOf(1) }),
      requestCollection(w.host, { mandate, amount: amountOf(1) }),
      requestCollection(w.host, { mandate, amount: amountOf(1), final: true }),
    ].map((c) => c.transactionCode);
    expect(codes).toEqual(['01', '17', '19']);
    expect(mandate.state).toBe('Finished');

    const other = created(
      createInstruction(w.host, w.instruction({ accountId: payer.id, reference: 'REF 0009' }), w.emit),
    );
    requestCollection(w.host, { mandate: other, amount: amountOf(2), date: '2026-03-10' });
    cancelInstruction(w.host, other, 'Api', w.emit);
    w.advanceDays(7);
    expect(w.state.get(bacs).items.at(-1)).toMatchObject({ mandateId: other.id, reasonCode: '1' });
  });

  it('records an unapplied credit for the account’s sort code with BacsUnappliedCreditReceived (RA), moving no money', () => {
    const w = world();
    const payer = w.account();
    const item = receiveUnappliedCredit(w.host, {
      payer: { account: payer },
      institutionId: 'inst-1',
      amount: amountOf('1.05'),
      serviceUserNumber: '229816',
      reference: 'LATIZHAPMDULOUBXAX',
      reasonCode: 'C',
    });
    expect(item).toMatchObject({
      kind: 'UnappliedCredit',
      transactionCode: 'RA',
      sortCode: '040001',
      reasonCode: 'C',
    });
    expect(balanceOf(w.state, payer.id).amount.toFixed(2)).toBe('1000000.00');
    expect(w.sent.at(-1)).toMatchObject({
      type: 'BacsUnappliedCreditReceived',
      version: 3,
      payload: { Amount: 1.05 },
    });
  });
});

describe('the Bacs scheme: dormancy', () => {
  it('cancels an instruction with no collection for 24 months at the next weekly check, with BacsMandateCancelled', () => {
    const w = world();
    const mandate = created(createInstruction(w.host, w.instruction({ accountId: w.account().id }), w.emit));
    w.advanceDays(365 * 2 - 7);
    expect(mandate.state).toBe('Active');
    w.advanceDays(14);
    expect(mandate.state).toBe('Cancelled');
    expect(w.sent.at(-1)).toMatchObject({ type: 'BacsMandateCancelled', payload: { Source: 'ClearBank' } });
  });

  it('counts from the last collection and honours a longer period agreed by the service user', () => {
    const w = world();
    const payer = w.account();
    w.state
      .get(bacs)
      .serviceUsers.set('654321', { sortCode: '200000', accountNumber: '12345678', dormancyMonths: 48 });
    const collected = created(createInstruction(w.host, w.instruction({ accountId: payer.id }), w.emit));
    const agreed = created(
      createInstruction(w.host, w.instruction({ accountId: payer.id, serviceUserNumber: '654321' }), w.emit),
    );
    w.advanceDays(365);
    requestCollection(w.host, { mandate: collected, amount: amountOf(1) });
    w.advanceDays(400);
    expect([collected.state, agreed.state]).toEqual(['Active', 'Active']);
    w.advanceDays(400);
    expect([collected.state, agreed.state]).toEqual(['Cancelled', 'Active']);
    w.advanceDays(310);
    expect(agreed.state).toBe('Cancelled');
  });
});
