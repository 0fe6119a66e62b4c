import * as z from 'zod/mini';
import { minorUnitsOf } from '#shared/domain/currencies.js';
import type { Decimal } from 'decimal.js';
import { decimalRuleSchema, jsonDecimal } from '#shared/domain/money.js';
import type { FieldErrors } from '#shared/http/validation.js';
import { CLOSURE_REASONS } from '#shared/domain/savings-rules.js';

/**
 * The rules of spec part 1, "Real sterling accounts" and "Virtual sterling accounts", as zod schemas that
 * carry their messages, brought in line with the bank's published request schemas (`sterling-v1.json`,
 * `sterling-v2.json`, `sterling-v3.json`; see shared/spec/bank-reference.md): where the spec was stricter
 * the reference wins, where the reference is stricter its limit is kept. The gateway checks requests with
 * them before calling the bank; the simulator checks the same requests with the same schemas.
 */

export const ACCOUNT_STATUSES = ['NotProvided', 'Enabled', 'Closed', 'Suspended'] as const;
/**
 * The eighteen reasons `PATCH /v1/accounts/{accountId}` takes (`sterling-v1.json`); NotProvided is not one. The
 * closure request takes the same list.
 */
export const STATUS_REASONS = CLOSURE_REASONS;
/** `POST /v3/Accounts` (`sterling-v3.json`). */
export const USAGE_TYPES = [
  'YourFunds',
  'SegregatedPooled',
  'SegregatedDesignated',
  'ClientMoneyPooled',
  'ClientMoneyDesignated',
  'SafeguardedPooled',
  'SafeguardedDesignated',
  'ClientSuspense',
] as const;
export const LEGAL_OWNER_TYPES = ['Personal', 'Business'] as const;
export const RELATIONSHIP_TYPES = ['Single', 'Joint'] as const;

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** A reason as an account carries it: one of the eighteen, or NotProvided when it has none. */
export type StatusReason = (typeof STATUS_REASONS)[number] | 'NotProvided';
export type UsageType = (typeof USAGE_TYPES)[number];
export type LegalOwnerType = (typeof LEGAL_OWNER_TYPES)[number];
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** An account in these statuses carries its reason; the others carry NotProvided (spec, "Real account status"). */
export function carriesStatusReason(status: AccountStatus): boolean {
  return status === 'Closed' || status === 'Suspended';
}

const OWNER_NAME_FORBIDDEN = '| _ [ ] < > ^ ` ~ $ or a backslash';

export const MESSAGES = {
  accountNameRequired: 'accountName is required.',
  accountNameLength: 'accountName must be 1 to 70 characters long.',
  accountNameCharacters:
    'accountName may contain only letters, digits, hyphen, space, comma, full stop and ampersand.',
  owner: 'owner is required: an object whose name is the account owner.',
  ownerName: 'owner.name is required and must be 1 to 140 characters long.',
  ownerNameCharactersOfOwner: `owner.name must not contain any of ${OWNER_NAME_FORBIDDEN}.`,
  sortCode: 'sortCode must be exactly 6 digits.',
  usageType: `usageType must be one of ${USAGE_TYPES.join(', ')}.`,
  status: `status must be one of ${ACCOUNT_STATUSES.join(', ')}.`,
  statusReason: `statusReason must be one of ${STATUS_REASONS.join(', ')}.`,
  ownerNameLength: 'ownerName must be at most 70 characters long.',
  virtualOwnerNameRequired: 'ownerName is required for each virtual account.',
  virtualOwnerNameLength: 'ownerName must be 1 to 140 characters long.',
  externalIdentifierLength: 'externalIdentifier must be at most 50 characters long.',
  ownerNameCharacters: `ownerName must not contain any of ${OWNER_NAME_FORBIDDEN}.`,
  legalOwnerType: 'legalOwnerType must be Personal or Business.',
  relationshipType: 'relationshipType must be Single or Joint.',
  jointBusiness: 'relationshipType Joint is not allowed when legalOwnerType is Business.',
  minimumBalance: 'minimumBalance must be an amount in pounds with at most 2 decimal places.',
  overdraft:
    'A negative minimumBalance (an overdraft) is only allowed with an overdraft agreement with the bank.',
  virtualAccounts: 'virtualAccounts must be a list of at least one virtual account.',
  accountIdentifier:
    'accountIdentifier is required, with at least one of iban, bban, proprietaryIdentifier, externalIdentifier.',
  identifierText: 'Each member of accountIdentifier must be text.',
} as const;

/** A string schema whose missing and wrong-type messages are given (zod's own say "expected string"). */
const text = (required: string, wrongType: string = required) =>
  z.string({ error: (issue) => (issue.input === undefined ? required : wrongType) });

// --- Fields ---------------------------------------------------------------------------------------------

/**
 * The reference's pattern `^[a-zA-Z0-9\- ,.&]*$` (`sterling-v3.json`): ASCII letters, digits, hyphen, space,
 * comma, full stop and `&`. It accepts a name of spaces only, so the gateway does too.
 */
const ACCOUNT_NAME_CHARACTERS = /^[a-zA-Z0-9\- ,.&]*$/;

export const accountName = z.lazy(() =>
  text(MESSAGES.accountNameRequired, MESSAGES.accountNameLength).check(
    z.minLength(1, MESSAGES.accountNameLength),
    z.maxLength(70, MESSAGES.accountNameLength),
    z.regex(ACCOUNT_NAME_CHARACTERS, MESSAGES.accountNameCharacters),
  ),
);
export const sortCode = z.lazy(() => text(MESSAGES.sortCode).check(z.regex(/^\d{6}$/, MESSAGES.sortCode)));
/** The reference's pattern for every owner name, `^[^\|_\[\]<>^\`~\\$]*$`: any characters but these ten (also `POST /v4/Accounts`). */
export const OWNER_NAME_CHARACTERS = /^[^|_[\]<>^`~\\$]*$/;

/** A real account's ownerName on amend: 0 to 70 characters (`sterling-v1.json`). */
export const ownerName = z.lazy(() =>
  text(MESSAGES.ownerNameLength).check(
    z.maxLength(70, MESSAGES.ownerNameLength),
    z.regex(OWNER_NAME_CHARACTERS, MESSAGES.ownerNameCharacters),
  ),
);
/** A virtual account's ownerName, on create and amend: 1 to 140 characters (`sterling-v1.json`, `-v2.json`). */
export const virtualOwnerName = z.lazy(() =>
  text(MESSAGES.virtualOwnerNameRequired, MESSAGES.virtualOwnerNameLength).check(
    z.minLength(1, MESSAGES.virtualOwnerNameLength),
    z.maxLength(140, MESSAGES.virtualOwnerNameLength),
    z.regex(OWNER_NAME_CHARACTERS, MESSAGES.ownerNameCharacters),
  ),
);
export const usageType = z.lazy(() => z.enum(USAGE_TYPES, { error: MESSAGES.usageType }));
export const accountStatus = z.lazy(() => z.enum(ACCOUNT_STATUSES, { error: MESSAGES.status }));
export const statusReason = z.lazy(() => z.enum(STATUS_REASONS, { error: MESSAGES.statusReason }));
export const legalOwnerType = z.lazy(() => z.enum(LEGAL_OWNER_TYPES, { error: MESSAGES.legalOwnerType }));
export const relationshipType = z.lazy(() =>
  z.enum(RELATIONSHIP_TYPES, { error: MESSAGES.relationshipType }),
);

/** Pounds, in pence at most (the money rules of shared/domain decide); negative is an overdraft, see `overdraftErrors`. */
export const minimumBalance = z.lazy(() =>
  jsonDecimal(MESSAGES.minimumBalance).check(
    decimalRuleSchema({ decimals: minorUnitsOf('GBP') }),
    z.refine((amount) => amount.decimalPlaces() <= minorUnitsOf('GBP'), MESSAGES.minimumBalance),
  ),
);
/** Joint is not allowed with Business; a rule over two fields, reported on relationshipType. */
export function isJointBusiness(owner: { legalOwnerType?: string; relationshipType?: string }): boolean {
  return owner.legalOwnerType === 'Business' && owner.relationshipType === 'Joint';
}

function refuseJointBusiness(
  body: { legalOwnerType?: string; relationshipType?: string },
  context: z.core.$RefinementCtx,
) {
  if (isJointBusiness(body)) {
    context.addIssue({ code: 'custom', path: ['relationshipType'], message: MESSAGES.jointBusiness });
  }
}

// --- Real accounts ---------------------------------------------------------------------------------------

/**
 * `POST /v3/Accounts`. The spec shows only `name` of the owner object and says its other members exist
 * but are not shown, so they pass on to the bank unchecked instead of being refused as unknown.
 */
export const createAccountBody = z.lazy(() =>
  z.strictObject({
    accountName,
    owner: z.looseObject(
      {
        name: text(MESSAGES.ownerName).check(
          z.minLength(1, MESSAGES.ownerName),
          z.maxLength(140, MESSAGES.ownerName),
          z.regex(OWNER_NAME_CHARACTERS, MESSAGES.ownerNameCharactersOfOwner),
        ),
      },
      { error: MESSAGES.owner },
    ),
    sortCode,
    usageType: z._default(usageType, 'YourFunds'),
  }),
);

/**
 * `PATCH /v1/Accounts/{accountId}`: every member optional. `status: NotProvided` leaves the status as it
 * is, like leaving it out. A reason is not required with Closed or Suspended: `sterling-v1.json` does not
 * require one, and the bank's acceptance wins over the spec's "a statusReason accompanies" them.
 */
export const amendAccountBody = z.lazy(() =>
  z
    .strictObject({
      status: z.optional(accountStatus),
      statusReason: z.optional(statusReason),
      ownerName: z.optional(ownerName),
      legalOwnerType: z.optional(legalOwnerType),
      relationshipType: z.optional(relationshipType),
      minimumBalance: z.optional(minimumBalance),
    })
    .check(z.superRefine(refuseJointBusiness)),
);

/** The rule `amendAccountBody` cannot say: it depends on the institution's overdraft agreement. */
export function overdraftErrors(amount: Decimal | undefined, overdraftAgreement: boolean): FieldErrors {
  return amount !== undefined && amount.isNegative() && !amount.isZero() && !overdraftAgreement
    ? { minimumBalance: [MESSAGES.overdraft] }
    : {};
}

// --- Virtual accounts ------------------------------------------------------------------------------------

const identifier = z.lazy(() => z.optional(text(MESSAGES.identifierText)));

/**
 * The duplicate check of a virtual account; its values are checked by the bank, which answers by webhook.
 * The reference limits only externalIdentifier (at most 50). At least one member: the spec's rule.
 */
export const accountIdentifier = z.lazy(() =>
  z
    .strictObject(
      {
        iban: identifier,
        bban: identifier,
        proprietaryIdentifier: identifier,
        externalIdentifier: z.optional(
          text(MESSAGES.identifierText).check(z.maxLength(50, MESSAGES.externalIdentifierLength)),
        ),
      },
      { error: MESSAGES.accountIdentifier },
    )
    .check(z.refine((ids) => Object.values(ids).some((value) => value?.trim()), MESSAGES.accountIdentifier)),
);

/** `POST /v2/Accounts/{accountId}/Virtual`: ownerName is required (`sterling-v2.json`). */
export const createVirtualAccountsBody = z.lazy(() =>
  z.strictObject({
    virtualAccounts: z
      .array(z.strictObject({ ownerName: virtualOwnerName, accountIdentifier }), {
        error: MESSAGES.virtualAccounts,
      })
      .check(z.minLength(1, MESSAGES.virtualAccounts)),
  }),
);

/** `PATCH /v1/Accounts/{accountId}/Virtual/{virtualAccountId}`: every member optional. */
export const amendVirtualAccountBody = z.lazy(() =>
  z
    .strictObject({
      ownerName: z.optional(virtualOwnerName),
      legalOwnerType: z.optional(legalOwnerType),
      relationshipType: z.optional(relationshipType),
    })
    .check(z.superRefine(refuseJointBusiness)),
);

export type CreateAccountBody = z.output<typeof createAccountBody>;
export type AmendAccountBody = z.output<typeof amendAccountBody>;
export type CreateVirtualAccountsBody = z.output<typeof createVirtualAccountsBody>;
export type VirtualAccountRequest = CreateVirtualAccountsBody['virtualAccounts'][number];
export type AmendVirtualAccountBody = z.output<typeof amendVirtualAccountBody>;
