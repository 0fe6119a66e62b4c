import * as z from 'zod/mini';
import {
  ADDRESS_TYPES,
  addressLine,
  addressRules,
  AEOI_CLASSIFICATIONS,
  calendarDate,
  CONTROLLING_PERSON_TYPES,
  countryCode,
  CRA_RATINGS,
  dateOfBirth,
  distinctAddressTypes,
  distinctIdentityDocuments,
  distinctTaxResidencies,
  email,
  enumOf,
  ID_TYPES,
  INDUSTRY_CLASSIFICATIONS,
  KYC_BUILDING,
  KYC_MOBILE,
  KYC_NAME,
  KYC_STREET,
  kycBuildingRules,
  kycEligibilityRules,
  legalEntityAddressRules,
  NATIONAL_INSURANCE_NUMBER,
  NO_TAX_ID_REASONS,
  patterned,
  PEP_TYPES,
  personName,
  postalCode,
  RELATED_PARTY_TYPES,
  relatedPartyRules,
  SECTOR_CODES,
  sicCode,
  SOLE_TRADER_SECTOR_CODES,
  soleTraderIdentityRules,
  SPECIAL_STATUSES,
  taxResidencyRules,
  telephone,
  text,
  UBO_TYPES,
  uboDetailsRules,
  US_PERSON_TYPES,
} from '#shared/domain/customer-v2-rules.js';
import { jsonDecimal } from '#shared/domain/money.js';
import { bankId } from '../path-params.js';

/**
 * Customers v2 (`customers_v2_*.json`) and retail due diligence (`know-your-customer-v1.json`), as the published
 * schemas have them: bodies closed, required members as listed, `nullable` members take null (the amends: "null
 * values are ignored"), each field's rule from `shared/domain/customer-v2-rules.ts`, where the descriptions' rules
 * (fields that go together, words a name must not hold) also live. Messages name the property, never its value.
 */

type Shape = Record<string, z.ZodMiniType>;
type Ctx = z.core.$RefinementCtx;

/** Required and nullable (the schema lists it and allows null). */
const req = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
/** Optional and nullable. */
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

const object = <S extends Shape>(name: string, shape: S) =>
  z.strictObject(shape, { error: `${name} must be an object.` });
const list = <T extends z.ZodMiniType>(name: string, item: T) =>
  z.array(item, { error: `${name} must be a list.` });
const bool = (name: string) => z.boolean({ error: `${name} must be true or false.` });

/** `format: int32` whole number from a JSON number, within `min`..`max`; outputs a JS number. */
const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.pipe(
    jsonDecimal(message).check(
      z.refine((value) => value.isInteger() && value.gte(min) && value.lte(max), message),
    ),
    z.transform((value) => value.toNumber()),
  );
};
const INT32_MAX = 2147483647;

/** `format: double; minimum 0.01`: a JSON number of at least 0.01, kept as written (a Decimal). */
const annualRevenue = (name: string) => {
  const message = `${name} must be a number of at least 0.01.`;
  return jsonDecimal(message).check(z.refine((value) => value.gte('0.01'), message));
};

const refine = <T extends z.ZodMiniType>(schema: T, rule: (value: z.output<T>, ctx: Ctx) => void) =>
  schema.check(z.superRefine(rule as (value: unknown, ctx: Ctx) => void));

// --- Parts --------------------------------------------------------------------------------------------------------

function addressShape(name: string, types: readonly [string, ...string[]], previous: boolean) {
  const at = (field: string) => (name === '' ? field : `${name}.${field}`);
  return {
    addressType: enumOf(at('addressType'), types),
    buildingNameNumber: req(addressLine(at('buildingNameNumber'))),
    streetName: req(addressLine(at('streetName'))),
    city: req(text(at('city'), 1)),
    county: opt(text(at('county'), 1)),
    postalCode: req(postalCode(at('postalCode'))),
    country: countryCode(at('country')),
    validFrom: opt(calendarDate(at('validFrom'))),
    ...(previous ? { validTo: opt(calendarDate(at('validTo'))) } : {}),
  };
}

const address = (name: string, types: readonly [string, ...string[]], previous = false) =>
  refine(object(name, addressShape(name, types, previous)), addressRules);

const RESIDENTIAL = ['ResidentialAddress'] as const;
const SOLE_TRADER_ADDRESS = ['TradingAddress', 'ResidentialAddress'] as const;
const LEGAL_ENTITY_ADDRESS = ['TradingAddress', 'RegisteredAddress'] as const;

const identityDocuments = () =>
  opt(
    refine(
      list(
        'identityDocuments',
        object('identityDocuments[]', {
          idCountryOfIssue: countryCode('identityDocuments[].idCountryOfIssue'),
          idType: enumOf('identityDocuments[].idType', ID_TYPES),
          idNumber: req(text('identityDocuments[].idNumber', 1)),
          idExpiryDate: calendarDate('identityDocuments[].idExpiryDate'),
        }),
      ),
      distinctIdentityDocuments,
    ),
  );

const taxResidency = (name: string) =>
  refine(
    object(name, {
      countryOfTaxResidence: countryCode(`${name}.countryOfTaxResidence`),
      taxIdNumber: opt(text(`${name}.taxIdNumber`, 1)),
      noTaxIdReason: z.optional(enumOf(`${name}.noTaxIdReason`, NO_TAX_ID_REASONS)),
    }),
    taxResidencyRules,
  );

/** `taxResidencies` on a create: required, a list (the retail guide: at least one, when `atLeastOne`). */
const taxResidencies = (atLeastOne: boolean) => {
  const name = 'taxDetails.taxResidencies';
  const items = refine(list(name, taxResidency(`${name}[]`)), distinctTaxResidencies);
  return atLeastOne
    ? items.check(z.minLength(1, `${name} must list at least one tax residency.`))
    : req(items);
};

const kycAmlCreate = () =>
  object('kycAml', {
    sanctions: bool('kycAml.sanctions'),
    pep: enumOf('kycAml.pep', PEP_TYPES),
    rca: enumOf('kycAml.rca', PEP_TYPES),
    craRating: enumOf('kycAml.craRating', CRA_RATINGS),
  });

const kycAmlAmend = () =>
  opt(
    object('kycAml', {
      sanctions: opt(bool('kycAml.sanctions')),
      pep: z.optional(enumOf('kycAml.pep', PEP_TYPES)),
      rca: z.optional(enumOf('kycAml.rca', PEP_TYPES)),
      craRating: z.optional(enumOf('kycAml.craRating', CRA_RATINGS)),
    }),
  );

const specialStatuses = () => opt(list('specialStatuses', enumOf('specialStatuses[]', SPECIAL_STATUSES)));

const taxDetailsBase = () => ({
  validSelfCertification: bool('taxDetails.validSelfCertification'),
  usPerson: enumOf('taxDetails.usPerson', US_PERSON_TYPES),
});
const taxDetailsAmendBase = () => ({
  validSelfCertification: opt(bool('taxDetails.validSelfCertification')),
  usPerson: z.optional(enumOf('taxDetails.usPerson', US_PERSON_TYPES)),
});

/** The personal details of a retail customer or sole trader (create). */
const accountHolderPersonalDetails = () =>
  object('personalDetails', {
    firstName: req(personName('personalDetails.firstName')),
    middleName: opt(text('personalDetails.middleName')),
    surname: req(personName('personalDetails.surname')),
    dateOfBirth: dateOfBirth('personalDetails.dateOfBirth'),
    email: opt(email('personalDetails.email')),
    telephone: opt(telephone('personalDetails.telephone')),
    countryOfResidence: countryCode('personalDetails.countryOfResidence'),
    nationalIdentificationNumber: opt(text('personalDetails.nationalIdentificationNumber')),
  });

/** The same, on an amend: every member optional; the sole trader's surname has no pattern (`strictSurname` false). */
const accountHolderPersonalDetailsAmend = (strictSurname = true) =>
  opt(
    object('personalDetails', {
      firstName: opt(personName('personalDetails.firstName')),
      middleName: opt(text('personalDetails.middleName')),
      surname: opt(
        strictSurname ? personName('personalDetails.surname') : text('personalDetails.surname', 1, 255),
      ),
      dateOfBirth: opt(dateOfBirth('personalDetails.dateOfBirth')),
      email: opt(email('personalDetails.email')),
      telephone: opt(telephone('personalDetails.telephone')),
      countryOfResidence: z.optional(countryCode('personalDetails.countryOfResidence')),
      nationalIdentificationNumber: opt(text('personalDetails.nationalIdentificationNumber')),
    }),
  );

const multipleAddressHistory = (
  types: readonly [string, ...string[]],
  currentRule: (list: readonly { addressType: string }[], ctx: Ctx) => void,
) =>
  object('addressHistory', {
    currentAddresses: req(
      refine(
        list('addressHistory.currentAddresses', address('addressHistory.currentAddresses[]', types)),
        currentRule,
      ),
    ),
    previousAddresses: opt(
      list('addressHistory.previousAddresses', address('addressHistory.previousAddresses[]', types, true)),
    ),
  });

// --- Customers: shared subresources -------------------------------------------------------------------------------

/** `POST /customers/v2/customers/{customerId}/related-parties`. */
export const addRelatedPartyBody = z.lazy(() =>
  refine(
    z.strictObject({
      relatedCustomerId: bankId('relatedCustomerId'),
      relatedPartyType: enumOf('relatedPartyType', RELATED_PARTY_TYPES),
      ownershipPercentage: opt(wholeNumber('ownershipPercentage', -2147483648, INT32_MAX)),
    }),
    relatedPartyRules,
  ),
);

/** `POST .../current-addresses`: the address types of every document publishing the path (retail, sole trader, legal entity, controlling person). */
export const addCurrentAddressBody = z.lazy(() =>
  refine(z.strictObject(addressShape('', ADDRESS_TYPES, false)), addressRules),
);

/** `PUT .../identity-documents/{idCountryOfIssue}-{idType}`. */
export const putIdentityDocumentBody = z.lazy(() =>
  z.strictObject({ idNumber: text('idNumber', 1), idExpiryDate: calendarDate('idExpiryDate') }),
);

/** `PUT .../tax-residencies/{countryOfTaxResidence}`: a tax id number or the reason there is none. */
export const putTaxResidencyBody = z.lazy(() =>
  refine(
    z.strictObject({
      taxIdNumber: opt(text('taxIdNumber', 1)),
      noTaxIdReason: z.optional(enumOf('noTaxIdReason', NO_TAX_ID_REASONS)),
    }),
    taxResidencyRules,
  ),
);

// --- Retail -------------------------------------------------------------------------------------------------------

/** `POST /customers/v2/retail`. */
export const createRetailCustomerV2Body = z.lazy(() =>
  z.strictObject({
    personalDetails: accountHolderPersonalDetails(),
    identityDocuments: identityDocuments(),
    addressHistory: object('addressHistory', {
      currentAddress: address('addressHistory.currentAddress', RESIDENTIAL),
      previousAddresses: opt(
        list(
          'addressHistory.previousAddresses',
          address('addressHistory.previousAddresses[]', RESIDENTIAL, true),
        ),
      ),
    }),
    kycAml: kycAmlCreate(),
    taxDetails: object('taxDetails', { ...taxDetailsBase(), taxResidencies: taxResidencies(true) }),
    specialStatuses: specialStatuses(),
  }),
);

/** `PATCH /customers/v2/retail/{customerId}`. */
export const amendRetailCustomerV2Body = z.lazy(() =>
  z.strictObject({
    personalDetails: accountHolderPersonalDetailsAmend(),
    kycAml: kycAmlAmend(),
    taxDetails: opt(object('taxDetails', taxDetailsAmendBase())),
    specialStatuses: specialStatuses(),
  }),
);

// --- Sole traders -------------------------------------------------------------------------------------------------

/** One of the reference's 58 `IndustryClassificationCode`s (named, not listed, in the message: the list is long). */
const industryClassification = (name: string) =>
  z.enum(INDUSTRY_CLASSIFICATIONS, {
    error: `${name} must be one of the reference's industry classification codes, such as _6E_OtherConstructionActivities.`,
  });

/** An amend's sector and industry (each optional). */
const classificationAmend = (sectors: readonly [string, ...string[]]) => ({
  sectorCode: z.optional(enumOf('businessClassification.sectorCode', sectors)),
  industryClassification: z.optional(industryClassification('businessClassification.industryClassification')),
});

/** `POST /customers/v2/sole-traders`. */
export const createSoleTraderBody = z.lazy(() =>
  refine(
    z.strictObject({
      addressHistory: multipleAddressHistory(SOLE_TRADER_ADDRESS, distinctAddressTypes),
      personalDetails: accountHolderPersonalDetails(),
      identityDocuments: identityDocuments(),
      businessDetails: object('businessDetails', {
        tradingName: req(text('businessDetails.tradingName')),
        annualRevenue: annualRevenue('businessDetails.annualRevenue'),
      }),
      businessClassification: object('businessClassification', {
        sectorCode: enumOf('businessClassification.sectorCode', SOLE_TRADER_SECTOR_CODES),
        industryClassification: industryClassification('businessClassification.industryClassification'),
      }),
      kycAml: kycAmlCreate(),
      taxDetails: object('taxDetails', {
        ...taxDetailsBase(),
        taxResidencies: taxResidencies(false),
        vatRegistrationNumber: opt(text('taxDetails.vatRegistrationNumber')),
      }),
      specialStatuses: specialStatuses(),
    }),
    soleTraderIdentityRules,
  ),
);

/** `PATCH /customers/v2/sole-traders/{customerId}` (its surname has no pattern in the published schema). */
export const amendSoleTraderBody = z.lazy(() =>
  z.strictObject({
    personalDetails: accountHolderPersonalDetailsAmend(false),
    kycAml: kycAmlAmend(),
    specialStatuses: specialStatuses(),
    businessDetails: opt(
      object('businessDetails', {
        tradingName: opt(text('businessDetails.tradingName')),
        annualRevenue: opt(annualRevenue('businessDetails.annualRevenue')),
      }),
    ),
    businessClassification: opt(
      object('businessClassification', classificationAmend(SOLE_TRADER_SECTOR_CODES)),
    ),
    taxDetails: opt(
      object('taxDetails', {
        ...taxDetailsAmendBase(),
        vatRegistrationNumber: opt(text('taxDetails.vatRegistrationNumber')),
      }),
    ),
  }),
);

// --- Legal entities -----------------------------------------------------------------------------------------------

const sicCodes = () => list('businessClassification.sicCodes', sicCode('businessClassification.sicCodes[]'));

/** `POST /customers/v2/legal-entities`: a current TradingAddress and RegisteredAddress, at most one of each. */
export const createLegalEntityBody = z.lazy(() =>
  z.strictObject({
    businessDetails: object('businessDetails', {
      tradingName: req(text('businessDetails.tradingName')),
      registeredName: req(text('businessDetails.registeredName')),
      registrationNumber: req(text('businessDetails.registrationNumber')),
      countryOfRegistration: countryCode('businessDetails.countryOfRegistration'),
      annualRevenue: annualRevenue('businessDetails.annualRevenue'),
      email: opt(email('businessDetails.email')),
      telephone: opt(telephone('businessDetails.telephone')),
    }),
    businessClassification: object('businessClassification', {
      sectorCode: enumOf('businessClassification.sectorCode', SECTOR_CODES),
      industryClassification: industryClassification('businessClassification.industryClassification'),
      aeoiClassification: enumOf('businessClassification.aeoiClassification', AEOI_CLASSIFICATIONS),
      sicCodes: req(sicCodes()),
    }),
    addressHistory: multipleAddressHistory(LEGAL_ENTITY_ADDRESS, (addresses, ctx) => {
      distinctAddressTypes(addresses, ctx);
      legalEntityAddressRules(addresses, ctx);
    }),
    kycAml: kycAmlCreate(),
    taxDetails: object('taxDetails', {
      ...taxDetailsBase(),
      taxResidencies: taxResidencies(false),
      vatRegistrationNumber: opt(text('taxDetails.vatRegistrationNumber')),
      nameOfSelfCertificationSignee: req(text('taxDetails.nameOfSelfCertificationSignee')),
      positionOfSelfCertificationSignee: req(text('taxDetails.positionOfSelfCertificationSignee')),
    }),
  }),
);

/** `PATCH /customers/v2/legal-entities/{customerId}`. */
export const amendLegalEntityBody = z.lazy(() =>
  z.strictObject({
    businessDetails: opt(
      object('businessDetails', {
        tradingName: opt(text('businessDetails.tradingName')),
        registeredName: opt(text('businessDetails.registeredName')),
        registrationNumber: opt(text('businessDetails.registrationNumber')),
        countryOfRegistration: z.optional(countryCode('businessDetails.countryOfRegistration')),
        annualRevenue: opt(annualRevenue('businessDetails.annualRevenue')),
        email: opt(email('businessDetails.email')),
        telephone: opt(telephone('businessDetails.telephone')),
      }),
    ),
    businessClassification: opt(
      object('businessClassification', {
        ...classificationAmend(SECTOR_CODES),
        aeoiClassification: z.optional(
          enumOf('businessClassification.aeoiClassification', AEOI_CLASSIFICATIONS),
        ),
        sicCodes: opt(sicCodes()),
      }),
    ),
    kycAml: kycAmlAmend(),
    taxDetails: opt(
      object('taxDetails', {
        ...taxDetailsAmendBase(),
        vatRegistrationNumber: opt(text('taxDetails.vatRegistrationNumber')),
        nameOfSelfCertificationSignee: opt(text('taxDetails.nameOfSelfCertificationSignee')),
        positionOfSelfCertificationSignee: opt(text('taxDetails.positionOfSelfCertificationSignee')),
      }),
    ),
  }),
);

// --- Non-account holders: directors, controlling persons, UBOs ---------------------------------------------------

/** `POST /customers/v2/non-account-holder/directors`. */
export const createDirectorBody = z.lazy(() =>
  z.strictObject({
    customerId: bankId('customerId'),
    personalDetails: object('personalDetails', {
      firstName: req(personName('personalDetails.firstName')),
      middleName: opt(text('personalDetails.middleName')),
      surname: req(personName('personalDetails.surname')),
      countryOfResidence: countryCode('personalDetails.countryOfResidence'),
    }),
  }),
);

/** `PATCH /customers/v2/non-account-holder/directors/{customerId}`: names and country of residence only. */
export const amendDirectorBody = z.lazy(() =>
  z.strictObject({
    personalDetails: opt(
      object('personalDetails', {
        firstName: opt(personName('personalDetails.firstName')),
        middleName: opt(text('personalDetails.middleName')),
        surname: opt(personName('personalDetails.surname')),
        countryOfResidence: z.optional(countryCode('personalDetails.countryOfResidence')),
      }),
    ),
  }),
);

/** `POST /customers/v2/non-account-holder/controlling-persons`. */
export const createControllingPersonBody = z.lazy(() =>
  z.strictObject({
    customerId: opt(bankId('customerId')),
    controllingPersonType: enumOf('controllingPersonType', CONTROLLING_PERSON_TYPES),
    personalDetails: object('personalDetails', {
      firstName: req(personName('personalDetails.firstName')),
      middleName: opt(text('personalDetails.middleName')),
      surname: req(personName('personalDetails.surname')),
      dateOfBirth: dateOfBirth('personalDetails.dateOfBirth'),
    }),
    currentAddress: address('currentAddress', RESIDENTIAL),
    taxDetails: object('taxDetails', { ...taxDetailsBase(), taxResidencies: taxResidencies(false) }),
  }),
);

/** `PATCH /customers/v2/non-account-holder/controlling-persons/{customerId}`. */
export const amendControllingPersonBody = z.lazy(() =>
  z.strictObject({
    controllingPersonType: z.optional(enumOf('controllingPersonType', CONTROLLING_PERSON_TYPES)),
    personalDetails: opt(
      object('personalDetails', {
        firstName: opt(personName('personalDetails.firstName')),
        middleName: opt(text('personalDetails.middleName')),
        surname: opt(personName('personalDetails.surname')),
        dateOfBirth: opt(dateOfBirth('personalDetails.dateOfBirth')),
      }),
    ),
    taxDetails: opt(object('taxDetails', taxDetailsAmendBase())),
  }),
);

/** `POST /customers/v2/non-account-holder/ubos`: personal details for a natural person, business details otherwise. */
export const createUboBody = z.lazy(() =>
  refine(
    z.strictObject({
      customerId: bankId('customerId'),
      ownershipPercentage: req(wholeNumber('ownershipPercentage', 1, 100)),
      uboType: enumOf('uboType', UBO_TYPES),
      personalDetails: z.optional(
        object('personalDetails', {
          firstName: personName('personalDetails.firstName'),
          middleName: opt(text('personalDetails.middleName', 1)),
          surname: personName('personalDetails.surname'),
          countryOfResidence: countryCode('personalDetails.countryOfResidence'),
          dateOfBirth: dateOfBirth('personalDetails.dateOfBirth'),
        }),
      ),
      businessDetails: z.optional(
        object('businessDetails', {
          registeredName: text('businessDetails.registeredName', 1),
          countryOfRegistration: countryCode('businessDetails.countryOfRegistration'),
        }),
      ),
    }),
    (body, ctx) => uboDetailsRules(body, ctx, true),
  ),
);

/** `PATCH /customers/v2/non-account-holder/ubos/{customerId}` (no name pattern in the published update schema). */
export const amendUboBody = z.lazy(() =>
  refine(
    z.strictObject({
      uboType: enumOf('uboType', UBO_TYPES),
      personalDetails: opt(
        object('personalDetails', {
          firstName: opt(text('personalDetails.firstName')),
          middleName: opt(text('personalDetails.middleName')),
          surname: opt(text('personalDetails.surname')),
          countryOfResidence: z.optional(countryCode('personalDetails.countryOfResidence')),
          dateOfBirth: opt(dateOfBirth('personalDetails.dateOfBirth')),
        }),
      ),
      businessDetails: opt(
        object('businessDetails', {
          registeredName: opt(text('businessDetails.registeredName')),
          countryOfRegistration: z.optional(countryCode('businessDetails.countryOfRegistration')),
        }),
      ),
    }),
    (body, ctx) => uboDetailsRules(body, ctx, false),
  ),
);

// --- Due diligence ------------------------------------------------------------------------------------------------

const kycText = (name: string, pattern: RegExp, min: number, max: number) =>
  patterned(name, pattern, "must hold only letters, digits, spaces and the characters -',.().", min, max);

/** `POST /customer-due-diligence/v1/retail/onboard` (`know-your-customer-v1.json`). */
export const onboardRetailCustomerBody = z.lazy(() => {
  const n = 'customerData.name';
  const a = 'customerData.currentAddress';
  const nameText = (name: string, min: number, max: number) =>
    patterned(name, KYC_NAME, "must hold only letters, spaces and the characters .'-.", min, max);
  const countries = (name: string) => list(name, countryCode(`${name}[]`));
  return z.strictObject({
    customerData: refine(
      object('customerData', {
        name: object(n, {
          firstName: nameText(`${n}.firstName`, 1, 40),
          middleName: opt(nameText(`${n}.middleName`, 0, 100)),
          surname: nameText(`${n}.surname`, 1, 40),
        }),
        dateOfBirth: calendarDate('customerData.dateOfBirth'),
        nationality: countries('customerData.nationality').check(
          z.minLength(1, 'customerData.nationality must list at least one country.'),
        ),
        taxResidency: countries('customerData.taxResidency').check(
          z.length(1, 'customerData.taxResidency must list exactly one country.'),
        ),
        nationalInsuranceNumber: patterned(
          'customerData.nationalInsuranceNumber',
          NATIONAL_INSURANCE_NUMBER,
          'must be 2 letters, 6 digits and a letter, without spaces.',
          9,
          9,
        ),
        email: z.email({ error: 'customerData.email must be an e-mail address.' }),
        mobile: opt(
          patterned(
            'customerData.mobile',
            KYC_MOBILE,
            'must be 11 to 14 digits, optionally after + and the country code.',
            0,
          ),
        ),
        currentAddress: refine(
          object(a, {
            buildingName: opt(kycText(`${a}.buildingName`, KYC_BUILDING, 0, 255)),
            buildingNumber: opt(kycText(`${a}.buildingNumber`, KYC_BUILDING, 0, 255)),
            subBuilding: opt(kycText(`${a}.subBuilding`, KYC_BUILDING, 0, 255)),
            streetName: kycText(`${a}.streetName`, KYC_STREET, 1, 50),
            city: opt(kycText(`${a}.city`, KYC_STREET, 0, 40)),
            county: opt(kycText(`${a}.county`, KYC_STREET, 0, 40)),
            postalCode: postalCode(`${a}.postalCode`, 2, 10),
            countryCode: countryCode(`${a}.countryCode`),
          }),
          kycBuildingRules,
        ),
        idvEmailsEnabled: z.optional(bool('customerData.idvEmailsEnabled')),
      }),
      kycEligibilityRules,
    ),
  });
});

export type AddRelatedPartyBody = z.output<typeof addRelatedPartyBody>;
export type AddCurrentAddressV2Body = z.output<typeof addCurrentAddressBody>;
export type PutIdentityDocumentBody = z.output<typeof putIdentityDocumentBody>;
export type PutTaxResidencyBody = z.output<typeof putTaxResidencyBody>;
export type CreateRetailCustomerV2Body = z.output<typeof createRetailCustomerV2Body>;
export type AmendRetailCustomerV2Body = z.output<typeof amendRetailCustomerV2Body>;
export type CreateSoleTraderBody = z.output<typeof createSoleTraderBody>;
export type AmendSoleTraderBody = z.output<typeof amendSoleTraderBody>;
export type CreateLegalEntityBody = z.output<typeof createLegalEntityBody>;
export type AmendLegalEntityBody = z.output<typeof amendLegalEntityBody>;
export type CreateDirectorBody = z.output<typeof createDirectorBody>;
export type AmendDirectorBody = z.output<typeof amendDirectorBody>;
export type CreateControllingPersonBody = z.output<typeof createControllingPersonBody>;
export type AmendControllingPersonBody = z.output<typeof amendControllingPersonBody>;
export type CreateUboBody = z.output<typeof createUboBody>;
export type AmendUboBody = z.output<typeof amendUboBody>;
export type OnboardRetailCustomerBody = z.output<typeof onboardRetailCustomerBody>;
