import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { DynamoDbPaymentStore } from '#shared/payments/dynamodb-store.js';
import { createdRecord, type PaymentRecord } from '#shared/payments/status.js';
import { paymentsTable } from '#shared/payments/table.js';
import { paymentsWebhookHook } from '#shared/payments/track.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { transactionSettledPayload } from '#test/support/webhook-payloads.js';
import { queueMessage, testProcessor as pipeline } from '#test/support/webhooks.js';

/**
 * The processor and the payments hook on dynalite, with the CHAPS webhooks of one payment delivered twice and
 * out of order, in one batch and across batches: the record ends where the bank's word puts it, each
 * transition written and published once, each unique webhook published once.
 */
let dynamo: LocalDynamo;
let store: DynamoDbPaymentStore;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`payment-holds-${Date.now()}-`);
  store = new DynamoDbPaymentStore(dynamo.client, dynamo.tableName(paymentsTable));
});
afterAll(() => dynamo.close());

const run = Date.now().toString(36);
const at = new Date('2026-03-02T07:59:00Z');
const message = (type: string, version: number, payload: unknown) =>
  queueMessage(JSON.stringify({ Type: type, Version: version, Payload: payload, Nonce: 1 }));

function webhooksOf(endToEndId: string) {
  const account = { IBAN: 'GB33BUKB04000412345678', BBAN: 'BUKB04000412345678' };
  const counterpart = { IBAN: 'GB94BARC20000055779911', BBAN: 'BARC20000055779911' };
  return {
    held: message('OutboundHeldTransaction', 1, {
      TimestampCreated: '2026-03-02T08:00:00Z',
      Scheme: 'Chaps',
      CounterpartAccount: counterpart,
      Account: account,
      TransactionAmount: 1000.5,
      PaymentReference: 'INV-1',
      EndToEndTransactionId: endToEndId,
    }),
    settled: message(
      'TransactionSettled',
      6,
      transactionSettledPayload({
        TransactionId: randomUUID(),
        Scheme: 'Chaps',
        EndToEndTransactionId: endToEndId,
        Amount: 1000.5,
        DebitCreditCode: 'Debit',
        Account: account,
        CounterpartAccount: counterpart,
      }),
    ),
  };
}

async function claimed(endToEndId: string): Promise<void> {
  const record = createdRecord(
    endToEndId,
    'Outbound',
    { scheme: 'CHAPS', amount: '1000.50', currency: 'GBP' },
    { to: 'Submitted', at, cause: 'claim' },
    'req-1',
  );
  expect(await store.create(record)).toBe(true);
}

function processor() {
  const p = pipeline(dynamo);
  const events = p.deps.events as { publish(event: ClearwayEvent): Promise<void> };
  p.deps.hooks = [paymentsWebhookHook({ store, events, log: p.deps.log })];
  const changes = () =>
    (p.published.filter((event) => event.source === 'clearway.gateway') as GatewayEvent[]).map(
      (event) => event.detail.transitionId,
    );
  const bankEvents = () =>
    p.published.filter((event) => event.source === 'clearway.bank').map((e) => e.detailType);
  return { ...p, changes, bankEvents };
}

const moves = (record: PaymentRecord | undefined) =>
  record?.history.map(
    (t) => `${t.from}->${t.to}${t.conflict ? ' (conflict)' : ''}${t.late ? ' (late)' : ''}`,
  );

describe('a CHAPS payment’s hold and settlement through the processor, duplicated and reordered', () => {
  it('in one batch, each twice: held then settled, each transition and each webhook published once', async () => {
    const endToEndId = `hold-a-${run}`;
    await claimed(endToEndId);
    const { held, settled } = webhooksOf(endToEndId);
    const p = processor();
    expect((await p.deliver([held, settled, held, settled])).batchItemFailures).toEqual([]);
    expect(moves(await store.get(endToEndId))).toEqual([
      'null->Submitted',
      'Submitted->Held',
      'Held->Settled',
    ]);
    expect(p.changes()).toEqual([`${endToEndId}/1/Held`, `${endToEndId}/1/Settled`]);
    expect(p.bankEvents()).toEqual(['OutboundHeldTransaction', 'TransactionSettled']);
  });

  it('settled before held across batches: Settled stays the status, the hold marked late, published once', async () => {
    const endToEndId = `hold-b-${run}`;
    await claimed(endToEndId);
    const { held, settled } = webhooksOf(endToEndId);
    const p = processor();
    for (const batch of [[settled], [held], [settled, held]])
      expect((await p.deliver(batch)).batchItemFailures).toEqual([]);
    const record = await store.get(endToEndId);
    expect(record?.status).toBe('Settled');
    expect(moves(record)).toEqual(['null->Submitted', 'Submitted->Settled', 'Settled->Held (late)']);
    expect(p.changes()).toEqual([`${endToEndId}/1/Settled`, `${endToEndId}/1/Held`]);
    expect(p.bankEvents()).toEqual(['TransactionSettled', 'OutboundHeldTransaction']);
  });

  it('remembers a received CHAPS payment by its TransactionId, which a return names', async () => {
    const endToEndId = `II-in-${run}`;
    const p = processor();
    const credit = message(
      'TransactionSettled',
      6,
      transactionSettledPayload({
        TransactionId: '8f0c3b4e-1111-4222-8333-944455556666',
        Scheme: 'Chaps',
        EndToEndTransactionId: endToEndId,
        DebitCreditCode: 'Credit',
      }),
    );
    expect((await p.deliver([credit, credit])).batchItemFailures).toEqual([]);
    expect(await store.get(endToEndId)).toMatchObject({
      status: 'Settled',
      scheme: 'CHAPS',
      direction: 'Inbound',
      paymentId: '8f0c3b4e-1111-4222-8333-944455556666',
    });
    expect(await store.endToEndIdOfPayment('8f0c3b4e-1111-4222-8333-944455556666')).toBe(endToEndId);
    // The index item is no payment: reading it as one finds nothing.
    expect(await store.get('payment#8f0c3b4e-1111-4222-8333-944455556666')).toBeUndefined();
  });
});
