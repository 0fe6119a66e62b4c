import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pathsOf } from '#shared/operations/operation.js';
import {
  amendAccount,
  amendVirtualAccount,
  disableVirtualAccount,
  listVirtualAccounts,
} from '#shared/operations/sterling-accounts/operations.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * The reference writes some sterling paths in lower case and others capitalised (`sterling-v1.json`), so
 * callers copy either: each spelling reaches the same operation, and the bank is called at the canonical one.
 */

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());

const send = (method: string, path: string, body?: unknown) =>
  world.gateway(path, {
    method,
    headers: {
      'idempotency-key': randomUUID(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function openAccountWithVirtual(): Promise<{ accountId: string; virtualAccountId: string }> {
  const created = await send('POST', '/v3/Accounts', {
    accountName: 'Spellings',
    owner: { name: 'Acme Ltd' },
    sortCode: '040004',
  });
  expect(created.status).toBe(201);
  const accountId = ((await created.json()) as { account: { id: string } }).account.id;
  const externalIdentifier = randomUUID().slice(0, 20);
  const virtual = await send('POST', `/v2/Accounts/${accountId}/Virtual`, {
    virtualAccounts: [{ ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier } }],
  });
  expect(virtual.status).toBe(202);
  const list = await world.gateway(`/v2/Accounts/${accountId}/Virtual`);
  const accounts = ((await list.json()) as { accounts: { id: string }[] }).accounts;
  expect(accounts.length).toBeGreaterThan(0);
  return { accountId, virtualAccountId: accounts[0]?.id ?? '' };
}

const fill = (template: string, ids: { accountId: string; virtualAccountId: string }) =>
  template.replace('{accountId}', ids.accountId).replace('{virtualAccountId}', ids.virtualAccountId);

describe('each spelling of an aliased sterling path reaches the same operation', () => {
  it('lists virtual accounts at /v1/Accounts/Virtual and /v1/accounts/virtual alike', async () => {
    const [capitalised, lower] = pathsOf(listVirtualAccounts);
    expect(lower).toBe('/v1/accounts/virtual');
    const answers = await Promise.all([capitalised, lower].map((path) => world.gateway(path ?? '')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(world.simulator.requests.map((request) => request.path)).toEqual([
      '/v1/Accounts/Virtual',
      '/v1/Accounts/Virtual',
    ]);
  });

  it('amends an account and a virtual account at both spellings, calling the bank at the canonical path', async () => {
    const ids = await openAccountWithVirtual();
    for (const operation of [amendAccount, amendVirtualAccount]) {
      for (const template of pathsOf(operation)) {
        world.simulator.clearRequests();
        const response = await send('PATCH', fill(template, ids), { ownerName: `Owner ${template.length}` });
        expect(response.status, template).toBe(204);
        expect(world.simulator.requests.map((request) => request.path)).toEqual([fill(operation.path, ids)]);
      }
    }
  });

  it('applies the same rules at each spelling', async () => {
    const ids = await openAccountWithVirtual();
    for (const template of pathsOf(amendAccount)) {
      const response = await send('PATCH', fill(template, ids), { usageType: 'YourFunds' });
      expect(response.status, template).toBe(400);
    }
    expect(world.simulator.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('disables a virtual account at the lower-case spelling', async () => {
    const ids = await openAccountWithVirtual();
    const [, lower] = pathsOf(disableVirtualAccount);
    world.simulator.clearRequests();
    expect((await send('DELETE', fill(lower ?? '', ids))).status).toBe(204);
    expect(world.simulator.requests.map((request) => request.path)).toEqual([
      fill(disableVirtualAccount.path, ids),
    ]);
  });
});
