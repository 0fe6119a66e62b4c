import { requestTimeAt } from '#shared/bank/path-signature.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { customerV2Examples as examples } from '#shared/operations/customers-v2/examples.js';
import { customerV2Responses as answers } from '#shared/operations/customers-v2/responses.js';
import { type ContractWorld, expectAnswer, startContractWorld } from './harness.js';

/**
 * The simulator's customers v2 graph against the bank's documents (`customers_v2_*.json`; the answers in
 * shared/operations/customers-v2/responses.ts): every one of the 21 operations once, each answer parsed strictly
 * (a read with its kind's own shape, a PATCH answer with the changed sections' shapes), and the documented
 * 404, 409 and 422 refusals in the bank's problem form.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

/** The bank's `ProblemDetails` of these documents (the simulator adds `errors`). */
const problem = z.looseObject({
  type: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.int())),
  detail: z.optional(z.nullable(z.string())),
  instance: z.optional(z.nullable(z.string())),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

async function refused(request: { method: string; path: string; body?: unknown }, status: number) {
  const answer = await expectAnswer(world, request, status, problem);
  expect(answer.status).toBe(status);
  return answer;
}

const post = (path: string, body: unknown, headers?: Record<string, string>) => ({
  method: 'POST',
  path,
  body,
  ...(headers && { headers }),
});
const read = (id: string) =>
  expectAnswer(world, { method: 'GET', path: `/customers/v2/customers/${id}` }, 200, answers.getCustomerV2);

/** The director create requires X-Request-Time, the bank's clock in UNIX seconds. */
const requestTime = () => ({ 'x-request-time': requestTimeAt(world.sim.clock.now().getTime()) });

type Create =
  `create${'RetailCustomerV2' | 'SoleTrader' | 'LegalEntity' | 'Director' | 'Ubo' | 'ControllingPerson'}`;

/** A create's answer (201 `{id}`), held to that create's documented answer. */
async function create(
  operation: Create,
  path: string,
  body: object,
  headers?: Record<string, string>,
): Promise<string> {
  return (await expectAnswer(world, post(path, body, headers), 201, answers[operation])).id;
}

/** The example with identity document numbers of its own: the bank keeps one customer per document. */
function ownDocuments<T extends { identityDocuments?: readonly { idNumber: string }[] | null }>(body: T): T {
  const fresh = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase();
  return {
    ...body,
    identityDocuments: body.identityDocuments?.map((doc) => ({ ...doc, idNumber: fresh() })),
  };
}

/** One customer of each kind; the director, UBO and controlling person related to the legal entity. */
async function createAll() {
  const retail = await create(
    'createRetailCustomerV2',
    '/customers/v2/retail',
    ownDocuments(examples.createRetailCustomerV2.body),
  );
  const soleTrader = await create(
    'createSoleTrader',
    '/customers/v2/sole-traders',
    examples.createSoleTrader.body,
  );
  const entity = await create(
    'createLegalEntity',
    '/customers/v2/legal-entities',
    examples.createLegalEntity.body,
  );
  const party = '/customers/v2/non-account-holder';
  const withEntity = (body: object) => ({ ...body, customerId: entity });
  const director = await create(
    'createDirector',
    `${party}/directors`,
    withEntity(examples.createDirector.body),
    requestTime(),
  );
  const ubo = await create('createUbo', `${party}/ubos`, withEntity(examples.createUbo.body));
  const controller = await create(
    'createControllingPerson',
    `${party}/controlling-persons`,
    withEntity(examples.createControllingPerson.body),
  );
  return { retail, soleTrader, entity, director, ubo, controller };
}

describe('customers v2 answer as the bank documents', () => {
  it('creates each kind (201 {id}) and reads each back in its own documented shape', async () => {
    const ids = await createAll();
    const kinds = {
      retail: 'Retail',
      soleTrader: 'SoleTrader',
      entity: 'LegalEntity',
      director: 'Director',
      ubo: 'UboNatural',
      controller: 'ControllingPerson',
    } as const;
    for (const [name, type] of Object.entries(kinds)) {
      const customer = await read(ids[name as keyof typeof kinds]);
      expect(customer).toMatchObject({ id: ids[name as keyof typeof kinds], type, status: 'Active' });
    }
    const entity = await read(ids.entity);
    expect(entity).toMatchObject({ businessClassification: { sicCodes: [{ sicCode: '32990' }] } });
  });

  it('answers each amend 200 with the sections changed, each in its documented shape', async () => {
    const { retail, soleTrader, entity, director, ubo, controller } = await createAll();
    const patch = (path: string, body: unknown) => ({ method: 'PATCH', path, body });
    const retailChange = {
      personalDetails: { email: 'jane@example.com', telephone: '00447700900123' },
      kycAml: { craRating: 'HighRisk', sanctions: false },
      taxDetails: { usPerson: 'NotAUSPerson', validSelfCertification: true },
      specialStatuses: ['Vulnerability_LifeEvents'],
    };
    expect(
      await expectAnswer(
        world,
        patch(`/customers/v2/retail/${retail}`, retailChange),
        200,
        answers.amendRetailCustomerV2,
      ),
    ).toEqual({ customerId: retail, ...retailChange });
    await expectAnswer(
      world,
      patch(`/customers/v2/sole-traders/${soleTrader}`, {
        businessDetails: { tradingName: 'Smith and Sons', annualRevenue: 90000.5 },
        businessClassification: { industryClassification: '_4H_OtherManufacturing' },
        taxDetails: { vatRegistrationNumber: 'GB123456789' },
      }),
      200,
      answers.amendSoleTrader,
    );
    await expectAnswer(
      world,
      patch(`/customers/v2/legal-entities/${entity}`, {
        businessDetails: { email: 'info@acme.example' },
        businessClassification: { sicCodes: ['32990', '46900'] },
        kycAml: { craRating: 'MediumRisk' },
        taxDetails: { vatRegistrationNumber: 'GB987654321' },
      }),
      200,
      answers.amendLegalEntity,
    );
    await expectAnswer(
      world,
      patch(`/customers/v2/non-account-holder/directors/${director}`, {
        personalDetails: { countryOfResidence: 'IRL', middleName: 'Ann' },
      }),
      200,
      answers.amendDirector,
    );
    await expectAnswer(
      world,
      patch(`/customers/v2/non-account-holder/controlling-persons/${controller}`, {
        controllingPersonType: 'LegalPerson_Ownership',
        personalDetails: { surname: 'Jones' },
      }),
      200,
      answers.amendControllingPerson,
    );
    await expectAnswer(
      world,
      patch(`/customers/v2/non-account-holder/ubos/${ubo}`, {
        uboType: 'NonNaturalPerson',
        businessDetails: { registeredName: 'Holdco', countryOfRegistration: 'GBR' },
      }),
      200,
      answers.amendUbo,
    );
    // Read again: each kind still in its own shape after the change (the UBO now a company).
    for (const id of [retail, soleTrader, entity, director, controller]) await read(id);
    expect(await read(ubo)).toMatchObject({
      type: 'UboNonNatural',
      businessDetails: { registeredName: 'Holdco' },
    });
    expect(await read(entity)).toMatchObject({
      businessClassification: { sicCodes: [{ sicCode: '32990' }, { sicCode: '46900' }] },
    });
  });

  it('lists (200), adds (201, then 409) and removes (204, then 404) related parties', async () => {
    const { entity, director, ubo, controller } = await createAll();
    const list = await expectAnswer(
      world,
      { method: 'GET', path: `/customers/v2/customers/${entity}/related-parties` },
      200,
      answers.listRelatedParties,
    );
    expect(list.value).toEqual([
      { id: director, type: 'Director', ownershipPercentage: null },
      { id: ubo, type: 'UBO', ownershipPercentage: 40 },
      { id: controller, type: 'ControllingPerson', ownershipPercentage: null },
    ]);
    const other = await create(
      'createLegalEntity',
      '/customers/v2/legal-entities',
      examples.createLegalEntity.body,
    );
    const path = `/customers/v2/customers/${other}/related-parties`;
    const relation = { relatedCustomerId: ubo, relatedPartyType: 'UBO', ownershipPercentage: 25 };
    expect(await expectAnswer(world, post(path, relation), 201, answers.addRelatedParty)).toEqual({
      customerId: other,
      relatedCustomerId: ubo,
    });
    await refused(post(path, relation), 409);
    const removal = { method: 'DELETE', path: `${path}/${ubo}/UBO` };
    await expectAnswer(world, removal, 204, answers.removeRelatedParty);
    await refused(removal, 404);
  });

  it('adds a current address (201), puts (201, 200) and deletes (204) an identity document and a tax residency', async () => {
    const { retail } = await createAll();
    const base = `/customers/v2/customers/${retail}`;
    expect(
      await expectAnswer(
        world,
        post(`${base}/current-addresses`, {
          ...examples.addCurrentAddressV2.body,
          streetName: 'Low Road',
          validFrom: '2026-01-01',
        }),
        201,
        answers.addCurrentAddressV2,
      ),
    ).toEqual({ customerId: retail });

    const document = { method: 'PUT', path: `${base}/identity-documents/FRA-NationalId` };
    const documentBody = { idNumber: 'X1', idExpiryDate: '2031-01-01' };
    expect(
      await expectAnswer(world, { ...document, body: documentBody }, 201, answers.putIdentityDocument),
    ).toEqual({ customerId: retail });
    await expectAnswer(world, { ...document, body: { ...documentBody, idNumber: 'X2' } }, 200);
    await expectAnswer(world, { ...document, method: 'DELETE' }, 204, answers.deleteIdentityDocument);
    await refused({ ...document, method: 'DELETE' }, 404);

    const residency = (country: string) => `${base}/tax-residencies/${country}`;
    expect(
      await expectAnswer(
        world,
        { method: 'PUT', path: residency('IRL'), body: { noTaxIdReason: 'NotRequired' } },
        201,
        answers.putTaxResidency,
      ),
    ).toEqual({ customerId: retail });
    await expectAnswer(world, { method: 'PUT', path: residency('IRL'), body: { taxIdNumber: 'IE1' } }, 200);
    await expectAnswer(world, { method: 'DELETE', path: residency('GBR') }, 204, answers.deleteTaxResidency);
    // The read after the changes, still strict: the moved address, no null `noTaxIdReason`.
    const customer = await read(retail);
    expect(customer).toMatchObject({
      addresses: {
        currentAddress: { streetName: 'Low Road' },
        previousAddresses: [{ validTo: '2026-01-01' }],
      },
      taxDetails: { taxResidencies: [{ countryOfTaxResidence: 'IRL', taxIdNumber: 'IE1' }] },
    });
    // The only tax residency is not deleted.
    await refused({ method: 'DELETE', path: residency('IRL') }, 422);
  });

  it('refuses in the bank’s problem form: an unknown customer 404, a director for a retail customer 422', async () => {
    const { retail } = await createAll();
    await refused({ method: 'GET', path: `/customers/v2/customers/${crypto.randomUUID()}` }, 404);
    const refusal = await refused(
      post(
        '/customers/v2/non-account-holder/directors',
        { ...examples.createDirector.body, customerId: retail },
        requestTime(),
      ),
      422,
    );
    expect(refusal.errors).toHaveProperty('customerId');
  });
});
