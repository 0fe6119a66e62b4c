import { requestTimeAt } from '#shared/bank/path-signature.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#shared/ports/clock.js';
import type { BankSimulator } from '#sim/simulator.js';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';
import { call, institutionKeys, START, startTestSimulator, TOKEN } from './helpers.js';

/** The customers v2 graph (issue 34): customers of each kind, their parts and relations, across a restart. */
const simulators: BankSimulator[] = [];
afterEach(async () => {
  for (const sim of simulators.splice(0)) await sim.close();
});

const OTHER_TOKEN = 'other-institution-token';

async function started(resumeFrom?: unknown[]): Promise<BankSimulator> {
  const sim = await startTestSimulator({
    ...(resumeFrom && { resumeFrom, clock: new ManualClock(START) }),
    otherInstitutions: [
      {
        tokens: [{ value: OTHER_TOKEN, expiresAt: '2027-01-01T00:00:00Z' }],
        publicKeyPem: institutionKeys.publicKey,
      },
    ],
  });
  simulators.push(sim);
  return sim;
}

type Json = Record<string, unknown>;
/** What the tests read of an answer. */
interface Answer extends Json {
  id: string;
  value: Json[];
  identityDocuments: Json[];
  addresses: { currentAddress: Json; currentAddresses: Json[]; previousAddresses: Json[] };
  taxDetails: { taxResidencies: Json[] };
}

async function send(sim: BankSimulator, method: string, path: string, body?: unknown, token = TOKEN) {
  const response = await call(sim, method, path, {
    ...(body !== undefined && { body: JSON.stringify(body) }),
    token,
    // The director create requires X-Request-Time (the bank's clock, UNIX seconds); the others ignore it.
    headers: {
      'idempotency-key': crypto.randomUUID(),
      'x-request-time': requestTimeAt(sim.clock.now().getTime()),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as Answer),
  };
}

const examples = customerV2Examples;
const retail = examples.createRetailCustomerV2.body;
const soleTrader = examples.createSoleTrader.body;
const legalEntity = examples.createLegalEntity.body;
const address = retail.addressHistory.currentAddress;
const { kycAml } = retail;
const { taxResidencies } = retail.taxDetails;
const person = examples.createDirector.body.personalDetails;

async function created(sim: BankSimulator, path: string, body: unknown): Promise<string> {
  const answer = await send(sim, 'POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body!.id as string;
}

const read = (sim: BankSimulator, id: string, token = TOKEN) =>
  send(sim, 'GET', `/customers/v2/customers/${id}`, undefined, token);

async function entityWithParties(sim: BankSimulator) {
  const entity = await created(sim, '/customers/v2/legal-entities', legalEntity);
  const director = await created(sim, '/customers/v2/non-account-holder/directors', {
    ...examples.createDirector.body,
    customerId: entity,
  });
  const ubo = await created(sim, '/customers/v2/non-account-holder/ubos', {
    ...examples.createUbo.body,
    customerId: entity,
  });
  const controller = await created(sim, '/customers/v2/non-account-holder/controlling-persons', {
    ...examples.createControllingPerson.body,
    customerId: entity,
  });
  return { entity, director, ubo, controller };
}

describe('customers v2: create and read each kind', () => {
  it('reads a retail customer in the documented shape', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const { status, body } = await read(sim, id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      status: 'Active',
      type: 'Retail',
      personalDetails: retail.personalDetails,
      kycAml,
      taxDetails: { taxResidencies, usPerson: 'NotAUSPerson' },
      identityDocuments: [
        { idNumber: '123456789', expiryDate: '2030-06-30', countryOfIssue: 'GBR', type: 'Passport' },
      ],
      addresses: { currentAddress: { ...address, isCurrentAddress: true }, previousAddresses: [] },
    });
  });

  it('reads a sole trader and a legal entity with their current addresses as a list', async () => {
    const sim = await started();
    const trader = (await read(sim, await created(sim, '/customers/v2/sole-traders', soleTrader))).body!;
    expect(trader).toMatchObject({ type: 'SoleTrader', businessDetails: { annualRevenue: 85000 } });
    expect(trader.addresses.currentAddresses).toHaveLength(1);
    const entity = (await read(sim, await created(sim, '/customers/v2/legal-entities', legalEntity))).body!;
    expect(entity).toMatchObject({
      type: 'LegalEntity',
      businessDetails: { registeredName: 'Acme Widgets Ltd' },
    });
  });

  it('creates a director, a UBO and a controlling person related to their legal entity', async () => {
    const sim = await started();
    const { entity, director, ubo, controller } = await entityWithParties(sim);
    expect((await read(sim, director)).body).toMatchObject({ type: 'Director', personalDetails: person });
    expect((await read(sim, ubo)).body).toMatchObject({ type: 'UboNatural' });
    expect((await read(sim, controller)).body).toMatchObject({
      type: 'ControllingPerson',
      controllingPersonDetails: { controllingPersonType: 'LegalPerson_SeniorManagingOfficial' },
    });
    const parties = await send(sim, 'GET', `/customers/v2/customers/${entity}/related-parties`);
    expect(parties.body!.value).toEqual([
      { id: director, type: 'Director', ownershipPercentage: null },
      { id: ubo, type: 'UBO', ownershipPercentage: 40 },
      { id: controller, type: 'ControllingPerson', ownershipPercentage: null },
    ]);
  });

  it('refuses a director for a customer that is not a legal entity (422) or unknown (404)', async () => {
    const sim = await started();
    const retailId = await created(sim, '/customers/v2/retail', retail);
    const path = '/customers/v2/non-account-holder/directors';
    expect((await send(sim, 'POST', path, { customerId: retailId, personalDetails: person })).status).toBe(
      422,
    );
    const unknown = crypto.randomUUID();
    expect((await send(sim, 'POST', path, { customerId: unknown, personalDetails: person })).status).toBe(
      404,
    );
  });

  it('refuses a director create without a timely X-Request-Time (400), as the reference requires it', async () => {
    const sim = await started();
    const entity = await created(sim, '/customers/v2/legal-entities', legalEntity);
    const body = JSON.stringify({ ...examples.createDirector.body, customerId: entity });
    const late = requestTimeAt(sim.clock.now().getTime() - 120_000);
    for (const headers of [{}, { 'x-request-time': late }] as Record<string, string>[]) {
      const response = await call(sim, 'POST', '/customers/v2/non-account-holder/directors', {
        body,
        headers,
      });
      expect(response.status).toBe(400);
    }
  });

  it('does not find another institution’s customer', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    expect((await read(sim, id, OTHER_TOKEN)).status).toBe(404);
    expect((await read(sim, crypto.randomUUID())).status).toBe(404);
  });
});

describe('customers v2: amend', () => {
  it('answers 200 with the sections sent and keeps the change', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const change = { personalDetails: { email: 'jane@example.com' }, kycAml: { craRating: 'HighRisk' } };
    const answer = await send(sim, 'PATCH', `/customers/v2/retail/${id}`, change);
    expect(answer).toEqual({ status: 200, body: { customerId: id, ...change } });
    expect((await read(sim, id)).body).toMatchObject({
      personalDetails: { firstName: 'Jane', email: 'jane@example.com' },
      kycAml: { pep: 'No', craRating: 'HighRisk' },
    });
  });

  it('amends a UBO into a company and refuses another kind’s amend (422)', async () => {
    const sim = await started();
    const { ubo, director } = await entityWithParties(sim);
    const change = {
      uboType: 'NonNaturalPerson',
      businessDetails: { registeredName: 'Holdco', countryOfRegistration: 'GBR' },
    };
    expect((await send(sim, 'PATCH', `/customers/v2/non-account-holder/ubos/${ubo}`, change)).status).toBe(
      200,
    );
    const read_ = (await read(sim, ubo)).body!;
    expect(read_).toMatchObject({ type: 'UboNonNatural', businessDetails: { registeredName: 'Holdco' } });
    expect(read_.personalDetails).toBeUndefined();
    const wrong = await send(sim, 'PATCH', `/customers/v2/retail/${director}`, { kycAml: { pep: 'No' } });
    expect(wrong.status).toBe(422);
  });
});

describe('customers v2: addresses, documents, residencies', () => {
  it('a new current address ends the previous one on its validFrom, today when not sent', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const { validFrom: _, ...moved } = { ...address, streetName: 'Low Road' };
    const answer = await send(sim, 'POST', `/customers/v2/customers/${id}/current-addresses`, moved);
    expect(answer).toEqual({ status: 201, body: { customerId: id } });
    const { addresses } = (await read(sim, id)).body!;
    expect(addresses.currentAddress).toMatchObject({ streetName: 'Low Road', validFrom: '2026-01-05' });
    expect(addresses.previousAddresses).toEqual([
      { ...address, validTo: '2026-01-05', isCurrentAddress: false },
    ]);
  });

  it('puts (201, then 200) and deletes (204, then 404) an identity document by its two-part segment', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const path = `/customers/v2/customers/${id}/identity-documents/FRA-NationalId`;
    const document = { idNumber: 'X1', idExpiryDate: '2031-01-01' };
    expect(await send(sim, 'PUT', path, document)).toEqual({ status: 201, body: { customerId: id } });
    expect((await send(sim, 'PUT', path, { ...document, idNumber: 'X2' })).status).toBe(200);
    expect((await read(sim, id)).body!.identityDocuments).toContainEqual({
      idNumber: 'X2',
      expiryDate: '2031-01-01',
      countryOfIssue: 'FRA',
      type: 'NationalId',
    });
    expect((await send(sim, 'DELETE', path)).status).toBe(204);
    expect((await send(sim, 'DELETE', path)).status).toBe(404);
    expect(
      (await send(sim, 'PUT', `/customers/v2/customers/${id}/identity-documents/GBR`, document)).status,
    ).toBe(400);
  });

  it('refuses a create listing the same document twice (the record’s rule)', async () => {
    const sim = await started();
    const twice = {
      ...retail,
      identityDocuments: [...retail.identityDocuments, ...retail.identityDocuments],
    };
    expect((await send(sim, 'POST', '/customers/v2/retail', twice)).status).toBe(400);
  });

  it('refuses a retail create whose identity document another customer holds (409; a sole trader’s 422)', async () => {
    const sim = await started();
    await created(sim, '/customers/v2/retail', retail);
    expect((await send(sim, 'POST', '/customers/v2/retail', retail)).status).toBe(409);
    const trader = { ...soleTrader, identityDocuments: retail.identityDocuments };
    expect((await send(sim, 'POST', '/customers/v2/sole-traders', trader)).status).toBe(422);
    const another = [{ ...retail.identityDocuments[0], idNumber: 'OTHER1234' }];
    expect(
      (await send(sim, 'POST', '/customers/v2/retail', { ...retail, identityDocuments: another })).status,
    ).toBe(201);
  });

  it('puts tax residencies (201, 200), deletes one (204), not the only one (422), not an absent one (404)', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const path = (country: string) => `/customers/v2/customers/${id}/tax-residencies/${country}`;
    expect(await send(sim, 'PUT', path('IRL'), { noTaxIdReason: 'NotRequired' })).toEqual({
      status: 201,
      body: { customerId: id },
    });
    expect((await send(sim, 'PUT', path('IRL'), { taxIdNumber: 'IE1' })).status).toBe(200);
    expect((await send(sim, 'DELETE', path('GBR'))).status).toBe(204);
    expect((await send(sim, 'DELETE', path('GBR'))).status).toBe(404);
    expect((await send(sim, 'DELETE', path('IRL'))).status).toBe(422);
    expect((await read(sim, id)).body!.taxDetails.taxResidencies).toEqual([
      { countryOfTaxResidence: 'IRL', taxIdNumber: 'IE1' },
    ]);
  });
});

describe('customers v2: related parties', () => {
  it('adds (201), refuses a duplicate (409), removes (204) and does not find a removed one (404)', async () => {
    const sim = await started();
    const { entity, director } = await entityWithParties(sim);
    const other = await created(sim, '/customers/v2/legal-entities', legalEntity);
    const path = `/customers/v2/customers/${other}/related-parties`;
    const relation = { relatedCustomerId: director, relatedPartyType: 'Director' };
    expect(await send(sim, 'POST', path, relation)).toEqual({
      status: 201,
      body: { customerId: other, relatedCustomerId: director },
    });
    expect((await send(sim, 'POST', path, relation)).status).toBe(409);
    const removal = `/customers/v2/customers/${entity}/related-parties/${director}/Director`;
    expect((await send(sim, 'DELETE', removal)).status).toBe(204);
    expect((await send(sim, 'DELETE', removal)).status).toBe(404);
  });

  it('refuses an unknown related customer (404), a wrong kind (422), ownership beyond 100 (422)', async () => {
    const sim = await started();
    const { entity, director } = await entityWithParties(sim);
    const path = `/customers/v2/customers/${entity}/related-parties`;
    const unknown = { relatedCustomerId: crypto.randomUUID(), relatedPartyType: 'Director' };
    expect((await send(sim, 'POST', path, unknown)).status).toBe(404);
    // A director is not a UBO.
    expect(
      (await send(sim, 'POST', path, { relatedCustomerId: director, relatedPartyType: 'UBO' })).status,
    ).toBe(422);
    const beyond = await send(sim, 'POST', '/customers/v2/non-account-holder/ubos', {
      customerId: entity,
      ownershipPercentage: 61,
      uboType: 'NonNaturalPerson',
      businessDetails: { registeredName: 'Holdco', countryOfRegistration: 'GBR' },
    });
    expect(beyond.status).toBe(422);
    // The related-party routes are not a director's.
    expect((await send(sim, 'GET', `/customers/v2/customers/${director}/related-parties`)).status).toBe(422);
  });

  it('gives directors only to legal entities: a director of a retail customer or a sole trader is 422', async () => {
    const sim = await started();
    const { director } = await entityWithParties(sim);
    for (const [path, body] of [
      ['/customers/v2/retail', retail],
      ['/customers/v2/sole-traders', soleTrader],
    ] as const) {
      const holder = await created(sim, path, body);
      const answer = await send(sim, 'POST', `/customers/v2/customers/${holder}/related-parties`, {
        relatedCustomerId: director,
        relatedPartyType: 'Director',
      });
      expect(answer.status).toBe(422);
    }
  });
});

describe('customers v2: accounts and restarts', () => {
  it('opens a protected deposit account for a v2 retail customer, not for a director', async () => {
    const sim = await started();
    const id = await created(sim, '/customers/v2/retail', retail);
    const account = (holder: string) => ({
      owner: { name: 'Jane Smith' },
      sortCode: '040004',
      productId: crypto.randomUUID(),
      customerId: holder,
    });
    const opened = await send(sim, 'POST', '/v4/Accounts', account(id));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ customerId: id });
    const { director } = await entityWithParties(sim);
    expect((await send(sim, 'POST', '/v4/Accounts', account(director))).status).toBe(400);
  });

  it('keeps the graph across a snapshot', async () => {
    const first = await started();
    const { entity, ubo } = await entityWithParties(first);
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as unknown[];
    const second = await started(saved);
    expect((await read(second, entity)).body).toMatchObject({
      type: 'LegalEntity',
      businessDetails: { annualRevenue: 1250000 },
    });
    const parties = await send(second, 'GET', `/customers/v2/customers/${entity}/related-parties`);
    expect(parties.body!.value).toContainEqual({ id: ubo, type: 'UBO', ownershipPercentage: 40 });
  });
});
