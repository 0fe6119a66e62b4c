import * as z from 'zod/mini';
import {
  batchId,
  distinctEndToEndIds,
  MULTI_CURRENCY_PAYMENT_CURRENCIES,
  multiCurrencyPaymentCurrency,
  multiCurrencyPaymentTransactions,
} from '#shared/domain/mccy-schedule.js';
import { BIC_PATTERN, internalTransferEndToEndId, MCCY_AMOUNT } from '#shared/domain/mccy-rules.js';
import { amountWithin } from '#shared/domain/money.js';

/**
 * Multi-currency payments (spec part 2; the bank's `mccy-payments-v1.json`, reference-digest.md): the batch
 * body and the cancel paths. Currencies, batch size, the batchId GUID and the schedule are
 * `shared/domain/mccy-schedule.ts`; this file puts them into the body. Every object is closed where the
 * reference closes it (`z.strictObject`).
 *
 * The gateway REQUIRES `batchId` (the bank does not): a batch sent without one can never be cancelled, and the
 * gateway keeps its batches by it. Requiring it keeps the caller's bytes the signed bytes (nothing is added
 * before signing) and the caller always knows its batchId. It also refuses a batch that repeats an
 * `endToEndId` (`distinctEndToEndIds`), which the bank would take and partly fail.
 */

export const MESSAGES = {
  batchIdRequired: 'batchId is required by the gateway: without it a batch can never be cancelled.',
  amount: 'amount must be a number from 0.01 to 999999999.99 with at most 2 decimal places.',
  country: (field: string) => `${field} must be 2 upper-case letters (ISO 3166).`,
  optionalCountry: (field: string) => `${field} must be empty or 2 upper-case letters (ISO 3166).`,
  bic: (field: string) => `${field} must be an 8 or 11 character BIC such as DEUTDEFF500.`,
  text: (field: string, min: number, max: number) =>
    min === 0
      ? `${field} must be at most ${max} characters.`
      : `${field} must be ${min} to ${max} characters.`,
  date: (field: string) => `${field} must be a date such as 1980-01-31.`,
  kind: 'kind must be AccountId or IBAN.',
  debtorAccountCurrency: `debtorAccountCurrency must be one of ${MULTI_CURRENCY_PAYMENT_CURRENCIES.join(', ')}.`,
} as const;

const text = (field: string, min: number, max: number) => {
  const message = MESSAGES.text(field, min, max);
  return z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));
};
/** A member the reference marks nullable and not required: absent, null or valid. */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const country = (field: string) =>
  z.string({ error: MESSAGES.country(field) }).check(z.regex(/^[A-Z]{2}$/, MESSAGES.country(field)));
const optionalCountry = (field: string) =>
  z
    .string({ error: MESSAGES.optionalCountry(field) })
    .check(z.regex(/^([A-Z]{2})?$/, MESSAGES.optionalCountry(field)));
const bic = (field: string) =>
  z.string({ error: MESSAGES.bic(field) }).check(z.regex(BIC_PATTERN, MESSAGES.bic(field)));
const date = (field: string) => z.iso.date({ error: MESSAGES.date(field) });

/** Amounts are judged on the digits written (MCCY_AMOUNT). */
const amount = z.lazy(() => amountWithin(MESSAGES.amount, MCCY_AMOUNT));

const schemeName = z.lazy(() =>
  z.strictObject({ code: maybe(text('code', 0, 4)), proprietary: maybe(text('proprietary', 0, 35)) }),
);

const otherIdentification = z.lazy(() =>
  z.strictObject({ identification: maybe(text('identification', 0, 35)), schemeName: maybe(schemeName) }),
);

const organisationIdentification = z.lazy(() =>
  z.strictObject({
    Other: maybe(
      z.strictObject({
        identification: maybe(text('identification', 0, 35)),
        schemeName: maybe(schemeName),
        issuer: maybe(text('issuer', 0, 35)),
      }),
    ),
  }),
);

const privateIdentification = z.lazy(() =>
  z.strictObject({
    dateAndPlaceOfBirth: maybe(
      z.strictObject({
        dateOfBirth: maybe(date('dateOfBirth')),
        cityOfBirth: maybe(text('cityOfBirth', 0, 35)),
        countryOfBirth: maybe(optionalCountry('countryOfBirth')),
      }),
    ),
    other: maybe(otherIdentification),
  }),
);

const identification = z.lazy(() =>
  z.strictObject({
    organisationIdentification: maybe(organisationIdentification),
    privateIdentification: maybe(privateIdentification),
  }),
);

/** A postal address whose first lines are required (creditor, debtor). */
const fullAddress = z.lazy(() =>
  z.strictObject({
    addressLine1: text('addressLine1', 1, 70),
    addressLine2: text('addressLine2', 1, 35),
    addressLine3: maybe(text('addressLine3', 0, 35)),
    postCode: text('postCode', 1, 16),
    country: country('country'),
  }),
);

/** An agent's or ultimate creditor's address: only the country is required. */
const agentAddress = z.lazy(() =>
  z.strictObject({
    addressLine1: maybe(text('addressLine1', 0, 70)),
    addressLine2: maybe(text('addressLine2', 0, 35)),
    addressLine3: maybe(text('addressLine3', 0, 35)),
    postCode: maybe(text('postCode', 0, 16)),
    country: country('country'),
  }),
);

const creditor = z.lazy(() =>
  z.strictObject({
    name: text('name', 1, 140),
    address: fullAddress,
    bic: maybe(bic('bic')),
    identification: maybe(identification),
    countryOfResidence: maybe(optionalCountry('countryOfResidence')),
    contactDetails: maybe(
      z.strictObject({
        name: maybe(text('name', 0, 140)),
        emailAddress: maybe(text('emailAddress', 0, 2048)),
      }),
    ),
    iban: maybe(z.string({ error: 'iban must be text.' })),
    accountNumber: maybe(text('accountNumber', 0, 34)),
    schemeName: maybe(schemeName),
  }),
);

const institutionIdentification = (required: boolean) =>
  z.strictObject({
    bic: maybe(bic('bic')),
    aba: maybe(text('aba', 0, 35)),
    ...(required && {
      clearingSystemIdCode: maybe(text('clearingSystemIdCode', 0, 35)),
      memberId: maybe(text('memberId', 0, 35)),
    }),
    name: required ? text('name', 1, 140) : maybe(text('name', 0, 140)),
    // Required, yet nullable, in the reference.
    addressDetails: z.nullable(agentAddress),
  });

const transaction = z.lazy(() =>
  z.strictObject({
    endToEndId: internalTransferEndToEndId,
    reference: text('reference', 1, 140),
    amount,
    creditor,
    debtorName: text('debtorName', 1, 140),
    debtorAddress: fullAddress,
    debtorBic: maybe(bic('debtorBic')),
    debtorPrivateIdentification: maybe(privateIdentification),
    accountIdentifier: z.strictObject({
      kind: z.enum(['AccountId', 'IBAN'], { error: MESSAGES.kind }),
      identifier: text('identifier', 1, 36),
    }),
    debtorAccountCurrency: z.enum(MULTI_CURRENCY_PAYMENT_CURRENCIES, {
      error: MESSAGES.debtorAccountCurrency,
    }),
    intermediaryAgent: maybe(
      z.strictObject({ FinancialInstitutionIdentification: maybe(institutionIdentification(false)) }),
    ),
    creditorAgent: maybe(
      z.strictObject({
        FinancialInstitutionIdentification: institutionIdentification(true),
        branchId: maybe(text('branchId', 0, 35)),
      }),
    ),
    instructionForDebtorAgent: maybe(text('instructionForDebtorAgent', 0, 140)),
    purpose: maybe(
      z.strictObject({ code: maybe(text('code', 0, 4)), proprietary: maybe(text('proprietary', 0, 35)) }),
    ),
    remittanceInformation: maybe(
      z.strictObject({
        additionalRemittanceInformation: maybe(text('additionalRemittanceInformation', 0, 140)),
      }),
    ),
    ultimateCreditor: maybe(
      z.strictObject({
        name: text('name', 1, 140),
        address: z.nullable(agentAddress),
        bic: maybe(bic('bic')),
        identification: maybe(identification),
      }),
    ),
  }),
);

/**
 * `POST /v1/mccy/payments`: 1 to 100 transactions in one currency (never GBP), with the batchId the gateway
 * requires and an end-to-end id of its own for each transaction (which the gateway requires too).
 */
export const createMccyPaymentsBody = z.lazy(() =>
  z.strictObject({
    batchId: z.pipe(z.string({ error: MESSAGES.batchIdRequired }), batchId),
    currencyCode: multiCurrencyPaymentCurrency,
    transactions: multiCurrencyPaymentTransactions(transaction).check(distinctEndToEndIds()),
  }),
);

export type CreateMccyPaymentsBody = z.output<typeof createMccyPaymentsBody>;

/**
 * The same batch as the bank takes it: `batchId` optional (nullable), so such a batch cannot be cancelled, and
 * end-to-end ids may repeat (the bank fails the repeats when it processes the batch).
 */
export const createMccyPaymentsBankBody = z.lazy(() =>
  z.strictObject({
    batchId: z.optional(z.nullable(batchId)),
    currencyCode: multiCurrencyPaymentCurrency,
    transactions: multiCurrencyPaymentTransactions(transaction),
  }),
);

/** The path's `{batchId}`: a GUID as the batch was sent with. */
export const batchPathParams = z.lazy(() => z.strictObject({ batchId }));

/** The path's `{batchId}` and `{endToEndId}` (the reference's end-to-end id characters). */
export const transactionPathParams = z.lazy(() =>
  z.strictObject({
    batchId,
    // `.` and `..` would name another resource once the URL is resolved (path-params.ts).
    endToEndId: internalTransferEndToEndId.check(
      z.refine((value) => !/^\.+$/.test(value), 'endToEndId must not be only full stops in a path.'),
    ),
  }),
);
