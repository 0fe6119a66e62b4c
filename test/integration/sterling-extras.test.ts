import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * End-of-day balances, hub and payment accounts and related accounts end to end in the sandbox: the gateway's
 * rules (400 before any bank call), the simulated bank (its ledger, 404s and 409s, `AccountCreated`) and the
 * webhook pipeline (events). The sandbox clock starts at 2026-03-02T10:00:00Z.
 */

let world: Awaited<ReturnType<typeof testSandbox>>;
beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());

const HOUR = 3_600_000;
const productId = '74b00ccf-c4ad-470c-ac29-ce57cb658527';

const send = (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const json = async <T>(response: Response, status: number): Promise<T> => {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
};
type Event = { detailType: string; detail: { payload: Record<string, unknown> } };
const eventsAbout = async (accountId: string) =>
  ((await world.events()) as unknown as Event[]).filter(
    (event) => event.detail.payload.AccountId === accountId,
  );

async function retailCustomer(): Promise<string> {
  const response = await send('POST', '/v1/customers/retail', {
    firstName: 'Jane',
    surname: 'Doe',
    dateOfBirth: '1990-02-28',
    email: 'jane@example.com',
    currentAddress: {
      addressType: 'ResidentialAddress',
      countryCode: 'GBR',
      buildingNameNumber: '16',
      streetName: 'Sea Road',
      postalCode: 'N12 4NS',
    },
  });
  return (await json<{ id: string }>(response, 201)).id;
}

interface HubAccount {
  accountId: string;
  iban: string;
  bban: string;
  ownerName: string;
}

async function openHub(customerId: string): Promise<HubAccount> {
  const response = await send('POST', '/accounts/sterling/v1/hub-accounts', {
    ownerName: 'Jane Doe',
    sortCode: '040004',
    productId,
    customers: [{ customerId }],
  });
  return (await json<{ account: HubAccount }>(response, 201)).account;
}

describe('hub and payment accounts', () => {
  it('opens a hub account once per Idempotency-Key, announces it, and lists it with the real accounts', async () => {
    const customerId = await retailCustomer();
    world.simulator.clearRequests();
    const key = randomUUID();
    const body = { ownerName: 'Jane Doe', sortCode: '040004', productId, customers: [{ customerId }] };
    const first = await send('POST', '/accounts/sterling/v1/hub-accounts', body, key);
    const second = await send('POST', '/accounts/sterling/v1/hub-accounts', body, key);
    const firstText = await first.text();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.text()).toBe(firstText);
    const { account } = JSON.parse(firstText) as { account: HubAccount };
    expect(world.simulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /accounts/sterling/v1/hub-accounts',
    ]);
    expect(world.simulator.requests[0]?.body).toBe(JSON.stringify(body));

    const [event] = await eventsAbout(account.accountId);
    expect(event?.detailType).toBe('AccountCreated');
    expect(event?.detail.payload).toMatchObject({
      AccountType: 'DepositAccount',
      RelationshipType: 'Single',
      Customers: [{ CustomerId: customerId }],
    });
    const listed = await json<{ accounts: { id: string; accountSubType: string }[] }>(
      await world.gateway('/v3/Accounts?pageSize=1000'),
      200,
    );
    expect(listed.accounts.find((listedAccount) => listedAccount.id === account.accountId)).toMatchObject({
      accountSubType: 'HoldingAccount',
    });
  });

  it('opens a current account; an unknown customer is the bank 404', async () => {
    const customerId = await retailCustomer();
    const body = { ownerName: 'Jane Doe', sortCode: '040004', accountSubType: 'CurrentAccount', productId };
    await json(
      await send('POST', '/accounts/sterling/v1/payment-accounts', { ...body, customers: [{ customerId }] }),
      201,
    );
    await json(
      await send('POST', '/accounts/sterling/v1/payment-accounts', {
        ...body,
        customers: [{ customerId: randomUUID() }],
      }),
      404,
    );
  });

  it('refuses rule-breaking creates with 400 naming each property, and the bank is never called', async () => {
    world.simulator.clearRequests();
    const problem = await json<{ errors: Record<string, string[]> }>(
      await send('POST', '/accounts/sterling/v1/payment-accounts', {
        ownerName: 'Jane_Doe',
        sortCode: '04-00-04',
        accountSubType: 'SavingsAccount',
        productId: 'p1',
        customers: [{ customerId: 'c1' }],
      }),
      400,
    );
    expect(Object.keys(problem.errors).sort()).toEqual([
      'accountSubType',
      'customers.0.customerId',
      'ownerName',
      'productId',
      'sortCode',
    ]);
    const noKey = await json<{ errors: object }>(
      await send(
        'POST',
        '/accounts/sterling/v1/hub-accounts',
        { ownerName: 'A', sortCode: '040004', productId, customers: [] },
        null,
      ),
      400,
    );
    expect(noKey.errors).toHaveProperty('Idempotency-Key');
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('related accounts', () => {
  it('adds, lists, amends and removes by IBAN; the same account twice is 409; a nominated one replaces the last', async () => {
    const hub = await openHub(await retailCustomer());
    const base = `/v1/accounts/${hub.accountId}/related-accounts`;
    const nominated = {
      relatedAccountType: 'Nominated',
      identifier: 'GB77CBUK40231512245674',
      identifierKind: 'IBAN',
      ownerName: 'Jane Doe',
    };
    await json(await send('POST', base, nominated, null), 201);
    await json(await send('POST', base, { ...nominated, relatedAccountType: 'Associated' }), 409);
    await json(
      await send('POST', base, { ...nominated, identifier: 'CBUK40231587654321', identifierKind: 'BBAN' }),
      201,
    );
    const list = await json<{ account: { relatedAccounts: { identifiers: { iban?: string } }[] } }>(
      await world.gateway(base),
      200,
    );
    const [replacement] = list.account.relatedAccounts;
    expect(list.account.relatedAccounts).toHaveLength(1);
    const iban = replacement?.identifiers.iban as string;
    expect(iban).toMatch(/^GB\d{2}CBUK40231587654321$/);

    world.simulator.clearRequests();
    const amended = await json<{ relatedAccounts: { ownerName: string }[] }>(
      await send('PATCH', `${base}/${iban}`, { ownerName: 'Jane A Doe' }),
      200,
    );
    expect(amended.relatedAccounts[0]?.ownerName).toBe('Jane A Doe');
    expect(world.simulator.requests[0]).toMatchObject({
      method: 'PATCH',
      path: `${base}/${iban}`,
      body: '{"ownerName":"Jane A Doe"}',
    });
    expect((await send('DELETE', `${base}/${iban}`)).status).toBe(204);
    expect((await send('DELETE', `${base}/${iban}`)).status).toBe(404);
  });

  it('refuses a bad IBAN segment or body with 400 before any bank call', async () => {
    const hub = await openHub(await retailCustomer());
    world.simulator.clearRequests();
    const base = `/v1/accounts/${hub.accountId}/related-accounts`;
    const segment = await json<{ errors: object }>(
      await send('DELETE', `${base}/gb77cbuk40231512245674`),
      400,
    );
    expect(segment.errors).toHaveProperty('iban');
    const body = await json<{ errors: object }>(
      await send('POST', base, {
        relatedAccountType: 'Primary',
        identifier: 'GB00 CBUK 4023 1512 2456 74',
        identifierKind: 'IBAN',
        ownerName: 'J',
      }),
      400,
    );
    expect(Object.keys(body.errors).sort()).toEqual(['identifier', 'relatedAccountType']);
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('end-of-day balance', () => {
  it("answers the ledger's balance at the end of the day in the zone, and refuses a future day with 400", async () => {
    const opened = await json<{ account: { id: string } }>(
      await send('POST', '/v3/Accounts', { accountName: 'Ops', owner: { name: 'Acme' }, sortCode: '040004' }),
      201,
    );
    const id = opened.account.id;
    const path = (query: string) => `/accounts/sterling/v1/accounts/${id}/end-of-day-balance?${query}`;
    // 2 March 23:30 UTC is 3 March in Tokyo: a credit then counts for London's 2 March, not Tokyo's.
    world.simClock.advance(13.5 * HOUR);
    const credit = await fetch(`${world.sandbox.bankUrl}/__sim/accounts/${id}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 250.25 }),
    });
    expect(credit.status).toBe(200);
    world.simClock.advance(24 * HOUR);

    world.simulator.clearRequests();
    const london = await json<{ endOfDayBalance: { amount: number; balanceAsOf: string } }>(
      await world.gateway(path('date=2026-03-02&timeZone=Europe/London')),
      200,
    );
    expect(london.endOfDayBalance.amount).toBe(1_000_250.25);
    expect(Date.parse(london.endOfDayBalance.balanceAsOf)).toBe(Date.parse('2026-03-03T00:00:00Z'));
    expect(world.simulator.requests[0]).toMatchObject({
      method: 'GET',
      path: `/accounts/sterling/v1/accounts/${id}/end-of-day-balance?date=2026-03-02&timeZone=Europe%2FLondon`,
    });
    const tokyo = await json<{ endOfDayBalance: { amount: number } }>(
      await world.gateway(path('date=2026-03-02&timeZone=Asia/Tokyo')),
      200,
    );
    expect(tokyo.endOfDayBalance.amount).toBe(1_000_000);

    world.simulator.clearRequests();
    const future = await json<{ errors: object }>(await world.gateway(path('date=2026-03-05')), 400);
    expect(future.errors).toHaveProperty('date');
    const zone = await json<{ errors: object }>(
      await world.gateway(path('date=2026-03-01&timeZone=Mars/Olympus')),
      400,
    );
    expect(zone.errors).toHaveProperty('timeZone');
    expect(world.simulator.requests).toHaveLength(0);
    await json(
      await world.gateway(
        `/accounts/sterling/v1/accounts/${randomUUID()}/end-of-day-balance?date=2026-03-01`,
      ),
      404,
    );
  });
});
