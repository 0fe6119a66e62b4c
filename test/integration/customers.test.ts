import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * Retail customers and protected deposit accounts end to end in the sandbox: the gateway's rules, the
 * simulated bank's customer store, a v4 account opened for that customer in the sterling accounts' book,
 * and its `AccountCreated` webhook as an event.
 */

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());

type Event = {
  detailType: string;
  detail: { payload: Record<string, unknown> };
};
interface Account {
  id: string;
  name: string;
  label: string;
  iban: string;
  customerId: string;
  productId: string;
  minimumBalance: number;
  balances: { amount: number }[];
}

/** A call through the gateway; every write gets a fresh Idempotency-Key unless `key` says otherwise (null: none). */
const send = (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const PRODUCT_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const address = {
  addressType: 'ResidentialAddress',
  countryCode: 'GBR',
  buildingNameNumber: '16',
  streetName: 'Sea Road',
  city: 'Enfield',
  postalCode: 'N12 4NS',
};
const jane = {
  firstName: 'Jane',
  surname: 'Doe',
  dateOfBirth: '1990-02-28',
  email: 'jane.doe@example.com',
  idCountryOfIssue: 'GBR',
  idType: 'Passport',
  idNumber: '123456789',
  idExpiryDate: '2030-01-01T00:00:00Z',
  currentAddress: address,
};

async function createCustomer(): Promise<string> {
  const response = await send('POST', '/v1/customers/retail', jane);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('a retail customer is created, amended and moved', () => {
  it('creates the customer (201 {id}), sending the exact body once, signed', async () => {
    const body = JSON.stringify(jane, null, 1);
    const response = await send('POST', '/v1/customers/retail', body);

    expect(response.status).toBe(201);
    expect((await response.json()) as { id: string }).toEqual({ id: expect.any(String) });
    expect(world.simulator.requests).toHaveLength(1);
    const [request] = world.simulator.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/customers/retail', body, status: 201 });
    expect(request?.headers['x-request-id']).toMatch(/^.{1,83}$/);
    expect(request?.headers.digitalsignature).toBeTruthy();
  });

  it('amends the customer (204) and replaces the current address (201, no body)', async () => {
    const id = await createCustomer();

    const amended = await send('PATCH', `/v1/customers/retail/${id}`, { surname: 'Smith' }, null);
    expect(amended.status).toBe(204);
    const moved = await send(
      'PUT',
      `/v1/customers/retail/${id}/currentaddress`,
      { ...address, buildingNameNumber: '2', validFrom: '2026-01-01T00:00:00Z' },
      null,
    );
    expect(moved.status).toBe(201);
    expect(await moved.text()).toBe('');
    expect(world.simulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers/retail',
      `PATCH /v1/customers/retail/${id}`,
      `PUT /v1/customers/retail/${id}/currentaddress`,
    ]);
  });

  it('answers 404 for a customer the bank does not know', async () => {
    const unknown = randomUUID();
    expect((await send('PATCH', `/v1/customers/retail/${unknown}`, { surname: 'X' })).status).toBe(404);
    expect((await send('PUT', `/v1/customers/retail/${unknown}/currentaddress`, address)).status).toBe(404);
  });
});

describe('a protected deposit account is opened for that customer', () => {
  it('answers the account flat, opens it in the sterling book and announces it with the customer', async () => {
    const customerId = await createCustomer();
    await send('PATCH', `/v1/customers/retail/${customerId}`, { surname: 'Smith' });

    const response = await send('POST', '/v4/Accounts', {
      sortCode: '040004',
      productId: PRODUCT_ID,
      customerId,
    });

    expect(response.status).toBe(201);
    const account = (await response.json()) as Account;
    expect(account).toMatchObject({
      customerId,
      productId: PRODUCT_ID,
      label: 'Jane Smith',
      minimumBalance: 0,
    });
    expect(account).not.toHaveProperty('account');
    const read = await world.gateway(`/v3/Accounts/${account.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { account: { iban: string } }).account.iban).toBe(account.iban);
    const created = ((await world.events()) as unknown as Event[]).find(
      (event) => event.detailType === 'AccountCreated' && event.detail.payload.AccountId === account.id,
    );
    expect(created?.detail.payload.Customers).toEqual([{ CustomerId: customerId }]);
  });

  it('is refused for a customer the bank does not know', async () => {
    const response = await send('POST', '/v4/Accounts', {
      sortCode: '040004',
      productId: PRODUCT_ID,
      customerId: randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toHaveProperty('customerId');
  });
});

describe('a rule-breaking request never reaches the bank', () => {
  const customerPath = `/v1/customers/retail/${PRODUCT_ID}`;
  const overdraft = {
    sortCode: '040004',
    productId: PRODUCT_ID,
    customerId: PRODUCT_ID,
    minimumBalance: -100,
  };
  it.each([
    ['idExpiryDate', 'POST', '/v1/customers/retail', { ...jane, idExpiryDate: undefined }],
    ['dateOfBirth', 'POST', '/v1/customers/retail', { ...jane, dateOfBirth: '1990-02-30' }],
    [
      'currentAddress.countryCode',
      'POST',
      '/v1/customers/retail',
      { ...jane, currentAddress: { ...address, countryCode: 'GB' } },
    ],
    ['validTo', 'PUT', `${customerPath}/currentaddress`, { ...address, validTo: '2001-01-01T00:00:00Z' }],
    ['email', 'PATCH', customerPath, { email: 'jane' }],
    ['minimumBalance', 'POST', '/v4/Accounts', overdraft],
  ])('a bad %s: 400 naming it, nothing sent', async (property, method, path, body) => {
    const response = await send(method, path, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([property]);
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('refuses a create without an Idempotency-Key, before any bank call', async () => {
    expect((await send('POST', '/v1/customers/retail', jane, null)).status).toBe(400);
    expect(world.simulator.requests).toHaveLength(0);
  });
});
