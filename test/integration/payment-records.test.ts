import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';
import { transactionSettledPayload } from '../support/webhook-payloads.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

const emit = (body: unknown) =>
  world.bank('/__sim/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the sandbox keeps payment records and serves them at /gateway/payments/{endToEndId}', () => {
  it('answers 404 problem for a payment it does not know', async () => {
    const response = await world.gateway('/gateway/payments/unknown-e2e');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers 400 naming endToEndId for one longer than 35 characters', async () => {
    const response = await world.gateway(`/gateway/payments/${'a'.repeat(36)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { endToEndId: [expect.any(String)] } });
  });

  it('records a settled FPS debit it never claimed from its webhook, with the event and the history', async () => {
    const endToEndId = `sandbox-${Date.now()}`;
    expect(
      (
        await emit({
          Type: 'TransactionSettled',
          Version: 6,
          Payload: transactionSettledPayload({
            EndToEndTransactionId: endToEndId,
            Amount: 25.5,
            DebitCreditCode: 'Debit',
            Account: { IBAN: 'GB33BUKB20201555555555' },
            CounterpartAccount: { IBAN: 'GB94BARC10201530093459' },
            SupplementaryData: [{ Name: 'AbusiveMessageScreeningResult', Value: 'Pass' }],
          }),
        })
      ).status,
    ).toBe(200);
    const events = await world.events();
    expect(events.filter((event) => event.detailType === 'PaymentStatusChanged')).toHaveLength(1);

    const response = await world.gateway(`/gateway/payments/${endToEndId}`);
    expect(response.status).toBe(200);
    const record = (await response.json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      endToEndId,
      status: 'Settled',
      direction: 'Outbound',
      amount: '25.5',
      debtorAccount: '****5555',
      creditorAccount: '****3459',
      history: [{ from: null, to: 'Settled', screening: { result: 'Pass' } }],
    });
    expect(JSON.stringify(record)).not.toContain('20201555555555');
  });

  it('row 1 (issue 27): a rejection after a settlement keeps both facts in the history, marked as a conflict, with its event', async () => {
    const endToEndId = `conflict-${Date.now()}`;
    const settled = transactionSettledPayload({
      EndToEndTransactionId: endToEndId,
      Amount: 40,
      DebitCreditCode: 'Debit',
      Account: { IBAN: 'GB33BUKB20201555555555' },
      CounterpartAccount: { IBAN: 'GB94BARC10201530093459' },
    });
    expect((await emit({ Type: 'TransactionSettled', Version: 6, Payload: settled })).status).toBe(200);
    const rejected = {
      TransactionId: settled.TransactionId,
      Status: 'Rejected',
      Scheme: 'FasterPayments',
      EndToEndTransactionId: endToEndId,
      Amount: 40,
      TimestampModified: '2026-03-02T10:05:00.000Z',
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Debit',
      Reference: 'Invoice 7',
      IsReturn: false,
      CancellationReason: 'Creditor account number invalid or not reachable',
      CancellationCode: 'AC03',
      Account: { IBAN: 'GB33BUKB20201555555555', BBAN: 'BUKB20201555555555' },
      CounterpartAccount: { IBAN: 'GB94BARC10201530093459', BBAN: null },
    };
    expect((await emit({ Type: 'TransactionRejected', Version: 2, Payload: rejected })).status).toBe(200);
    await world.sandbox.settle();

    const record = (await (await world.gateway(`/gateway/payments/${endToEndId}`)).json()) as {
      status: string;
      history: Array<{ from: string | null; to: string; conflict?: boolean }>;
    };
    expect(record.status).toBe('Rejected');
    expect(record.history.map(({ from, to, conflict }) => [from, to, conflict ?? false])).toEqual([
      [null, 'Settled', false],
      ['Settled', 'Rejected', true],
    ]);
    const changes = (await world.events()).filter(
      (event) =>
        event.detailType === 'PaymentStatusChanged' &&
        (event.detail as unknown as { endToEndId: string }).endToEndId === endToEndId,
    );
    expect(changes.map((event) => (event.detail as unknown as { to: string }).to)).toEqual([
      'Settled',
      'Rejected',
    ]);
  });
});

describe('held payments in the sandbox: a visible status with its reason, moved on by the release', () => {
  type Record = {
    status: string;
    scheme: string;
    direction: string;
    amount?: string;
    history: Array<{
      from: string | null;
      to: string;
      hold?: { reason: string; heldAt?: string };
      late?: boolean;
    }>;
  };
  const recordOf = async (endToEndId: string) => {
    const response = await world.gateway(`/gateway/payments/${endToEndId}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Record;
  };
  const changesOf = async (endToEndId: string) =>
    (await world.events())
      .filter(
        (event) =>
          event.detailType === 'PaymentStatusChanged' &&
          (event.detail as unknown as { endToEndId: string }).endToEndId === endToEndId,
      )
      .map((event) => (event.detail as unknown as { transitionId: string }).transitionId);
  const account = { IBAN: 'GB33BUKB20201555555555', BBAN: 'BUKB20201555555555' };
  const counterpart = { IBAN: 'GB94BARC10201530093459', BBAN: 'BARC10201530093459' };

  it('shows an outbound CHAPS payment Held with the hold’s reason and time, then Settled on its release', async () => {
    const endToEndId = `held-out-${Date.now()}`;
    const held = {
      TimestampCreated: '2026-03-02T10:01:00Z',
      Scheme: 'Chaps',
      CounterpartAccount: counterpart,
      Account: account,
      TransactionAmount: 1500,
      PaymentReference: 'INV-9',
      EndToEndTransactionId: endToEndId,
    };
    expect((await emit({ Type: 'OutboundHeldTransaction', Version: 1, Payload: held })).status).toBe(200);
    await world.sandbox.settle();
    expect(await recordOf(endToEndId)).toMatchObject({
      status: 'Held',
      scheme: 'CHAPS',
      direction: 'Outbound',
      amount: '1500',
      history: [
        {
          from: null,
          to: 'Held',
          hold: { reason: expect.stringContaining('compliance'), heldAt: '2026-03-02T10:01:00Z' },
        },
      ],
    });

    const settled = transactionSettledPayload({
      Scheme: 'Chaps',
      EndToEndTransactionId: endToEndId,
      Amount: 1500,
      DebitCreditCode: 'Debit',
      Account: account,
      CounterpartAccount: counterpart,
    });
    // The release, delivered twice, and the hold again: each transition once.
    for (const webhook of [
      { Type: 'TransactionSettled', Version: 6, Payload: settled },
      { Type: 'TransactionSettled', Version: 6, Payload: settled },
      { Type: 'OutboundHeldTransaction', Version: 1, Payload: held },
    ])
      expect((await emit(webhook)).status).toBe(200);
    await world.sandbox.settle();
    const record = await recordOf(endToEndId);
    expect(record.status).toBe('Settled');
    expect(record.history.map(({ from, to }) => `${from}->${to}`)).toEqual(['null->Held', 'Held->Settled']);
    expect(await changesOf(endToEndId)).toEqual([`${endToEndId}/1/Held`, `${endToEndId}/1/Settled`]);
  });

  it('shows a held inbound payment Held and Settled on its release; a hold told after a release is kept, marked late', async () => {
    const stamp = Date.now();
    const held = (endToEndId: string) => ({
      TimestampCreated: '2026-03-02T10:02:00Z',
      Scheme: 'Chaps',
      Account: account,
      CounterpartAccount: { IBAN: counterpart.IBAN },
      TransactionAmount: 250,
      EndToEndTransactionId: endToEndId,
    });
    const credit = (endToEndId: string) =>
      transactionSettledPayload({
        Scheme: 'Chaps',
        EndToEndTransactionId: endToEndId,
        Amount: 250,
        DebitCreditCode: 'Credit',
        Account: account,
        CounterpartAccount: { IBAN: counterpart.IBAN },
      });
    const inOrder = `held-in-${stamp}`;
    const late = `held-late-${stamp}`;
    expect((await emit({ Type: 'InboundHeldTransaction', Version: 1, Payload: held(inOrder) })).status).toBe(
      200,
    );
    await world.sandbox.settle();
    expect(await recordOf(inOrder)).toMatchObject({ status: 'Held', direction: 'Inbound', scheme: 'CHAPS' });
    for (const webhook of [
      { Type: 'TransactionSettled', Version: 6, Payload: credit(inOrder) },
      { Type: 'TransactionSettled', Version: 6, Payload: credit(late) },
      { Type: 'InboundHeldTransaction', Version: 1, Payload: held(late) },
    ])
      expect((await emit(webhook)).status).toBe(200);
    await world.sandbox.settle();

    const moves = async (endToEndId: string) =>
      (await recordOf(endToEndId)).history.map(({ from, to, late }) => [from, to, late ?? false]);
    expect((await recordOf(inOrder)).status).toBe('Settled');
    expect(await moves(inOrder)).toEqual([
      [null, 'Held', false],
      ['Held', 'Settled', false],
    ]);
    expect((await recordOf(late)).status).toBe('Settled');
    expect(await moves(late)).toEqual([
      [null, 'Settled', false],
      ['Settled', 'Held', true],
    ]);
    expect(await changesOf(late)).toEqual([`${late}/1/Settled`, `${late}/1/Held`]);
  });
});
