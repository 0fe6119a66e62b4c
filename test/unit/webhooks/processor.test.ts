import type { Context, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookProcessor } from '../../../functions/webhook-processor.js';
import { type LocalDynamo, startLocalDynamo } from '../../../local/dynamo.js';
import { webhookInboxTable } from '../../../shared/config/tables.js';
import { ManualClock } from '../../../shared/ports/clock.js';
import { DynamoDbWebhookInbox, INBOX_LEASE_MS } from '../../../shared/webhooks/dynamodb-inbox.js';
import type { BankEvent, QueuedWebhook } from '../../../shared/webhooks/ports.js';
import { processWebhook } from '../../../shared/webhooks/process.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`processor-${Date.now()}-`);
});
afterAll(() => dynamo.close());

/** A processor on a fresh inbox, with a bus that records events and can be told to fail. */
function pipeline() {
  const published: BankEvent[] = [];
  const bus = { failNext: 0 };
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const deps = {
    inbox: new DynamoDbWebhookInbox(dynamo.client, dynamo.tableName(webhookInboxTable)),
    events: {
      publish: async (event: BankEvent) => {
        if (bus.failNext > 0) {
          bus.failNext--;
          throw new Error('EventBridge unavailable');
        }
        published.push(event);
      },
    },
    clock,
    log: silent,
  };
  const handler = createWebhookProcessor(() => deps);
  const deliver = (messages: QueuedWebhook[]) =>
    handler(
      {
        Records: messages.map((message, index) => ({
          messageId: `m-${index}`,
          body: JSON.stringify(message),
          eventSource: 'aws:sqs',
        })),
      } as unknown as SQSEvent,
      { getRemainingTimeInMillis: () => 30_000, functionName: 'processor' } as Context,
    );
  return { deps, deliver, published, bus, clock };
}

/** Keys unique to this run: the inbox table outlives a single test. */
const run = `${Date.now()}`;
const webhook = (type: string, payload: unknown, attempt = '1'): QueuedWebhook => ({
  body: JSON.stringify({
    Type: type,
    Version: 1,
    Payload: payload,
    Nonce: Math.floor(Math.random() * 2 ** 32),
  }),
  deliveryAttempt: attempt,
  retryReason: undefined,
  receivedAt: '2026-03-02T08:00:00.000Z',
});

describe('the webhook processor publishes one event per unique webhook', () => {
  it('publishes a webhook with its type, version, key and payload', async () => {
    const { deliver, published } = pipeline();
    const payload = { TransactionId: `t-${run}-a`, Amount: 10.5 };
    const response = await deliver([webhook('TransactionSettled', payload)]);
    expect(response.batchItemFailures).toEqual([]);
    expect(published).toEqual([
      {
        source: 'clearway.bank',
        detailType: 'TransactionSettled',
        detail: {
          type: 'TransactionSettled',
          version: 1,
          key: `TransactionSettled:t-${run}-a`,
          receivedAt: '2026-03-02T08:00:00.000Z',
          deliveryAttempt: 1,
          payload,
        },
      },
    ]);
  });

  it('drops a redelivery with another nonce as a duplicate', async () => {
    const { deliver, published } = pipeline();
    const payload = { TransactionId: `t-${run}-b` };
    await deliver([webhook('TransactionSettled', payload)]);
    await deliver([webhook('TransactionSettled', payload, '2')]);
    expect(published).toHaveLength(1);
  });

  it('treats a trailing V<n> as the same type', async () => {
    const { deliver, published } = pipeline();
    const payload = { MandateId: `m-${run}` };
    await deliver([webhook('BacsMandateInitiated', payload), webhook('BacsMandateInitiatedV2', payload)]);
    expect(published).toHaveLength(1);
  });

  it('publishes webhooks that arrive out of order, each once', async () => {
    const { deliver, published } = pipeline();
    const id = `t-${run}-c`;
    const settled = webhook('TransactionSettled', { TransactionId: id });
    const rejected = webhook('TransactionRejected', { TransactionId: id });
    await deliver([rejected, settled, rejected]);
    expect(published.map((event) => event.detailType)).toEqual(['TransactionRejected', 'TransactionSettled']);
  });

  it('identifies an unknown type by a hash of type, version and canonical payload', async () => {
    const { deliver, published } = pipeline();
    await deliver([
      webhook('Brand.New.Thing', { b: 2, a: `x-${run}` }),
      webhook('Brand.New.Thing', { a: `x-${run}`, b: 2 }),
      webhook('Brand.New.Thing', { a: `x-${run}`, b: 3 }),
    ]);
    expect(published).toHaveLength(2);
    expect(published[0]?.detail.key).toMatch(/^Brand\.New\.Thing:sha256:[0-9a-f]{64}$/);
  });

  it('reports a failed publish for retry and publishes on the redelivery', async () => {
    const { deliver, published, bus } = pipeline();
    const message = webhook('AccountCreated', { AccountId: `a-${run}` });
    bus.failNext = 1;
    const first = await deliver([message]);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
    expect(published).toHaveLength(0);
    const second = await deliver([message]);
    expect(second.batchItemFailures).toEqual([]);
    expect(published).toHaveLength(1);
  });

  it('republishes when a worker died after claiming, once its lease has run out', async () => {
    const { deps, published, clock } = pipeline();
    const message = webhook('AccountCreated', { AccountId: `a-${run}-crash` });
    await deps.inbox.claim(`AccountCreated:a-${run}-crash`, clock.now());
    await expect(processWebhook(message, deps)).rejects.toThrow(/being processed/);
    clock.advance(INBOX_LEASE_MS + 1);
    await expect(processWebhook(message, deps)).resolves.toBe('published');
    expect(published).toHaveLength(1);
  });

  it('fails only the broken record of a batch', async () => {
    const { deliver, published } = pipeline();
    const handlerInput = [webhook('AccountCreated', { AccountId: `a-${run}-ok` })];
    const response = await deliver([
      ...handlerInput,
      { ...handlerInput[0], body: 'not json' } as QueuedWebhook,
    ]);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(published).toHaveLength(1);
  });
});
