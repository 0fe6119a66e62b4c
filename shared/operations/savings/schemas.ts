import * as z from 'zod/mini';
import {
  CLOSURE_REASONS,
  futureConfigurationErrors,
  NOMINATED_IDENTIFIER_KINDS,
  NOMINATED_IDENTIFIER_MAX_LENGTH,
  NOMINATED_OWNER_NAME,
  SAVINGS_OWNER_NAME,
  SAVINGS_OWNER_NAME_MAX_LENGTH,
} from '#shared/domain/savings-rules.js';
import type { FieldErrors } from '#shared/http/validation.js';

/**
 * The rules of savings accounts (`POST /v1/savings`, `/v2/savings`), their closure and legacy nominated
 * account (`sterling-v1.json`) and their interest configurations (`savings-interest-config-v1.json`), with the
 * values from `shared/domain/savings-rules.ts`. The gateway checks requests with them before calling the bank;
 * the simulator checks the same requests with the same schemas (and calls the future-configuration `check`).
 */

const OWNER_NAME_FORBIDDEN = '| _ [ ] < > ^ ` ~ $ or a backslash';
const GUID_EXAMPLE = 'a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6';

export const MESSAGES = {
  ownerNameV1: 'ownerName is required and must be 1 to 140 characters long.',
  ownerNameV2: 'ownerName is required and must be at most 140 characters long.',
  ownerNameCharacters: `ownerName must not contain any of ${OWNER_NAME_FORBIDDEN}.`,
  sortCode: 'sortCode must be exactly 6 digits.',
  productId: `productId is required: ${GUID_EXAMPLE}.`,
  customerId: `customerId is required: ${GUID_EXAMPLE}.`,
  customers: 'customers is required: a list of {customerId}.',
  interestConfigurationId: `interestConfigurationId must be ${GUID_EXAMPLE}.`,
  closureReason: `closureReason must be one of ${CLOSURE_REASONS.join(', ')}.`,
  identifier: `identifier is required and must be at most ${NOMINATED_IDENTIFIER_MAX_LENGTH} characters long.`,
  identifierKind: `identifierKind must be one of ${NOMINATED_IDENTIFIER_KINDS.join(', ')}.`,
  nominatedOwnerName: 'ownerName is required and must be 1 to 140 characters long.',
  nominatedOwnerNameCharacters:
    'ownerName may contain only letters, digits, spaces and / - ? : ( ) . , ’ \' + ! # $ % & * = ^ _ ` { | } ~ " ; < > @ [ \\ ].',
  interestConfigurations:
    'interestConfigurations is required: a list (null or empty to set none) of {interestConfigurationId, effectiveFrom}.',
  effectiveFrom: 'effectiveFrom is required: a calendar date written YYYY-MM-DD.',
  effectiveAt: 'effectiveAt must be a date and time (2025-08-18T00:00:00Z) or a date (2025-08-18).',
} as const;

/** A string schema whose missing and wrong-type messages are given (zod's own say "expected string"). */
const text = (message: string) => z.string({ error: message });
/** The reference's GUID pattern `^[a-fA-F0-9]{8}-...-[a-fA-F0-9]{12}$` (any version, either case). */
const GUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
const guid = (message: string) => text(message).check(z.regex(GUID, message));

// --- Savings accounts --------------------------------------------------------------------------------------

const sortCode = z.lazy(() => text(MESSAGES.sortCode).check(z.regex(/^\d{6}$/, MESSAGES.sortCode)));
const ownerNameCharacters = () => z.regex(SAVINGS_OWNER_NAME, MESSAGES.ownerNameCharacters);

/** `POST /v1/savings` (`V1...CreateSavingAccountRequest`): one customer; ownerName 1 to 140. */
export const createSavingsAccountV1Body = z.lazy(() =>
  z.strictObject({
    ownerName: text(MESSAGES.ownerNameV1).check(
      z.minLength(1, MESSAGES.ownerNameV1),
      z.maxLength(SAVINGS_OWNER_NAME_MAX_LENGTH, MESSAGES.ownerNameV1),
      ownerNameCharacters(),
    ),
    sortCode,
    productId: guid(MESSAGES.productId),
    customerId: guid(MESSAGES.customerId),
    interestConfigurationId: z.optional(guid(MESSAGES.interestConfigurationId)),
  }),
);

/**
 * `POST /v2/savings` (`V2...CreateSavingAccountRequest`): single or joint; ownerName 0 to 140. `customers` has
 * no minimum in the reference (an under-16 account names the parent only; the bank judges an empty list).
 */
export const createSavingsAccountBody = z.lazy(() =>
  z.strictObject({
    ownerName: text(MESSAGES.ownerNameV2).check(
      z.maxLength(SAVINGS_OWNER_NAME_MAX_LENGTH, MESSAGES.ownerNameV2),
      ownerNameCharacters(),
    ),
    sortCode,
    productId: guid(MESSAGES.productId),
    customers: z.array(z.strictObject({ customerId: guid(MESSAGES.customerId) }), {
      error: MESSAGES.customers,
    }),
    interestConfigurationId: z.optional(guid(MESSAGES.interestConfigurationId)),
  }),
);

export type CreateSavingsAccountV1Body = z.output<typeof createSavingsAccountV1Body>;
export type CreateSavingsAccountBody = z.output<typeof createSavingsAccountBody>;

// --- Closure and the legacy nominated account --------------------------------------------------------------

/** `POST /v1/accounts/{accountId}/closure` (`AccountClosureRequest`). */
export const closeAccountBody = z.lazy(() =>
  z.strictObject({ closureReason: z.enum(CLOSURE_REASONS, { error: MESSAGES.closureReason }) }),
);

/**
 * `PUT /v1/accounts/{accountId}/nominated-account` (`SetNominatedAccountRequest`): the identifier 0 to 50
 * characters whatever its kind (the bank takes wrong details and fails the closure instead), the kind one of
 * the three its description supports, the owner name by its published pattern, 1 to 140.
 */
export const setNominatedAccountBody = z.lazy(() =>
  z.strictObject({
    identifier: text(MESSAGES.identifier).check(
      z.maxLength(NOMINATED_IDENTIFIER_MAX_LENGTH, MESSAGES.identifier),
    ),
    identifierKind: z.enum(NOMINATED_IDENTIFIER_KINDS, { error: MESSAGES.identifierKind }),
    ownerName: text(MESSAGES.nominatedOwnerName).check(
      // The pattern wants one character or more too: an empty name is told once, by its length.
      z.minLength(1, { error: MESSAGES.nominatedOwnerName, abort: true }),
      z.maxLength(SAVINGS_OWNER_NAME_MAX_LENGTH, MESSAGES.nominatedOwnerName),
      z.regex(NOMINATED_OWNER_NAME, MESSAGES.nominatedOwnerNameCharacters),
    ),
  }),
);

export type CloseAccountBody = z.output<typeof closeAccountBody>;
export type SetNominatedAccountBody = z.output<typeof setNominatedAccountBody>;

// --- Interest configurations -------------------------------------------------------------------------------

/** `POST /interest/v1/accounts/{accountId}/configurations` (`CreateAccountInterestConfigurationRequest`). */
export const setAccountInterestConfigurationBody = z.lazy(() =>
  z.strictObject({ interestConfigurationId: guid(MESSAGES.interestConfigurationId) }),
);

/**
 * `PUT /interest/v1/accounts/{accountId}/future-configurations`
 * (`CreateFutureDatedAccountInterestConfigurationRequest`): the list is required but nullable, and replaces
 * the account's future-dated configurations (null or empty: none). Each `effectiveFrom` a real calendar date;
 * after today and no two on one date is `futureInterestConfigurationErrors` (it reads the clock).
 */
export const setFutureInterestConfigurationsBody = z.lazy(() =>
  z.strictObject({
    interestConfigurations: z.nullable(
      z.array(
        z.strictObject({
          interestConfigurationId: guid(MESSAGES.interestConfigurationId),
          effectiveFrom: z.iso.date({ error: MESSAGES.effectiveFrom }),
        }),
        { error: MESSAGES.interestConfigurations },
      ),
    ),
  }),
);

export type SetAccountInterestConfigurationBody = z.output<typeof setAccountInterestConfigurationBody>;
export type SetFutureInterestConfigurationsBody = z.output<typeof setFutureInterestConfigurationsBody>;

export function futureInterestConfigurationErrors(
  body: SetFutureInterestConfigurationsBody,
  now: Date,
): FieldErrors {
  return futureConfigurationErrors(body.interestConfigurations, now);
}

/**
 * `GET /interest/v1/configurations/{interestConfigurationId}?effectiveAt=`: `format: date-time`; the
 * description's own example is a date (`2025-08-18`), which the bank's binding takes too, so both pass.
 */
export const interestConfigurationQuery = z.lazy(() =>
  z.strictObject({
    effectiveAt: z.optional(
      z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: MESSAGES.effectiveAt }),
    ),
  }),
);
export type InterestConfigurationQuery = z.output<typeof interestConfigurationQuery>;
