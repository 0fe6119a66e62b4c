import * as z from 'zod/mini';
import {
  ADDRESS_TYPES,
  CRA_RATINGS,
  CUSTOMER_TYPES,
  ID_TYPES,
  NO_TAX_ID_REASONS,
  PEP_TYPES,
  RELATED_PARTY_TYPES,
  SPECIAL_STATUSES,
  US_PERSON_TYPES,
} from '#shared/domain/customer-v2-rules.js';
import { ISO_3166_ALPHA_3 } from '#shared/domain/countries.js';

/**
 * The bank's documented answers of customers v2 and retail due diligence (`customers_v2_*.json`,
 * `know-your-customer-v1.json`), keyed by operation id. The creates, the related-party add and the subresource
 * creates are strict. The amends answer "only sections and properties that changed", so their sections are
 * optional. `GET /customers/v2/customers/{customerId}` answers each customer kind in its own shape: the retail
 * shape is strict, the other kinds are held to their common members (id, institutionId, status, type).
 * 204s, and the 200s of the PUTs (an update), carry no body.
 */

const nullableString = z.optional(z.nullable(z.string()));
const country = z.enum(ISO_3166_ALPHA_3);
const date = z.optional(z.nullable(z.iso.date()));

const created = z.strictObject({ id: z.uuid() });
const subresourceCreated = z.strictObject({ customerId: z.uuid() });
const noBody = undefined;

const kycAml = z.strictObject({
  sanctions: z.optional(z.nullable(z.boolean())),
  pep: z.optional(z.enum(PEP_TYPES)),
  rca: z.optional(z.enum(PEP_TYPES)),
  craRating: z.optional(z.enum(CRA_RATINGS)),
});

const address = z.strictObject({
  addressType: z.enum(ADDRESS_TYPES),
  buildingNameNumber: nullableString,
  streetName: nullableString,
  county: nullableString,
  city: nullableString,
  postalCode: nullableString,
  country,
  validFrom: date,
  validTo: date,
  isCurrentAddress: z.optional(z.nullable(z.boolean())),
});

/** `RetailCustomerGetResponse`. */
const retailCustomer = z.strictObject({
  id: z.uuid(),
  institutionId: z.uuid(),
  status: z.literal('Active'),
  type: z.literal('Retail'),
  personalDetails: z.strictObject({
    firstName: nullableString,
    middleName: nullableString,
    surname: nullableString,
    email: nullableString,
    telephone: nullableString,
    countryOfResidence: country,
    dateOfBirth: date,
    nationalIdentificationNumber: nullableString,
  }),
  kycAml,
  taxDetails: z.strictObject({
    taxResidencies: z.optional(
      z.nullable(
        z.array(
          z.strictObject({
            countryOfTaxResidence: country,
            taxIdNumber: nullableString,
            noTaxIdReason: z.optional(z.enum(NO_TAX_ID_REASONS)),
          }),
        ),
      ),
    ),
    validSelfCertification: z.optional(z.nullable(z.boolean())),
    usPerson: z.optional(z.enum(US_PERSON_TYPES)),
  }),
  specialStatuses: z.optional(z.nullable(z.array(z.enum(SPECIAL_STATUSES)))),
  identityDocuments: z.optional(
    z.nullable(
      z.array(
        z.strictObject({
          idNumber: nullableString,
          expiryDate: date,
          countryOfIssue: country,
          type: z.enum(ID_TYPES),
        }),
      ),
    ),
  ),
  addresses: z.strictObject({
    currentAddress: address,
    previousAddresses: z.optional(z.nullable(z.array(address))),
  }),
});

/** The other kinds' answers (sole trader, legal entity, director, UBOs, controlling person): their common members. */
const otherCustomer = z.looseObject({
  id: z.uuid(),
  institutionId: z.uuid(),
  status: z.literal('Active'),
  type: z.enum(CUSTOMER_TYPES.filter((type) => type !== 'Retail') as [string, ...string[]]),
});

/** A PATCH answer: the customer's id and the sections that changed. */
const changed = (...sections: string[]) =>
  z.strictObject({
    customerId: z.uuid(),
    ...Object.fromEntries(sections.map((section) => [section, z.optional(z.unknown())])),
  });

export const customerV2Responses = {
  getCustomerV2: z.union([retailCustomer, otherCustomer]),
  listRelatedParties: z.strictObject({
    value: z.array(
      z.strictObject({
        id: z.uuid(),
        type: z.enum(RELATED_PARTY_TYPES),
        ownershipPercentage: z.optional(z.nullable(z.int())),
      }),
    ),
  }),
  addRelatedParty: z.strictObject({ customerId: z.uuid(), relatedCustomerId: z.uuid() }),
  removeRelatedParty: noBody,
  addCurrentAddressV2: subresourceCreated,
  putIdentityDocument: subresourceCreated,
  deleteIdentityDocument: noBody,
  putTaxResidency: subresourceCreated,
  deleteTaxResidency: noBody,
  createRetailCustomerV2: created,
  amendRetailCustomerV2: changed('personalDetails', 'kycAml', 'taxDetails', 'specialStatuses'),
  createSoleTrader: created,
  amendSoleTrader: changed(
    'personalDetails',
    'kycAml',
    'taxDetails',
    'specialStatuses',
    'businessDetails',
    'businessClassification',
  ),
  createLegalEntity: created,
  amendLegalEntity: changed('businessDetails', 'businessClassification', 'kycAml', 'taxDetails'),
  createDirector: created,
  amendDirector: changed('personalDetails'),
  createControllingPerson: created,
  amendControllingPerson: changed('controllingPersonType', 'personalDetails', 'taxDetails'),
  createUbo: created,
  amendUbo: changed('personalDetails', 'businessDetails'),
  onboardRetailCustomer: z.strictObject({ applicationId: z.uuid() }),
} as const;
