import * as z from 'zod/mini';
import {
  CLOSURE_ACCOUNT_STATUSES,
  CLOSURE_REASONS,
  CLOSURE_STATUSES,
  INTEREST_PAYABLE_PERIODS,
  INTEREST_ROUNDING_ALGORITHMS,
  NOMINATED_IDENTIFIER_KINDS,
  PAYABLE_PERIOD_OFFSET_MAX,
  TIER_BALANCE_ALLOCATIONS,
} from '#shared/domain/savings-rules.js';
import { halLink } from '../sterling-accounts/responses.js';
import { hubAccount } from '../sterling-extras/responses.js';

/**
 * The bank's success answers for savings accounts, their closure and nominated account (`sterling-v1.json`,
 * `sterling-v2.json`) and their interest configurations (`savings-interest-config-v1.json`). Strict: an
 * undocumented member fails. Members the bank always sends are required; `interestConfigurationId` only when
 * the account has one. Values the descriptions list are held to them (the simulator sends only those). The
 * contract tests (test/contract/) hold the simulator to these.
 */

const dateTime = z.iso.datetime({ offset: true });
/** The interest document's timestamps are written without an offset (`2025-08-18T11:11:45.5666667`). */
const interestDateTime = z.iso.datetime({ offset: true, local: true });
const date = z.iso.date();
const halLinks = z.array(halLink);

/** A v2 savings account is the hub account's shape (`customers`); v1's has one `customerId` in its place. */
const savingsAccountV1 = z.extend(z.omit(hubAccount, { customers: true }), { customerId: z.uuid() });

const accountInterestConfigurationItem = z.strictObject({
  effectiveFrom: date,
  interestConfigurationId: z.uuid(),
  name: z.nullable(z.string()),
});

const interestConfigurationTier = z.strictObject({
  id: z.uuid(),
  fromAmount: z.number(),
  toAmount: z.nullable(z.number()),
  percentPayable: z.number(),
  clearbankMargin: z.number(),
  grossRate: z.number(),
  aer: z.number(),
});

export const interestConfiguration = z.strictObject({
  id: z.uuid(),
  payablePeriod: z.enum(INTEREST_PAYABLE_PERIODS),
  /**
   * Listed by the reference ("the account that interest accrued will be paid into"); absent when the
   * configuration names none (the interest is paid into the savings account itself, as the simulator's seeded
   * configurations do): a member sent only when it has a value, like an account's `interestConfigurationId`.
   */
  payableAccountId: z.optional(z.uuid()),
  effectiveFrom: date,
  effectiveTo: z.nullable(date),
  timeStampCreated: interestDateTime,
  timeStampModified: z.nullable(interestDateTime),
  payablePeriodOffset: z.number().check(z.int(), z.gte(0), z.lte(PAYABLE_PERIOD_OFFSET_MAX)),
  interestPaymentRoundingAlgorithm: z.enum(INTEREST_ROUNDING_ALGORITHMS),
  doUnpaidAccrualFractionsRollover: z.boolean(),
  tierBalanceAllocation: z.enum(TIER_BALANCE_ALLOCATIONS),
  interestRate: z.number(),
  tiers: z.array(interestConfigurationTier),
});

const nominatedAccount = {
  identifier: z.string(),
  identifierKind: z.enum(NOMINATED_IDENTIFIER_KINDS),
  ownerName: z.string(),
};

/** Answer schemas by operation id (shared/operations/savings/operations.ts); the PUT's 200 and the 204 have none. */
export const savingsResponses = {
  createSavingsAccountV1: z.strictObject({ account: savingsAccountV1, halLinks }),
  createSavingsAccount: z.strictObject({ account: hubAccount, halLinks }),
  getAccountClosure: z.strictObject({
    accountClosure: z.strictObject({
      accountId: z.uuid(),
      accountStatus: z.enum(CLOSURE_ACCOUNT_STATUSES),
      closureStatus: z.enum(CLOSURE_STATUSES),
      closureFailureReasons: z.array(z.string()),
      accountModifiedDateTime: dateTime,
    }),
    halLinks,
  }),
  closeAccount: z.strictObject({
    accountClosure: z.strictObject({
      accountId: z.uuid(),
      closureReason: z.enum(CLOSURE_REASONS),
      closureStatus: z.enum(CLOSURE_STATUSES),
    }),
    halLinks,
  }),
  getNominatedAccount: z.strictObject({
    nominatedAccount: z.strictObject({
      accountId: z.uuid(),
      ...nominatedAccount,
      createdDateTime: dateTime,
      modifiedDateTime: dateTime,
    }),
    halLinks,
  }),
  setNominatedAccount: z.strictObject({ nominatedAccount: z.strictObject(nominatedAccount), halLinks }),
  getAccountInterestConfigurations: z.strictObject({
    future: z.nullable(z.array(accountInterestConfigurationItem)),
    current: accountInterestConfigurationItem,
    past: z.nullable(z.array(accountInterestConfigurationItem)),
  }),
  setAccountInterestConfiguration: z.strictObject({
    accountId: z.uuid(),
    interestConfigurationId: z.uuid(),
    effectiveFrom: date,
  }),
  getInterestConfiguration: z.strictObject({ interestConfigurations: z.array(interestConfiguration) }),
} as const;
