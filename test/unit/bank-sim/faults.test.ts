import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import {
  call,
  MINUTE,
  problemOf,
  startListener,
  startTestSimulator,
  type WebhookListener,
} from './helpers.js';

describe('request faults', () => {
  let sim: BankSimulator;
  afterEach(() => sim.close());

  it('answers the next request 503 with Retry-After before processing, so the retry with the same id succeeds', async () => {
    sim = await startTestSimulator();
    sim.setFaults({ failNext: [{ status: 503, retryAfter: 1 }] });
    const body = '{"attempt":"same bytes"}';

    const first = await call(sim, 'POST', '/v1/Test', { body, requestId: 'req-503' });
    const retry = await call(sim, 'POST', '/v1/Test', { body, requestId: 'req-503' });

    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.headers.get('x-correlation-id')).toBeTruthy();
    expect((await problemOf(first)).title).toBe('Service Unavailable');
    expect(retry.status).toBe(200);
    expect(sim.requests.map((r) => [r.requestId, r.body, r.status, r.fault])).toEqual([
      ['req-503', body, 503, '503'],
      ['req-503', body, 200, null],
    ]);
  });

  it('sends no webhook for a request answered with a fault', async () => {
    sim = await startTestSimulator();
    sim.setFaults({ failNext: [{ status: 500 }] });

    await call(sim, 'POST', '/v1/Test', { body: '{}' });

    expect(sim.webhooks).toHaveLength(0);
  });

  it('answers shares of requests 500, 503 and 429 by the configured rates', async () => {
    const draws = [0.05, 0.15, 0.25, 0.95];
    sim = await startTestSimulator({ random: () => draws.shift() ?? 1 });
    sim.setFaults({ errorRate: 0.1, unavailableRate: 0.1, rateLimitRate: 0.1, retryAfterSeconds: 7 });

    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(sim, 'GET', '/v1/Test')).status);

    expect(statuses).toEqual([500, 503, 429, 200]);
    expect(sim.requests[2]?.title).toBe('Too Many Requests');
  });

  it('drops the connection without an answer', async () => {
    sim = await startTestSimulator();
    sim.setFaults({ failNext: [{ drop: true }] });

    await expect(call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'req-drop' })).rejects.toThrow();
    const retry = await call(sim, 'POST', '/v1/Test', { body: '{}', requestId: 'req-drop' });

    expect(retry.status).toBe(200);
    expect(sim.requests[0]).toMatchObject({ fault: 'drop', status: null });
  });

  it('adds latency and then processes the request', async () => {
    sim = await startTestSimulator();
    sim.setFaults({ failNext: [{ latencyMs: 150 }] });

    const started = performance.now();
    const response = await call(sim, 'GET', '/v1/Test');

    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('holds a request drawn by slowRate, then processes it, and logs it as slow', async () => {
    sim = await startTestSimulator({ random: () => 0.05 });
    sim.setFaults({ slowRate: 0.1, slowLatencyMs: 150 });

    const started = performance.now();
    const response = await call(sim, 'POST', '/v1/Test', {
      body: '{"late":"but done"}',
      requestId: 'req-slow',
    });

    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(200);
    expect(sim.requests[0]).toMatchObject({ requestId: 'req-slow', status: 200, fault: 'slow' });
    expect(sim.webhooks.map((webhook) => webhook.type)).toEqual(['FITestEvent']);
  });

  it('refuses fault rates that add up to more than 1', async () => {
    sim = await startTestSimulator();

    expect(() => sim.setFaults({ errorRate: 0.6, dropRate: 0.6 })).toThrow(/more than 1/);
    expect(() => sim.setFaults({ errorRate: 0.6, slowRate: 0.6 })).toThrow(/more than 1/);
    expect(sim.faults).toEqual({});
  });
});

describe('webhook faults', () => {
  let sim: BankSimulator;
  let listener: WebhookListener;
  afterEach(async () => {
    await sim.close();
    await listener.close();
  });

  it('delivers a webhook twice with the same body when told to', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    sim.setFaults({ nextWebhooks: ['duplicate'] });

    sim.emitWebhook('TransactionSettled', 6, { TransactionId: 't-1' });
    await sim.idle();

    expect(listener.received).toHaveLength(2);
    expect(listener.received[0]?.body).toBe(listener.received[1]?.body);
    expect(sim.deliveries.map((d) => [d.copy, d.outcome]).sort()).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
    ]);
  });

  it('signs the first attempt badly; the institution refuses it and the retry verifies', async () => {
    listener = await startListener((webhook) => (webhook.signatureValid ? {} : { status: 401 }));
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    sim.setFaults({ nextWebhooks: ['bad-signature'] });

    sim.emitWebhook('FITestEvent', 1, 'test me');
    await sim.idle();
    await sim.advanceClock(15 * MINUTE);

    expect(listener.received.map((w) => w.signatureValid)).toEqual([false, true]);
    expect(sim.deliveries.map((d) => [d.signedCorrectly, d.outcome])).toEqual([
      [false, 'HTTP'],
      [true, 'accepted'],
    ]);
  });

  it('holds webhooks marked out-of-order and sends them after the next one, newest first', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    sim.setFaults({ nextWebhooks: ['out-of-order', 'out-of-order'] });

    sim.emitWebhook('FITestEvent', 1, 'first');
    sim.emitWebhook('FITestEvent', 1, 'second');
    await sim.idle();
    const whileHeld = listener.received.length;
    sim.emitWebhook('FITestEvent', 1, 'third');
    await sim.idle();

    expect(whileHeld).toBe(0);
    expect(listener.received.map((w) => JSON.parse(w.body).Payload)).toEqual(['third', 'second', 'first']);
  });

  it('sends held webhooks when released', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    sim.setFaults({ outOfOrderWebhookRate: 1 });

    sim.emitWebhook('FITestEvent', 1, 'a');
    sim.emitWebhook('FITestEvent', 1, 'b');
    const released = sim.releaseHeldWebhooks();
    await sim.idle();

    expect(released).toBe(2);
    expect(listener.received.map((w) => JSON.parse(w.body).Payload)).toEqual(['b', 'a']);
  });
});
