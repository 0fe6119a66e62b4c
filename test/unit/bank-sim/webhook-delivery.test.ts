import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import {
  type ListenerAnswer,
  MINUTE,
  type ReceivedWebhook,
  startListener,
  startTestSimulator,
  type WebhookListener,
} from './helpers.js';

describe('webhook delivery and retries', () => {
  let sim: BankSimulator;
  let listener: WebhookListener;
  afterEach(async () => {
    await sim.close();
    await listener.close();
  });

  async function setUp(
    answer: (webhook: ReceivedWebhook, index: number) => ListenerAnswer,
    webhookTimeoutMs?: number,
  ) {
    listener = await startListener(answer);
    sim = await startTestSimulator(webhookTimeoutMs ? { webhookTimeoutMs } : {}, {
      webhookUrl: listener.url,
    });
  }

  it('marks a webhook accepted when the answer is 200, the same Nonce and a valid signature', async () => {
    await setUp(() => ({}));

    const webhook = sim.emitWebhook('TransactionSettled', 6, { TransactionId: 't-1' });
    await sim.idle();

    expect(listener.received).toHaveLength(1);
    expect(listener.received[0]?.body).toBe(
      `{"Type":"TransactionSettled","Version":6,"Payload":{"TransactionId":"t-1"},"Nonce":${webhook.nonce}}`,
    );
    expect(sim.deliveries).toMatchObject([
      { webhookId: webhook.id, attempt: 1, outcome: 'accepted', retryReason: null },
    ]);
    expect(sim.scheduled()).toEqual([]);
  });

  it.each([
    ['Timeout', { delayMs: 1_500 }],
    ['HTTP', { status: 500 }],
    ['Non-repudiation', { sign: false }],
    ['Payload / Response Format', { body: '{"Nonce":1}' }],
    ['Payload / Response Format', { body: 'OK' }],
  ] as const)(
    'fails with %s and retries with that x-retry-reason 15 minutes later',
    async (reason, badAnswer) => {
      await setUp(
        (_webhook, index) => (index === 0 ? badAnswer : {}),
        reason === 'Timeout' ? 400 : undefined,
      );

      sim.emitWebhook('FITestEvent', 1, 'test me');
      await sim.idle();
      await sim.advanceClock(14 * MINUTE);
      const attemptsBeforeSlot = listener.received.length;
      await sim.advanceClock(1 * MINUTE);

      expect(attemptsBeforeSlot).toBe(1);
      expect(sim.deliveries.map((d) => [d.attempt, d.outcome, d.retryReason])).toEqual([
        [1, reason, null],
        [2, 'accepted', reason],
      ]);
      expect(listener.received[1]?.headers['x-delivery-attempt']).toBe('2');
      expect(listener.received[1]?.headers['x-retry-reason']).toBe(reason);
      expect(listener.received[1]?.body).toBe(listener.received[0]?.body);
      expect(sim.deliveries[1]?.at).toBe('2026-01-05T09:15:00.000Z');
    },
  );

  it('fails with Connection when nothing listens, and retries to the URL set since', async () => {
    await setUp(() => ({}));
    const liveUrl = listener.url;
    sim.setWebhookUrl('http://127.0.0.1:1/webhooks');

    sim.emitWebhook('FITestEvent', 1, 'test me');
    await sim.idle();
    sim.setWebhookUrl(liveUrl);
    await sim.advanceClock(15 * MINUTE);

    expect(sim.deliveries.map((d) => d.outcome)).toEqual(['Connection', 'accepted']);
    expect(listener.received[0]?.headers['x-retry-reason']).toBe('Connection');
  });

  it('retries every 15 minutes for 24 hours, then gives up', async () => {
    await setUp(() => ({ status: 503 }));

    const webhook = sim.emitWebhook('FITestEvent', 1, 'test me');
    await sim.idle();
    for (let step = 0; step < 100; step++) await sim.advanceClock(15 * MINUTE);
    await sim.advanceClock(24 * 60 * MINUTE);

    expect(listener.received).toHaveLength(97);
    expect(sim.deliveries.at(-1)).toMatchObject({
      attempt: 97,
      at: '2026-01-06T09:00:00.000Z',
      retryReason: 'HTTP',
      nextAttemptAt: null,
    });
    expect(sim.webhooks.find((w) => w.id === webhook.id)?.status).toBe('failed');
    expect(sim.scheduled()).toEqual([]);
  });

  it('sends one attempt when the clock jumps over several retry slots', async () => {
    await setUp(() => ({ status: 500 }));

    sim.emitWebhook('FITestEvent', 1, 'test me');
    await sim.idle();
    await sim.advanceClock(3 * 60 * MINUTE);

    expect(listener.received).toHaveLength(2);
    expect(sim.deliveries[1]?.nextAttemptAt).toBe('2026-01-05T12:15:00.000Z');
  });

  it('compares a Nonce beyond 2^53 by its digits', async () => {
    const digits = '123456789012345678901';
    await setUp((webhook) =>
      // The second webhook's listener round-trips the Nonce through a JS number, losing digits.
      webhook.body.includes('"lossy"') ? { body: `{"Nonce":${JSON.parse(webhook.body).Nonce}}` } : {},
    );

    sim.emitWebhook('FITestEvent', 1, 'exact', { nonce: digits });
    sim.emitWebhook('FITestEvent', 1, 'lossy', { nonce: digits });
    await sim.idle();

    expect(listener.received[0]?.body.endsWith(`"Nonce":${digits}}`)).toBe(true);
    expect(sim.deliveries.map((d) => d.outcome).sort()).toEqual(['Payload / Response Format', 'accepted']);
  });

  it('draws Nonces from 1 to 2^32, so some are above 2^31', async () => {
    await setUp(() => ({}));
    sim.institution.subscribedToWebhooks = false;

    const nonces = Array.from({ length: 64 }, () => Number(sim.emitWebhook('FITestEvent', 1, 'x').nonce));

    expect(nonces.every((n) => Number.isInteger(n) && n >= 1 && n <= 2 ** 32)).toBe(true);
    expect(nonces.some((n) => n > 2 ** 31)).toBe(true);
  });
});
