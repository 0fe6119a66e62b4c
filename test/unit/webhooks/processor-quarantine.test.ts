import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { MAX_KEY_LENGTH } from '#shared/webhooks/identity.js';
import { encodeQueueMessage } from '#shared/webhooks/queue-message.js';
import type { BankEvent } from '#shared/ports/events.js';
import { deepEnvelope, queueMessage, testProcessor as pipeline } from '#test/support/webhooks.js';

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`processor-quarantine-${Date.now()}-`);
});
afterAll(() => dynamo.close());

const run = `${Date.now()}`;
const envelope = (type: string, payload: string) =>
  `{"Type":"${type}","Version":1,"Payload":${payload},"Nonce":9}`;

describe('the processor quarantines a webhook it can never publish, at once and with the reason', () => {
  it('quarantines a 1 MB Type (no EventBridge detail-type) and logs it once, the type cut short', async () => {
    const world = pipeline(dynamo);
    const type = `Huge${'T'.repeat(1024 * 1024)}`;
    const message = await encodeQueueMessage(
      {
        body: Buffer.from(envelope(type, `{"n":"${run}"}`)),
        deliveryAttempt: '1',
        retryReason: undefined,
        receivedAt: '2026-03-02T08:00:00.000Z',
      },
      world.bodies,
    );

    const response = await world.deliver([message]);

    expect(response.batchItemFailures).toEqual([]);
    expect(world.published).toHaveLength(0);
    expect(world.quarantined).toEqual([
      { message, reason: expect.stringContaining('an EventBridge detail-type takes at most 128') },
    ]);
    const logged = world.lines.filter((line) => line.level === 'error');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('webhook quarantined');
    expect(logged[0]?.attributes.webhookType).toBe(type.slice(0, 100));
    expect(String(logged[0]?.attributes.key)).toMatch(/^HugeT{96}:sha256:[0-9a-f]{64}$/);
    expect(logged[0]?.attributes.reason).toBe(world.quarantined[0]?.reason);
  });

  it.each([3_000, 100_000])(
    'quarantines a payload nested %i deep, deeper than EventBridge takes',
    async (depth) => {
      const world = pipeline(dynamo);
      const message = queueMessage(deepEnvelope(depth));

      const response = await world.deliver([message]);

      expect(response.batchItemFailures).toEqual([]);
      expect(world.quarantined[0]?.reason).toBe(
        `the event detail nests ${depth + 1} levels deep; EventBridge takes at most 1000`,
      );
      expect(world.lines.find((line) => line.level === 'error')?.attributes.key).toMatch(
        /^Deep\.Thing:sha256:[0-9a-f]{64}$/,
      );
    },
  );

  it('publishes a payload nested 999 deep: with the detail around it, exactly EventBridge’s 1,000', async () => {
    const world = pipeline(dynamo);
    const payload = `[${'['.repeat(998)}"${run}"${']'.repeat(998)}]`;

    await world.deliver([queueMessage(envelope('Deep.Thing', payload))]);

    expect(world.quarantined).toHaveLength(0);
    expect(world.published).toHaveLength(1);
  });

  it('quarantines an event larger than an EventBridge entry (its body was claim-checked)', async () => {
    const world = pipeline(dynamo);
    const body = envelope('Big.Thing', `"${'b'.repeat(300 * 1024)}"`);
    const message = await encodeQueueMessage(
      {
        body: Buffer.from(body),
        deliveryAttempt: '1',
        retryReason: undefined,
        receivedAt: '2026-03-02T08:00:00Z',
      },
      world.bodies,
    );

    await world.deliver([message]);

    expect(world.quarantined[0]?.reason).toMatch(
      /^the event entry is \d+ bytes; EventBridge takes less than 262144$/,
    );
  });

  it.each([
    [
      'a body that is not an envelope (a quarantined message, re-driven)',
      queueMessage('{"Version":1,"Nonce":1}'),
    ],
    ['a message that is not a queued webhook', 'hello'],
  ])('quarantines %s again at its first receive', async (_, message) => {
    const world = pipeline(dynamo);

    const response = await world.deliver([message]);

    expect(response.batchItemFailures).toEqual([]);
    expect(world.quarantined).toEqual([
      { message, reason: expect.stringMatching(/^not a webhook envelope: /) },
    ]);
  });

  it('fails the record when the quarantine is down, logging that once, so SQS retries it', async () => {
    const world = pipeline(dynamo);
    world.deps.quarantine = {
      quarantine: async () => {
        throw new Error('the DLQ is down');
      },
    };

    const response = await world.deliver([queueMessage(deepEnvelope(3_000))]);

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
    expect(world.lines.filter((line) => line.level === 'error')).toMatchObject([
      {
        message: 'webhook could not be quarantined; the message will be retried',
        attributes: { webhookType: 'Deep.Thing', quarantineError: 'the DLQ is down' },
      },
    ]);
  });
});

describe('long identity fields stay within the inbox’s key size', () => {
  it('publishes a webhook whose TransactionId is 100 KB under a bounded key, and drops its redelivery', async () => {
    const world = pipeline(dynamo);
    const id = `${run}-${'x'.repeat(100 * 1024)}`;
    const body = (nonce: number) =>
      `{"Type":"TransactionSettled","Version":6,"Payload":{"TransactionId":"${id}","DebitCreditCode":"Credit"},"Nonce":${nonce}}`;

    const first = await world.deliver([queueMessage(body(1))]);
    const redelivery = await world.deliver([queueMessage(body(2))]);

    expect([first.batchItemFailures, redelivery.batchItemFailures]).toEqual([[], []]);
    expect(world.published).toHaveLength(1);
    const key = (world.published[0] as BankEvent | undefined)?.detail.key ?? '';
    expect(key).toMatch(/^TransactionSettled:sha256:[0-9a-f]{64}$/);
    expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH);
    expect(world.lines.map((line) => line.message)).toEqual([
      'webhook published',
      'duplicate webhook dropped',
    ]);
  });
});
