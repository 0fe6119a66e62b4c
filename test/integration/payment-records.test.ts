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
