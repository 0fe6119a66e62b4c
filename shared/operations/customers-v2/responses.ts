import * as z from 'zod/mini';
import {
  AEOI_CLASSIFICATIONS,
  CONTROLLING_PERSON_TYPES,
  CRA_RATINGS,
  ID_TYPES,
  INDUSTRY_CLASSIFICATIONS,
  NO_TAX_ID_REASONS,
  PEP_TYPES,
  RELATED_PARTY_TYPES,
  SECTOR_CODES,
  SOLE_TRADER_SECTOR_CODES,
  SPECIAL_STATUSES,
  US_PERSON_TYPES,
} from '#shared/domain/customer-v2-rules.js';
import { ISO_3166_ALPHA_3 } from '#shared/domain/countries.js';

/**
 * The bank's documented answers of customers v2 and retail due diligence (`customers_v2_*.json`,
 * `know-your-customer-v1.json`), keyed by operation id. The creates, the related-party add and the subresource
 * creates are strict. The amends answer "only sections and properties that changed", so their sections are
 * optional, each section strict as its document writes it. `GET /customers/v2/customers/{customerId}` answers
 * each customer kind in its own shape (`customers_v2_<kind>.json`), each strict, chosen by `type`.
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

/** An address as a read answers it; `validTo` only where the kind's document lists it. */
const addressOf = <const T extends readonly [string, ...string[]]>(types: T, withValidTo = true) =>
  z.strictObject({
    addressType: z.enum(types),
    buildingNameNumber: nullableString,
    streetName: nullableString,
    county: nullableString,
    city: nullableString,
    postalCode: nullableString,
    country,
    validFrom: date,
    ...(withValidTo && { validTo: date }),
    isCurrentAddress: z.optional(z.nullable(z.boolean())),
  });
const previousAddresses = <S extends z.ZodMiniType>(item: S) => z.optional(z.nullable(z.array(item)));

const taxResidencies = z.optional(
  z.nullable(
    z.array(
      z.strictObject({
        countryOfTaxResidence: country,
        taxIdNumber: nullableString,
        noTaxIdReason: z.optional(z.enum(NO_TAX_ID_REASONS)),
      }),
    ),
  ),
);
const selfCertification = {
  validSelfCertification: z.optional(z.nullable(z.boolean())),
  usPerson: z.optional(z.enum(US_PERSON_TYPES)),
};
const specialStatuses = z.optional(z.nullable(z.array(z.enum(SPECIAL_STATUSES))));
const identityDocuments = z.optional(
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
);

/** The personal details of a person customer (retail, sole trader); the other kinds answer fewer members. */
const personalDetails = {
  firstName: nullableString,
  middleName: nullableString,
  surname: nullableString,
  email: nullableString,
  telephone: nullableString,
  countryOfResidence: z.optional(country),
  dateOfBirth: date,
  nationalIdentificationNumber: nullableString,
};
const names = { firstName: nullableString, middleName: nullableString, surname: nullableString };
const legalEntityBusinessDetails = {
  tradingName: nullableString,
  registeredName: nullableString,
  registrationNumber: nullableString,
  countryOfRegistration: z.optional(country),
  annualRevenue: z.optional(z.nullable(z.number())),
  email: nullableString,
  telephone: nullableString,
};
const legalEntityClassification = {
  sectorCode: z.optional(z.enum(SECTOR_CODES)),
  industryClassification: z.optional(z.enum(INDUSTRY_CLASSIFICATIONS)),
  aeoiClassification: z.optional(z.enum(AEOI_CLASSIFICATIONS)),
};
const legalEntityTaxDetails = {
  ...selfCertification,
  vatRegistrationNumber: nullableString,
  nameOfSelfCertificationSignee: nullableString,
  positionOfSelfCertificationSignee: nullableString,
};
const common = { id: z.uuid(), institutionId: z.uuid(), status: z.literal('Active') };

/** `RetailCustomerGetResponse`. */
const retailCustomer = z.strictObject({
  ...common,
  type: z.literal('Retail'),
  personalDetails: z.strictObject({ ...personalDetails, countryOfResidence: country }),
  kycAml,
  taxDetails: z.strictObject({ taxResidencies, ...selfCertification }),
  specialStatuses,
  identityDocuments,
  addresses: z.strictObject({
    currentAddress: addressOf(['ResidentialAddress']),
    previousAddresses: previousAddresses(addressOf(['ResidentialAddress'])),
  }),
});

/** `customers_v2_sole_trader.json`: its current addresses a list, without `validTo`. */
const soleTrader = z.strictObject({
  ...common,
  type: z.literal('SoleTrader'),
  kycAml: z.optional(kycAml),
  taxDetails: z.optional(
    z.strictObject({ taxResidencies, ...selfCertification, vatRegistrationNumber: nullableString }),
  ),
  specialStatuses,
  businessDetails: z.optional(
    z.strictObject({ tradingName: nullableString, annualRevenue: z.optional(z.nullable(z.number())) }),
  ),
  personalDetails: z.strictObject(personalDetails),
  businessClassification: z.optional(
    z.strictObject({
      sectorCode: z.optional(z.enum(SOLE_TRADER_SECTOR_CODES)),
      industryClassification: z.optional(z.enum(INDUSTRY_CLASSIFICATIONS)),
    }),
  ),
  identityDocuments,
  addresses: z.optional(
    z.strictObject({
      currentAddresses: previousAddresses(addressOf(['TradingAddress', 'ResidentialAddress'], false)),
      previousAddresses: previousAddresses(addressOf(['TradingAddress', 'ResidentialAddress'])),
    }),
  ),
});

/** `customers_v2_legal_entity.json`: SIC codes as `{sicCode}` objects, current addresses a list. */
const legalEntity = z.strictObject({
  ...common,
  type: z.literal('LegalEntity'),
  kycAml: z.optional(kycAml),
  taxDetails: z.optional(z.strictObject({ taxResidencies, ...legalEntityTaxDetails })),
  businessDetails: z.optional(z.strictObject(legalEntityBusinessDetails)),
  businessClassification: z.optional(
    z.strictObject({
      ...legalEntityClassification,
      sicCodes: z.optional(
        z.nullable(
          z.array(
            z.strictObject({ sicCode: z.optional(z.nullable(z.string().check(z.regex(/^[0-9]{5}$/)))) }),
          ),
        ),
      ),
    }),
  ),
  addresses: z.optional(
    z.strictObject({
      currentAddresses: previousAddresses(addressOf(['TradingAddress', 'RegisteredAddress'])),
      previousAddresses: previousAddresses(addressOf(['TradingAddress', 'RegisteredAddress'])),
    }),
  ),
});

/** `customers_v2_company_director.json`: names and country of residence only. */
const director = z.strictObject({
  ...common,
  type: z.literal('Director'),
  personalDetails: z.optional(z.strictObject({ ...names, countryOfResidence: z.optional(country) })),
});

/** `customers_v2_ubo.json`: a natural person's details or a company's. */
const ubo = z.strictObject({
  ...common,
  type: z.enum(['UboNatural', 'UboNonNatural']),
  personalDetails: z.optional(
    z.strictObject({ ...names, countryOfResidence: z.optional(country), dateOfBirth: date }),
  ),
  businessDetails: z.optional(
    z.strictObject({ registeredName: nullableString, countryOfRegistration: z.optional(country) }),
  ),
});

/** `customers_v2_controlling_person.json`: one current address, without `validTo`; no KYC section. */
const controllingPerson = z.strictObject({
  ...common,
  type: z.literal('ControllingPerson'),
  taxDetails: z.optional(z.strictObject({ taxResidencies, ...selfCertification })),
  controllingPersonDetails: z.optional(
    z.strictObject({ controllingPersonType: z.optional(z.enum(CONTROLLING_PERSON_TYPES)) }),
  ),
  personalDetails: z.optional(z.strictObject({ ...names, dateOfBirth: date })),
  addresses: z.optional(
    z.strictObject({
      currentAddress: z.optional(addressOf(['ResidentialAddress'], false)),
      previousAddresses: previousAddresses(addressOf(['ResidentialAddress'])),
    }),
  ),
});

/** A PATCH answer: the customer's id and the sections that changed, each as its document writes it. */
const changed = <S extends Record<string, z.ZodMiniType>>(sections: S) =>
  z.strictObject({
    customerId: z.uuid(),
    ...(Object.fromEntries(Object.entries(sections).map(([name, schema]) => [name, z.optional(schema)])) as {
      [K in keyof S]: z.ZodMiniOptional<S[K]>;
    }),
  });
const personChanges = z.strictObject({ ...personalDetails, countryOfResidence: z.optional(country) });

export const customerV2Responses = {
  getCustomerV2: z.discriminatedUnion('type', [
    retailCustomer,
    soleTrader,
    legalEntity,
    director,
    ubo,
    controllingPerson,
  ]),
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
  amendRetailCustomerV2: changed({
    personalDetails: personChanges,
    kycAml,
    taxDetails: z.strictObject(selfCertification),
    specialStatuses: z.nullable(z.array(z.enum(SPECIAL_STATUSES))),
  }),
  createSoleTrader: created,
  amendSoleTrader: changed({
    personalDetails: personChanges,
    kycAml,
    taxDetails: z.strictObject({ ...selfCertification, vatRegistrationNumber: nullableString }),
    specialStatuses: z.nullable(z.array(z.enum(SPECIAL_STATUSES))),
    businessDetails: z.strictObject({
      tradingName: nullableString,
      annualRevenue: z.optional(z.nullable(z.number())),
    }),
    businessClassification: z.strictObject({
      sectorCode: nullableString,
      industryClassification: nullableString,
    }),
  }),
  createLegalEntity: created,
  amendLegalEntity: changed({
    businessDetails: z.strictObject(legalEntityBusinessDetails),
    businessClassification: z.strictObject({
      ...legalEntityClassification,
      sicCodes: z.optional(z.nullable(z.array(z.string()))),
    }),
    kycAml,
    taxDetails: z.strictObject(legalEntityTaxDetails),
  }),
  createDirector: created,
  amendDirector: changed({
    personalDetails: z.strictObject({ ...names, countryOfResidence: z.optional(country) }),
  }),
  createControllingPerson: created,
  amendControllingPerson: changed({
    controllingPersonType: z.enum(CONTROLLING_PERSON_TYPES),
    personalDetails: z.strictObject({ ...names, dateOfBirth: date }),
    taxDetails: z.strictObject(selfCertification),
  }),
  createUbo: created,
  amendUbo: changed({
    personalDetails: z.strictObject({ ...names, countryOfResidence: z.optional(country), dateOfBirth: date }),
    businessDetails: z.strictObject({
      registeredName: nullableString,
      countryOfRegistration: z.optional(country),
    }),
  }),
  onboardRetailCustomer: z.strictObject({ applicationId: z.uuid() }),
} as const;
