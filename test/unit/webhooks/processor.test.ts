import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { INBOX_LEASE_MS } from '#shared/webhooks/dynamodb-inbox.js';
import { detailText } from '#shared/webhooks/event-limits.js';
import { processWebhook } from '#shared/webhooks/process.js';
import { queueMessage, testProcessor as pipeline } from '#test/support/webhooks.js';

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`processor-${Date.now()}-`);
});
afterAll(() => dynamo.close());

/** Keys unique to this run: the inbox table outlives a single test. */
const run = `${Date.now()}`;
const webhook = (type: string, payload: unknown, attempt = '1') =>
  queueMessage(
    JSON.stringify({ Type: type, Version: 1, Payload: payload, Nonce: Math.floor(Math.random() * 2 ** 32) }),
    attempt,
  );

describe('the webhook processor publishes one event per unique webhook', () => {
  it('publishes a webhook with its type, version, key and payload', async () => {
    const { deliver, published } = pipeline(dynamo);
    const payload = { TransactionId: `t-${run}-a`, DebitCreditCode: 'Debit', Amount: 10.5 };
    const response = await deliver([webhook('TransactionSettled', payload)]);
    expect(response.batchItemFailures).toEqual([]);
    expect(published.map((event) => [event.source, event.detailType])).toEqual([
      ['clearway.bank', 'TransactionSettled'],
    ]);
    expect(JSON.parse(detailText(published[0]!))).toEqual({
      type: 'TransactionSettled',
      version: 1,
      key: `TransactionSettled:t-${run}-a:Debit`,
      receivedAt: '2026-03-02T08:00:00.000Z',
      deliveryAttempt: 1,
      payload,
    });
  });

  it('publishes the payload’s numbers with the digits the bank wrote', async () => {
    const { deliver, published } = pipeline(dynamo);
    const body = `{"Type":"TransactionSettled","Version":6,"Payload":{"TransactionId":"t-${run}-digits","Amount":10.50,"Big":12345678901234567890},"Nonce":7}`;
    await deliver([queueMessage(body)]);
    expect(detailText(published[0]!)).toContain(
      `"payload":{"TransactionId":"t-${run}-digits","Amount":10.50,"Big":12345678901234567890}`,
    );
  });

  it('drops a redelivery with another nonce as a duplicate', async () => {
    const { deliver, published } = pipeline(dynamo);
    const payload = { TransactionId: `t-${run}-b` };
    await deliver([webhook('TransactionSettled', payload)]);
    await deliver([webhook('TransactionSettled', payload, '2')]);
    expect(published).toHaveLength(1);
  });

  it('treats a trailing V<n> as the same type', async () => {
    const { deliver, published } = pipeline(dynamo);
    const payload = { MandateId: `m-${run}` };
    await deliver([webhook('BacsMandateInitiated', payload), webhook('BacsMandateInitiatedV2', payload)]);
    expect(published).toHaveLength(1);
  });

  it('publishes webhooks that arrive out of order, each once', async () => {
    const { deliver, published } = pipeline(dynamo);
    const id = `t-${run}-c`;
    const settled = webhook('TransactionSettled', { TransactionId: id });
    const rejected = webhook('TransactionRejected', { TransactionId: id });
    await deliver([rejected, settled, rejected]);
    // The batch's records are processed concurrently, so the two may be published in either order.
    expect(published.map((event) => event.detailType).sort()).toEqual([
      'TransactionRejected',
      'TransactionSettled',
    ]);
  });

  it('identifies an unknown type by a hash of type, version and canonical payload', async () => {
    const { deliver, published } = pipeline(dynamo);
    await deliver([
      webhook('Brand.New.Thing', { b: 2, a: `x-${run}` }),
      webhook('Brand.New.Thing', { a: `x-${run}`, b: 2 }),
      webhook('Brand.New.Thing', { a: `x-${run}`, b: 3 }),
    ]);
    expect(published).toHaveLength(2);
    expect(published[0]?.detail.key).toMatch(/^Brand\.New\.Thing:sha256:[0-9a-f]{64}$/);
  });

  it('reports a failed publish for retry and publishes on the redelivery', async () => {
    const { deliver, published, bus } = pipeline(dynamo);
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
    const { deps, published, clock } = pipeline(dynamo);
    const message = webhook('AccountCreated', { AccountId: `a-${run}-crash` });
    await deps.inbox.claim(`AccountCreated:a-${run}-crash`, clock.now());
    await expect(processWebhook(message, deps)).rejects.toThrow(/being processed/);
    clock.advance(INBOX_LEASE_MS + 1);
    await expect(processWebhook(message, deps)).resolves.toBe('published');
    expect(published).toHaveLength(1);
  });

  it('fails only the record whose publish failed, and logs that failure once with type, key and reason', async () => {
    const { deliver, published, bus, lines } = pipeline(dynamo);
    // By key, not "the next publish": the processor handles a batch's records concurrently.
    bus.failKeys.add(`AccountCreated:a-${run}-failed`);
    const response = await deliver([
      webhook('AccountCreated', { AccountId: `a-${run}-failed` }),
      webhook('AccountCreated', { AccountId: `a-${run}-ok` }),
    ]);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
    expect(published).toHaveLength(1);
    expect(lines.filter((line) => line.level === 'error')).toEqual([
      {
        level: 'error',
        message: 'webhook processing failed; the message will be retried',
        attributes: {
          webhookType: 'AccountCreated',
          key: `AccountCreated:a-${run}-failed`,
          basis: 'payload',
          reason: 'EventBridge unavailable',
        },
      },
    ]);
  });
});
