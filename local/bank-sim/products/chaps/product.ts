import {
  createChapsCustomerPayment,
  createChapsInstitutionPayment,
  createChapsReturnPayment,
  createCrossBorderPayment,
  simulateInboundChapsCustomerPayment,
  simulateInboundChapsInstitutionPayment,
  simulateInboundChapsReturnPayment,
} from '#shared/operations/chaps/operations.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { chapsAdminRoutes } from './admin.js';
import type { XmlAddress } from './iso20022.js';
import type { ChapsMessage, ChapsParty } from './model.js';
import {
  receivePayment,
  receiveReturn,
  returnableFor,
  returnedByOtherBank,
  sendPayment,
  sendReturn,
} from './scheme.js';

/**
 * Spec part 2, "Other payment schemes": CHAPS v6 (customer, institution and return payments), GBP cross-border v4
 * and the three simulation-only inbound CHAPS v3 operations, on the simulated scheme (`scheme.ts`). Each route is
 * the shared record's, so the hours (400 outside 08:00 to 17:00 UK time on business days, the four outbound writes
 * only) are checked by the record's `check` before the handler runs.
 */
export const chapsProduct: Product = {
  name: 'chaps',
  bankRoutes(bank) {
    bank.operation(createChapsCustomerPayment, (ctx) => {
      const b = ctx.body;
      const payment = sendPayment(ctx, {
        kind: 'customer',
        sourceAccount: b.sourceAccount,
        message: {
          ...identified(b),
          debtor: customer(b.debtor),
          debtorAccount: b.debtorAccount,
          creditor: customer(b.creditor),
          creditorAccount: b.creditorAccount,
          ...purposed(b, 'structured', b.remittanceInformation?.creditorReferenceInformation),
        },
      });
      return ctx.json(202, { paymentId: payment.id });
    });

    bank.operation(createChapsInstitutionPayment, (ctx) => {
      const b = ctx.body;
      const payment = sendPayment(ctx, {
        kind: 'institution',
        sourceAccount: b.sourceAccount,
        message: {
          ...identified(b),
          debtor: institution(b.debtor),
          // A pacs.009's debtor is the institution itself, its account the source account.
          debtorAccount: b.sourceAccount,
          creditor: institution(b.creditor),
          creditorAccount: b.creditorAccount,
          ...purposed(b, 'unstructured', b.remittanceInformation?.unstructured),
        },
      });
      return ctx.json(202, { paymentId: payment.id });
    });

    bank.operation(createCrossBorderPayment, (ctx) => {
      const b = ctx.body;
      const payment = sendPayment(ctx, {
        kind: 'cross-border',
        sourceAccount: b.sourceAccount,
        message: {
          ...identified(b),
          debtor: customer(b.debtor),
          debtorAccount: b.debtorAccount,
          creditor: customer(b.creditor),
          creditorAccount: b.creditorAccount,
          otherBankBic: b.creditorAgent.bic,
          ...purposed(b, 'structured', b.remittanceInformation?.creditorReferenceInformation),
        },
      });
      return ctx.json(202, { paymentId: payment.id });
    });

    bank.operation(createChapsReturnPayment, (ctx) => {
      const b = ctx.body;
      const original = returnableFor(ctx.state, ctx.institution.id, b.paymentId, ctx.now());
      if (!('id' in original)) {
        return original.status === 404
          ? ctx.problem(404, TITLES.notFound, original.message)
          : ctx.problem(400, TITLES.validation, original.message, { paymentId: [original.message] });
      }
      const payment = sendReturn(ctx, original, {
        instructionId: b.instructionIdentification,
        reason: b.reason,
        ...(b.additionalInformation !== undefined && { additionalInformation: b.additionalInformation }),
      });
      return ctx.json(202, { paymentId: payment.id });
    });

    bank.operation(simulateInboundChapsCustomerPayment, (ctx) => {
      const b = ctx.body;
      const payment = receivePayment(ctx, {
        kind: 'inbound-customer',
        message: {
          ...identified(b),
          debtor: customer(b.debtor),
          debtorAccount: b.debtorAccount,
          creditor: customer(b.creditor),
          creditorAccount: b.creditorAccount,
          ...(b.instructingAgentBic !== undefined && { otherBankBic: b.instructingAgentBic }),
          ...purposed(b, 'structured', b.remittanceInformation?.creditorReferenceInformation),
        },
      });
      return ctx.json(202, { uetr: payment.message.uetr });
    });

    bank.operation(simulateInboundChapsInstitutionPayment, (ctx) => {
      const b = ctx.body;
      const payment = receivePayment(ctx, {
        kind: 'inbound-institution',
        message: {
          ...identified(b),
          debtor: { ...institution(b.debtor), bic: b.debtorBic },
          debtorAccount: b.debtorAccount,
          creditor: { ...institution(b.creditor), bic: b.creditorBic },
          creditorAccount: b.creditorAccount,
          otherBankBic: b.instructingAgentBic ?? b.debtorBic,
          ...purposed(b, 'unstructured', b.remittanceInformation?.unstructured),
        },
      });
      return ctx.json(202, { uetr: payment.message.uetr });
    });

    bank.operation(simulateInboundChapsReturnPayment, (ctx) => {
      const b = ctx.body;
      const returned = b.returnedInterBankSettlementAmount?.amount;
      const original = returnedByOtherBank(ctx.state, ctx.institution.id, b.paymentId, returned);
      if (!('id' in original)) {
        return ctx.problem(400, TITLES.validation, original.message, {
          [original.member]: [original.message],
        });
      }
      const payment = receiveReturn(ctx, original, {
        instructionId: b.instructionIdentification,
        reason: b.reason,
        ...(returned !== undefined && { amount: returned }),
        ...(b.additionalInformation !== undefined && { additionalInformation: b.additionalInformation }),
      });
      return ctx.json(202, { uetr: payment.message.uetr });
    });
  },
  adminRoutes: chapsAdminRoutes,
};

// --- The members every message takes from its body as written ---------------------------------------------------

interface MessageBody {
  instructionIdentification: string;
  endToEndIdentification: string;
  interBankSettlementAmount: { amount: ChapsMessage['amount']; currency: string };
  purpose: string;
  categoryPurpose: string;
}

/** The message's identifications and amount. */
function identified(b: MessageBody) {
  return {
    instructionId: b.instructionIdentification,
    endToEndId: b.endToEndIdentification,
    amount: b.interBankSettlementAmount.amount,
    currency: b.interBankSettlementAmount.currency,
  };
}

/** The message's purpose codes and its reference, in the form its body writes it. */
function purposed(b: MessageBody, referenceForm: ChapsMessage['referenceForm'], text: string | undefined) {
  return {
    purpose: b.purpose,
    categoryPurpose: b.categoryPurpose,
    ...(text !== undefined && { reference: text }),
    referenceForm,
  };
}

// --- The bodies' parties as the scheme carries them --------------------------------------------------------------

interface BodyAddress {
  buildingNumber?: string | undefined;
  buildingName?: string | undefined;
  streetName?: string | undefined;
  townName: string;
  country: string;
  postCode: string;
}

function address(a: BodyAddress): XmlAddress {
  return {
    ...(a.streetName !== undefined && { streetName: a.streetName }),
    ...(a.buildingNumber !== undefined && { buildingNumber: a.buildingNumber }),
    ...(a.buildingName !== undefined && { buildingName: a.buildingName }),
    postCode: a.postCode,
    townName: a.townName,
    country: a.country,
  };
}

/** A customer party: its name, address and organisation or private identification. */
function customer(party: {
  name: string;
  postalAddress: BodyAddress;
  organisationIdentifier?: { bic?: string; lei?: string; otherIdentification?: string } | null | undefined;
  privateIdentifier?: { otherIdentification?: string } | null | undefined;
}): ChapsParty {
  const organisation = party.organisationIdentifier ?? undefined;
  const privateId = party.privateIdentifier?.otherIdentification;
  return {
    name: party.name,
    postalAddress: address(party.postalAddress),
    ...(organisation && { organisation: { ...organisation } }),
    ...(privateId !== undefined && { privateIdentification: privateId }),
  };
}

/** An institution party of a pacs.009: name, address and LEI. */
function institution(party: { name: string; postalAddress: BodyAddress; lei: string }): ChapsParty {
  return { name: party.name, postalAddress: address(party.postalAddress), lei: party.lei };
}
