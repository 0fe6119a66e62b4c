import * as z from 'zod/mini';
import { ISO_3166_ALPHA_3, isCountryCodeAlpha3 } from './countries.js';

/**
 * Customers v2 and retail due diligence: the rules of the bank's published schemas (`customers_v2_retail.json`,
 * `_sole_trader`, `_legal_entity`, `_company_director`, `_ubo`, `_controlling_person`, `know-your-customer-v1.json`)
 * and of their descriptions and guides (`retail-customers.mdx`, `know-your-customer.mdx`), once, for the gateway
 * and the simulator. Every message names the property and the rule, never the value sent (personal data).
 */

// --- Enumerations ------------------------------------------------------------------------------------------------

export const ID_TYPES = ['Passport', 'DrivingLicence', 'NationalId'] as const;
export const RELATED_PARTY_TYPES = ['Director', 'UBO', 'ControllingPerson'] as const;
export const PEP_TYPES = ['No', 'Yes_Domestic', 'Yes_International'] as const;
export const CRA_RATINGS = ['LowRisk', 'MediumRisk', 'HighRisk', 'VeryHighRisk'] as const;
export const US_PERSON_TYPES = [
  'NotAUSPerson',
  'SpecifiedUSPerson',
  'USPersonOtherThanASpecifiedUSPerson',
] as const;
export const NO_TAX_ID_REASONS = ['CountryDoesNotIssue', 'UnableToObtain', 'NotRequired'] as const;
export const SPECIAL_STATUSES = [
  'Vulnerability_Health_VisualImpairmentBraille',
  'Vulnerability_Health_VisualImpairmentLargeText',
  'Vulnerability_Health_AudioImpairment',
  'Vulnerability_Health_Other',
  'Vulnerability_LifeEvents',
  'Vulnerability_Resilience',
  'Vulnerability_Capability',
] as const;
export const AEOI_CLASSIFICATIONS = [
  'ActiveNonFinancialEntity',
  'PassiveNonFinancialEntity',
  'FinancialInstitutionPMIE',
  'FinancialInstitutionTypeOtherThanPMIE',
] as const;
export const SECTOR_CODES = [
  '_1_BankOfEngland_CentralBank',
  '_2a_UKBanks',
  '_2b_UKBuildingSocieties',
  '_2c_MFIsOtherThanBanksAndBuildingSocieties',
  '_3_FinancialCorporationsOtherThanMFIs',
  '_4_CentralGovernment',
  '_5_LocalAuthorities',
  '_6_PublicCorporations',
  '_7_NonFinancialCorporationsOtherThanPublicCorporations',
  '_8a_IndividualsAndIndividualTrusts',
  '_8b_UnincorporatedBusinessesOtherThanLLPs',
  '_9_NonProfitInstitutionsServingHouseholds',
  '_10_NonResidents',
] as const;
/** A sole trader's only sector (`customers_v2_sole_trader.json`'s `SectorCode`). */
export const SOLE_TRADER_SECTOR_CODES = ['_8b_UnincorporatedBusinessesOtherThanLLPs'] as const;
export const INDUSTRY_CLASSIFICATIONS = [
  '_1_AgricultureHuntingAndFishing',
  '_2_Fishing',
  '_3_MiningAndQuarrying',
  '_4A_FoodBeveragesAndTobacco',
  '_4B_TextilesWearingApparelAndLeather',
  '_4C_PulpPaperAndPrinting',
  '_4D_ChemicalsPharmaceuticalsRubberAndPlastics',
  '_4E_OtherNonmetalicMineralProductsAndMetals',
  '_4F_MachineryAndEquipmentIncludingTransportEquipment',
  '_4G_ElectricalMedicalAndOpticalProductsAndEquipment',
  '_4H_OtherManufacturing',
  '_5A_ElectricityGasSteamAndAirConditioningSupply',
  '_5B_WaterCollectionAndSewerage',
  '_5C_WasteManagementRelatedServicesAndRemediationActivities',
  '_6A_DevelopmentOfBuildings',
  '_6B_ConstructionOfCommercialBuildings',
  '_6C_ConstructionOfDomesticBuildings',
  '_6D_CivilEngineering',
  '_6E_OtherConstructionActivities',
  '_7A_WholesaleAndRetailTradeAndRepairOfMotorVehiclesCycles',
  '_7B_WholesaleTradeExcludingMotorVehiclesCycles',
  '_7C_RetailTradeExcludingMotorVehiclesCycles',
  '_8_AccommodationAndFoodServiceActivities',
  '_9A_TransportAndStorage',
  '_9B_InformationAndCommunication',
  '_10A_BuyingSellingAndRentingOfOwnOrLeasedRealEstate',
  '_10B_RealEstateAndRelatedActivitiesOnAFeeOrContractBasis',
  '_10C_ProfessionalScientificAndTechnicalActivities',
  '_10D_AdministrationAndSupportServices',
  '_11_PublicAdministrationAndDefence',
  '_12_Education',
  '_13_HumanHealthAndSocialWork',
  '_14A_PersonalAndCommunityServiceActivities',
  '_14B_RecreationalCulturalAndSportingActivities',
  '_15A_FinancialLeasingCorporations',
  '_15B_NonbankGrantorsOfCreditExcludingCreditUnionsAndSPVsRelatedToSecuritisations',
  '_15C_CreditUnions',
  '_15D_FactoringCorporations',
  '_15E_MortgageAndHousingCreditCorporations',
  '_15F_InvestmentAndUnitTrustsOtherThanMoneyMarketMutualFunds',
  '_15G_MoneyMarketMutualFunds',
  '_15H_BankHoldingCompanies',
  '_15I_ActivitiesOfventureAndDevelopmentCapitalCompanies',
  '_15Ja_SecurityAndCommodityContractBrokerage',
  '_15JB_SecurityDealingOnOwnAccount',
  '_15L_SPVsRelatedToSecuritisation',
  '_15M_OtherFinancialIntermediaries',
  '_16A_InsuranceCompanies',
  '_16B_PensionFunds',
  '_17A_FundManagementActivities',
  '_17BA_CentralClearingCounterparties',
  '_17BBA_AdministrationOfFinancialMarkets',
  '_17BBB_RiskAndDamageEvaluation',
  '_17BBC_ActivitiesOfInsuranceAgentsAndBrokers',
  '_17BBD_OtherActivitiesAuxiliaryToInsuranceAndPensionFunding',
  '_17BBE_EmoneyIssuers',
  '_17BBF_OtherAuxiliaryActivitiesNotCoveredElsewhere',
  '_18_IndividualsAndIndividualTrusts',
] as const;
export const ADDRESS_TYPES = ['ResidentialAddress', 'TradingAddress', 'RegisteredAddress'] as const;
export const CONTROLLING_PERSON_TYPES = [
  'LegalPerson_Ownership',
  'LegalPerson_OtherMeans',
  'LegalPerson_SeniorManagingOfficial',
  'LegalArrangement_Trust_Settlor',
  'LegalArrangement_Trust_Trustee',
  'LegalArrangement_Trust_Protector',
  'LegalArrangement_Trust_Beneficiary',
  'LegalArrangement_Trust_Other',
  'LegalArrangement_Other_SettlorEquivalent',
  'LegalArrangement_Other_TrusteeEquivalent',
  'LegalArrangement_Other_ProtectorEquivalent',
  'LegalArrangement_Other_BeneficiaryEquivalent',
  'LegalArrangement_Other_OtherEquivalent',
] as const;
export const UBO_TYPES = ['NaturalPerson', 'NonNaturalPerson'] as const;

export type IdType = (typeof ID_TYPES)[number];
export type RelatedPartyType = (typeof RELATED_PARTY_TYPES)[number];
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The customer types the reference's answers name (`CustomerType` across the six documents). */
export const CUSTOMER_TYPES = [
  'Retail',
  'SoleTrader',
  'LegalEntity',
  'Director',
  'UboNatural',
  'UboNonNatural',
  'ControllingPerson',
] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/**
 * Which customers may be the related customer of each related-party type (the documents' related-party pages and
 * the non-account-holder creates: a director, a UBO, a controlling person), and which customers have related
 * parties at all (the documents that publish `/related-parties`: retail, sole trader, legal entity). Checking
 * them needs both customers, so the simulator applies them (a 422 at the bank).
 */
export const RELATED_PARTY_CUSTOMER_TYPES: Readonly<Record<RelatedPartyType, readonly CustomerType[]>> = {
  Director: ['Director'],
  UBO: ['UboNatural', 'UboNonNatural'],
  ControllingPerson: ['ControllingPerson'],
};
/**
 * Which customers may have each related-party type. A director is "officially responsible for running the
 * company" (the legal entities guide) and its create links it to a legal entity, so only a legal entity has
 * directors: a director of a retail customer or a sole trader is refused (422). The documents set no such limit
 * on UBOs and controlling persons.
 */
export const RELATED_PARTY_HOLDERS: Readonly<Record<RelatedPartyType, readonly CustomerType[]>> = {
  Director: ['LegalEntity'],
  UBO: ['Retail', 'SoleTrader', 'LegalEntity'],
  ControllingPerson: ['Retail', 'SoleTrader', 'LegalEntity'],
};
export const CUSTOMERS_WITH_RELATED_PARTIES: readonly CustomerType[] = [
  'Retail',
  'SoleTrader',
  'LegalEntity',
];

/** The address types each customer kind's documents allow (`AddressType` per document). */
export const ADDRESS_TYPES_OF: Readonly<Partial<Record<CustomerType, readonly AddressType[]>>> = {
  Retail: ['ResidentialAddress'],
  SoleTrader: ['TradingAddress', 'ResidentialAddress'],
  LegalEntity: ['TradingAddress', 'RegisteredAddress'],
  ControllingPerson: ['ResidentialAddress'],
};

// --- Patterns ------------------------------------------------------------------------------------------------------

/**
 * A person's name (`[^0-9!$%^_=+><?|;~@£&()/\\[\]{}:",#`¬]{1,255}`): the bank's validator matches the whole value
 * (.NET's `RegularExpression`), so it is anchored here.
 */
export const PERSON_NAME = /^[^0-9!$%^_=+><?|;~@£&()/\\[\]{}:",#`¬]{1,255}$/;
/** The words a name must not contain, any case (the create and amend descriptions). */
export const FORBIDDEN_NAME_WORDS = ['aka', 'known as', 'unknown'] as const;
/** An address line (`[^!$%^_=+><?|;~@\`]`, one character as published: read as the characters the line may hold). */
export const ADDRESS_LINE = /^[^!$%^_=+><?|;~@`]*$/;
/** The reference's UK postcode pattern, as published (its alternation included). */
export const UK_POSTCODE =
  /^([Gg][Ii][Rr] 0[Aa]{2})|((([A-Za-z][0-9]{1,2})|(([A-Za-z][A-Ha-hJ-Yj-y][0-9]{1,2})|(([A-Za-z][0-9][A-Za-z])|([A-Za-z][A-Ha-hJ-Yj-y][0-9]?[A-Za-z])))) [0-9][A-Za-z]{2})$/;
/** `00`, then the country code and number: 3 to 20 characters. */
export const TELEPHONE = /^(00)[0-9]{1,18}$/;
export const SIC_CODE = /^[0-9]{5}$/;
/** "Must be RFC compliant": one `@` between a local part and a domain, no spaces (the bank judges the rest). */
export const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** The earliest date of birth the bank takes ("Cannot precede 1850-01-01"). */
export const EARLIEST_DATE_OF_BIRTH = '1850-01-01';

/** Due diligence (`know-your-customer-v1.json`). */
export const KYC_NAME = /^[a-zA-Z.'\- ]+$/;
export const KYC_BUILDING = /^(?=.*[a-zA-Z0-9])[a-zA-Z0-9 ,.'()-]+$/;
export const KYC_STREET = /^[a-zA-Z0-9\-',.() ]+$/;
export const NATIONAL_INSURANCE_NUMBER = /^[a-zA-Z]{2}\d{6}[a-zA-Z]$/;
export const KYC_MOBILE = /^(?:[+][1-9])?\d{11,14}$/;

/** Whether a name holds one of the forbidden words (`aka`, `known as`, `unknown`, any case). */
export function hasForbiddenNameWord(name: string): boolean {
  const lower = name.toLowerCase();
  return FORBIDDEN_NAME_WORDS.some((word) => lower.includes(word));
}

// --- Field schemas (messages name the property, never the value) ---------------------------------------------------

export const countryCode = (name: string) =>
  z.enum(ISO_3166_ALPHA_3, { error: `${name} must be an ISO 3166-1 alpha-3 country code, such as GBR.` });

export const enumOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}.` });

/** `format: date`: a real calendar date written YYYY-MM-DD. */
export const calendarDate = (name: string) =>
  z.iso.date({ error: `${name} must be a calendar date written YYYY-MM-DD.` });

/** A date of birth: a calendar date not before 1850-01-01. */
export const dateOfBirth = (name: string) =>
  calendarDate(name).check(
    z.refine(
      (value) => value >= EARLIEST_DATE_OF_BIRTH,
      `${name} must not be earlier than ${EARLIEST_DATE_OF_BIRTH}.`,
    ),
  );

/** Text of `min` to `max` characters (no maximum when unset). */
export const text = (name: string, min = 0, max?: number) => {
  const rule =
    max === undefined
      ? min > 0
        ? `${name} must be text of at least ${min} character${min === 1 ? '' : 's'}.`
        : `${name} must be text.`
      : `${name} must be text of ${min} to ${max} characters.`;
  const checks = [z.minLength(min, rule), ...(max === undefined ? [] : [z.maxLength(max, rule)])];
  return z.string({ error: rule }).check(...checks);
};

/** Text of a pattern, with its message (the pattern described, not the value). */
export const patterned = (name: string, pattern: RegExp, rule: string, min: number, max?: number) =>
  text(name, min, max).check(z.regex(pattern, `${name} ${rule}`));

/** A person's first name or surname: 1 to 255 characters without digits or symbols, none of the forbidden words. */
export const personName = (name: string) =>
  patterned(
    name,
    PERSON_NAME,
    'must not contain digits or the characters !$%^_=+><?|;~@£&()/\\[]{}:",#`¬.',
    1,
    255,
  ).check(
    z.refine(
      (value) => !hasForbiddenNameWord(value),
      `${name} must not contain ${FORBIDDEN_NAME_WORDS.join(', ')} anywhere, in any case: the bank refuses them even inside a longer word.`,
    ),
  );

export const telephone = (name: string) =>
  patterned(
    name,
    TELEPHONE,
    "must start with 00 in place of '+', then the country code and number (digits only).",
    3,
    20,
  );

export const email = (name: string) => patterned(name, EMAIL, 'must be an e-mail address.', 1);

export const addressLine = (name: string) =>
  patterned(name, ADDRESS_LINE, 'must not contain the characters !$%^_=+><?|;~@`.', 1, 100);

export const postalCode = (name: string, min = 1, max?: number) =>
  patterned(name, UK_POSTCODE, 'must be a UK postcode with its space, such as EC2V 8RT.', min, max);

export const sicCode = (name: string) => patterned(name, SIC_CODE, 'must be exactly 5 digits.', 5, 5);

// --- Rules over several fields ---------------------------------------------------------------------------------------

type Ctx = z.core.$RefinementCtx;
const given = (value: unknown) => value !== undefined && value !== null;

function issue(ctx: Ctx, path: (string | number)[], message: string) {
  ctx.addIssue({ code: 'custom', path, message, input: undefined });
}

/**
 * An address: the building and street must not contain the postcode; the county must not contain the building or
 * the street ("Must not contain ..."); a previous address's `validTo` must be later than its `validFrom`.
 */
export function addressRules(address: Record<string, unknown>, ctx: Ctx): void {
  const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
  const postcode = lower(address.postalCode);
  for (const line of ['buildingNameNumber', 'streetName'] as const) {
    if (postcode !== '' && lower(address[line]).includes(postcode)) {
      issue(ctx, [line], `${line} must not contain the postalCode.`);
    }
  }
  const county = lower(address.county);
  for (const line of ['buildingNameNumber', 'streetName'] as const) {
    const value = lower(address[line]);
    if (county !== '' && value !== '' && county.includes(value)) {
      issue(ctx, ['county'], `county must not contain the value of ${line}.`);
    }
  }
  const { validFrom, validTo } = address;
  if (typeof validFrom === 'string' && typeof validTo === 'string' && validTo <= validFrom) {
    issue(ctx, ['validTo'], 'validTo must be later than validFrom.');
  }
}

/** A tax residency: "If taxIdNumber is not provided, you must specify a noTaxIdReason." */
export function taxResidencyRules(
  residency: { taxIdNumber?: unknown; noTaxIdReason?: unknown },
  ctx: Ctx,
): void {
  if (!given(residency.taxIdNumber) && !given(residency.noTaxIdReason)) {
    issue(ctx, ['noTaxIdReason'], 'noTaxIdReason is required when taxIdNumber is not given.');
  }
}

/** One `countryOfTaxResidence` once in a list (each is keyed by its country at the bank). */
export function distinctTaxResidencies(
  list: readonly { countryOfTaxResidence: string }[] | null | undefined,
  ctx: Ctx,
) {
  duplicates(list ?? [], (item) => item.countryOfTaxResidence).forEach((index) =>
    issue(ctx, [index, 'countryOfTaxResidence'], 'countryOfTaxResidence must not be listed twice.'),
  );
}

/** "You can only provide one idCountryOfIssue and idType combination per customer." */
export function distinctIdentityDocuments(
  list: readonly { idCountryOfIssue: string; idType: string }[] | null | undefined,
  ctx: Ctx,
): void {
  duplicates(list ?? [], (item) => `${item.idCountryOfIssue}-${item.idType}`).forEach((index) =>
    issue(
      ctx,
      [index, 'idType'],
      'identityDocuments must hold one document per idCountryOfIssue and idType.',
    ),
  );
}

/** "Contains at most 1 of each type" (a customer's current addresses). */
export function distinctAddressTypes(
  list: readonly { addressType: string }[] | null | undefined,
  ctx: Ctx,
): void {
  duplicates(list ?? [], (item) => item.addressType).forEach((index) =>
    issue(ctx, [index, 'addressType'], 'currentAddresses must hold at most one address of each addressType.'),
  );
}

/** The indexes of the items whose key an earlier item already had. */
function duplicates<T>(list: readonly T[], key: (item: T) => string): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  list.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) repeated.push(index);
    seen.add(k);
  });
  return repeated;
}

/** "The ownership percentage of the related party. Only allowed for UBO relationships." */
export function relatedPartyRules(
  body: { relatedPartyType: string; ownershipPercentage?: unknown },
  ctx: Ctx,
): void {
  if (given(body.ownershipPercentage) && body.relatedPartyType !== 'UBO') {
    issue(ctx, ['ownershipPercentage'], 'ownershipPercentage is allowed only when relatedPartyType is UBO.');
  }
}

/**
 * A UBO's details follow its type: `personalDetails` "must only be provided if the uboType is 'NaturalPerson'",
 * `businessDetails` only if 'NonNaturalPerson'. On create the matching one is required (`required` is `true`).
 */
export function uboDetailsRules(
  body: { uboType: string; personalDetails?: unknown; businessDetails?: unknown },
  ctx: Ctx,
  required: boolean,
): void {
  const natural = body.uboType === 'NaturalPerson';
  if (given(body.personalDetails) && !natural) {
    issue(ctx, ['personalDetails'], 'personalDetails may be given only when uboType is NaturalPerson.');
  }
  if (given(body.businessDetails) && natural) {
    issue(ctx, ['businessDetails'], 'businessDetails may be given only when uboType is NonNaturalPerson.');
  }
  if (required && natural && !given(body.personalDetails)) {
    issue(ctx, ['personalDetails'], 'personalDetails is required when uboType is NaturalPerson.');
  }
  if (required && !natural && !given(body.businessDetails)) {
    issue(ctx, ['businessDetails'], 'businessDetails is required when uboType is NonNaturalPerson.');
  }
}

/** A sole trader: "You must provide either a nationalIdentificationNumber or at least one identityDocuments[]." */
export function soleTraderIdentityRules(
  body: {
    personalDetails?: { nationalIdentificationNumber?: unknown };
    identityDocuments?: readonly unknown[] | null;
  },
  ctx: Ctx,
): void {
  if (
    !given(body.personalDetails?.nationalIdentificationNumber) &&
    (body.identityDocuments ?? []).length === 0
  ) {
    issue(
      ctx,
      ['personalDetails', 'nationalIdentificationNumber'],
      'personalDetails.nationalIdentificationNumber is required when no identityDocuments are given.',
    );
  }
}

/** A legal entity: "You must provide both a current 'TradingAddress' and 'RegisteredAddress'." */
export function legalEntityAddressRules(
  list: readonly { addressType: string }[] | null | undefined,
  ctx: Ctx,
): void {
  for (const type of ['TradingAddress', 'RegisteredAddress'] as const) {
    if (!(list ?? []).some((address) => address.addressType === type)) {
      issue(ctx, [], `currentAddresses must include a ${type}.`);
    }
  }
}

/** Due diligence: "You must provide either this and/or a buildingNumber" (buildingName, buildingNumber). */
export function kycBuildingRules(
  address: { buildingName?: unknown; buildingNumber?: unknown },
  ctx: Ctx,
): void {
  const filled = (value: unknown) => typeof value === 'string' && value !== '';
  if (!filled(address.buildingName) && !filled(address.buildingNumber)) {
    issue(
      ctx,
      ['buildingNumber'],
      'buildingNumber is required when buildingName is not given (one or both).',
    );
  }
}

/**
 * Due diligence: who the service takes (`know-your-customer.mdx`, the `nationality` and `taxResidency`
 * descriptions): living in the UK, UK tax residency only, not a US national.
 */
export function kycEligibilityRules(
  data: {
    nationality?: readonly string[];
    taxResidency?: readonly string[];
    currentAddress?: { countryCode?: string };
  },
  ctx: Ctx,
): void {
  if ((data.nationality ?? []).includes('USA')) {
    issue(ctx, ['nationality'], 'nationality must not include USA: the service does not take US nationals.');
  }
  if ((data.taxResidency ?? []).some((country) => country !== 'GBR')) {
    issue(ctx, ['taxResidency'], 'taxResidency must be GBR: the service takes UK tax residents only.');
  }
  if (data.currentAddress?.countryCode !== undefined && data.currentAddress.countryCode !== 'GBR') {
    issue(
      ctx,
      ['currentAddress', 'countryCode'],
      'currentAddress.countryCode must be GBR: the service takes UK residents only.',
    );
  }
}

// --- The identity-document path segment ------------------------------------------------------------------------------

export const IDENTITY_DOCUMENT_MESSAGE = `identityDocument must be {idCountryOfIssue}-{idType}: an ISO 3166-1 alpha-3 country code, a hyphen, and one of ${ID_TYPES.join(', ')} (such as GBR-Passport).`;

/**
 * `{idCountryOfIssue}-{idType}`, one path segment to API Gateway: split at the first `-`. Undefined when the
 * segment has no `-`, or either part is not one the reference allows.
 */
export function splitIdentityDocument(
  segment: string,
): { idCountryOfIssue: string; idType: IdType } | undefined {
  const at = segment.indexOf('-');
  if (at < 0) return undefined;
  const idCountryOfIssue = segment.slice(0, at);
  const idType = segment.slice(at + 1);
  if (!isCountryCodeAlpha3(idCountryOfIssue) || !(ID_TYPES as readonly string[]).includes(idType))
    return undefined;
  return { idCountryOfIssue, idType: idType as IdType };
}

/** The path parameter rule: the segment's two parts, each judged, one message naming the parameter and both parts. */
export const identityDocumentSegment = () =>
  z
    .string({ error: IDENTITY_DOCUMENT_MESSAGE })
    .check(z.refine((value) => splitIdentityDocument(value) !== undefined, IDENTITY_DOCUMENT_MESSAGE));
