import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import * as records from '#shared/operations/customers-v2/operations.js';
import { customerV2Examples } from '#shared/operations/customers-v2/examples.js';
import { customerV2Operations } from '#shared/operations/customers-v2/operations.js';
import { operations } from '#shared/operations/index.js';
import type { Operation, RequestExample } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';

const NOW = new Date('2026-03-02T10:00:00Z');
const examples: Record<string, RequestExample> = customerV2Examples;

/** The gateway's verdict: `{}` when the request may go to the bank, else the `errors` map of the 400. */
function errorsOf(
  operation: Operation,
  change: { body?: unknown; pathParams?: Record<string, string> } = {},
) {
  const example = examples[operation.id] ?? {};
  const body = 'body' in change ? change.body : example.body;
  const result = checkRequest(
    operation,
    {
      pathParams: { ...example.pathParams, ...change.pathParams },
      query: {},
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      contentType: 'application/json',
      idempotencyKey: 'key-1',
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: NOW },
  );
  return result.ok ? {} : result.errors;
}

/** The example's body with `path` (dotted) set to `value` (undefined removes it). */
function withMember(id: string, path: string, value: unknown): unknown {
  const body = structuredClone(examples[id]?.body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = body;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return body;
}

const retail = records.createRetailCustomerV2;

describe('customers v2: the registry', () => {
  it('holds the 22 operations under fn customers, each once in the registry', () => {
    expect(customerV2Operations).toHaveLength(22);
    for (const operation of customerV2Operations) {
      expect(operation.fn).toBe('customers');
      expect(operations.filter((other) => other.id === operation.id)).toHaveLength(1);
      expect(operation.summary).toBeTruthy();
      expect(operation.description).toBeTruthy();
    }
  });

  it('names a rule for every path parameter: a bad value of each is refused by name', () => {
    for (const operation of customerV2Operations) {
      expect(operation.pathParams === undefined).toBe(pathParamNames(operation.path).length === 0);
      for (const name of pathParamNames(operation.path)) {
        expect(Object.keys(errorsOf(operation, { pathParams: { [name]: 'not-valid' } }))).toEqual([name]);
      }
    }
  });

  it('requires an Idempotency-Key on the creates only', () => {
    const creates = customerV2Operations
      .filter((operation) => operation.requiresIdempotencyKey)
      .map((o) => o.id);
    expect(creates.sort()).toEqual(
      [
        'addRelatedParty',
        'createControllingPerson',
        'createDirector',
        'createLegalEntity',
        'createRetailCustomerV2',
        'createSoleTrader',
        'createUbo',
        'onboardRetailCustomer',
      ].sort(),
    );
  });

  it.each(customerV2Operations.map((operation) => [operation.id, operation] as const))(
    '%s: its example passes',
    (_, operation) => {
      expect(errorsOf(operation)).toEqual({});
    },
  );
});

describe('customers v2: path parameters', () => {
  it('customerId must be a GUID', () => {
    expect(Object.keys(errorsOf(records.getCustomerV2, { pathParams: { customerId: 'abc' } }))).toEqual([
      'customerId',
    ]);
  });

  it('identityDocument is {idCountryOfIssue}-{idType}, named with both parts', () => {
    for (const bad of [
      'GBRPassport',
      'GB-Passport',
      'GBR-passport',
      'GBR-NationalInsurance',
      'GBR-',
      '-Passport',
    ]) {
      const errors = errorsOf(records.deleteIdentityDocument, { pathParams: { identityDocument: bad } });
      expect(errors.identityDocument?.[0]).toContain('identityDocument must be {idCountryOfIssue}-{idType}');
    }
    for (const good of ['GBR-Passport', 'FRA-NationalId', 'USA-DrivingLicence']) {
      expect(errorsOf(records.deleteIdentityDocument, { pathParams: { identityDocument: good } })).toEqual(
        {},
      );
    }
  });

  it('countryOfTaxResidence is an ISO 3166-1 alpha-3 code; relatedPartyType one of three', () => {
    expect(
      Object.keys(errorsOf(records.deleteTaxResidency, { pathParams: { countryOfTaxResidence: 'GB' } })),
    ).toEqual(['countryOfTaxResidence']);
    expect(
      Object.keys(errorsOf(records.removeRelatedParty, { pathParams: { relatedPartyType: 'Shareholder' } })),
    ).toEqual(['relatedPartyType']);
  });
});

describe('customers v2: bodies', () => {
  const refused = (operation: Operation, body: unknown) => errorsOf(operation, { body });

  it('names: the published pattern over the whole value, 1 to 255, none of aka / known as / unknown', () => {
    for (const bad of ['Jane1', 'J@ne', '', 'x'.repeat(256), 'Unknown', 'Jo aka Jay', 'Known As Bob']) {
      const errors = refused(retail, withMember('createRetailCustomerV2', 'personalDetails.firstName', bad));
      expect(Object.keys(errors)).toEqual(['personalDetails.firstName']);
      expect(errors['personalDetails.firstName']?.[0]).toMatch(/^personalDetails\.firstName must/);
    }
    for (const good of ["O'Brien", 'Anne-Marie', 'José', 'Ng']) {
      expect(
        refused(retail, withMember('createRetailCustomerV2', 'personalDetails.firstName', good)),
      ).toEqual({});
    }
  });

  it('dateOfBirth: a calendar date, not before 1850-01-01', () => {
    for (const bad of ['1849-12-31', '1990-02-30', '1990-02-03T00:00:00Z', '12/04/1990']) {
      expect(
        Object.keys(
          refused(retail, withMember('createRetailCustomerV2', 'personalDetails.dateOfBirth', bad)),
        ),
      ).toEqual(['personalDetails.dateOfBirth']);
    }
    expect(
      refused(retail, withMember('createRetailCustomerV2', 'personalDetails.dateOfBirth', '1850-01-01')),
    ).toEqual({});
  });

  it('telephone starts 00, 3 to 20 digits; email has an @', () => {
    expect(
      Object.keys(
        refused(retail, withMember('createRetailCustomerV2', 'personalDetails.telephone', '+447700900123')),
      ),
    ).toEqual(['personalDetails.telephone']);
    expect(
      refused(retail, withMember('createRetailCustomerV2', 'personalDetails.telephone', '00447700900123')),
    ).toEqual({});
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', 'personalDetails.email', 'jane'))),
    ).toEqual(['personalDetails.email']);
  });

  it('addresses: postcode pattern, forbidden characters, postcode not in the street, county not repeating a line', () => {
    const at = 'addressHistory.currentAddress';
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', `${at}.postalCode`, 'EC2V8RT'))),
    ).toEqual([`${at}.postalCode`]);
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', `${at}.streetName`, 'Main St; DROP'))),
    ).toEqual([`${at}.streetName`]);
    expect(
      Object.keys(
        refused(retail, withMember('createRetailCustomerV2', `${at}.streetName`, 'Example Street EC2V 8RT')),
      ),
    ).toEqual([`${at}.streetName`]);
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', `${at}.county`, 'Example Street'))),
    ).toEqual([`${at}.county`]);
    expect(
      Object.keys(
        refused(retail, withMember('createRetailCustomerV2', `${at}.addressType`, 'TradingAddress')),
      ),
    ).toEqual([`${at}.addressType`]);
  });

  it('a previous address ends after it began', () => {
    const previous = {
      addressType: 'ResidentialAddress',
      buildingNameNumber: '2',
      streetName: 'Old Road',
      city: 'Leeds',
      postalCode: 'LS1 4AP',
      country: 'GBR',
    };
    const body = (validFrom: string, validTo: string) =>
      withMember('createRetailCustomerV2', 'addressHistory.previousAddresses', [
        { ...previous, validFrom, validTo },
      ]);
    expect(Object.keys(refused(retail, body('2020-01-01', '2019-01-01')))).toEqual([
      'addressHistory.previousAddresses.0.validTo',
    ]);
    expect(refused(retail, body('2019-01-01', '2020-01-01'))).toEqual({});
  });

  it('identity documents: every member, one per country and type', () => {
    const doc = { idCountryOfIssue: 'GBR', idType: 'Passport', idNumber: '1', idExpiryDate: '2030-01-01' };
    expect(
      Object.keys(
        refused(
          retail,
          withMember('createRetailCustomerV2', 'identityDocuments', [{ ...doc, idExpiryDate: undefined }]),
        ),
      ),
    ).toEqual(['identityDocuments.0.idExpiryDate']);
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', 'identityDocuments', [doc, doc]))),
    ).toEqual(['identityDocuments.1.idType']);
    expect(
      refused(
        retail,
        withMember('createRetailCustomerV2', 'identityDocuments', [doc, { ...doc, idType: 'NationalId' }]),
      ),
    ).toEqual({});
  });

  it('tax residencies: at least one on a retail create, a tax id or the reason there is none', () => {
    expect(
      Object.keys(refused(retail, withMember('createRetailCustomerV2', 'taxDetails.taxResidencies', []))),
    ).toEqual(['taxDetails.taxResidencies']);
    expect(
      Object.keys(
        refused(
          retail,
          withMember('createRetailCustomerV2', 'taxDetails.taxResidencies', [
            { countryOfTaxResidence: 'GBR' },
          ]),
        ),
      ),
    ).toEqual(['taxDetails.taxResidencies.0.noTaxIdReason']);
    expect(
      refused(
        retail,
        withMember('createRetailCustomerV2', 'taxDetails.taxResidencies', [
          { countryOfTaxResidence: 'GBR', noTaxIdReason: 'NotRequired' },
        ]),
      ),
    ).toEqual({});
    expect(Object.keys(refused(records.putTaxResidency, {}))).toEqual(['noTaxIdReason']);
  });

  it('unknown members are refused, nothing dropped', () => {
    expect(Object.keys(refused(retail, withMember('createRetailCustomerV2', 'nickname', 'JJ')))).toEqual([
      'nickname',
    ]);
  });

  it('related party: ownershipPercentage only for a UBO, a whole number', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(
      Object.keys(
        refused(records.addRelatedParty, {
          relatedCustomerId: id,
          relatedPartyType: 'Director',
          ownershipPercentage: 10,
        }),
      ),
    ).toEqual(['ownershipPercentage']);
    expect(
      Object.keys(
        refused(records.addRelatedParty, {
          relatedCustomerId: id,
          relatedPartyType: 'UBO',
          ownershipPercentage: 10.5,
        }),
      ),
    ).toEqual(['ownershipPercentage']);
    expect(refused(records.addRelatedParty, { relatedCustomerId: id, relatedPartyType: 'Director' })).toEqual(
      {},
    );
  });

  it('sole trader: a national identification number or an identity document; one address of each type', () => {
    expect(
      Object.keys(
        refused(
          records.createSoleTrader,
          withMember('createSoleTrader', 'personalDetails.nationalIdentificationNumber', undefined),
        ),
      ),
    ).toEqual(['personalDetails.nationalIdentificationNumber']);
    const twice = structuredClone(examples.createSoleTrader?.body) as {
      addressHistory: { currentAddresses: unknown[] };
    };
    twice.addressHistory.currentAddresses.push(twice.addressHistory.currentAddresses[0]);
    expect(Object.keys(refused(records.createSoleTrader, twice))).toEqual([
      'addressHistory.currentAddresses.1.addressType',
    ]);
    expect(
      Object.keys(
        refused(records.createSoleTrader, withMember('createSoleTrader', 'businessDetails.annualRevenue', 0)),
      ),
    ).toEqual(['businessDetails.annualRevenue']);
    expect(
      Object.keys(
        refused(
          records.createSoleTrader,
          withMember('createSoleTrader', 'businessClassification.sectorCode', '_2a_UKBanks'),
        ),
      ),
    ).toEqual(['businessClassification.sectorCode']);
  });

  it('legal entity: a trading and a registered address; SIC codes of 5 digits', () => {
    const body = withMember('createLegalEntity', 'addressHistory.currentAddresses', [
      (examples.createLegalEntity?.body as { addressHistory: { currentAddresses: unknown[] } }).addressHistory
        .currentAddresses[0],
    ]);
    expect(Object.keys(refused(records.createLegalEntity, body))).toEqual([
      'addressHistory.currentAddresses',
    ]);
    expect(
      Object.keys(
        refused(
          records.createLegalEntity,
          withMember('createLegalEntity', 'businessClassification.sicCodes', ['3299']),
        ),
      ),
    ).toEqual(['businessClassification.sicCodes.0']);
  });

  it('UBO: 1 to 100 percent; details follow its type', () => {
    expect(
      Object.keys(refused(records.createUbo, withMember('createUbo', 'ownershipPercentage', 101))),
    ).toEqual(['ownershipPercentage']);
    expect(
      Object.keys(refused(records.createUbo, withMember('createUbo', 'uboType', 'NonNaturalPerson'))).sort(),
    ).toEqual(['businessDetails', 'personalDetails']);
    expect(
      Object.keys(
        refused(records.amendUbo, { uboType: 'NonNaturalPerson', personalDetails: { firstName: 'A' } }),
      ),
    ).toEqual(['personalDetails']);
  });

  it('controlling person: the type is one of the thirteen', () => {
    expect(
      Object.keys(
        refused(
          records.createControllingPerson,
          withMember('createControllingPerson', 'controllingPersonType', 'Owner'),
        ),
      ),
    ).toEqual(['controllingPersonType']);
  });
});

describe('retail due diligence: POST /customer-due-diligence/v1/retail/onboard', () => {
  const onboard = records.onboardRetailCustomer;
  const at = (path: string, value: unknown) =>
    Object.keys(
      errorsOf(onboard, { body: withMember('onboardRetailCustomer', `customerData.${path}`, value) }),
    );

  it('applies the published patterns', () => {
    expect(at('name.firstName', 'Zoë')).toEqual(['customerData.name.firstName']);
    expect(at('name.surname', 'x'.repeat(41))).toEqual(['customerData.name.surname']);
    expect(at('nationalInsuranceNumber', 'AB 12 34 56 C')).toEqual(['customerData.nationalInsuranceNumber']);
    expect(at('mobile', '07700')).toEqual(['customerData.mobile']);
    expect(at('currentAddress.postalCode', 'SW1')).toEqual(['customerData.currentAddress.postalCode']);
    expect(at('taxResidency', ['GBR', 'IRL'])).toEqual(['customerData.taxResidency']);
    expect(at('nationality', [])).toEqual(['customerData.nationality']);
  });

  it('a building name or number; UK residents and tax residents only; no US nationals', () => {
    expect(at('currentAddress.buildingNumber', undefined)).toEqual([
      'customerData.currentAddress.buildingNumber',
    ]);
    expect(at('nationality', ['GBR', 'USA'])).toEqual(['customerData.nationality']);
    expect(at('taxResidency', ['IRL'])).toEqual(['customerData.taxResidency']);
    expect(at('currentAddress.countryCode', 'IRL')).toEqual(['customerData.currentAddress.countryCode']);
  });
});

describe('personal data never in a refusal', () => {
  it('a body full of personal data, every member wrong, is refused without echoing one value', () => {
    const values = {
      firstName: 'Zebedee9',
      middleName: 42,
      surname: 'Q@uintrell',
      dateOfBirth: '1789-07-14',
      email: 'not-an-address',
      telephone: '+4479460123',
      countryOfResidence: 'Atlantis',
      nationalIdentificationNumber: 98765,
    };
    const body = withMember('createRetailCustomerV2', 'personalDetails', values) as Record<
      string,
      Record<string, unknown>
    >;
    body.identityDocuments = [
      { idCountryOfIssue: 'XXX', idType: 'Passport', idNumber: '', idExpiryDate: '31/12/2030' },
    ] as never;
    const text = JSON.stringify(errorsOf(retail, { body }));
    expect(Object.keys(JSON.parse(text) as object).length).toBeGreaterThan(8);
    for (const value of [...Object.values(values), 'XXX', '31/12/2030']) {
      expect(text).not.toContain(String(value));
    }
    const kyc = errorsOf(records.onboardRetailCustomer, {
      body: withMember('onboardRetailCustomer', 'customerData.nationalInsuranceNumber', 'QQ 99 88 77 Z'),
    });
    expect(JSON.stringify(kyc)).not.toContain('QQ 99 88 77 Z');
  });
});
