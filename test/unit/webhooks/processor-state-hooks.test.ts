import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { paymentsTable } from '#shared/payments/table.js';
import { DynamoDbPaymentStore } from '#shared/payments/dynamodb-store.js';
import { paymentsWebhookHook } from '#shared/payments/track.js';
import type { ClaimedWebhook } from '#shared/webhooks/process.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { queueMessage, testProcessor as pipeline } from '#test/support/webhooks.js';

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`state-hooks-${Date.now()}-`);
});
afterAll(() => dynamo.close());

const run = `${Date.now()}`;
const webhook = (type: string, payload: unknown) =>
  queueMessage(JSON.stringify({ Type: type, Version: 1, Payload: payload, Nonce: 1 }));

describe('the processor runs its state hooks between the inbox claim and the publication', () => {
  it('hands each hook the claimed webhook before the bank event is published', async () => {
    const processor = pipeline(dynamo);
    const seen: Array<{ webhook: ClaimedWebhook; publishedBefore: number }> = [];
    processor.deps.hooks = [
      async (claimed) => {
        seen.push({ webhook: claimed, publishedBefore: processor.published.length });
      },
    ];
    await processor.deliver([
      webhook('TransactionSettled', { TransactionId: `t-${run}-1`, DebitCreditCode: 'Debit' }),
    ]);
    expect(seen).toEqual([
      {
        webhook: expect.objectContaining({
          type: 'TransactionSettled',
          version: 1,
          key: `TransactionSettled:t-${run}-1:Debit`,
          payload: { TransactionId: `t-${run}-1`, DebitCreditCode: 'Debit' },
          receivedAt: '2026-03-02T08:00:00.000Z',
        }),
        publishedBefore: 0,
      },
    ]);
    expect(processor.published).toHaveLength(1);
  });

  it('retries the message when a hook fails: nothing published, the next delivery runs it again', async () => {
    const processor = pipeline(dynamo);
    let failures = 1;
    processor.deps.hooks = [
      async () => {
        if (failures-- > 0) throw new Error('payments table unavailable');
      },
    ];
    const message = webhook('TransactionSettled', { TransactionId: `t-${run}-2`, DebitCreditCode: 'Debit' });
    expect((await processor.deliver([message])).batchItemFailures).toHaveLength(1);
    expect(processor.published).toHaveLength(0);
    expect((await processor.deliver([message])).batchItemFailures).toEqual([]);
    expect(processor.published).toHaveLength(1);
  });

  it('moves a payment on TransactionSettled and, after a failed publication, publishes the same transition again', async () => {
    const processor = pipeline(dynamo);
    const store = new DynamoDbPaymentStore(dynamo.client, dynamo.tableName(paymentsTable));
    const events = processor.deps.events as { publish(event: ClearwayEvent): Promise<void> };
    processor.deps.hooks = [paymentsWebhookHook({ store, events, log: processor.deps.log })];
    const endToEndId = `e2e-${run}`;
    const message = webhook('TransactionSettled', {
      TransactionId: `t-${run}-3`,
      Scheme: 'FasterPayments',
      EndToEndTransactionId: endToEndId,
      DebitCreditCode: 'Debit',
      Amount: 12.34,
      CurrencyCode: 'GBP',
    });
    // The payment event goes out, then the bank event fails: the message is retried.
    processor.bus.failNext = 0;
    const original = events.publish.bind(events);
    let calls = 0;
    events.publish = async (event) => {
      calls++;
      if (calls === 2) throw new Error('EventBridge unavailable');
      return original(event);
    };
    expect((await processor.deliver([message])).batchItemFailures).toHaveLength(1);
    expect((await processor.deliver([message])).batchItemFailures).toEqual([]);

    const payments = processor.published.filter(
      (event) => event.source === 'clearway.gateway',
    ) as GatewayEvent[];
    expect(payments.map((event) => event.detail.transitionId)).toEqual([
      `${endToEndId}/1/Settled`,
      `${endToEndId}/1/Settled`,
    ]);
    expect(processor.published.filter((event) => event.source === 'clearway.bank')).toHaveLength(1);
    const record = await store.get(endToEndId);
    expect(record).toMatchObject({ status: 'Settled', direction: 'Outbound', amount: '12.34' });
    expect(record?.history).toHaveLength(1);
  });
});
