import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '#shared/domain/customer-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import {
  amendRetailCustomer,
  createProtectedDepositAccount,
  createRetailCustomer,
  replaceRetailCustomerAddress,
} from '#shared/operations/customers/operations.js';
import { MESSAGES } from '#shared/operations/customers/schemas.js';
import { customerV2Operations } from '#shared/operations/customers-v2/operations.js';
import { operationsOf } from '#shared/operations/index.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';

const CUSTOMER_ID = '900b30fb-711c-4820-a910-07d31cfe06a5';
const NOW = new Date('2026-03-02T10:00:00Z');

/** The gateway's verdict on a request: `{}` when it may go to the bank, else the `errors` map of the 400. */
function errorsOf(
  operation: Operation,
  request: {
    body?: unknown;
    pathParams?: Record<string, string>;
    idempotencyKey?: string | null;
    overdraftAgreement?: boolean;
  },
) {
  const result = checkRequest(
    operation,
    {
      pathParams:
        request.pathParams ??
        Object.fromEntries(pathParamNames(operation.path).map((name) => [name, CUSTOMER_ID])),
      query: {},
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
      contentType: 'application/json',
      idempotencyKey: request.idempotencyKey === null ? undefined : (request.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: request.overdraftAgreement ?? false, now: NOW },
  );
  return result.ok ? {} : result.errors;
}

const address = (change: Record<string, unknown> = {}) => ({
  addressType: 'ResidentialAddress',
  countryCode: 'GBR',
  buildingNameNumber: '16',
  streetName: 'Sea Road',
  postalCode: 'N12 4NS',
  ...change,
});
const customer = (change: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  surname: 'Doe',
  dateOfBirth: '1990-02-28',
  email: 'jane.doe@example.com',
  currentAddress: address(),
  ...change,
});
const identityDocument = {
  idCountryOfIssue: 'GBR',
  idType: 'Passport',
  idNumber: '123456789',
  idExpiryDate: '2030-01-01T00:00:00Z',
};
const create = (change: Record<string, unknown> = {}) =>
  errorsOf(createRetailCustomer, { body: customer(change) });
const amend = (body: Record<string, unknown>) => errorsOf(amendRetailCustomer, { body });
const replace = (body: Record<string, unknown>) => errorsOf(replaceRetailCustomerAddress, { body });
const account = (change: Record<string, unknown> = {}, overdraftAgreement = false) =>
  errorsOf(createProtectedDepositAccount, {
    body: {
      sortCode: '040004',
      productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      customerId: CUSTOMER_ID,
      ...change,
    },
    overdraftAgreement,
  });

describe('the customer operations are registered for one function', () => {
  it('registers the four operations under fn customers (beside customers v2), with a handler file', () => {
    const v1 = operationsOf('customers').filter((operation) => !customerV2Operations.includes(operation));
    expect(v1.map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      'POST /v1/customers/retail',
      'PATCH /v1/customers/retail/{customerId}',
      'PUT /v1/customers/retail/{customerId}/currentaddress',
      'POST /v4/Accounts',
    ]);
    expect(existsSync(new URL('../../../functions/customers.ts', import.meta.url))).toBe(true);
  });

  it('requires an Idempotency-Key on both creates, never on the amend or the address', () => {
    const required = {
      'Idempotency-Key': ['header is required for this operation, so a retry can never act twice'],
    };
    expect(errorsOf(createRetailCustomer, { body: customer(), idempotencyKey: null })).toEqual(required);
    expect(
      errorsOf(createProtectedDepositAccount, {
        body: { sortCode: '040004', productId: CUSTOMER_ID, customerId: CUSTOMER_ID },
        idempotencyKey: null,
      }),
    ).toEqual(required);
    expect(errorsOf(amendRetailCustomer, { body: { firstName: 'J' }, idempotencyKey: null })).toEqual({});
    expect(errorsOf(replaceRetailCustomerAddress, { body: address(), idempotencyKey: null })).toEqual({});
  });

  it('takes the customer id in the path as a GUID', () => {
    expect(
      errorsOf(amendRetailCustomer, { body: { firstName: 'J' }, pathParams: { customerId: 'jane' } }),
    ).toHaveProperty('customerId');
  });
});

describe('POST /v1/customers/retail: names, date of birth and e-mail', () => {
  it('accepts a customer with the required members only, and with every member', () => {
    expect(create()).toEqual({});
    expect(
      create({
        middleName: 'Henry',
        countryOfResidence: 'GBR',
        ...identityDocument,
        previousAddresses: [address({ validFrom: '2010-01-01T00:00:00Z', validTo: '2020-01-01T00:00:00Z' })],
      }),
    ).toEqual({});
  });

  it.each([
    ['firstName', MESSAGES.firstName],
    ['surname', MESSAGES.surname],
    ['dateOfBirth', MESSAGES.dateOfBirth],
    ['email', MESSAGES.email],
    ['currentAddress', MESSAGES.currentAddress],
  ])('requires %s', (member, message) => {
    expect(create({ [member]: undefined })).toEqual({ [member]: [message] });
  });

  it.each(['firstName', 'middleName', 'surname'])('takes %s up to 255 characters, not 256', (member) => {
    expect(create({ [member]: 'a'.repeat(255) })).toEqual({});
    expect(create({ [member]: 'a'.repeat(256) })).toHaveProperty(member);
  });

  it.each(['1990-02-28', '2000-02-29'])('accepts the date of birth %s', (dateOfBirth) => {
    expect(create({ dateOfBirth })).toEqual({});
  });

  it.each(['1990-02-30', '1991-02-29', '28/02/1990', '1990-02-28T00:00:00Z', 19900228])(
    'refuses the date of birth %j',
    (dateOfBirth) => {
      expect(create({ dateOfBirth })).toEqual({ dateOfBirth: [MESSAGES.dateOfBirth] });
    },
  );

  it.each(['jane', 'jane@', '@example.com', 'jane doe@example.com'])('refuses the e-mail %j', (email) => {
    expect(create({ email })).toEqual({ email: [MESSAGES.email] });
  });

  it('refuses an unknown property', () => {
    expect(create({ nickname: 'JD' })).toEqual({ nickname: ['is not a known property'] });
  });
});

describe('retail customers: countries and the identity document', () => {
  it.each(['GBR', 'FRA', 'USA'])('accepts the country %s', (code) => {
    expect(create({ countryOfResidence: code, ...identityDocument, idCountryOfIssue: code })).toEqual({});
  });

  it.each(['GB', 'gbr', 'XKX', 'ZZZ'])('refuses %j as a country', (code) => {
    expect(create({ countryOfResidence: code })).toEqual({
      countryOfResidence: [CUSTOMER_MESSAGES.countryCodeAlpha3],
    });
  });

  it('refuses an identity document with only some of its fields, naming each missing one', () => {
    expect(create({ idType: 'Passport', idNumber: '123' })).toEqual({
      idCountryOfIssue: [`idCountryOfIssue ${CUSTOMER_MESSAGES.identityDocumentIncomplete}`],
      idExpiryDate: [`idExpiryDate ${CUSTOMER_MESSAGES.identityDocumentIncomplete}`],
    });
    expect(amend({ idExpiryDate: '2030-01-01T00:00:00Z' })).toHaveProperty('idType');
  });

  it('checks idType, idNumber and idExpiryDate', () => {
    expect(create({ ...identityDocument, idType: 'Visa' })).toEqual({ idType: [CUSTOMER_MESSAGES.idType] });
    expect(create({ ...identityDocument, idNumber: 'n'.repeat(256) })).toEqual({
      idNumber: [CUSTOMER_MESSAGES.idNumber],
    });
    expect(create({ ...identityDocument, idExpiryDate: '2030-01-01' })).toEqual({
      idExpiryDate: [CUSTOMER_MESSAGES.idExpiryDate],
    });
  });
});

describe('retail customers: addresses', () => {
  it('accepts the current address as one object or, as retail.json writes it, a list', () => {
    expect(create({ currentAddress: [address()] })).toEqual({});
    expect(create({ currentAddress: [] })).toEqual({ currentAddress: [MESSAGES.currentAddress] });
    expect(create({ currentAddress: 'N12 4NS' })).toEqual({ currentAddress: [MESSAGES.currentAddress] });
  });

  it.each([
    ['addressType', MESSAGES.addressType],
    ['countryCode', MESSAGES.countryCode],
    ['buildingNameNumber', MESSAGES.buildingNameNumber],
    ['streetName', MESSAGES.streetName],
    ['postalCode', MESSAGES.postalCode],
  ])('requires %s in the current address of a create', (member, message) => {
    expect(create({ currentAddress: address({ [member]: undefined }) })).toEqual({
      [`currentAddress.${member}`]: [message],
    });
    expect(create({ currentAddress: [address({ [member]: undefined })] })).toEqual({
      [`currentAddress.0.${member}`]: [message],
    });
  });

  it('checks the address members: type, country, lengths, dates, unknown members', () => {
    expect(create({ currentAddress: address({ addressType: 'Home' }) })).toEqual({
      'currentAddress.addressType': [MESSAGES.addressType],
    });
    expect(create({ currentAddress: address({ countryCode: 'UK' }) })).toEqual({
      'currentAddress.countryCode': [CUSTOMER_MESSAGES.countryCodeAlpha3],
    });
    expect(create({ currentAddress: address({ city: 'c'.repeat(256) }) })).toEqual({
      'currentAddress.city': [`city ${MESSAGES.addressText}`],
    });
    expect(create({ currentAddress: address({ streetName: 7 }) })).toEqual({
      'currentAddress.streetName': [MESSAGES.streetName],
    });
    expect(create({ currentAddress: address({ validFrom: '2020-01-01' }) })).toEqual({
      'currentAddress.validFrom': [MESSAGES.validFrom],
    });
    expect(create({ currentAddress: address({ flat: '2' }) })).toEqual({
      'currentAddress.flat': ['is not a known property'],
    });
  });

  it('leaves validTo blank while the address is current: one already passed is refused', () => {
    expect(create({ currentAddress: address({ validTo: '2027-01-01T00:00:00Z' }) })).toEqual({});
    expect(create({ currentAddress: address({ validTo: '2026-03-01T00:00:00Z' }) })).toEqual({
      'currentAddress.validTo': [MESSAGES.validToWhileCurrent],
    });
    expect(replace(address({ validTo: '2026-03-01T00:00:00Z' }))).toEqual({
      validTo: [MESSAGES.validToWhileCurrent],
    });
  });

  it('refuses a validTo earlier than validFrom, in any address', () => {
    const backwards = { validFrom: '2020-01-01T00:00:00Z', validTo: '2019-01-01T00:00:00Z' };
    expect(create({ previousAddresses: [address(backwards)] })).toEqual({
      'previousAddresses.0.validTo': [MESSAGES.validToBeforeFrom],
    });
  });

  it('takes previous addresses with any members (retail.json requires none of them)', () => {
    expect(create({ previousAddresses: [{ city: 'Northleach' }] })).toEqual({});
    expect(create({ previousAddresses: [{ countryCode: 'XXX' }] })).toEqual({
      'previousAddresses.0.countryCode': [CUSTOMER_MESSAGES.countryCodeAlpha3],
    });
  });
});

describe('PATCH /v1/customers/retail/{customerId}', () => {
  it('accepts any one member, and an empty change', () => {
    expect(amend({ surname: 'Smith' })).toEqual({});
    expect(amend({ email: 'jane@example.org', countryOfResidence: 'IRL' })).toEqual({});
    expect(amend({})).toEqual({});
  });

  it('applies the create rules to what it is given', () => {
    expect(amend({ dateOfBirth: '1990-13-01' })).toEqual({ dateOfBirth: [MESSAGES.dateOfBirth] });
    expect(amend({ email: 'nope' })).toEqual({ email: [MESSAGES.email] });
    expect(amend({ firstName: 'a'.repeat(256) })).toEqual({ firstName: [MESSAGES.firstName] });
    expect(amend({ currentAddress: address() })).toEqual({ currentAddress: ['is not a known property'] });
  });
});

describe('PUT /v1/customers/retail/{customerId}/currentaddress', () => {
  it('requires countryCode, buildingNameNumber, streetName and postalCode, not addressType', () => {
    expect(replace(address({ addressType: undefined }))).toEqual({});
    expect(replace({})).toEqual({
      countryCode: [MESSAGES.countryCode],
      buildingNameNumber: [MESSAGES.buildingNameNumber],
      streetName: [MESSAGES.streetName],
      postalCode: [MESSAGES.postalCode],
    });
    expect(replace(address({ addressType: 'Home' }))).toEqual({ addressType: [MESSAGES.addressTypeValue] });
  });
});

describe('POST /v4/Accounts: a protected deposit account', () => {
  it('accepts the required members, and an owner name', () => {
    expect(account()).toEqual({});
    expect(account({ owner: { name: 'Jane Doe' }, minimumBalance: 0 })).toEqual({});
  });

  it('requires sortCode as 6 digits, productId and customerId as GUIDs', () => {
    expect(account({ sortCode: '04-00-04' })).toEqual({ sortCode: ['sortCode must be exactly 6 digits.'] });
    expect(account({ productId: undefined, customerId: 'jane' })).toEqual({
      productId: [MESSAGES.productId],
      customerId: [
        'customerId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, as the bank issues it.',
      ],
    });
  });

  it('checks owner.name: at most 140 characters, none of the forbidden ones', () => {
    expect(account({ owner: { name: 'a'.repeat(140) } })).toEqual({});
    expect(account({ owner: { name: 'a'.repeat(141) } })).toEqual({ 'owner.name': [MESSAGES.ownerName] });
    expect(account({ owner: { name: 'Jane_Doe' } })).toEqual({
      'owner.name': [MESSAGES.ownerNameCharacters],
    });
  });

  it('takes minimumBalance in pence; negative only with an overdraft agreement', () => {
    expect(account({ minimumBalance: 12.345 })).toHaveProperty('minimumBalance');
    expect(account({ minimumBalance: -1000 })).toEqual({
      minimumBalance: [
        'A negative minimumBalance (an overdraft) is only allowed with an overdraft agreement with the bank.',
      ],
    });
    expect(account({ minimumBalance: -1000 }, true)).toEqual({});
  });

  it('refuses an unknown property', () => {
    expect(account({ accountName: 'Main' })).toEqual({ accountName: ['is not a known property'] });
  });
});
