import * as z from 'zod/mini';
import { isIanaTimeZone, isFutureLocalDate, DEFAULT_TIME_ZONE } from '#shared/domain/end-of-day.js';
import type { FieldErrors } from '#shared/http/validation.js';
import { OWNER_NAME_CHARACTERS } from '../sterling-accounts/schemas.js';

/**
 * The rules of the sterling family's newer operations, from the bank's published documents: the end-of-day
 * balance (`gbp-end-of-day-balance-v1.json`), hub and payment accounts and related (nominated or associated)
 * accounts (`sterling-v1.json`). The gateway checks requests with them before calling the bank; the simulator
 * checks the same requests with the same schemas.
 */

export const PAYMENT_ACCOUNT_SUB_TYPES = ['CurrentAccount', 'TransactionAccount'] as const;
/** `CreateRelatedAccountRequest.relatedAccountType`: "('Nominated' or 'Associated')". */
export const RELATED_ACCOUNT_TYPES = ['Nominated', 'Associated'] as const;
/** `CreateRelatedAccountRequest.identifierKind`: "Possible values are: 'IBAN', 'BBAN' or 'SCAN'". */
export const IDENTIFIER_KINDS = ['IBAN', 'BBAN', 'SCAN'] as const;

export type PaymentAccountSubType = (typeof PAYMENT_ACCOUNT_SUB_TYPES)[number];
export type RelatedAccountType = (typeof RELATED_ACCOUNT_TYPES)[number];
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

const OWNER_NAME_FORBIDDEN = '| _ [ ] < > ^ ` ~ $ or a backslash';

export const MESSAGES = {
  date: 'date is required: a calendar date written YYYY-MM-DD.',
  futureDate: 'date must not be in the future in timeZone.',
  timeZone: 'timeZone must be an IANA time zone identifier such as Europe/London.',
  ownerName: 'ownerName is required and must be at most 140 characters long.',
  ownerNameCharacters: `ownerName must not contain any of ${OWNER_NAME_FORBIDDEN}.`,
  sortCode: 'sortCode must be exactly 6 digits.',
  productId: 'productId is required: a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  customers: 'customers is required: a list of {customerId}.',
  customerId: 'customerId is required: a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  interestConfigurationId:
    'interestConfigurationId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6.',
  accountSubType: `accountSubType must be one of ${PAYMENT_ACCOUNT_SUB_TYPES.join(', ')}.`,
  relatedAccountType: `relatedAccountType must be one of ${RELATED_ACCOUNT_TYPES.join(', ')}.`,
  identifierKind: `identifierKind must be one of ${IDENTIFIER_KINDS.join(', ')}.`,
  identifier: 'identifier is required and must be at most 50 characters long.',
  identifierIban:
    'identifier must be an IBAN: a country code, two check digits and 1 to 30 letters or digits, upper case, no spaces.',
  identifierBban: 'identifier must be a BBAN: 1 to 30 upper-case letters or digits.',
  identifierScan: 'identifier must be a SCAN: the 6-digit sort code and the 8-digit account number.',
  relatedOwnerName: 'ownerName is required and must be at most 140 characters long.',
  relatedOwnerNameCharacters:
    'ownerName may contain only letters, digits, spaces and / - ? : ( ) . , ’ \' + ! # % & * = ^ _ ` { | } ~ " ; < > @ [ \\ ].',
} as const;

/** A string schema whose missing and wrong-type messages are given (zod's own say "expected string"). */
const text = (message: string) => z.string({ error: message });
/** The reference's GUID pattern `^[a-fA-F0-9]{8}-...-[a-fA-F0-9]{12}$` (any version, either case). */
const GUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
const guid = (message: string) => text(message).check(z.regex(GUID, message));

// --- End-of-day balance ------------------------------------------------------------------------------------

/**
 * `date` (`format: date`, `^\d{4}-\d{2}-\d{2}$`: a real calendar day) and `timeZone` (IANA, default `UTC`).
 * A day that has not started in the zone is the bank's `DATE_INVALID` ("in the future"): `endOfDayErrors`,
 * it reads the clock.
 */
export const endOfDayQuery = z.lazy(() =>
  z.strictObject({
    date: z.iso.date({ error: MESSAGES.date }),
    timeZone: z._default(
      text(MESSAGES.timeZone).check(z.refine(isIanaTimeZone, MESSAGES.timeZone)),
      DEFAULT_TIME_ZONE,
    ),
  }),
);
export type EndOfDayQuery = z.output<typeof endOfDayQuery>;

export function endOfDayErrors(query: EndOfDayQuery, now: Date): FieldErrors {
  return isFutureLocalDate(query.date, query.timeZone, now) ? { date: [MESSAGES.futureDate] } : {};
}

// --- Hub and payment accounts ------------------------------------------------------------------------------

/** `ownerName` of both creates: 0 to 140 characters, none of the ten the owner-name pattern forbids. */
const accountOwnerName = z.lazy(() =>
  text(MESSAGES.ownerName).check(
    z.maxLength(140, MESSAGES.ownerName),
    z.regex(OWNER_NAME_CHARACTERS, MESSAGES.ownerNameCharacters),
  ),
);
const sortCode = z.lazy(() => text(MESSAGES.sortCode).check(z.regex(/^\d{6}$/, MESSAGES.sortCode)));
/** `customers`: required, no minimum or maximum in the reference (the bank judges an empty list). */
const customers = z.lazy(() =>
  z.array(z.strictObject({ customerId: guid(MESSAGES.customerId) }), { error: MESSAGES.customers }),
);

/** `POST /accounts/sterling/v1/hub-accounts` (`CreateHubAccountRequest`). */
export const createHubAccountBody = z.lazy(() =>
  z.strictObject({
    ownerName: accountOwnerName,
    sortCode,
    productId: guid(MESSAGES.productId),
    customers,
    interestConfigurationId: z.optional(guid(MESSAGES.interestConfigurationId)),
  }),
);

/** `POST /accounts/sterling/v1/payment-accounts` (`CreatePaymentAccountRequest`). */
export const createPaymentAccountBody = z.lazy(() =>
  z.strictObject({
    ownerName: accountOwnerName,
    sortCode,
    accountSubType: z.enum(PAYMENT_ACCOUNT_SUB_TYPES, { error: MESSAGES.accountSubType }),
    productId: guid(MESSAGES.productId),
    customers,
  }),
);

export type CreateHubAccountBody = z.output<typeof createHubAccountBody>;
export type CreatePaymentAccountBody = z.output<typeof createPaymentAccountBody>;

// --- Related accounts --------------------------------------------------------------------------------------

/**
 * The characters of `CreateRelatedAccountRequest.ownerName`'s pattern. As published,
 * `^[...@\[\\]]+` closes its class at `\\]` and then wants literal `]`s, so it refuses the reference's own
 * example (`John Smith`); the class it meant is kept, over the whole name, with the documented 0 to 140.
 */
const RELATED_OWNER_NAME_CHARACTERS = /^[0-9a-zA-Z/-?:().,’'+ !#%&*=^_`{|}~";<>@[\\\]]*$/;

const relatedOwnerName = z.lazy(() =>
  text(MESSAGES.relatedOwnerName).check(
    z.maxLength(140, MESSAGES.relatedOwnerName),
    z.regex(RELATED_OWNER_NAME_CHARACTERS, MESSAGES.relatedOwnerNameCharacters),
  ),
);

const IDENTIFIER_RULES: Record<IdentifierKind, { test: (value: string) => boolean; message: string }> = {
  // Shape only: the reference's own example (`GB26CBUK...`) fails the check digits, so the bank takes it.
  IBAN: { test: (value) => /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(value), message: MESSAGES.identifierIban },
  // ISO 13616's BBAN alphabet; the reference takes any country's.
  BBAN: { test: (value) => /^[A-Z0-9]{1,30}$/.test(value), message: MESSAGES.identifierBban },
  SCAN: { test: (value) => /^\d{14}$/.test(value), message: MESSAGES.identifierScan },
};

/** Whether an identifier is of its kind, as the message to report on `identifier` (undefined: it is). */
export function identifierProblem(kind: IdentifierKind, identifier: string): string | undefined {
  const rule = IDENTIFIER_RULES[kind];
  return rule.test(identifier) ? undefined : rule.message;
}

/** `POST /v1/accounts/{accountId}/related-accounts` (`CreateRelatedAccountRequest`). */
export const createRelatedAccountBody = z.lazy(() =>
  z
    .strictObject({
      relatedAccountType: z.enum(RELATED_ACCOUNT_TYPES, { error: MESSAGES.relatedAccountType }),
      identifier: text(MESSAGES.identifier).check(z.maxLength(50, MESSAGES.identifier)),
      identifierKind: z.enum(IDENTIFIER_KINDS, { error: MESSAGES.identifierKind }),
      ownerName: relatedOwnerName,
    })
    .check(
      z.superRefine(
        (body, context) => {
          const problem = identifierProblem(body.identifierKind, body.identifier);
          if (problem) context.addIssue({ code: 'custom', path: ['identifier'], message: problem });
        },
        {
          // Checked whatever else is wrong with the body, once the kind is known and the identifier not too
          // long (one message per identifier).
          when: ({ value }) => {
            const body = (typeof value === 'object' && value !== null ? value : {}) as Record<
              string,
              unknown
            >;
            return (
              typeof body.identifier === 'string' &&
              body.identifier.length <= 50 &&
              (IDENTIFIER_KINDS as readonly unknown[]).includes(body.identifierKind)
            );
          },
        },
      ),
    ),
);

/** `PATCH /v1/accounts/{accountId}/related-accounts/{iban}` (`UpdateRelatedAccountRequest`): no pattern. */
export const updateRelatedAccountBody = z.lazy(() =>
  z.strictObject({
    ownerName: text(MESSAGES.relatedOwnerName).check(z.maxLength(140, MESSAGES.relatedOwnerName)),
  }),
);

export type CreateRelatedAccountBody = z.output<typeof createRelatedAccountBody>;
export type UpdateRelatedAccountBody = z.output<typeof updateRelatedAccountBody>;
