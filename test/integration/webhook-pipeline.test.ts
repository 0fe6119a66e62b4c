import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';
import { transactionSettledPayload } from '../support/webhook-payloads.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

const settled = (id: string) => transactionSettledPayload({ TransactionId: id });

describe('webhooks from the bank become exactly one event each', () => {
  it('publishes one event per unique webhook when the bank delivers twice and out of order', async () => {
    // Documented TransactionIds are GUIDs: this run's three share their last group.
    const run = String(Date.now()).slice(-12);
    const id = (n: number) => `0000000${n}-0000-4000-8000-${run}`;
    world.simulator.setFaults({ nextWebhooks: ['out-of-order', 'duplicate', 'out-of-order'] });
    const emitted = [
      world.simulator.emitWebhook('TransactionSettled', 6, settled(id(1))),
      world.simulator.emitWebhook('TransactionSettled', 6, settled(id(2))),
      world.simulator.emitWebhook('TransactionSettled', 6, settled(id(3))),
    ];
    world.simulator.releaseHeldWebhooks();
    // The bank redelivers the first one later, with a new nonce, as it may.
    world.simulator.emitWebhook('TransactionSettled', 6, settled(id(1)));

    const keys = (await world.events())
      .map((event) => event.detail.key)
      .filter((key) => key.includes(`${run}`));
    expect(keys.sort()).toEqual([1, 2, 3].map((n) => `TransactionSettled:${id(n)}:Credit`));

    const ids = new Set(emitted.map((webhook) => webhook.id));
    const deliveries = world.simulator.deliveries.filter((delivery) => ids.has(delivery.webhookId));
    expect(deliveries).toHaveLength(4);
    expect(deliveries.every((delivery) => delivery.outcome === 'accepted')).toBe(true);
  });

  it('publishes nothing for a badly signed delivery, and the event once the bank retries correctly signed', async () => {
    const id = randomUUID();
    world.simulator.setFaults({ nextWebhooks: ['bad-signature'] });
    const webhook = world.simulator.emitWebhook('TransactionSettled', 6, settled(id));
    const keyOf = `TransactionSettled:${id}:Credit`;
    expect((await world.events()).filter((event) => event.detail.key === keyOf)).toHaveLength(0);

    await world.simulator.advanceClock(15 * 60 * 1000);
    expect((await world.events()).filter((event) => event.detail.key === keyOf)).toHaveLength(1);
    const outcomes = world.simulator.deliveries
      .filter((delivery) => delivery.webhookId === webhook.id)
      .map((delivery) => [delivery.outcome, delivery.status]);
    expect(outcomes).toEqual([
      ['HTTP', 401],
      ['accepted', 200],
    ]);
  });

  it('publishes a type it does not know, keyed by a hash of its content', async () => {
    world.simulator.emitWebhook('Brand.New.Event', 1, { Something: `new-${Date.now()}` });
    const events = await world.events();
    expect(events.at(-1)).toMatchObject({ detailType: 'Brand.New.Event' });
    expect(events.at(-1)?.detail.key).toMatch(/^Brand\.New\.Event:sha256:/);
  });
});
