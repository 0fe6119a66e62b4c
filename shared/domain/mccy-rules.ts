import * as z from 'zod/mini';
import { CURRENCY_CODES, ISO_CODE_PATTERN } from './currencies.js';
import { boundedText } from './text-rules.js';

/**
 * Multi-currency accounts, transaction lists and internal transfers: the spec's request field rules (part 2,
 * brought in line with `mccy-*.json`, see shared/spec/bank-reference.md) as zod schemas with their messages,
 * for the gateway and the simulator.
 */

export const MAX_TRANSACTION_PAGE_SIZE = 1000;

/** Payments and internal transfers of the family: 0.01 to 999999999.99, 2 decimals (every currency has 2 minor units). */
export const MCCY_AMOUNT = { min: '0.01', max: '999999999.99', decimals: 2 } as const;

export const MCCY_MESSAGES = {
  transactionPageSize: 'PageSize must be a whole number from 1 to 1000.',

  internalTransferEndToEndId:
    'endToEndId must be 1 to 35 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, double quote, plus, space.',
  internalTransferReference:
    'reference must be at most 140 characters: letters, digits, slash, question mark, colon, hyphen, full stop, comma, space.',
} as const;

/** A query parameter (text) holding a whole number from 1 to `max`; its output is the number. */
export function wholeNumberQuery(max: number, message: string) {
  return z.pipe(
    z.pipe(z.string({ error: message }).check(z.regex(/^[0-9]{1,9}$/, message)), z.transform(Number)),
    z.number().check(z.int(), z.gte(1, message), z.lte(max, message)),
  );
}

/** The `PageSize` query parameter as it arrives (text); its output is the number. */
export const transactionPageSize = z.lazy(() =>
  wholeNumberQuery(MAX_TRANSACTION_PAGE_SIZE, MCCY_MESSAGES.transactionPageSize),
);

/** Letters, digits, slash, question mark, colon, hyphen, full stop, comma, space. */
export const INTERNAL_TRANSFER_TEXT = /^[A-Za-z0-9/?:\-., ]*$/;

/** The end-to-end id also allows `"` and `+` (`mccy-internal-transfers-v1.json`). */
export const INTERNAL_TRANSFER_END_TO_END_ID_TEXT = /^[A-Za-z0-9/?:\-.,"+ ]*$/;

export const internalTransferEndToEndId = z.lazy(() =>
  boundedText(
    { min: 1, max: 35, charset: INTERNAL_TRANSFER_END_TO_END_ID_TEXT },
    MCCY_MESSAGES.internalTransferEndToEndId,
  ),
);

export const internalTransferReference = z.lazy(() =>
  boundedText({ max: 140, charset: INTERNAL_TRANSFER_TEXT }, MCCY_MESSAGES.internalTransferReference),
);

// --- Accounts ------------------------------------------------------------------------------------------------

/** GBP is never opened, held or moved in a multi-currency account (spec part 2, "GBP balances cannot be..."). */
export const FORBIDDEN_MCCY_CURRENCY = 'GBP';

/**
 * The currencies the simulated inbound payment and internal transfers take (`mccy-internal-transfers-v1.json`,
 * `mccy-jpm-emulator-v1.json`): every currency the bank handles but GBP.
 */
export const MCCY_CURRENCIES = CURRENCY_CODES.filter((code) => code !== FORBIDDEN_MCCY_CURRENCY);

/** Account kinds (`mccy-accounts-v2.json`, `CreateAccountRequest.kind`). */
export const MCCY_ACCOUNT_KINDS = [
  'YourFunds',
  'GeneralSegregated',
  'DesignatedSegregated',
  'GeneralClient',
  'DesignatedClient',
] as const;

/** The eighteen status reasons (`mccy-accounts-v1.json`); the spec's six for real accounts are among them. */
export const MCCY_STATUS_REASONS = [
  'AccountHolderBankrupt',
  'AccountHolderDeceased',
  'AccountSwitched',
  'CompanyNoLongerTrading',
  'DissatisfiedCustomer',
  'DuplicateAccount',
  'FinancialCrime',
  'FraudConfirmed',
  'FraudFirstParty',
  'FraudThirdParty',
  'InternallyDormant',
  'KYCRequired',
  'LegallyDisputed',
  'PotentialSanctionedIndividual',
  'SanctionedIndividual',
  'SuspectMoneyLaundering',
  'TransactionDispute',
  'Other',
] as const;

/** The statuses a caller may set; Closed only comes from a close (`DELETE`). */
export const MCCY_SETTABLE_STATUSES = ['Active', 'Suspended'] as const;

/** Characters a real account's label and owner must not contain on create: `< > ; "`. */
export const MCCY_LABEL_TEXT = /^[^<>;"]*$/;

export const MCCY_ACCOUNT_MESSAGES = {
  currency: (field: string) =>
    `${field} must be a three-letter upper-case ISO 4217 code other than GBP (multi-currency accounts never hold GBP).`,
  label: 'label must be 1 to 100 characters.',
  labelCharacters: 'label must not contain < > ; or a double quote.',
  owner: 'owner must be 1 to 140 characters.',
  ownerCharacters: 'owner must not contain < > ; or a double quote.',
  kind: `kind must be one of ${MCCY_ACCOUNT_KINDS.join(', ')}.`,
  bankIdentifierCode:
    'bankIdentifierCode must be a BIC of 8 or 11 characters: 4 letters, a 2-letter country, 2 letters or digits, optionally 3 more.',
  routingCodeForUk:
    'routingCode is required with a UK bankIdentifierCode: the sort code of the account, 6 digits such as 010203.',
  routingCode: 'routingCode must be 1 to 35 letters or digits.',
  identifier: 'identifier must be 1 to 50 characters.',
  identifierKind: 'kind must be Iban.',
  iban: 'identifier must be an IBAN: upper case, no spaces, with valid check digits.',
  status: `status must be one of ${MCCY_SETTABLE_STATUSES.join(', ')}.`,
  statusReason: `statusReason must be one of ${MCCY_STATUS_REASONS.join(', ')}.`,
  information: 'information must be at most 100 characters.',
} as const;

/** A currency of the multi-currency family: three upper-case letters, never GBP. */
export function mccyCurrency(field = 'currency') {
  const message = MCCY_ACCOUNT_MESSAGES.currency(field);
  return z.string({ error: message }).check(
    z.regex(ISO_CODE_PATTERN, message),
    z.refine((code) => code !== FORBIDDEN_MCCY_CURRENCY, message),
    z.meta({ not: { const: FORBIDDEN_MCCY_CURRENCY } }),
  );
}

/** A currency from the fixed list of the transfer and inbound-payment documents (no GBP). */
export function mccyInstructedCurrency(field = 'instructedCurrency') {
  return z.enum(MCCY_CURRENCIES as [string, ...string[]], {
    error: `${field} must be one of ${MCCY_CURRENCIES.join(', ')}.`,
  });
}

/** Real account label on create: 1 to 100 characters without `< > ; "`. */
export const mccyLabel = z.lazy(() =>
  boundedText(
    { min: 1, max: 100, charset: MCCY_LABEL_TEXT },
    MCCY_ACCOUNT_MESSAGES.label,
    MCCY_ACCOUNT_MESSAGES.labelCharacters,
  ),
);

/** Real account owner on create: 1 to 140 characters without `< > ; "`. */
export const mccyOwner = z.lazy(() =>
  boundedText(
    { min: 1, max: 140, charset: MCCY_LABEL_TEXT },
    MCCY_ACCOUNT_MESSAGES.owner,
    MCCY_ACCOUNT_MESSAGES.ownerCharacters,
  ),
);

/** ISO 9362: bank code, country, location, optional branch (the reference: "8 or 11 character BIC"). */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export const bankIdentifierCode = z.lazy(() =>
  z
    .string({ error: MCCY_ACCOUNT_MESSAGES.bankIdentifierCode })
    .check(z.regex(BIC_PATTERN, MCCY_ACCOUNT_MESSAGES.bankIdentifierCode)),
);

/** Whether a BIC is a UK one (country letters 5 and 6 are GB), which needs a sort code as routing code. */
export function isUkBic(bic: string): boolean {
  return bic.slice(4, 6) === 'GB';
}

/** A UK routing code is a sort code. */
export const UK_ROUTING_CODE = /^[0-9]{6}$/;

export const mccyStatusReason = z.lazy(() =>
  z.enum(MCCY_STATUS_REASONS, { error: MCCY_ACCOUNT_MESSAGES.statusReason }),
);
export const mccySettableStatus = z.lazy(() =>
  z.enum(MCCY_SETTABLE_STATUSES, { error: MCCY_ACCOUNT_MESSAGES.status }),
);
