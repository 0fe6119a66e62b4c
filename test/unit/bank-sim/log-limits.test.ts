import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGGED_BODY_BYTES } from '#sim/core/logs.js';
import type { BankSimulator } from '#sim/simulator.js';
import { call, startListener, startTestSimulator, type WebhookListener } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the simulator logs stay bounded whatever the traffic', () => {
  let sim: BankSimulator;
  let listener: WebhookListener;
  afterEach(async () => {
    await sim.close();
    await listener.close();
  });

  it('keeps only the newest requests, webhooks and deliveries within its log limits', async () => {
    listener = await startListener();
    sim = await startTestSimulator({ logLimits: { count: 2 } }, { webhookUrl: listener.url });

    for (const n of [1, 2, 3]) await call(sim, 'POST', '/v1/Test', { body: `{"n":${n}}` });
    await sim.idle();

    expect(sim.requests.map((request) => request.body)).toEqual(['{"n":2}', '{"n":3}']);
    expect(sim.webhooks.map((webhook) => JSON.parse(webhook.body).Payload)).toEqual(['{"n":2}', '{"n":3}']);
    expect(sim.deliveries.map((delivery) => delivery.webhookId)).toEqual(sim.webhooks.map((w) => w.id));
  });

  it('logs only the start of a long body, with its exact length and SHA-256, and still sends every byte', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    const body = JSON.stringify({ text: 'x'.repeat(3 * LOGGED_BODY_BYTES) });

    await call(sim, 'POST', '/v1/Test', { body });
    await sim.idle();

    const [request] = sim.requests;
    expect(request?.body).toBe(body.slice(0, LOGGED_BODY_BYTES));
    expect(request).toMatchObject({ bodyBytes: body.length, bodySha256: sha256(body) });
    const [webhook] = sim.webhooks;
    const sent = listener.received[0]?.body ?? '';
    expect(webhook?.body).toBe(sent.slice(0, LOGGED_BODY_BYTES));
    expect(webhook).toMatchObject({ bodyBytes: sent.length, bodySha256: sha256(sent), status: 'delivered' });
    expect(sent.length).toBeGreaterThan(3 * LOGGED_BODY_BYTES);
  });
});
