import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import { createMccyInternalTransfer } from '#shared/operations/mccy-accounts/operations.js';
import { call, startTestSimulator } from './helpers.js';

describe('the simulator answers a plain-form route’s rule failure without an errors map', () => {
  let sim: BankSimulator;
  beforeEach(async () => {
    sim = await startTestSimulator({ products: [] });
    // The record's own rules (problemForm: 'plain'), on a handler that must never run.
    sim.route(
      'POST',
      createMccyInternalTransfer.path,
      () => {
        throw new Error('the rules should have refused the request');
      },
      createMccyInternalTransfer,
    );
  });
  afterEach(() => sim.close());

  it('writes the 400 as type, title, status, detail and instance, the property named in the detail', async () => {
    const body = JSON.stringify({
      debitAccountIban: 'DE89370400440532013000',
      creditAccountIban: 'GB82WEST12345698765432',
      instructedAmount: 10,
      instructedCurrency: 'GBP',
      endToEndId: 'E2E1',
    });

    const response = await call(sim, 'POST', createMccyInternalTransfer.path, { body });

    expect(response.status).toBe(400);
    const problem = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(problem).sort()).toEqual(['detail', 'instance', 'status', 'title', 'type']);
    expect(problem).toMatchObject({ status: 400, instance: '/v1/mccy/internaltransfers' });
    expect(problem.detail).toMatch(/^instructedCurrency: instructedCurrency must be one of/);
  });
});
