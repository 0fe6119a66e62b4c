import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import { call, startListener, startTestSimulator, type WebhookListener } from './helpers.js';

describe('GET and POST /v1/Test', () => {
  let sim: BankSimulator;
  let listener: WebhookListener | undefined;
  afterEach(async () => {
    await sim.close();
    await listener?.close();
  });

  it('echoes the body member as Message, as the reference documents', async () => {
    sim = await startTestSimulator();
    const body = '{"body":"hello world!"}';

    const response = await call(sim, 'POST', '/v1/Test', { body });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Message: 'hello world!' });
  });

  it('sends a signed FITestEvent carrying the content, which the listener accepts', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });

    await call(sim, 'POST', '/v1/Test', { body: '{"body":"test me"}' });
    await sim.idle();

    expect(listener.received).toHaveLength(1);
    const [webhook] = listener.received;
    expect(webhook?.signatureValid).toBe(true);
    expect(webhook?.headers['x-delivery-attempt']).toBe('1');
    expect(webhook?.headers['x-retry-reason']).toBeUndefined();
    expect(webhook?.body).toMatch(/^\{"Type":"FITestEvent","Version":1,"Payload":"test me","Nonce":\d+\}$/);
    expect(sim.deliveries).toMatchObject([
      { type: 'FITestEvent', attempt: 1, outcome: 'accepted', status: 200 },
    ]);
    expect(sim.webhooks[0]?.status).toBe('delivered');
  });

  it('sends no FITestEvent to an institution that is not subscribed', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url, subscribedToWebhooks: false });

    const response = await call(sim, 'POST', '/v1/Test', { body: '{}' });
    await sim.idle();

    expect(response.status).toBe(200);
    expect(listener.received).toHaveLength(0);
    expect(sim.webhooks[0]?.status).toBe('not-subscribed');
  });

  it('sends no FITestEvent for a refused request', async () => {
    listener = await startListener();
    sim = await startTestSimulator({}, { webhookUrl: listener.url });

    await call(sim, 'POST', '/v1/Test', { body: '"just a string"' });
    await sim.idle();

    expect(listener.received).toHaveLength(0);
  });
});
