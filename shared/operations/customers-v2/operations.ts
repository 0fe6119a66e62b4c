import * as z from 'zod/mini';
import {
  countryCode,
  enumOf,
  identityDocumentSegment,
  RELATED_PARTY_TYPES,
} from '#shared/domain/customer-v2-rules.js';
import type { Operation } from '../operation.js';
import { bankId } from '../path-params.js';
import {
  addCurrentAddressBody,
  addRelatedPartyBody,
  amendControllingPersonBody,
  amendDirectorBody,
  amendLegalEntityBody,
  amendRetailCustomerV2Body,
  amendSoleTraderBody,
  amendUboBody,
  createControllingPersonBody,
  createDirectorBody,
  createLegalEntityBody,
  createRetailCustomerV2Body,
  createSoleTraderBody,
  createUboBody,
  onboardRetailCustomerBody,
  putIdentityDocumentBody,
  putTaxResidencyBody,
} from './schemas.js';

/**
 * Customers v2 (`customers_v2_retail.json`, `_sole_trader`, `_legal_entity`, `_company_director`, `_ubo`,
 * `_controlling_person`) and retail due diligence (`know-your-customer-v1.json`), served by the customers
 * function. The creates (each customer kind, a related party, the due-diligence application) require an
 * Idempotency-Key: the bank's only duplicate check is the X-Request-Id, derived from the key. The amends, the
 * address add and the PUT/DELETE of subresources accept one.
 *
 * `{idCountryOfIssue}-{idType}` is one path parameter, `{identityDocument}` (API Gateway has no partial
 * variables); its rule splits it (`splitIdentityDocument`) and the bank is called with the same segment.
 */
const fn = 'customers';

const customerPath = z.lazy(() => z.strictObject({ customerId: bankId('customerId') }));
const relatedPartyPath = z.lazy(() =>
  z.strictObject({
    customerId: bankId('customerId'),
    relatedCustomerId: bankId('relatedCustomerId'),
    relatedPartyType: enumOf('relatedPartyType', RELATED_PARTY_TYPES),
  }),
);
const identityDocumentPath = z.lazy(() =>
  z.strictObject({ customerId: bankId('customerId'), identityDocument: identityDocumentSegment() }),
);
const taxResidencyPath = z.lazy(() =>
  z.strictObject({
    customerId: bankId('customerId'),
    countryOfTaxResidence: countryCode('countryOfTaxResidence'),
  }),
);

export const getCustomerV2 = {
  id: 'getCustomerV2',
  summary: 'Get a customer',
  description:
    'Reads a v2 customer of any kind (retail, sole trader, legal entity, director, UBO, controlling person): its status, type, details, KYC and AML outcomes, tax details, identity documents and address history.',
  method: 'GET',
  path: '/customers/v2/customers/{customerId}' as const,
  pathParams: customerPath,
  fn,
} satisfies Operation;

export const listRelatedParties = {
  id: 'listRelatedParties',
  summary: "List a customer's related parties",
  description:
    'Lists the customers related to a retail customer, sole trader or legal entity: each with its type (Director, UBO, ControllingPerson) and, for a UBO, its ownership percentage.',
  method: 'GET',
  path: '/customers/v2/customers/{customerId}/related-parties' as const,
  pathParams: customerPath,
  fn,
} satisfies Operation;

export const addRelatedParty = {
  id: 'addRelatedParty',
  summary: 'Relate a customer to another',
  description:
    'Makes the customer in the body a related party (Director, UBO or ControllingPerson) of the customer in the path; the ownership percentage is for UBOs only.',
  method: 'POST',
  path: '/customers/v2/customers/{customerId}/related-parties' as const,
  pathParams: customerPath,
  fn,
  body: addRelatedPartyBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const removeRelatedParty = {
  id: 'removeRelatedParty',
  summary: 'Remove a related party',
  description: 'Ends one relation (by its type) between a customer and a related customer.',
  method: 'DELETE',
  path: '/customers/v2/customers/{customerId}/related-parties/{relatedCustomerId}/{relatedPartyType}' as const,
  pathParams: relatedPartyPath,
  fn,
} satisfies Operation;

export const addCurrentAddressV2 = {
  id: 'addCurrentAddressV2',
  summary: "Change a customer's current address",
  description:
    "Gives a customer a new current address; the last one moves to the previous addresses, its validTo set to the new address's validFrom (today when not given).",
  method: 'POST',
  path: '/customers/v2/customers/{customerId}/current-addresses' as const,
  pathParams: customerPath,
  fn,
  body: addCurrentAddressBody,
} satisfies Operation;

export const putIdentityDocument = {
  id: 'putIdentityDocument',
  summary: "Add or update a customer's identity document",
  description:
    'Sets the number and expiry date of the identity document of a country of issue and type (`{idCountryOfIssue}-{idType}`, e.g. GBR-Passport): 201 when added, 200 when updated.',
  method: 'PUT',
  path: '/customers/v2/customers/{customerId}/identity-documents/{identityDocument}' as const,
  pathParams: identityDocumentPath,
  fn,
  body: putIdentityDocumentBody,
} satisfies Operation;

export const deleteIdentityDocument = {
  id: 'deleteIdentityDocument',
  summary: "Delete a customer's identity document",
  description:
    'Deletes the identity document of a country of issue and type (`{idCountryOfIssue}-{idType}`).',
  method: 'DELETE',
  path: '/customers/v2/customers/{customerId}/identity-documents/{identityDocument}' as const,
  pathParams: identityDocumentPath,
  fn,
} satisfies Operation;

export const putTaxResidency = {
  id: 'putTaxResidency',
  summary: "Add or update a customer's tax residency",
  description:
    'Sets the tax identification number (or the reason there is none) of a customer in a country of tax residence: 201 when added, 200 when updated.',
  method: 'PUT',
  path: '/customers/v2/customers/{customerId}/tax-residencies/{countryOfTaxResidence}' as const,
  pathParams: taxResidencyPath,
  fn,
  body: putTaxResidencyBody,
} satisfies Operation;

export const deleteTaxResidency = {
  id: 'deleteTaxResidency',
  summary: "Delete a customer's tax residency",
  description:
    "Deletes a customer's tax residency in a country; a customer's only tax residency cannot be deleted (422).",
  method: 'DELETE',
  path: '/customers/v2/customers/{customerId}/tax-residencies/{countryOfTaxResidence}' as const,
  pathParams: taxResidencyPath,
  fn,
} satisfies Operation;

export const createRetailCustomerV2 = {
  id: 'createRetailCustomerV2',
  summary: 'Create a retail customer (v2)',
  description:
    'Registers a retail customer with personal details, address history, KYC and AML outcomes, tax details (at least one tax residency) and optionally identity documents and special statuses.',
  method: 'POST',
  path: '/customers/v2/retail' as const,
  fn,
  body: createRetailCustomerV2Body,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const amendRetailCustomerV2 = {
  id: 'amendRetailCustomerV2',
  summary: 'Amend a retail customer (v2)',
  description:
    "Changes a retail customer's personal details, KYC and AML outcomes, tax details or special statuses; null members are ignored and the answer lists what changed.",
  method: 'PATCH',
  path: '/customers/v2/retail/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendRetailCustomerV2Body,
} satisfies Operation;

export const createSoleTrader = {
  id: 'createSoleTrader',
  summary: 'Create a sole trader',
  description:
    'Registers a sole trader: personal details (with a national identification number or an identity document), current addresses (trading, residential), business details and classification, KYC and AML outcomes and tax details.',
  method: 'POST',
  path: '/customers/v2/sole-traders' as const,
  fn,
  body: createSoleTraderBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const amendSoleTrader = {
  id: 'amendSoleTrader',
  summary: 'Amend a sole trader',
  description:
    "Changes a sole trader's personal or business details, classification, KYC and AML outcomes, tax details or special statuses; the answer lists what changed.",
  method: 'PATCH',
  path: '/customers/v2/sole-traders/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendSoleTraderBody,
} satisfies Operation;

export const createLegalEntity = {
  id: 'createLegalEntity',
  summary: 'Create a legal entity',
  description:
    'Registers a legal entity: business details, classification (sector, industry, AEOI, SIC codes), a current trading and registered address, KYC and AML outcomes and tax details with the self-certification signee.',
  method: 'POST',
  path: '/customers/v2/legal-entities' as const,
  fn,
  body: createLegalEntityBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const amendLegalEntity = {
  id: 'amendLegalEntity',
  summary: 'Amend a legal entity',
  description:
    "Changes a legal entity's business details, classification, KYC and AML outcomes or tax details; the answer lists what changed.",
  method: 'PATCH',
  path: '/customers/v2/legal-entities/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendLegalEntityBody,
} satisfies Operation;

export const createDirector = {
  id: 'createDirector',
  summary: 'Create a company director',
  description:
    'Registers a company director (a customer without an account) with names and country of residence, linked to a legal entity.',
  method: 'POST',
  path: '/customers/v2/non-account-holder/directors' as const,
  fn,
  body: createDirectorBody,
  requiresIdempotencyKey: true,
  // The only operation of the family whose reference lists `X-Request-Time` as required.
  requestTime: true,
} satisfies Operation;

export const amendDirector = {
  id: 'amendDirector',
  summary: 'Amend a company director',
  description: "Changes a company director's names or country of residence.",
  method: 'PATCH',
  path: '/customers/v2/non-account-holder/directors/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendDirectorBody,
} satisfies Operation;

export const createControllingPerson = {
  id: 'createControllingPerson',
  summary: 'Create a controlling person',
  description:
    'Registers a controlling person (a customer without an account) of a legal person or arrangement: type, names, date of birth, current address and tax details.',
  method: 'POST',
  path: '/customers/v2/non-account-holder/controlling-persons' as const,
  fn,
  body: createControllingPersonBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const amendControllingPerson = {
  id: 'amendControllingPerson',
  summary: 'Amend a controlling person',
  description: "Changes a controlling person's type, names, date of birth or tax details.",
  method: 'PATCH',
  path: '/customers/v2/non-account-holder/controlling-persons/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendControllingPersonBody,
} satisfies Operation;

export const createUbo = {
  id: 'createUbo',
  summary: 'Create an ultimate beneficial owner',
  description:
    "Registers an ultimate beneficial owner of a legal entity, a natural person (personal details) or not (business details), with its ownership percentage (a legal entity's total at most 100).",
  method: 'POST',
  path: '/customers/v2/non-account-holder/ubos' as const,
  fn,
  body: createUboBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const amendUbo = {
  id: 'amendUbo',
  summary: 'Amend an ultimate beneficial owner',
  description:
    "Changes a UBO's personal details (a natural person) or business details (otherwise); the answer lists what changed.",
  method: 'PATCH',
  path: '/customers/v2/non-account-holder/ubos/{customerId}' as const,
  pathParams: customerPath,
  fn,
  body: amendUboBody,
} satisfies Operation;

export const onboardRetailCustomer = {
  id: 'onboardRetailCustomer',
  summary: 'Check and onboard a retail customer',
  description:
    "Submits a UK-resident retail customer to the bank's KYC checks; the bank answers 202 with an application id, reports the outcome by webhook (successful, declined, additional information required) and creates the customer when the checks pass.",
  method: 'POST',
  path: '/customer-due-diligence/v1/retail/onboard' as const,
  fn,
  body: onboardRetailCustomerBody,
  requiresIdempotencyKey: true,
} satisfies Operation;

export const customerV2Operations: readonly Operation[] = [
  getCustomerV2,
  listRelatedParties,
  addRelatedParty,
  removeRelatedParty,
  addCurrentAddressV2,
  putIdentityDocument,
  deleteIdentityDocument,
  putTaxResidency,
  deleteTaxResidency,
  createRetailCustomerV2,
  amendRetailCustomerV2,
  createSoleTrader,
  amendSoleTrader,
  createLegalEntity,
  amendLegalEntity,
  createDirector,
  amendDirector,
  createControllingPerson,
  amendControllingPerson,
  createUbo,
  amendUbo,
  onboardRetailCustomer,
];
