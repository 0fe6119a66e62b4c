import * as z from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import type { Product } from '#sim/core/product.js';
import { call, startTestSimulator } from './helpers.js';

const body = z.strictObject({ currency: z.string().check(z.length(3, 'currency must be 3 letters.')) });

const product: Product = {
  name: 'plain-problems',
  bankRoutes(bank) {
    bank.route('POST', '/plain', (ctx) => ctx.problem(422, 'Unprocessable', 'not offered'), {
      body,
      problemForm: 'plain',
    });
    bank.route('POST', '/full', (ctx) => ctx.problem(422, 'Unprocessable', 'not offered'), { body });
  },
};

describe('routes answering the plain problem-detail form (the multi-currency family)', () => {
  let sim: BankSimulator;
  afterEach(async () => {
    await sim.close();
  });

  it("leaves out errors on a validation refusal and on the handler's own answers; a refused field is named in the detail", async () => {
    sim = await startTestSimulator({ products: [product] });

    const invalid = await call(sim, 'POST', '/plain', { body: '{"currency":"EURO"}' });
    const refused = await call(sim, 'POST', '/plain', { body: '{"currency":"EUR"}' });
    const full = await call(sim, 'POST', '/full', { body: '{"currency":"EURO"}' });

    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      type: 'about:blank',
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'currency: currency must be 3 letters.',
      instance: '/plain',
    });
    expect(await refused.json()).toEqual({
      type: 'about:blank',
      title: 'Unprocessable',
      status: 422,
      detail: 'not offered',
      instance: '/plain',
    });
    expect(await full.json()).toHaveProperty('errors.currency');
  });
});
