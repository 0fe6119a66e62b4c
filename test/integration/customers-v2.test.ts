import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerV2Examples as examples } from '#shared/operations/customers-v2/examples.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Customers v2 end to end in the sandbox (issue 34): a legal entity with its director, UBO and controlling
 * person read back through the gateway; a retail customer with an identity document put by its two-part segment,
 * a tax residency and a protected deposit account; and the gateway's refusals, which reach no bank and echo no
 * personal data.
 */

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());

type Json = Record<string, unknown>;

/** A call through the gateway; every write gets a fresh Idempotency-Key unless `key` says otherwise (null: none). */
async function send(method: string, path: string, body?: unknown, key: string | null = randomUUID()) {
  const response = await world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text === '' ? undefined : JSON.parse(text)) as Json };
}

async function created(path: string, body: unknown): Promise<string> {
  const answer = await send('POST', path, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const read = async (id: string) => {
  const answer = await send('GET', `/customers/v2/customers/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const relatedParties = async (id: string) => {
  const answer = await send('GET', `/customers/v2/customers/${id}/related-parties`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.value;
};

const { identityDocuments: _, ...retailWithoutDocuments } = examples.createRetailCustomerV2.body;

describe('a legal entity and its related parties', () => {
  it('creates the entity with a director, a UBO and a controlling person, reads them and removes one', async () => {
    const entity = await created('/customers/v2/legal-entities', examples.createLegalEntity.body);
    const withEntity = <T extends object>(body: T) => ({ ...body, customerId: entity });
    const director = await created(
      '/customers/v2/non-account-holder/directors',
      withEntity(examples.createDirector.body),
    );
    const ubo = await created('/customers/v2/non-account-holder/ubos', withEntity(examples.createUbo.body));
    const controller = await created(
      '/customers/v2/non-account-holder/controlling-persons',
      withEntity(examples.createControllingPerson.body),
    );
    // The director create carried the bank's clock (X-Request-Time), stamped by the gateway.
    const directorCall = world.simulator.requests.find(
      (request) => request.path === '/customers/v2/non-account-holder/directors',
    );
    expect(directorCall?.headers['x-request-time']).toMatch(/^\d+$/);

    expect(await read(entity)).toMatchObject({
      id: entity,
      type: 'LegalEntity',
      businessDetails: { registeredName: 'Acme Widgets Ltd' },
    });
    expect(await read(director)).toMatchObject({ type: 'Director', personalDetails: { surname: 'Smith' } });
    expect(await read(ubo)).toMatchObject({ type: 'UboNatural' });
    expect(await read(controller)).toMatchObject({ type: 'ControllingPerson' });
    expect(await relatedParties(entity)).toEqual([
      { id: director, type: 'Director', ownershipPercentage: null },
      { id: ubo, type: 'UBO', ownershipPercentage: 40 },
      { id: controller, type: 'ControllingPerson', ownershipPercentage: null },
    ]);

    const removed = await send('DELETE', `/customers/v2/customers/${entity}/related-parties/${ubo}/UBO`);
    expect(removed.status, removed.text).toBe(204);
    expect(await relatedParties(entity)).toEqual([
      { id: director, type: 'Director', ownershipPercentage: null },
      { id: controller, type: 'ControllingPerson', ownershipPercentage: null },
    ]);
  });
});

describe('a retail customer v2', () => {
  it('takes an identity document by {idCountryOfIssue}-{idType} and a tax residency', async () => {
    const id = await created('/customers/v2/retail', retailWithoutDocuments);
    const document = await send('PUT', `/customers/v2/customers/${id}/identity-documents/GBR-Passport`, {
      idNumber: '987654321',
      idExpiryDate: '2031-05-31',
    });
    expect(document).toMatchObject({ status: 201, body: { customerId: id } });
    const residency = await send('PUT', `/customers/v2/customers/${id}/tax-residencies/IRL`, {
      taxIdNumber: 'IE1234567T',
    });
    expect(residency).toMatchObject({ status: 201, body: { customerId: id } });
    expect(world.simulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /customers/v2/retail',
      `PUT /customers/v2/customers/${id}/identity-documents/GBR-Passport`,
      `PUT /customers/v2/customers/${id}/tax-residencies/IRL`,
    ]);

    const customer = await read(id);
    expect(customer.identityDocuments).toEqual([
      { idNumber: '987654321', expiryDate: '2031-05-31', countryOfIssue: 'GBR', type: 'Passport' },
    ]);
    expect((customer.taxDetails as { taxResidencies: Json[] }).taxResidencies).toContainEqual({
      countryOfTaxResidence: 'IRL',
      taxIdNumber: 'IE1234567T',
    });
  });

  it('holds a protected deposit account (POST /v4/Accounts)', async () => {
    const customerId = await created('/customers/v2/retail', examples.createRetailCustomerV2.body);
    const opened = await send('POST', '/v4/Accounts', {
      sortCode: '040004',
      productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      customerId,
    });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({ customerId, label: 'Jane Smith' });
  });
});

describe('a rule-breaking request never reaches the bank', () => {
  const customerId = randomUUID();

  it.each(['GB-Passport', 'GBR-Pass', 'GBRPassport'])(
    'refuses the identity-document segment %s: 400 naming identityDocument, nothing sent',
    async (segment) => {
      const answer = await send(
        'PUT',
        `/customers/v2/customers/${customerId}/identity-documents/${segment}`,
        {
          idNumber: '123456789',
          idExpiryDate: '2030-06-30',
        },
      );
      expect(answer.status, answer.text).toBe(400);
      expect(Object.keys(answer.body.errors as object)).toEqual(['identityDocument']);
      expect(world.simulator.requests).toHaveLength(0);
    },
  );

  it('refuses a body of personal data with wrong members, echoing none of the values', async () => {
    const values = {
      firstName: 'Zebedee7',
      surname: 'Quixotic-Marmalade!',
      dateOfBirth: '1990-02-30',
      email: 'zebedee-at-nowhere',
      telephone: '+44 7700 900999',
      idNumber: 'XQ77-PRIVATE-991',
      postalCode: 'ZZ99 9ZZQ',
    };
    const body = {
      ...examples.createRetailCustomerV2.body,
      personalDetails: {
        firstName: values.firstName,
        surname: values.surname,
        dateOfBirth: values.dateOfBirth,
        email: values.email,
        telephone: values.telephone,
        countryOfResidence: 'GB',
      },
      identityDocuments: [
        { idCountryOfIssue: 'GBR', idType: 'Passport', idNumber: values.idNumber, idExpiryDate: 'soon' },
      ],
      addressHistory: {
        currentAddress: {
          ...examples.createRetailCustomerV2.body.addressHistory.currentAddress,
          postalCode: values.postalCode,
        },
      },
      favouriteColour: 'Vermilion-Secret',
    };
    const answer = await send('POST', '/customers/v2/retail', body);
    expect(answer.status, answer.text).toBe(400);
    expect(Object.keys(answer.body.errors as object).length).toBeGreaterThan(2);
    for (const value of [...Object.values(values), 'Vermilion-Secret'])
      expect(answer.text).not.toContain(value);
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('refuses a create without an Idempotency-Key', async () => {
    const answer = await send('POST', '/customers/v2/retail', examples.createRetailCustomerV2.body, null);
    expect(answer.status, answer.text).toBe(400);
    expect(world.simulator.requests).toHaveLength(0);
  });
});
