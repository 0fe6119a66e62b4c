import * as z from 'zod/mini';
import {
  creditorName,
  FPS_MESSAGES,
  fpsAmount,
  fpsCurrency,
  fpsPaymentInstructions,
  MAX_FPS_AMOUNT,
  paymentReference,
} from '#shared/domain/fps-rules.js';
import { positiveAmount, jsonDecimal } from '#shared/domain/money.js';
import { pagingFields } from '../paging.js';

/**
 * Spec part 1, "Payment data" and "Instant domestic payments", brought in line with the bank's published
 * schemas (`sterling-v2.json`, `fps-initiate-payment-v3.json`, `fps-poo-v2.json`; see
 * shared/spec/bank-reference.md). Bodies are closed (`z.strictObject`): the reference refuses unknown
 * properties. The creditor name and payment reference keep the spec's instant-payment character set
 * (`shared/domain/fps-rules.ts`): the reference declares none, but the scheme carries no other characters,
 * so a payment with one would be accepted with a 202 and fail after (bank-reference.md, rule 2).
 */

export const PAYMENT_METHOD_TYPES = ['Transfer', 'FasterPayments', 'Bacs', 'Chaps'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** `ReasonForReturn` values (webhooks.md, "Facts the spec parts leave out"). */
export const RETURN_REASONS = [
  'BeneficiarySortCodeOrAccountUnknown',
  'BeneficiaryAccountClosed',
  'BeneficiaryAccountStopped',
  'BeneficiaryDeceased',
  'AccountCannotBeIdentified',
  'BeneficiaryAccountNameDoesNotMatchBeneficiaryAccountNumber',
  'ReturnRequestedBySenderOfOriginalPayment',
  'AccountIsNotInCurrencyQuoted',
  'BeneficiaryNotExpectingFundsOrInstructedReturn',
  'TermsAndConditionsOfAccountDoNotPermitCreditingOfFunds',
  'SendingFpsInstitutionActionRequired',
  'AccountTransferred',
  'PaymentCannotBeAppliedBecauseOfBeneficiarySensitivities',
  'Other',
] as const;

/** Per-instruction answers of `POST /v3/payments/fps` (`fps-initiate-payment-v3.json`). */
export const FPS_RESPONSES = [
  'Accepted',
  'InsufficientFunds',
  'InvalidAccount',
  'InvalidCurrency',
  'Rejected',
  'DebitPaymentDisabled',
  'InvalidInstructionIdentification',
] as const;
/** The single payment's answers (`fps-poo-v2.json`). */
export const SINGLE_PAYMENT_RESPONSES = [
  'Accepted',
  'AccountDisabled',
  'InsufficientFunds',
  'InvalidAccount',
  'InvalidCurrency',
  'Rejected',
  'DebitPaymentDisabled',
] as const;
export type FpsResponse = (typeof FPS_RESPONSES)[number];
export type SinglePaymentResponse = (typeof SINGLE_PAYMENT_RESPONSES)[number];

/** The reference's `debtor.address` pattern (`fps-initiate-payment-v3.json`). */
const DEBTOR_ADDRESS = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;
/** The single payment's unstructured reference pattern (`fps-poo-v2.json`). */
const UNSTRUCTURED_REFERENCE = /^[a-zA-Z0-9/\-?:().,+\s#=!%&*<>;{@\r\n]*$/;

export const MESSAGES = {
  startDateTime: 'startDateTime must be an ISO 8601 date-time, such as 2026-03-01T00:00:00Z.',
  endDateTime: 'endDateTime must be an ISO 8601 date-time, such as 2026-03-31T23:59:59Z.',
  dateRange: 'startDateTime must not be after endDateTime.',
  paymentMethodType: `paymentMethodType must be one of ${PAYMENT_METHOD_TYPES.join(', ')}.`,
  endToEndIdentifier: 'endToEndIdentifier must be 1 to 35 characters long.',
  accountHolderName: 'accountHolderName must be 1 to 140 characters long.',
  creditTransfers: 'creditTransfers must hold 1 to 10 credit transfers.',
  debtor: 'debtor is required: an object with address.',
  debtorAddress: "debtor.address must be 1 to 140 letters, digits, space and / - ? : ( ) . , ' +.",
  legalEntityIdentifier: 'legalEntityIdentifier must be at most 35 characters long.',
  paymentInstructionIdentification: 'paymentInstructionIdentification must be 1 to 35 characters long.',
  paymentTypeCode: 'paymentTypeCode must be SIP, SOP or FDP.',
  account: 'identification is required: an object with iban or other.',
  iban: 'iban must be text.',
  otherIdentification: 'other.identification must be 1 to 34 characters long.',
  issuer: 'other.issuer must be at most 35 characters long.',
  schemeName: 'other.schemeName is required: an object with code or proprietary.',
  schemeCode: 'schemeName.code must be BBAN, CUID or UPIC.',
  proprietary: 'schemeName.proprietary must be at most 35 characters long.',
  instructionIdentification: 'instructionIdentification must be 1 to 35 characters long.',
  endToEndIdentification: 'endToEndIdentification must be 1 to 35 characters long.',
  unstructuredReference: 'unstructured reference must be at most 140 characters long.',
  remittanceInformation: 'remittanceInformation is required (its members may be null).',
  enforceSendToScheme: 'enforceSendToScheme must be true or false.',
  paymentInstructions: FPS_MESSAGES.fpsInstructions,
  object: 'must be an object.',
  transactionId: 'TransactionId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  reasonForReturn: `ReasonForReturn must be one of ${RETURN_REASONS.join(', ')}.`,
  paymentReturnInstruction:
    'paymentReturnInstruction is required: an object with TransactionId and ReasonForReturn.',
  paymentInstruction: 'paymentInstruction is required.',
  singleName: 'name must be 1 to 40 characters long.',
  ultimateDebtorAddress: 'ultimateDebtor.address must be 1 to 140 characters long.',
  creditorAddress: 'creditor.address must be at most 140 characters long.',
  bic: 'bic must be 8 to 11 characters long.',
  accountNumber: 'accountNumber must be 1 to 34 characters long.',
  singleReference: 'reference must be at most 18 characters long.',
  singleUnstructuredReference:
    'unstructured reference must be at most 140 letters, digits, white space and / - ? : ( ) . , + # = ! % & * < > ; { @.',
  originalCurrency: 'originalCurrency must be 3 upper-case letters.',
  originalAmount: 'originalAmount must be a number.',
  exchangeRate: 'exchangeRate must be a number.',
} as const;

const text = (message: string, min: number, max: number, pattern?: RegExp) => {
  const base = z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));
  return pattern ? base.check(z.regex(pattern, message)) : base;
};
/** Optional and nullable: the reference marks these `nullable`. */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

// --- Payment data reads ----------------------------------------------------------------------------------

const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** Query of the transaction lists (`sterling-v2.json`): paging, date-times (inclusive) and filters. */
export const transactionsQuery = z.lazy(() =>
  z
    .strictObject({
      ...pagingFields(),
      startDateTime: z.optional(dateTime(MESSAGES.startDateTime)),
      endDateTime: z.optional(dateTime(MESSAGES.endDateTime)),
      paymentMethodType: z.optional(z.enum(PAYMENT_METHOD_TYPES, { error: MESSAGES.paymentMethodType })),
      endToEndIdentifier: z.optional(text(MESSAGES.endToEndIdentifier, 1, 35)),
      accountHolderName: z.optional(text(MESSAGES.accountHolderName, 1, 140)),
    })
    .check(
      z.refine(
        (query) =>
          query.startDateTime === undefined ||
          query.endDateTime === undefined ||
          Date.parse(query.startDateTime) <= Date.parse(query.endDateTime),
        { message: MESSAGES.dateRange, path: ['startDateTime'] },
      ),
    ),
);
export type TransactionsQuery = z.output<typeof transactionsQuery>;

// --- Instant payments ------------------------------------------------------------------------------------

const schemeName = z.lazy(() =>
  z.strictObject(
    {
      code: maybe(z.enum(['BBAN', 'CUID', 'UPIC'], { error: MESSAGES.schemeCode })),
      proprietary: maybe(text(MESSAGES.proprietary, 0, 35)),
    },
    { error: MESSAGES.schemeName },
  ),
);

function accountSchema(withIssuer: boolean) {
  const other = z.strictObject(
    {
      ...(withIssuer ? { issuer: maybe(text(MESSAGES.issuer, 0, 35)) } : {}),
      identification: text(MESSAGES.otherIdentification, 1, 34),
      schemeName,
    },
    { error: MESSAGES.account },
  );
  return z.strictObject(
    {
      identification: z.strictObject(
        { iban: maybe(z.string({ error: MESSAGES.iban })), other: maybe(other) },
        { error: MESSAGES.account },
      ),
    },
    { error: MESSAGES.account },
  );
}

/** `debtorAccount` / `creditorAccount` of `POST /v3/payments/fps`. */
export const fpsAccount = z.lazy(() => accountSchema(true));

/** `amount` of a credit transfer: GBP (omitted or null: GBP), above 0, at most 1,000,000.00, 2 decimals. */
const fpsAmountObject = z.lazy(() =>
  z.strictObject(
    { currency: maybe(fpsCurrency), instructedAmount: fpsAmount },
    { error: 'amount is required: an object with instructedAmount.' },
  ),
);

export const creditTransfer = z.lazy(() =>
  z.strictObject({
    paymentIdentification: z.strictObject(
      {
        instructionIdentification: text(MESSAGES.instructionIdentification, 1, 35),
        endToEndIdentification: text(MESSAGES.endToEndIdentification, 1, 35),
      },
      { error: 'paymentIdentification is required.' },
    ),
    amount: fpsAmountObject,
    creditor: z.strictObject(
      {
        name: creditorName,
        legalEntityIndentifier: maybe(text(MESSAGES.legalEntityIdentifier, 0, 35)),
      },
      { error: 'creditor is required: an object with name.' },
    ),
    creditorAccount: fpsAccount,
    remittanceInformation: z.strictObject(
      {
        structured: maybe(
          z.strictObject({
            creditorReferenceInformation: maybe(z.strictObject({ reference: maybe(paymentReference) })),
          }),
        ),
        unstructured: maybe(
          z.strictObject({
            additionalReferenceInformation: maybe(
              z.strictObject({ reference: maybe(text(MESSAGES.unstructuredReference, 0, 140)) }),
            ),
          }),
        ),
      },
      { error: MESSAGES.remittanceInformation },
    ),
    enforceSendToScheme: z.optional(z.boolean({ error: MESSAGES.enforceSendToScheme })),
  }),
);

export const paymentInstruction = z.lazy(() =>
  z.strictObject({
    debtor: z.strictObject(
      {
        legalEntityIdentifier: maybe(text(MESSAGES.legalEntityIdentifier, 0, 35)),
        address: text(MESSAGES.debtorAddress, 1, 140, DEBTOR_ADDRESS),
      },
      { error: MESSAGES.debtor },
    ),
    paymentInstructionIdentification: text(MESSAGES.paymentInstructionIdentification, 1, 35),
    paymentTypeCode: z.optional(z.enum(['SIP', 'SOP', 'FDP'], { error: MESSAGES.paymentTypeCode })),
    debtorAccount: fpsAccount,
    creditTransfers: z
      .array(creditTransfer, { error: MESSAGES.creditTransfers })
      .check(z.minLength(1, MESSAGES.creditTransfers), z.maxLength(10, MESSAGES.creditTransfers)),
  }),
);

/** `POST /v3/payments/fps`. */
export const sendFpsPaymentsBody = z.lazy(() =>
  z.strictObject({
    paymentInstructions: fpsPaymentInstructions(paymentInstruction),
  }),
);

/** `POST /v3/payments/fps/return`: PascalCase members inside the camelCase wrapper. */
export const returnFpsPaymentBody = z.lazy(() =>
  z.strictObject({
    paymentReturnInstruction: z.strictObject(
      {
        TransactionId: z.guid({ error: MESSAGES.transactionId }),
        ReasonForReturn: z.enum(RETURN_REASONS, { error: MESSAGES.reasonForReturn }),
      },
      { error: MESSAGES.paymentReturnInstruction },
    ),
  }),
);

const singleAccount = z.lazy(() => accountSchema(false));

/** `POST /v2/payments/fps/singlepayment` (`fps-poo-v2.json`). */
export const sendFpsSinglePaymentBody = z.lazy(() =>
  z.strictObject({
    paymentInstruction: z.strictObject(
      {
        debtor: z.strictObject(
          { legalEntityIdentifier: maybe(text(MESSAGES.legalEntityIdentifier, 0, 35)) },
          { error: 'debtor is required.' },
        ),
        debtorAccount: singleAccount,
        ultimateDebtor: z.strictObject(
          {
            name: text(MESSAGES.singleName, 1, 40),
            address: text(MESSAGES.ultimateDebtorAddress, 1, 140),
          },
          { error: 'ultimateDebtor is required: an object with name and address.' },
        ),
        ultimateDebtorAccount: z.strictObject(
          {
            identification: z.strictObject(
              {
                bic: text(MESSAGES.bic, 8, 11),
                accountNumber: text(MESSAGES.accountNumber, 1, 34),
              },
              { error: 'identification is required: an object with bic and accountNumber.' },
            ),
          },
          { error: 'ultimateDebtorAccount is required.' },
        ),
        creditTransfer: z.strictObject(
          {
            paymentIdentification: z.strictObject(
              { endToEndIdentification: text(MESSAGES.endToEndIdentification, 1, 35) },
              { error: 'paymentIdentification is required.' },
            ),
            amount: z.strictObject(
              {
                originalCurrency: maybe(
                  z
                    .string({ error: MESSAGES.originalCurrency })
                    .check(z.regex(/^[A-Z]{3}$/, MESSAGES.originalCurrency)),
                ),
                originalAmount: z.optional(jsonDecimal(MESSAGES.originalAmount)),
                exchangeRate: z.optional(jsonDecimal(MESSAGES.exchangeRate)),
                instructedAmount: positiveAmount('GBP', { label: 'Amount', max: MAX_FPS_AMOUNT }),
              },
              { error: 'amount is required: an object with instructedAmount.' },
            ),
            creditor: z.strictObject(
              {
                name: text(MESSAGES.singleName, 1, 40),
                legalEntityIdentifier: maybe(text(MESSAGES.legalEntityIdentifier, 0, 35)),
                address: maybe(text(MESSAGES.creditorAddress, 0, 140)),
              },
              { error: 'creditor is required: an object with name.' },
            ),
            creditorAccount: singleAccount,
            remittanceInformation: z.strictObject(
              {
                structured: maybe(
                  z.strictObject({
                    creditorReferenceInformation: maybe(
                      z.strictObject({ reference: maybe(text(MESSAGES.singleReference, 0, 18)) }),
                    ),
                  }),
                ),
                unstructured: maybe(
                  z.strictObject({
                    additionalReferenceInformation: maybe(
                      z.strictObject({
                        reference: maybe(
                          text(MESSAGES.singleUnstructuredReference, 0, 140, UNSTRUCTURED_REFERENCE),
                        ),
                      }),
                    ),
                  }),
                ),
              },
              { error: MESSAGES.remittanceInformation },
            ),
          },
          { error: 'creditTransfer is required.' },
        ),
      },
      { error: MESSAGES.paymentInstruction },
    ),
  }),
);

export type SendFpsPaymentsBody = z.output<typeof sendFpsPaymentsBody>;
export type FpsPaymentInstruction = SendFpsPaymentsBody['paymentInstructions'][number];
export type FpsCreditTransfer = FpsPaymentInstruction['creditTransfers'][number];
export type FpsAccount = z.output<typeof fpsAccount>;
export type ReturnFpsPaymentBody = z.output<typeof returnFpsPaymentBody>;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export type SendFpsSinglePaymentBody = z.output<typeof sendFpsSinglePaymentBody>;

/** The reference of a credit transfer as written (structured), or undefined. */
export function referenceOf(transfer: {
  remittanceInformation: {
    structured?: { creditorReferenceInformation?: { reference?: string | null } | null } | null;
  };
}): string | undefined {
  return transfer.remittanceInformation.structured?.creditorReferenceInformation?.reference ?? undefined;
}
