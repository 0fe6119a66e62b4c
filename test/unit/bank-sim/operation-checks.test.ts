import { afterEach, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import { amendAccount, createAccount } from '#shared/operations/sterling-accounts/operations.js';
import { call, jsonOf, problemOf, startTestSimulator } from './helpers.js';

let sim: BankSimulator | undefined;
afterEach(() => sim?.close());

async function createdAccountId(simulator: BankSimulator): Promise<string> {
  const body = JSON.stringify({ accountName: 'Ops', owner: { name: 'Acme' }, sortCode: '040004' });
  const created = await call(simulator, createAccount.method, createAccount.path, { body });
  return (await jsonOf<{ account: { id: string } }>(created)).account.id;
}

describe('the simulator applies an operation rule that depends on the institution', () => {
  it('refuses a negative minimumBalance from an institution without an overdraft agreement', async () => {
    sim = await startTestSimulator({}, { overdraftAgreement: false });
    const id = await createdAccountId(sim);
    const path = amendAccount.path.replace('{accountId}', id);
    const refused = await call(sim, 'PATCH', path, { body: '{"minimumBalance":-50}' });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toHaveProperty('minimumBalance');
  });

  it('accepts it from an institution with one', async () => {
    sim = await startTestSimulator({}, { overdraftAgreement: true });
    const id = await createdAccountId(sim);
    const path = amendAccount.path.replace('{accountId}', id);
    expect((await call(sim, 'PATCH', path, { body: '{"minimumBalance":-50}' })).status).toBe(204);
  });
});

describe('the simulator judges query parameters by the same rules as the gateway', () => {
  it('refuses a page size of 0 and an unknown parameter, naming each', async () => {
    sim = await startTestSimulator();
    const refused = await call(sim, 'GET', '/v3/Accounts?pageSize=0&colour=blue');
    expect(refused.status).toBe(400);
    const { errors } = await problemOf(refused);
    expect(Object.keys(errors ?? {}).sort()).toEqual(['colour', 'pageSize']);
  });

  it('refuses a body on an operation that takes none', async () => {
    sim = await startTestSimulator();
    const refused = await call(
      sim,
      'DELETE',
      '/v1/Accounts/0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b/Virtual/7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
      { body: '{"why":"no"}' },
    );
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual({ $: ['this operation takes no body'] });
  });
});
