import { ukDateOf } from '#shared/domain/calendar.js';
import {
  CUSTOMERS_WITH_RELATED_PARTIES,
  RELATED_PARTY_CUSTOMER_TYPES,
  RELATED_PARTY_HOLDERS,
  type RelatedPartyType,
  splitIdentityDocument,
} from '#shared/domain/customer-v2-rules.js';
import {
  addCurrentAddressV2,
  addRelatedParty,
  amendControllingPerson,
  amendDirector,
  amendLegalEntity,
  amendRetailCustomerV2,
  amendSoleTrader,
  amendUbo,
  createControllingPerson,
  createDirector,
  createLegalEntity,
  createRetailCustomerV2,
  createSoleTrader,
  createUbo,
  deleteIdentityDocument,
  deleteTaxResidency,
  getCustomerV2,
  listRelatedParties,
  putIdentityDocument,
  putTaxResidency,
  removeRelatedParty,
} from '#shared/operations/customers-v2/operations.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import {
  type Address,
  addCustomer,
  amend,
  createRetailCustomerInGraph,
  type CustomerV2,
  type CustomerV2Type,
  customerOfInstitution,
  customerView,
  identityDocumentsOf,
  type RetailCustomerDetails,
  replaceCurrentAddress,
  taxDetailsOf,
  taxResidenciesOf,
  plain,
  documentHeldElsewhere,
  type WrittenIdentityDocument,
} from './graph.js';

/**
 * Spec part 3 (issue 34), "Customers v2": the customer graph of `graph.ts` on the 22 operations of
 * `shared/operations/customers-v2/` (due diligence is its own product). Another institution's customer is not
 * found (404); an operation on a kind that does not have that part (a director's addresses, a UBO's tax
 * residencies) is 422, as a refusal of the request's content.
 */
export const customersV2Product: Product = {
  name: 'customers-v2',
  bankRoutes(bank) {
    bank.operation(getCustomerV2, (ctx) =>
      withCustomer(ctx, 'any', (customer) => ctx.json(200, customerView(customer))),
    );

    bank.operation(createRetailCustomerV2, (ctx) => {
      const details = ctx.body as unknown as RetailCustomerDetails;
      if (
        documentHeldElsewhere(ctx.state, ctx.institution.id, identityDocumentsOf(details.identityDocuments))
      ) {
        return ctx.problem(409, TITLES.conflict, 'an identity document is already held by another customer');
      }
      return created(ctx, createRetailCustomerInGraph(ctx.state, ctx.institution.id, details, ctx.now()));
    });

    bank.operation(createSoleTrader, (ctx) => {
      const { addressHistory, identityDocuments, taxDetails, ...sections } =
        ctx.body as unknown as BusinessBody;
      const documents = identityDocumentsOf(identityDocuments);
      // The sole trader's create documents no 409: the same conflict is its 422.
      if (documentHeldElsewhere(ctx.state, ctx.institution.id, documents)) {
        return ctx.problem(
          422,
          TITLES.unprocessable,
          'an identity document is already held by another customer',
          {
            identityDocuments: [
              'An identity document with this country, type and number is already held by another customer.',
            ],
          },
        );
      }
      return created(ctx, business(ctx, 'SoleTrader', sections, taxDetails, addressHistory, documents));
    });

    bank.operation(createLegalEntity, (ctx) => {
      const { addressHistory, taxDetails, ...sections } = ctx.body as unknown as BusinessBody;
      return created(ctx, business(ctx, 'LegalEntity', sections, taxDetails, addressHistory));
    });

    bank.operation(createDirector, (ctx) => {
      const { customerId, personalDetails } = ctx.body;
      return withParent(ctx, customerId, 'Director', null, (entity) =>
        linked(ctx, entity, 'Director', 'Director', { sections: { personalDetails } }, null),
      );
    });

    bank.operation(createUbo, (ctx) => {
      const { customerId, ownershipPercentage, uboType, personalDetails, businessDetails } = ctx.body;
      const natural = uboType === 'NaturalPerson';
      const sections = natural ? { personalDetails } : { businessDetails };
      return withParent(ctx, customerId, 'UBO', ownershipPercentage ?? null, (entity) =>
        linked(
          ctx,
          entity,
          natural ? 'UboNatural' : 'UboNonNatural',
          'UBO',
          { sections },
          ownershipPercentage,
        ),
      );
    });

    bank.operation(createControllingPerson, (ctx) => {
      const { customerId, controllingPersonType, personalDetails, currentAddress, taxDetails } = ctx.body;
      const parts = {
        sections: {
          controllingPersonDetails: { controllingPersonType },
          personalDetails,
          taxDetails: taxDetailsOf(taxDetails as Parameters<typeof taxDetailsOf>[0]),
        },
        addresses: { current: [dated(currentAddress as Address, ctx.now())], previous: [] },
      };
      if (!customerId)
        return created(ctx, addCustomer(ctx.state, ctx.institution.id, 'ControllingPerson', parts).id);
      return withParent(ctx, customerId, 'ControllingPerson', null, (entity) =>
        linked(ctx, entity, 'ControllingPerson', 'ControllingPerson', parts, null),
      );
    });

    bank.operation(amendRetailCustomerV2, (ctx) => amended(ctx, ['Retail'], ctx.body));
    bank.operation(amendSoleTrader, (ctx) => amended(ctx, ['SoleTrader'], ctx.body));
    bank.operation(amendLegalEntity, (ctx) => amended(ctx, ['LegalEntity'], ctx.body));
    bank.operation(amendDirector, (ctx) => amended(ctx, ['Director'], ctx.body));
    bank.operation(amendControllingPerson, (ctx) => {
      const { controllingPersonType, ...sections } = ctx.body;
      const details = controllingPersonType && { controllingPersonDetails: { controllingPersonType } };
      return amended(ctx, ['ControllingPerson'], { ...sections, ...details }, ctx.body);
    });
    bank.operation(amendUbo, (ctx) => {
      const { uboType, ...changes } = ctx.body;
      const type = uboType === 'NaturalPerson' ? 'UboNatural' : 'UboNonNatural';
      return amended(ctx, ['UboNatural', 'UboNonNatural'], changes, changes, (customer) => {
        // A change of kind keeps only the details of the new kind.
        if (type !== customer.type) {
          delete customer.sections[type === 'UboNatural' ? 'businessDetails' : 'personalDetails'];
        }
        customer.type = type;
      });
    });

    bank.operation(addCurrentAddressV2, (ctx) =>
      withCustomer(ctx, ['Retail', 'SoleTrader', 'LegalEntity', 'ControllingPerson'], (customer) => {
        replaceCurrentAddress(customer, ctx.body as unknown as Address, ctx.now());
        return ctx.json(201, { customerId: customer.id });
      }),
    );

    bank.operation(putIdentityDocument, (ctx) =>
      withCustomer(ctx, ['Retail', 'SoleTrader'], (customer) => {
        const { documents, index, countryOfIssue, type } = documentAt(customer, ctx.params.identityDocument);
        const values = { idNumber: ctx.body.idNumber, expiryDate: ctx.body.idExpiryDate };
        if (index >= 0) {
          Object.assign(documents[index]!, values);
          return { status: 200 };
        }
        documents.push({ ...values, countryOfIssue, type });
        return ctx.json(201, { customerId: customer.id });
      }),
    );

    bank.operation(deleteIdentityDocument, (ctx) =>
      withCustomer(ctx, ['Retail', 'SoleTrader'], (customer) => {
        const { documents, index } = documentAt(customer, ctx.params.identityDocument);
        if (index < 0) return ctx.problem(404, TITLES.notFound, 'the customer has no such identity document');
        documents.splice(index, 1);
        return { status: 204 };
      }),
    );

    bank.operation(putTaxResidency, (ctx) =>
      withCustomer(ctx, ['Retail', 'SoleTrader', 'LegalEntity', 'ControllingPerson'], (customer) => {
        const country = ctx.params.countryOfTaxResidence;
        const residencies = taxResidenciesOf(customer);
        const kept = residencies.find((residency) => residency.countryOfTaxResidence === country);
        // The read's `noTaxIdReason` is an enum, not nullable: a residency without one leaves it out.
        const values = {
          taxIdNumber: ctx.body.taxIdNumber ?? null,
          ...(ctx.body.noTaxIdReason && { noTaxIdReason: ctx.body.noTaxIdReason }),
        };
        if (kept) {
          delete kept.noTaxIdReason;
          Object.assign(kept, values);
          return { status: 200 };
        }
        residencies.push({ countryOfTaxResidence: country, ...values });
        return ctx.json(201, { customerId: customer.id });
      }),
    );

    bank.operation(deleteTaxResidency, (ctx) =>
      withCustomer(ctx, ['Retail', 'SoleTrader', 'LegalEntity', 'ControllingPerson'], (customer) => {
        const residencies = taxResidenciesOf(customer);
        const index = residencies.findIndex(
          (r) => r.countryOfTaxResidence === ctx.params.countryOfTaxResidence,
        );
        if (index < 0) return ctx.problem(404, TITLES.notFound, 'the customer has no such tax residency');
        // The guide: a customer's only tax residency is not deleted; add the new one first.
        if (residencies.length === 1) {
          return ctx.problem(422, TITLES.unprocessable, 'a customer keeps at least one tax residency', {
            countryOfTaxResidence: ['The only tax residency cannot be deleted; add the new one first.'],
          });
        }
        residencies.splice(index, 1);
        return { status: 204 };
      }),
    );

    bank.operation(listRelatedParties, (ctx) =>
      withCustomer(ctx, CUSTOMERS_WITH_RELATED_PARTIES, (customer) =>
        ctx.json(200, { value: customer.relatedParties.map((party) => ({ ...party })) }),
      ),
    );

    bank.operation(addRelatedParty, (ctx) =>
      withCustomer(ctx, CUSTOMERS_WITH_RELATED_PARTIES, (customer) => {
        const { relatedCustomerId, relatedPartyType, ownershipPercentage } = ctx.body;
        const refused = relationRefusal(
          ctx,
          customer,
          relatedCustomerId,
          relatedPartyType,
          ownershipPercentage ?? null,
        );
        if (refused) return refused;
        relate(customer, relatedCustomerId, relatedPartyType, ownershipPercentage ?? null);
        return ctx.json(201, { customerId: customer.id, relatedCustomerId: relatedCustomerId.toLowerCase() });
      }),
    );

    bank.operation(removeRelatedParty, (ctx) =>
      withCustomer(ctx, CUSTOMERS_WITH_RELATED_PARTIES, (customer) => {
        const id = ctx.params.relatedCustomerId.toLowerCase();
        const index = customer.relatedParties.findIndex(
          (party) => party.id === id && party.type === ctx.params.relatedPartyType,
        );
        if (index < 0) return ctx.problem(404, TITLES.notFound, 'no such related party of the customer');
        customer.relatedParties.splice(index, 1);
        return { status: 204 };
      }),
    );
  },
};

interface BusinessBody extends Record<string, unknown> {
  addressHistory: { currentAddresses?: Address[] | null; previousAddresses?: Address[] | null };
  identityDocuments?: WrittenIdentityDocument[] | null;
  taxDetails: Parameters<typeof taxDetailsOf>[0];
}

type Ctx = RouteContext<unknown, Record<string, string>>;

function created(ctx: Ctx, id: string): SimResponse {
  return ctx.json(201, { id });
}

function dated(address: Address, now: Date): Address {
  return { ...address, validFrom: address.validFrom ?? ukDateOf(now) };
}

function business(
  ctx: Ctx,
  type: 'SoleTrader' | 'LegalEntity',
  sections: Record<string, unknown>,
  taxDetails: BusinessBody['taxDetails'],
  history: BusinessBody['addressHistory'],
  identityDocuments?: CustomerV2['identityDocuments'],
): string {
  return addCustomer(ctx.state, ctx.institution.id, type, {
    sections: plain({ ...sections, taxDetails: taxDetailsOf(taxDetails) }) as Record<string, unknown>,
    addresses: {
      current: (history.currentAddresses ?? []).map((address) => dated(address, ctx.now())),
      previous: (history.previousAddresses ?? []).map((address) => ({ ...address })),
    },
    ...(identityDocuments && { identityDocuments }),
  }).id;
}

/** The customer's documents and where the path's `{idCountryOfIssue}-{idType}` is among them (-1: absent). */
function documentAt(customer: CustomerV2, segment: string) {
  // The record's path rule has refused a segment that does not split.
  const { idCountryOfIssue: countryOfIssue, idType: type } = splitIdentityDocument(segment)!;
  const documents = (customer.identityDocuments ??= []);
  const index = documents.findIndex((d) => d.countryOfIssue === countryOfIssue && d.type === type);
  return { documents, index, countryOfIssue, type };
}

/** The customer named by the path, of one of `kinds`: another institution's is 404, another kind's 422. */
function withCustomer(
  ctx: RouteContext<unknown, { customerId: string }>,
  kinds: readonly CustomerV2Type[] | 'any',
  then: (customer: CustomerV2) => SimResponse,
): SimResponse {
  const customer = customerOfInstitution(ctx.state, ctx.institution.id, ctx.params.customerId);
  if (!customer) return ctx.problem(404, TITLES.notFound, 'no such customer');
  if (kinds !== 'any' && !kinds.includes(customer.type)) {
    return ctx.problem(422, TITLES.unprocessable, `not for a customer of type ${customer.type}`, {
      customerId: [`The customer is of type ${customer.type}, not ${kinds.join(', ')}.`],
    });
  }
  return then(customer);
}

function amended(
  ctx: RouteContext<unknown, { customerId: string }>,
  kinds: readonly CustomerV2Type[],
  changes: object,
  answer: object = changes,
  before?: (customer: CustomerV2) => void,
): SimResponse {
  return withCustomer(ctx, kinds, (customer) => {
    before?.(customer);
    amend(customer, changes as Record<string, unknown>);
    // The reference's patch answers hold only the sections and properties sent.
    return ctx.json(200, { customerId: customer.id, ...(plain(answer) as object) });
  });
}

/**
 * A director, UBO or controlling person created for a legal entity (`customerId` of the body): not found 404,
 * not a legal entity 422, and the relation's own refusals (a UBO's ownership beyond 100).
 */
function withParent(
  ctx: Ctx,
  customerId: string,
  type: RelatedPartyType,
  ownershipPercentage: number | null,
  then: (entity: CustomerV2) => SimResponse,
): SimResponse {
  const entity = customerOfInstitution(ctx.state, ctx.institution.id, customerId);
  if (!entity) return ctx.problem(404, TITLES.notFound, 'no such customer');
  if (entity.type !== 'LegalEntity') {
    return ctx.problem(422, TITLES.unprocessable, 'not a legal entity', {
      customerId: ['customerId must be a legal entity.'],
    });
  }
  return ownershipRefusal(ctx, entity, type, ownershipPercentage) ?? then(entity);
}

function linked(
  ctx: Ctx,
  entity: CustomerV2,
  kind: CustomerV2Type,
  type: RelatedPartyType,
  parts: Parameters<typeof addCustomer>[3],
  ownershipPercentage: number | null | undefined,
): SimResponse {
  const customer = addCustomer(ctx.state, ctx.institution.id, kind, {
    ...parts,
    sections: plain(parts.sections) as Record<string, unknown>,
  });
  relate(entity, customer.id, type, ownershipPercentage ?? null);
  return created(ctx, customer.id);
}

function relate(
  customer: CustomerV2,
  relatedId: string,
  type: RelatedPartyType,
  ownership: number | null,
): void {
  customer.relatedParties.push({ id: relatedId.toLowerCase(), type, ownershipPercentage: ownership });
}

/**
 * The refusals of a new relation (the primary's kind is checked by `withCustomer`), in order: the related customer
 * is unknown or another institution's (404), itself or of a kind the type does not take (422), the relation
 * exists (409), the UBOs' ownership beyond 100 in all (422). `ownershipPercentage` for another type is the
 * record's rule (`relatedPartyRules`, 400).
 */
function relationRefusal(
  ctx: Ctx,
  customer: CustomerV2,
  relatedCustomerId: string,
  type: RelatedPartyType,
  ownershipPercentage: number | null,
): SimResponse | undefined {
  const related = customerOfInstitution(ctx.state, ctx.institution.id, relatedCustomerId);
  if (!related) return ctx.problem(404, TITLES.notFound, 'no such related customer');
  if (!RELATED_PARTY_HOLDERS[type].includes(customer.type)) {
    return ctx.problem(422, TITLES.unprocessable, `a ${customer.type} customer cannot have a ${type}`, {
      relatedPartyType: [`A ${customer.type} customer cannot have a related ${type}.`],
    });
  }
  if (related.id === customer.id || !RELATED_PARTY_CUSTOMER_TYPES[type].includes(related.type)) {
    return ctx.problem(422, TITLES.unprocessable, `the related customer cannot be a ${type}`, {
      relatedCustomerId: [`A ${related.type} customer cannot be related as ${type}.`],
    });
  }
  if (customer.relatedParties.some((party) => party.id === related.id && party.type === type)) {
    return ctx.problem(409, TITLES.conflict, 'the relation exists');
  }
  return ownershipRefusal(ctx, customer, type, ownershipPercentage);
}

/** The reference: the total ownership of one legal entity's UBOs cannot exceed 100. */
function ownershipRefusal(
  ctx: Ctx,
  customer: CustomerV2,
  type: RelatedPartyType,
  ownershipPercentage: number | null,
): SimResponse | undefined {
  if (type !== 'UBO' || ownershipPercentage === null) return undefined;
  const held = customer.relatedParties.reduce((sum, party) => sum + (party.ownershipPercentage ?? 0), 0);
  if (held + ownershipPercentage <= 100) return undefined;
  return ctx.problem(422, TITLES.unprocessable, 'ownership beyond 100 percent', {
    ownershipPercentage: ['The total ownership of a legal entity cannot exceed 100.'],
  });
}
