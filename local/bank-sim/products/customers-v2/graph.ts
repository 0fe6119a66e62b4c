import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { CustomerType, RelatedPartyType } from '#shared/domain/customer-v2-rules.js';
import { ukDateOf } from '#shared/domain/calendar.js';
import type { SimState } from '#sim/core/state.js';
import { defineState } from '#sim/core/state.js';

/**
 * The customers v2 graph (spec part 3, issue 34): customers of every kind, owned by one institution, with their
 * addresses, identity documents, tax residencies and related parties. Plain data, so a snapshot keeps it; the
 * routes (`product.ts`) and due diligence (`createRetailCustomerInGraph`) write it through the functions below.
 */

/** The `type` a read answers. A UBO is `UboNatural` or `UboNonNatural` by its `uboType`. */
export type CustomerV2Type = CustomerType;

export interface Address {
  addressType: string;
  buildingNameNumber?: string | null;
  streetName?: string | null;
  county?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country: string;
  validFrom?: string | null;
  validTo?: string | null;
}

export interface TaxResidency {
  countryOfTaxResidence: string;
  taxIdNumber?: string | null;
  noTaxIdReason?: string | null;
}

/** As a read answers it (`expiryDate`, `countryOfIssue`, `type`), not as a write sends it. */
export interface IdentityDocument {
  idNumber: string | null;
  expiryDate: string;
  countryOfIssue: string;
  type: string;
}

export interface RelatedParty {
  id: string;
  type: RelatedPartyType;
  ownershipPercentage: number | null;
}

type Section = Record<string, unknown>;

export interface CustomerV2 {
  id: string;
  institutionId: string;
  status: 'Active';
  type: CustomerV2Type;
  /** The sections a read answers as they are (personal, business, classification, KYC, tax, special statuses). */
  sections: Record<string, unknown>;
  /** Absent for the kinds without them (directors, UBOs). */
  addresses?: { current: Address[]; previous: Address[] };
  identityDocuments?: IdentityDocument[];
  /** Parties related to this customer (its directors, UBOs, controlling persons). */
  relatedParties: RelatedParty[];
}

/** Every v2 customer of every institution, by id (lower case). */
export const customersV2 = defineState('customers v2', () => new Map<string, CustomerV2>());

/** The kinds that may hold accounts: v1 accounts and protected deposit accounts open for these only. */
export const ACCOUNT_HOLDER_TYPES: ReadonlySet<CustomerV2Type> = new Set([
  'Retail',
  'SoleTrader',
  'LegalEntity',
]);

/** The institution's v2 customer, or undefined (another institution's customer is not found). */
export function customerOfInstitution(
  state: SimState,
  institutionId: string,
  customerId: string,
): CustomerV2 | undefined {
  const customer = state.get(customersV2).get(customerId.toLowerCase());
  return customer?.institutionId === institutionId ? customer : undefined;
}

/** The institution's v2 customer that may hold an account (retail, sole trader, legal entity), or undefined. */
export function accountHolderOfInstitution(
  state: SimState,
  institutionId: string,
  customerId: string,
): CustomerV2 | undefined {
  const customer = customerOfInstitution(state, institutionId, customerId);
  return customer && ACCOUNT_HOLDER_TYPES.has(customer.type) ? customer : undefined;
}

/** The name an account opened for the customer is labelled with. */
export function holderName(customer: CustomerV2): string {
  const personal = customer.sections.personalDetails as Section | undefined;
  const business = customer.sections.businessDetails as Section | undefined;
  const names = [personal?.firstName, personal?.middleName, personal?.surname].filter(Boolean);
  if (customer.type === 'Retail' || names.length === 0) {
    return names.join(' ') || String(business?.registeredName ?? business?.tradingName ?? '');
  }
  return String(business?.tradingName ?? business?.registeredName ?? names.join(' '));
}

/** A new customer in the graph; its id. */
export function addCustomer(
  state: SimState,
  institutionId: string,
  type: CustomerV2Type,
  parts: Pick<CustomerV2, 'sections' | 'addresses' | 'identityDocuments'>,
): CustomerV2 {
  const customer: CustomerV2 = {
    id: randomUUID(),
    institutionId,
    status: 'Active',
    type,
    ...parts,
    relatedParties: [],
  };
  state.get(customersV2).set(customer.id, customer);
  return customer;
}

/** The body of `POST /customers/v2/retail` (the due-diligence onboarding sends the same details). */
export interface RetailCustomerDetails {
  personalDetails: Section;
  identityDocuments?: readonly WrittenIdentityDocument[] | null;
  addressHistory: { currentAddress: Address; previousAddresses?: readonly Address[] | null };
  kycAml: Section;
  taxDetails: Section & { taxResidencies?: readonly TaxResidency[] | null };
  specialStatuses?: readonly string[] | null;
}

/** An identity document as a create sends it. */
export interface WrittenIdentityDocument {
  idCountryOfIssue: string;
  idType: string;
  idNumber: string | null;
  idExpiryDate: string;
}

/**
 * A retail customer made from validated details (the create's body, or due diligence's onboarding): its id.
 * No checks here; the caller has refused what the bank refuses.
 */
export function createRetailCustomerInGraph(
  state: SimState,
  institutionId: string,
  details: RetailCustomerDetails,
  now: Date,
): string {
  const { currentAddress, previousAddresses } = details.addressHistory;
  return addCustomer(state, institutionId, 'Retail', {
    sections: plain({
      personalDetails: details.personalDetails,
      kycAml: details.kycAml,
      taxDetails: taxDetailsOf(details.taxDetails),
      specialStatuses: details.specialStatuses ?? null,
    }) as Section,
    addresses: {
      current: [{ ...currentAddress, validFrom: currentAddress.validFrom ?? ukDateOf(now) }],
      previous: (previousAddresses ?? []).map((address) => ({ ...address })),
    },
    identityDocuments: identityDocumentsOf(details.identityDocuments),
  }).id;
}

/** The tax section kept: its residencies copied (null when none were sent). */
export function taxDetailsOf(tax: Section & { taxResidencies?: readonly TaxResidency[] | null }): Section {
  return { ...tax, taxResidencies: (tax.taxResidencies ?? []).map((residency) => ({ ...residency })) };
}

export function identityDocumentsOf(
  documents: readonly WrittenIdentityDocument[] | null | undefined,
): IdentityDocument[] {
  return (documents ?? []).map((document) => ({
    idNumber: document.idNumber,
    expiryDate: document.idExpiryDate,
    countryOfIssue: document.idCountryOfIssue,
    type: document.idType,
  }));
}

/**
 * An identity document of another customer of the institution with the same country, type and number: the bank
 * keeps one customer per document (a create that repeats one is its documented 409).
 */
export function documentHeldElsewhere(
  state: SimState,
  institutionId: string,
  documents: readonly IdentityDocument[],
): boolean {
  const same = (a: IdentityDocument, b: IdentityDocument) =>
    a.countryOfIssue === b.countryOfIssue && a.type === b.type && a.idNumber === b.idNumber;
  return [...state.get(customersV2).values()].some(
    (customer) =>
      customer.institutionId === institutionId &&
      (customer.identityDocuments ?? []).some((held) => documents.some((document) => same(held, document))),
  );
}

/** Sections merged in: each property sent replaces the kept one; a section not kept is added. */
export function amend(customer: CustomerV2, changes: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const kept = customer.sections[name];
    customer.sections[name] =
      isSection(value) && isSection(kept) ? { ...kept, ...(plain(value) as Section) } : plain(value);
  }
}

/**
 * A copy of what a request sent, to keep or to answer: arrays and objects copied, undefined members left out, a
 * Decimal (the records parse `annualRevenue` as one) kept as the number the reference writes.
 */
export function plain(value: unknown): unknown {
  if (Decimal.isDecimal(value)) return (value as Decimal).toNumber();
  if (Array.isArray(value)) return value.map(plain);
  if (isSection(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([name, member]) => [name, plain(member)]),
    );
  }
  return value;
}

function isSection(value: unknown): value is Section {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A new current address: the kept one of the same type ends on the new one's `validFrom` (today's UK date when
 * not sent) and joins the previous addresses, most recent first.
 */
export function replaceCurrentAddress(customer: CustomerV2, address: Address, now: Date): void {
  const addresses = (customer.addresses ??= { current: [], previous: [] });
  const validFrom = address.validFrom ?? ukDateOf(now);
  const ended = addresses.current.filter((kept) => kept.addressType === address.addressType);
  addresses.current = [
    ...addresses.current.filter((kept) => kept.addressType !== address.addressType),
    { ...address, validFrom },
  ];
  addresses.previous.unshift(...ended.map((kept) => ({ ...kept, validTo: validFrom })));
}

/** The residencies kept in the customer's tax section. */
export function taxResidenciesOf(customer: CustomerV2): TaxResidency[] {
  const tax = ((customer.sections.taxDetails as Section | undefined) ??= {});
  return ((tax as { taxResidencies?: TaxResidency[] }).taxResidencies ??= []);
}

/** The read `GET /customers/v2/customers/{customerId}` answers for the customer's kind. */
export function customerView(customer: CustomerV2): Record<string, unknown> {
  const { id, institutionId, status, type, sections, addresses, identityDocuments } = customer;
  const view: Record<string, unknown> = { id, institutionId, status, type, ...(plain(sections) as Section) };
  // A write sends SIC codes as strings; the read (`BusinessClassificationGetResponse`) answers `{sicCode}` objects.
  const classification = view.businessClassification as { sicCodes?: unknown } | undefined;
  if (Array.isArray(classification?.sicCodes)) {
    classification.sicCodes = classification.sicCodes.map((sicCode: unknown) => ({ sicCode }));
  }
  if (identityDocuments) view.identityDocuments = plain(identityDocuments);
  if (addresses) {
    const current = addresses.current.map((address) => ({ ...address, isCurrentAddress: true }));
    const previous = addresses.previous.map((address) => ({ ...address, isCurrentAddress: false }));
    // Retail customers and controlling persons have one current address; businesses one per type.
    view.addresses =
      type === 'SoleTrader' || type === 'LegalEntity'
        ? { currentAddresses: current, previousAddresses: previous }
        : { currentAddress: current[0] ?? null, previousAddresses: previous };
  }
  return view;
}
