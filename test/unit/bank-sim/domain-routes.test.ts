import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { BankSimulator } from '#sim/simulator.js';
import { defineState } from '#sim/core/state.js';
import { defineTask } from '#sim/core/tasks.js';
import type { Product } from '#sim/core/product.js';
import {
  call,
  jsonOf,
  problemOf,
  startListener,
  startTestSimulator,
  type WebhookListener,
} from './helpers.js';

const payments = defineState('payments', () => new Map<string, { amount: string; status: string }>());
const settle = defineTask('v9 payment settlement', (host, endToEndId: string) => {
  const payment = host.state.get(payments).get(endToEndId);
  if (payment) payment.status = 'Settled';
  host.emitWebhook('FITestEvent', 1, `settled ${endToEndId}`);
});

/** A product the way the bank's products are added: routes with schemas, state, a 202 now and a webhook later. */
const paymentsProduct: Product = {
  name: 'v9-payments',
  bankRoutes(bank) {
    bank.route(
      'POST',
      '/v9/Accounts/{accountId}/Payments',
      (ctx) => {
        const store = ctx.state.get(payments);
        if (store.has(ctx.body.endToEndId)) return ctx.problem(409, 'Conflict', 'that payment exists');
        if (ctx.params.accountId === 'closed')
          return ctx.problem(422, 'Unprocessable', 'the account is closed');
        store.set(ctx.body.endToEndId, { amount: ctx.body.amount, status: 'Pending' });
        ctx.emit('FITestEvent', 1, `accepted ${ctx.body.endToEndId} on ${ctx.params.accountId}`);
        ctx.schedule(new Date(ctx.now().getTime() + 10_000), 'settle', settle, ctx.body.endToEndId);
        return { status: 202 };
      },
      {
        body: z.strictObject({
          endToEndId: z.string().check(z.minLength(1)),
          amount: z.string().check(z.regex(/^\d+\.\d{2}$/)),
        }),
      },
    );
    bank.route('GET', '/v9/Payments/{endToEndId}', (ctx) => {
      const payment = ctx.state.get(payments).get(ctx.params.endToEndId);
      return payment ? ctx.json(200, payment) : ctx.problem(404, 'Not Found', 'no such payment');
    });
    bank.route('GET', '/v9/Broken', () => {
      throw new Error('a bug in a handler');
    });
  },
};

describe('a product registered with route()', () => {
  let sim: BankSimulator;
  let listener: WebhookListener;
  beforeEach(async () => {
    listener = await startListener();
    sim = await startTestSimulator({ products: [paymentsProduct] }, { webhookUrl: listener.url });
  });
  afterEach(async () => {
    await sim.close();
    await listener.close();
  });

  const pay = (body: string, requestId?: string) =>
    call(sim, 'POST', '/v9/Accounts/acc-1/Payments', { body, requestId });

  it('gets params, the validated body and state, and its webhook goes out after the answer', async () => {
    const response = await pay('{"endToEndId":"e2e-1","amount":"10.00"}');
    await sim.idle();
    const read = await call(sim, 'GET', '/v9/Payments/e2e-1');

    expect(response.status).toBe(202);
    expect(await read.json()).toEqual({ amount: '10.00', status: 'Pending' });
    expect(JSON.parse(listener.received[0]?.body ?? '{}').Payload).toBe('accepted e2e-1 on acc-1');
  });

  it('runs scheduled outcomes when the simulated clock reaches them', async () => {
    await pay('{"endToEndId":"e2e-2","amount":"5.00"}');
    await sim.idle();
    await sim.advanceClock(9_999);
    const before = await jsonOf<{ status: string }>(await call(sim, 'GET', '/v9/Payments/e2e-2'));
    await sim.advanceClock(1);
    const after = await jsonOf<{ status: string }>(await call(sim, 'GET', '/v9/Payments/e2e-2'));

    expect(before.status).toBe('Pending');
    expect(after.status).toBe('Settled');
    expect(sim.webhooks.map((w) => JSON.parse(w.body).Payload)).toEqual([
      'accepted e2e-2 on acc-1',
      'settled e2e-2',
    ]);
  });

  it('answers a body that fails the schema with the errors map per property', async () => {
    const response = await pay('{"endToEndId":"","amount":"10"}');

    expect(response.status).toBe(400);
    expect(Object.keys((await problemOf(response)).errors).sort()).toEqual(['amount', 'endToEndId']);
  });

  it('releases the X-Request-Id and sends no webhook when the handler refuses', async () => {
    const refused = await call(sim, 'POST', '/v9/Accounts/closed/Payments', {
      body: '{"endToEndId":"e2e-3","amount":"1.00"}',
      requestId: 'req-closed',
    });
    const retried = await pay('{"endToEndId":"e2e-3","amount":"1.00"}', 'req-closed');
    await sim.idle();

    expect(refused.status).toBe(422);
    expect(retried.status).toBe(202);
    expect(sim.webhooks).toHaveLength(1);
  });

  it('answers 500 in problem form when a handler throws', async () => {
    const response = await call(sim, 'GET', '/v9/Broken');

    expect(response.status).toBe(500);
    expect((await problemOf(response)).title).toBe('Internal Server Error');
  });

  it('refuses a second route for the same method and path', () => {
    expect(() => sim.route('GET', '/v9/Payments/{id}', () => ({ status: 200 }))).toThrow(
      /already registered/,
    );
  });
});
