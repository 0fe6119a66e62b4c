import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import type { DeliveryRecord, WebhookRecord } from '#sim/core/webhooks.js';
import {
  admin,
  call,
  jsonOf,
  problemOf,
  startListener,
  startTestSimulator,
  type WebhookListener,
} from './helpers.js';

describe('admin endpoints under /__sim/', () => {
  let sim: BankSimulator;
  let listener: WebhookListener | undefined;
  afterEach(async () => {
    await sim.close();
    await listener?.close();
  });

  it('reads, advances and sets the clock', async () => {
    sim = await startTestSimulator();

    const read = await (await admin(sim, 'GET', '/__sim/clock')).json();
    const advanced = await (
      await admin(sim, 'POST', '/__sim/clock/advance', { hours: 1, minutes: 30 })
    ).json();
    const set = await (await admin(sim, 'POST', '/__sim/clock/set', { to: '2026-03-29T00:30:00Z' })).json();

    expect(read).toEqual({ now: '2026-01-05T09:00:00.000Z' });
    expect(advanced).toEqual({ now: '2026-01-05T10:30:00.000Z' });
    expect(set).toEqual({ now: '2026-03-29T00:30:00.000Z' });
  });

  it('moves the clock only forward: setting it back is a 400 naming the sandbox time', async () => {
    sim = await startTestSimulator();
    await admin(sim, 'POST', '/__sim/clock/set', { to: '2026-03-29T00:30:00Z' });

    const back = await admin(sim, 'POST', '/__sim/clock/set', { to: '2026-03-28T00:00:00Z' });

    expect(back.status).toBe(400);
    const problem = await problemOf(back);
    expect(problem.errors.to?.[0]).toContain('it is 2026-03-29T00:30:00.000Z');
    expect(sim.clock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('answers a bad admin body 400 with the errors map', async () => {
    sim = await startTestSimulator();

    const response = await admin(sim, 'POST', '/__sim/clock/advance', { hours: -1 });

    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors)).toEqual(['hours']);
  });

  it('sets, reads and clears faults', async () => {
    sim = await startTestSimulator();

    const put = await admin(sim, 'PUT', '/__sim/faults', { failNext: [{ status: 429, retryAfter: 2 }] });
    const faulted = await call(sim, 'GET', '/v1/Test');
    await admin(sim, 'PUT', '/__sim/faults', { unavailableRate: 1 });
    const cleared = await admin(sim, 'DELETE', '/__sim/faults');
    const bad = await admin(sim, 'PUT', '/__sim/faults', { failNext: [{ status: 418 }] });

    expect(put.status).toBe(200);
    expect(faulted.status).toBe(429);
    expect(faulted.headers.get('retry-after')).toBe('2');
    expect(await cleared.json()).toEqual({});
    expect((await call(sim, 'GET', '/v1/Test')).status).toBe(200);
    expect(bad.status).toBe(400);
  });

  it('lists received requests, filters by X-Request-Id, and clears the log', async () => {
    sim = await startTestSimulator();
    await call(sim, 'POST', '/v1/Test', { body: '{"a":1}', requestId: 'req-a' });
    await call(sim, 'GET', '/v1/Test', { requestId: 'req-b' });

    const all = await (await admin(sim, 'GET', '/__sim/requests')).json();
    const one = await (await admin(sim, 'GET', '/__sim/requests?requestId=req-a')).json();
    const cleared = await admin(sim, 'DELETE', '/__sim/requests');
    const after = await (await admin(sim, 'GET', '/__sim/requests')).json();

    expect(all).toHaveLength(2);
    expect(one).toMatchObject([{ method: 'POST', path: '/v1/Test', body: '{"a":1}', status: 200 }]);
    expect(cleared.status).toBe(204);
    expect(after).toEqual([]);
  });

  it('emits a webhook with a given Nonce and lists its deliveries', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });

    const response = await admin(sim, 'POST', '/__sim/webhooks', {
      Type: 'TransactionSettled',
      Version: 6,
      Payload: { TransactionId: 't-9' },
      Nonce: '98765432109876543210',
    });
    const { webhook, deliveries } = await jsonOf<{ webhook: WebhookRecord; deliveries: DeliveryRecord[] }>(
      response,
    );
    const listed = await (await admin(sim, 'GET', `/__sim/deliveries?webhookId=${webhook.id}`)).json();

    expect(listener.received[0]?.body).toBe(
      '{"Type":"TransactionSettled","Version":6,"Payload":{"TransactionId":"t-9"},"Nonce":98765432109876543210}',
    );
    expect(deliveries).toMatchObject([{ outcome: 'accepted', nonce: '98765432109876543210' }]);
    expect(listed).toEqual(deliveries);
  });

  it('runs due webhook retries when the clock is advanced over HTTP', async () => {
    listener = await startListener((_webhook, index) => (index === 0 ? { status: 500 } : {}));
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    await admin(sim, 'POST', '/__sim/webhooks', { Type: 'FITestEvent', Version: 1, Payload: 'test me' });

    await admin(sim, 'POST', '/__sim/clock/advance', { minutes: 15 });
    const deliveries = await jsonOf<DeliveryRecord[]>(await admin(sim, 'GET', '/__sim/deliveries'));

    expect(deliveries.map((d) => d.outcome)).toEqual(['HTTP', 'accepted']);
  });

  it('runs due retries on the next request when the clock was moved directly', async () => {
    listener = await startListener((_webhook, index) => (index === 0 ? { status: 500 } : {}));
    sim = await startTestSimulator({}, { webhookUrl: listener.url });
    sim.emitWebhook('FITestEvent', 1, 'test me');
    await sim.idle();

    sim.clock.advance(15 * 60 * 1000);
    await call(sim, 'GET', '/v1/Test');
    await sim.idle();

    expect(listener.received).toHaveLength(2);
  });

  it('changes the webhook URL and subscription of the institution without showing its tokens', async () => {
    sim = await startTestSimulator();

    const response = await admin(sim, 'PATCH', '/__sim/institution', {
      webhookUrl: 'http://127.0.0.1:3000/webhooks',
      subscribedToWebhooks: false,
    });
    const view = await response.json();

    expect(view).toMatchObject({ webhookUrl: 'http://127.0.0.1:3000/webhooks', subscribedToWebhooks: false });
    expect(JSON.stringify(view)).not.toContain('sandbox-token-1234');
    expect(sim.institution.webhookUrl).toBe('http://127.0.0.1:3000/webhooks');
  });

  it('keeps admin calls out of the request log and answers unknown admin paths 404', async () => {
    sim = await startTestSimulator();

    const unknown = await admin(sim, 'GET', '/__sim/nothing');
    await admin(sim, 'GET', '/__sim/clock');

    expect(unknown.status).toBe(404);
    expect(sim.requests).toEqual([]);
  });
});
