import * as z from 'zod/mini';
import {
  type AccountForm,
  accountFormOf,
  bankAmount,
  bankCurrency,
  bic,
  categoryPurposeCode,
  CHAPS_MESSAGES,
  chapsAmount,
  chapsCurrency,
  chapsIdText,
  chapsText,
  country,
  ibanShape,
  lei,
  LEI,
  otherAccountFields,
  plainText,
  purposeCode,
  returnReasonCode,
  simulatedPurposeCode,
  SIMULATOR_ORGANISATION_BIC,
} from '#shared/domain/chaps-rules.js';
import type { PurposeCode, ReturnReasonCode } from '#shared/domain/iso20022-codes.js';
import { jsonDecimal } from '#shared/domain/money.js';
import { describedAs } from '../json-schema.js';

/**
 * CHAPS (`chaps-v6.json`), GBP cross-border (`cross-border-v4.json`) and the inbound CHAPS simulator
 * (`chaps-rtgs-inbound-simulator-v3.json`), as the reference's schemas have them: bodies closed where it marks
 * them so (every object but the simulator's amount), required members as it lists them, each field's pattern
 * and length from `shared/domain/chaps-rules.ts`. Each body is built twice over one definition: for the gateway
 * (`gateway`), which also stops what the reference says cannot be processed (a currency other than GBP, an
 * amount not above 0 or with more than 2 decimals, a return sent with reason NARR), and as the bank's schema
 * alone (`bank`, the records' `bankBody`), which the simulator answers by.
 */

export type Rules = 'gateway' | 'bank';

const text = (message: string) => z.string({ error: message });

// --- Shared parts ------------------------------------------------------------------------------------------------

const addressMessage = 'postalAddress is required: an object with townName, country and postCode.';

/** `PartyAddressDetailsDtoV6` (and the cross-border `V5`, `V4`, the same rules). */
export const postalAddress = z.lazy(() =>
  z.strictObject(
    {
      buildingNumber: z.optional(chapsText('buildingNumber', 16)),
      buildingName: z.optional(chapsText('buildingName', 35)),
      streetName: z.optional(chapsText('streetName', 70)),
      townName: chapsText('townName', 35),
      country: country('country'),
      postCode: chapsText('postCode', 16),
    },
    { error: addressMessage },
  ),
);

/** `PartyAddressDetailsDtoV3` of the simulator: the optional lines are any text. */
export const simulatedPostalAddress = z.lazy(() =>
  z.strictObject(
    {
      buildingNumber: z.optional(text('buildingNumber must be text.')),
      buildingName: z.optional(text('buildingName must be text.')),
      streetName: z.optional(text('streetName must be text.')),
      townName: plainText('townName', 35),
      country: country('country'),
      postCode: plainText('postCode', 16),
    },
    { error: addressMessage },
  ),
);

/** `OrganisationIdentifierV6` / `V5`. */
const organisationIdentifier = z.lazy(() =>
  z.strictObject(
    {
      bic: z.optional(bic('bic')),
      lei: z.optional(lei('lei')),
      otherIdentification: z.optional(chapsIdText('otherIdentification', 35)),
    },
    { error: 'organisationIdentifier must be an object.' },
  ),
);

/** `PrivateIdentifierV6` / `V5`. */
const privateIdentifier = z.lazy(() =>
  z.strictObject(
    { otherIdentification: z.optional(chapsIdText('otherIdentification', 35)) },
    { error: 'privateIdentifier must be an object.' },
  ),
);

/** "Option to provide either OrganisationIdentifier or PrivateIdentifier, but not both." */
function notBothIdentifiers(
  party: { organisationIdentifier?: unknown; privateIdentifier?: unknown },
  ctx: z.core.$RefinementCtx,
) {
  // `null` counts as left out (the simulator's guide writes it so).
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(party.organisationIdentifier) && given(party.privateIdentifier)) {
    ctx.addIssue({
      code: 'custom',
      message: CHAPS_MESSAGES.oneIdentifier,
      path: ['privateIdentifier'],
      input: party.privateIdentifier,
    });
  }
}

/**
 * A customer party: `CustomerPartyDetailsDtoV6` (the name in the wide character set) or, for cross-border,
 * `CustomerPartyDetailsDtoV5` (the name any text).
 */
function customerParty(name: string, nameRule: 'chaps' | 'any') {
  return z
    .strictObject(
      {
        name: nameRule === 'chaps' ? chapsText('name', 140) : plainText('name', 140),
        postalAddress,
        organisationIdentifier: z.optional(organisationIdentifier),
        privateIdentifier: z.optional(privateIdentifier),
      },
      { error: `${name} is required: an object with name and postalAddress.` },
    )
    .check(z.superRefine(notBothIdentifiers));
}

/** `PartyDetailsDtoV6`: a financial institution, its LEI required. */
function institutionParty(name: string) {
  return z.strictObject(
    { name: chapsText('name', 140), postalAddress, lei: lei('lei') },
    { error: `${name} is required: an object with name, postalAddress and lei.` },
  );
}

export interface IbanAccount {
  iban: string;
  /** The simulator's form only (`AccountIdentificationDtoV3`, its base). */
  identification?: string;
}
export interface OtherAccount {
  schemeName: string;
  identification: string;
}
export type AccountIdentification = IbanAccount | OtherAccount;

/**
 * An account identification: `{iban}` or `{schemeName, identification}`, the reference's `oneOf` of two closed
 * objects. A hand-made dispatch on the member given (`accountFormOf`) instead of `z.union`, whose failure would
 * be one "Invalid input" instead of the member to change.
 */
function account(name: string, form: AccountForm) {
  const iban = z.strictObject({
    iban: ibanShape('iban'),
    ...(form === 'simulator' && { identification: z.optional(plainText('identification', 35)) }),
  });
  const other = z.strictObject(otherAccountFields(form));
  const message = `${name} is required: an object with iban, or with schemeName and identification.`;
  return describedAs(
    z.custom<AccountIdentification>().check(
      z.superRefine((value, ctx) => {
        const chosen = accountFormOf(value);
        if (chosen === undefined) {
          ctx.addIssue({ code: 'custom', message, input: value });
          return;
        }
        const parsed = (chosen === 'iban' ? iban : other).safeParse(value);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
        }
      }),
    ),
    z.union([iban, other]),
  );
}

/** `interBankSettlementAmount`: GBP above 0 with 2 decimals for the gateway, the reference's types for the bank. */
function settlementAmount(rules: Rules, closed = true) {
  const shape = {
    amount: rules === 'gateway' ? chapsAmount : bankAmount,
    currency: rules === 'gateway' ? chapsCurrency : bankCurrency,
  };
  const error = 'interBankSettlementAmount is required: an object with amount and currency.';
  // The simulator's `InterBankSettlementAmountDtoV3` alone does not refuse other members.
  return closed ? z.strictObject(shape, { error }) : z.looseObject(shape, { error });
}

const structuredRemittance = z.lazy(() =>
  z.strictObject(
    { creditorReferenceInformation: z.optional(chapsText('creditorReferenceInformation', 35)) },
    { error: 'remittanceInformation must be an object.' },
  ),
);
const unstructuredRemittance = z.lazy(() =>
  z.strictObject(
    { unstructured: z.optional(chapsText('unstructured', 140)) },
    { error: 'remittanceInformation must be an object.' },
  ),
);

const identifications = () => ({
  instructionIdentification: chapsText('instructionIdentification', 35),
  endToEndIdentification: chapsIdText('endToEndIdentification', 35),
});

const purposes = () => ({ purpose: purposeCode, categoryPurpose: categoryPurposeCode });

// --- CHAPS (chaps-v6.json) ---------------------------------------------------------------------------------------

/** `CreateCustomerPaymentDtoV6`: a pacs.008 on behalf of a customer. */
function customerPaymentBody(rules: Rules) {
  return z.strictObject({
    ...identifications(),
    interBankSettlementAmount: settlementAmount(rules),
    sourceAccount: account('sourceAccount', 'chaps'),
    debtorAccount: account('debtorAccount', 'chaps'),
    debtor: customerParty('debtor', 'chaps'),
    creditorAccount: account('creditorAccount', 'chaps'),
    creditor: customerParty('creditor', 'chaps'),
    ...purposes(),
    remittanceInformation: z.optional(structuredRemittance),
  });
}
export const chapsCustomerPaymentBody = z.lazy(() => customerPaymentBody('gateway'));
export const chapsCustomerPaymentBankBody = z.lazy(() => customerPaymentBody('bank'));

/** `CreateInstitutionPaymentDtoV6`: a pacs.009 between financial institutions. */
function institutionPaymentBody(rules: Rules) {
  return z.strictObject({
    ...identifications(),
    interBankSettlementAmount: settlementAmount(rules),
    sourceAccount: account('sourceAccount', 'chaps'),
    debtor: institutionParty('debtor'),
    creditorAccount: account('creditorAccount', 'chaps'),
    creditor: institutionParty('creditor'),
    ...purposes(),
    remittanceInformation: z.optional(unstructuredRemittance),
  });
}
export const chapsInstitutionPaymentBody = z.lazy(() => institutionPaymentBody('gateway'));
export const chapsInstitutionPaymentBankBody = z.lazy(() => institutionPaymentBody('bank'));

const paymentIdMessage = 'paymentId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.';

/**
 * `CreateReturnPaymentDtoV6`. "Required when Reason is NARR" (`additionalInformation`) is the bank's rule; the
 * gateway refuses NARR itself, which the guide says "is not available when sending return payments".
 */
function returnPaymentBody(rules: Rules) {
  return z
    .strictObject({
      paymentId: z.guid({ error: paymentIdMessage }),
      reason: returnReasonCode,
      instructionIdentification: chapsText('instructionIdentification', 35),
      additionalInformation: z.optional(plainText('additionalInformation', 105, 0)),
    })
    .check(z.superRefine(rules === 'gateway' ? refuseNarr : narrNeedsInformation));
}
export const chapsReturnPaymentBody = z.lazy(() => returnPaymentBody('gateway'));
export const chapsReturnPaymentBankBody = z.lazy(() => returnPaymentBody('bank'));

function refuseNarr(body: { reason: ReturnReasonCode }, ctx: z.core.$RefinementCtx) {
  if (body.reason === 'NARR') {
    ctx.addIssue({
      code: 'custom',
      message: CHAPS_MESSAGES.narrNotSent,
      path: ['reason'],
      input: body.reason,
    });
  }
}

function narrNeedsInformation(
  body: { reason: ReturnReasonCode; additionalInformation?: string | undefined },
  ctx: z.core.$RefinementCtx,
) {
  if (body.reason === 'NARR' && body.additionalInformation === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: CHAPS_MESSAGES.narrNeedsInformation,
      path: ['additionalInformation'],
      input: undefined,
    });
  }
}

// --- GBP cross-border (cross-border-v4.json) -------------------------------------------------------------------

/** `IntermediaryAgentDetailsV4`: "If provided, the BIC and name of the agent are required". */
const intermediaryAgent = z.lazy(() =>
  z.strictObject(
    {
      name: plainText('name', 140),
      postalAddress,
      bic: bic('bic'),
      lei: z.optional(lei('lei')),
    },
    { error: 'intermediaryAgent1 must be an object with name, postalAddress and bic.' },
  ),
);

/** `CreateCrossBorderCustomerPaymentDtoV7`: a sterling pacs.008 to an account abroad. */
function crossBorderBody(rules: Rules) {
  return z.strictObject({
    ...identifications(),
    interBankSettlementAmount: settlementAmount(rules),
    sourceAccount: account('sourceAccount', 'chaps'),
    debtorAccount: account('debtorAccount', 'chaps'),
    debtor: customerParty('debtor', 'any'),
    creditorAccount: account('creditorAccount', 'crossBorderCreditor'),
    creditor: customerParty('creditor', 'any'),
    creditorAgent: z.strictObject(
      { bic: bic('bic') },
      { error: 'creditorAgent is required: an object with bic.' },
    ),
    ...purposes(),
    remittanceInformation: z.optional(structuredRemittance),
    intermediaryAgent1: z.optional(intermediaryAgent),
  });
}
export const crossBorderPaymentBody = z.lazy(() => crossBorderBody('gateway'));
export const crossBorderPaymentBankBody = z.lazy(() => crossBorderBody('bank'));

// --- The inbound CHAPS simulator (chaps-rtgs-inbound-simulator-v3.json) ----------------------------------------

/**
 * The guide's valid simulator payloads write `null` for the identifiers and the remittance information left
 * out: the simulator's optional objects take `null` as well as nothing.
 */
const orNull = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

const simulatedBic = (name: string) =>
  z
    .string({ error: CHAPS_MESSAGES.simulatorBic(name) })
    .check(z.regex(SIMULATOR_ORGANISATION_BIC, CHAPS_MESSAGES.simulatorBic(name)));

const boundedLength = (name: string, min: number, max: number) =>
  min === max
    ? z
        .string({ error: `${name} must be exactly ${max} characters long.` })
        .check(z.length(max, `${name} must be exactly ${max} characters long.`))
    : plainText(name, max, min);

/** `PartyDetailsDtoV3`; on the creditor "either OrganisationIdentifier or PrivateIdentifier, but not both". */
function simulatedParty(name: string) {
  const party = z.strictObject(
    {
      name: plainText('name', Infinity),
      postalAddress: simulatedPostalAddress,
      organisationIdentifier: orNull(
        z.strictObject(
          {
            bic: z.optional(simulatedBic('bic')),
            lei: z.optional(boundedLength('lei', 20, 20)),
            otherIdentification: z.optional(boundedLength('otherIdentification', 0, 35)),
          },
          { error: 'organisationIdentifier must be an object.' },
        ),
      ),
      privateIdentifier: orNull(
        z.strictObject(
          { otherIdentification: z.optional(boundedLength('otherIdentification', 0, 35)) },
          { error: 'privateIdentifier must be an object.' },
        ),
      ),
    },
    { error: `${name} is required: an object with name and postalAddress.` },
  );
  return name === 'creditor' ? party.check(z.superRefine(notBothIdentifiers)) : party;
}

/** `FinancialInstitutionIdentificationV3`. */
function simulatedInstitution(name: string) {
  return z.strictObject(
    {
      name: plainText('name', Infinity),
      postalAddress: simulatedPostalAddress,
      lei: z.string({ error: CHAPS_MESSAGES.lei('lei') }).check(z.regex(LEI, CHAPS_MESSAGES.lei('lei'))),
    },
    { error: `${name} is required: an object with name, postalAddress and lei.` },
  );
}

const simulatedPurposes = () => ({ purpose: simulatedPurposeCode, categoryPurpose: categoryPurposeCode });

/** `CreateInboundCustomerPaymentDtoV3`: a pacs.008 from another bank to one of the institution's accounts. */
function simulatedCustomerPaymentBody(rules: Rules) {
  return z.strictObject({
    ...identifications(),
    interBankSettlementAmount: settlementAmount(rules, false),
    instructingAgentBic: z.optional(bic('instructingAgentBic')),
    debtorAccount: account('debtorAccount', 'simulator'),
    debtor: simulatedParty('debtor'),
    creditorAccount: account('creditorAccount', 'simulator'),
    creditor: simulatedParty('creditor'),
    ...simulatedPurposes(),
    remittanceInformation: orNull(
      z.strictObject(
        { creditorReferenceInformation: z.optional(plainText('creditorReferenceInformation', 35)) },
        { error: 'remittanceInformation must be an object.' },
      ),
    ),
  });
}
export const simulatedChapsCustomerPaymentBody = z.lazy(() => simulatedCustomerPaymentBody('gateway'));
export const simulatedChapsCustomerPaymentBankBody = z.lazy(() => simulatedCustomerPaymentBody('bank'));

/** `CreateInboundInstitutionPaymentDtoV3`: a pacs.009 from another bank. */
function simulatedInstitutionPaymentBody(rules: Rules) {
  return z.strictObject({
    ...identifications(),
    interBankSettlementAmount: settlementAmount(rules, false),
    instructingAgentBic: z.optional(bic('instructingAgentBic')),
    debtorAccount: account('debtorAccount', 'simulator'),
    debtorBic: bic('debtorBic'),
    debtor: simulatedInstitution('debtor'),
    creditorBic: bic('creditorBic'),
    creditorAccount: account('creditorAccount', 'simulator'),
    creditor: simulatedInstitution('creditor'),
    ...simulatedPurposes(),
    remittanceInformation: orNull(unstructuredRemittance),
  });
}
export const simulatedChapsInstitutionPaymentBody = z.lazy(() => simulatedInstitutionPaymentBody('gateway'));
export const simulatedChapsInstitutionPaymentBankBody = z.lazy(() => simulatedInstitutionPaymentBody('bank'));

/** `ReturnedInterBankSettlementAmountDtoV3`: GBP, at least 0.01. */
function returnedAmount(rules: Rules) {
  return z.strictObject(
    {
      amount:
        rules === 'gateway'
          ? chapsAmount
          : jsonDecimal(CHAPS_MESSAGES.amount).check(
              z.refine((amount) => amount.gte('0.01'), 'amount must be at least 0.01.'),
            ),
      currency: z.literal('GBP', { error: 'currency must be GBP.' }),
    },
    { error: 'returnedInterBankSettlementAmount must be an object with amount and currency.' },
  );
}

/** `CreateInboundReturnPaymentDtoV3`: another bank returns one of the institution's CHAPS payments. */
function simulatedReturnPaymentBody(rules: Rules) {
  return z
    .strictObject({
      paymentId: z.guid({ error: paymentIdMessage }),
      reason: returnReasonCode,
      instructionIdentification: chapsText('instructionIdentification', 35),
      returnedInterBankSettlementAmount: z.optional(returnedAmount(rules)),
      additionalInformation: z.optional(plainText('additionalInformation', 105, 0)),
    })
    .check(z.superRefine(narrNeedsInformation));
}
export const simulatedChapsReturnPaymentBody = z.lazy(() => simulatedReturnPaymentBody('gateway'));
export const simulatedChapsReturnPaymentBankBody = z.lazy(() => simulatedReturnPaymentBody('bank'));

// --- Types -------------------------------------------------------------------------------------------------------

export type ChapsCustomerPaymentBody = z.output<typeof chapsCustomerPaymentBody>;
export type ChapsInstitutionPaymentBody = z.output<typeof chapsInstitutionPaymentBody>;
export type ChapsReturnPaymentBody = z.output<typeof chapsReturnPaymentBody>;
export type CrossBorderPaymentBody = z.output<typeof crossBorderPaymentBody>;
export type SimulatedChapsCustomerPaymentBody = z.output<typeof simulatedChapsCustomerPaymentBody>;
export type SimulatedChapsInstitutionPaymentBody = z.output<typeof simulatedChapsInstitutionPaymentBody>;
export type SimulatedChapsReturnPaymentBody = z.output<typeof simulatedChapsReturnPaymentBody>;
export type { PurposeCode, ReturnReasonCode };
