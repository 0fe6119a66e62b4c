import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * Multi-currency accounts end to end through the sandbox (one sandbox for the lifecycle, a second with the
 * path signature on): each Accounts.* and transfer webhook arrives once as an event, balances follow the
 * inbound payment and the transfer, the transaction lists filter, and a statement is archived. The clock is
 * moved, never waited for; the statement test moves it a month, so it runs last.
 */
type World = Awaited<ReturnType<typeof testSandbox>>;
let world: World;

type Account = { id: string; identifiers: { identifier: string }[]; status: string };
type Event = { detailType: string; detail: Record<string, unknown> & { payload?: Record<string, unknown> } };

const send = (target: World, method: string, path: string, body?: unknown) =>
  target.gateway(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}
const iban = (account: Account) => account.identifiers[0]?.identifier as string;
const balances = async (id: string) =>
  (
    await json<{ balances: Record<string, { Available: number; Actual: number }> }>(
      await world.gateway(`/mccy/v1/Accounts/${id}/balances`),
      200,
    )
  ).balances;
const eventsOf = async (type: string) =>
  ((await world.events()) as unknown as Event[]).filter((event) => event.detailType === type);

async function openAccount(target: World, label: string, currencies: string[]): Promise<Account> {
  const body = {
    label,
    owner: 'Eco Bank',
    kind: 'YourFunds',
    currencies,
    bankIdentifierCode: null,
    routingCode: null,
  };
  return json<Account>(await send(target, 'POST', '/mccy/v2/Accounts', body), 201);
}

let treasury: Account;
let euros: Account;
let client: Account;

beforeAll(async () => {
  world = await testSandbox();
  treasury = await openAccount(world, 'Treasury', ['EUR', 'USD']);
  euros = await openAccount(world, 'Euros', ['EUR']);
  client = await json<Account>(
    await send(world, 'POST', '/mccy/v1/VirtualAccounts', {
      accountId: treasury.id,
      virtualAccount: { owner: 'Joe Brown' },
    }),
    201,
  );
});
afterAll(() => world.sandbox.close());

describe('multi-currency accounts through the sandbox', () => {
  it('announces each account and virtual account once, with the institution', async () => {
    const created = await eventsOf('Accounts.AccountCreated');
    expect(created.map((event) => event.detail.payload?.AccountId).sort()).toEqual(
      [treasury.id, euros.id].sort(),
    );
    expect(await eventsOf('Accounts.VirtualAccountCreated')).toHaveLength(1);
    expect(new Set(created.map((event) => event.detail.key)).size).toBe(2);
    // The envelope's top-level InstitutionId travels in the event, beside the payload.
    expect(created.map((event) => event.detail.institutionId)).toEqual([
      world.simulator.institution.id,
      world.simulator.institution.id,
    ]);
  });

  it('credits an inbound payment, moves money between accounts and cancels a transfer in a currency one lacks', async () => {
    const payment = await send(world, 'POST', `/v1/mccy/inboundpayment/${treasury.id}`, {
      instructedCurrency: 'EUR',
      instructedAmount: 150.25,
      reference: 'Funding',
      endToEndId: 'MCCY-IN-1',
      ultimateCreditor: { iban: iban(client), name: 'Joe Brown' },
      ultimateDebtor: { identifier: 'DE89370400440532013000', name: 'Max Muster', address: 'Berlin' },
    });
    expect(payment.status).toBe(201);
    expect((await balances(treasury.id)).EUR).toEqual({ Available: 150.25, Actual: 150.25 });

    const transfer = (currency: string, amount: number, endToEndId: string) =>
      send(world, 'POST', '/v1/mccy/internaltransfers', {
        debitAccountIban: iban(treasury),
        creditAccountOther: { kind: 'AccountId', identifier: euros.id },
        instructedAmount: amount,
        instructedCurrency: currency,
        endToEndId,
        reference: 'Rebalance',
      });
    expect((await transfer('EUR', 50, 'MCCY-T-1')).status).toBe(202);
    expect((await transfer('USD', 10, 'MCCY-T-2')).status).toBe(202);
    await world.simulator.advanceClock(2_000);

    expect((await balances(treasury.id)).EUR).toEqual({ Available: 100.25, Actual: 100.25 });
    expect((await balances(euros.id)).EUR).toEqual({ Available: 50, Actual: 50 });
    expect(
      (await eventsOf('Mccy.InternalTransfers.Settled')).map((e) => e.detail.payload?.EndToEndId),
    ).toEqual(['MCCY-T-1']);
    expect(
      (await eventsOf('Mccy.InternalTransfers.Cancelled')).map((e) => e.detail.payload?.EndToEndId),
    ).toEqual(['MCCY-T-2']);
  });

  it('credits the account ultimateCreditor names when the path gives the currency, as the reference documents', async () => {
    const before = (await balances(euros.id)).EUR?.Actual ?? 0;
    const payment = await send(world, 'POST', '/v1/mccy/inboundpayment/EUR', {
      instructedCurrency: 'EUR',
      instructedAmount: 20.5,
      reference: 'By currency',
      ultimateCreditor: { iban: iban(euros), name: 'Euro Desk' },
    });
    expect(payment.status).toBe(201);
    expect((await balances(euros.id)).EUR?.Actual).toBe(before + 20.5);
  });

  it('lists transactions by currency and window, the last 24 hours by default', async () => {
    type List = { transactions: { endToEndId: string; currency: string }[] | null };
    const list = async (path: string) =>
      (await json<List>(await world.gateway(path), 200)).transactions ?? [];
    const base = `/mccy/v1/Accounts/${treasury.id}/transactions`;
    expect((await list(`${base}?Currency=EUR`)).map((t) => t.endToEndId).sort()).toEqual([
      'MCCY-IN-1',
      'MCCY-T-1',
    ]);
    expect(await list(`${base}?Currency=USD`)).toEqual([]);
    expect(await list(`${base}?Currency=EUR&PageSize=1&PageNumber=2`)).toHaveLength(1);
    expect(
      (await list(`/mccy/v1/VirtualAccounts/${client.id}/transactions?Currency=EUR`)).map(
        (t) => t.endToEndId,
      ),
    ).toEqual(['MCCY-IN-1']);

    await world.simulator.advanceClock(25 * 3_600_000);
    expect(await list(`${base}?Currency=EUR`)).toEqual([]);
    const since = encodeURIComponent('2026-03-01T00:00:00Z');
    expect(await list(`${base}?Currency=EUR&StartDateTime=${since}`)).toHaveLength(2);
  });

  it('suspends and reactivates an account with its AccountUpdated events; refuses to close one holding money', async () => {
    await json(
      await send(world, 'PATCH', `/mccy/v1/Accounts/${euros.id}/status`, {
        status: 'Suspended',
        statusReason: 'FraudThirdParty',
        information: 'checking',
      }),
      200,
    );
    // The update's identity is its account and TimestampModified: two changes are two instants apart.
    await world.simulator.advanceClock(1_000);
    await json(await send(world, 'PATCH', `/mccy/v1/Accounts/${euros.id}/status`, { status: 'Active' }), 200);
    const updates = (await eventsOf('Accounts.AccountUpdated')).filter(
      (e) => e.detail.payload?.AccountId === euros.id,
    );
    expect(updates).toHaveLength(2);
    const close = await send(world, 'DELETE', `/mccy/v1/Accounts/${euros.id}?accountCloseReason=Other`);
    expect(close.status).toBeGreaterThanOrEqual(400);
    expect(close.status).toBeLessThan(500);
    expect(await close.json()).not.toHaveProperty('errors');
  });

  it("archives last month's statement: request, webhook, download into the sandbox home, StatementArchived", async () => {
    await world.simulator.setClock('2026-04-06T09:00:00Z');
    const period = { year: 2026, month: 3, format: 'csv', currency: 'EUR' };
    expect((await send(world, 'POST', '/mccy/v1/StatementRequests', period)).status).toBe(202);
    const [archived] = await eventsOf('StatementArchived');
    expect(archived?.detail).toMatchObject({ kind: 'institution', year: 2026, month: 3, currency: 'EUR' });
    const csv = readFileSync(archived?.detail.location as string, 'utf8');
    expect(csv).toContain('MCCY-IN-1');
    // Last month is not available before the 5th: refused by the gateway, the bank never asked.
    await world.simulator.setClock('2026-05-04T09:00:00Z');
    world.simulator.clearRequests();
    const early = await send(world, 'POST', '/mccy/v1/StatementRequests', { ...period, month: 4 });
    expect(early.status).toBe(400);
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('the path-based signature through the sandbox', () => {
  it('signs the virtual account read with X-Request-Time when the environment turns it on, and not otherwise', async () => {
    const signed = await testSandbox({ pathSignature: true });
    try {
      const account = await openAccount(signed, 'Signed', ['EUR']);
      const virtual = await json<Account>(
        await send(signed, 'POST', '/mccy/v1/VirtualAccounts', {
          accountId: account.id,
          virtualAccount: { owner: 'V' },
        }),
        201,
      );
      signed.simulator.clearRequests();
      await json(await signed.gateway(`/mccy/v1/VirtualAccounts/${virtual.id}`), 200);
      const [request] = signed.simulator.requests;
      expect(request?.headers['x-request-time']).toMatch(/^\d+$/);
      expect(request?.headers.digitalsignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    } finally {
      await signed.sandbox.close();
    }
    world.simulator.clearRequests();
    await json(await world.gateway(`/mccy/v1/VirtualAccounts/${client.id}`), 200);
    expect(world.simulator.requests[0]?.headers).not.toHaveProperty('x-request-time');
  });
});
