import type { FieldErrors } from '../http/validation.js';
import { ukDateOf } from './calendar.js';
import { MoneyDecimal } from './money.js';

/**
 * Savings accounts, their closure, their (legacy) nominated account and their interest configurations
 * (`sterling-v1.json`, `sterling-v2.json`, `savings-interest-config-v1.json`, the savings accounts and interest
 * configuration guides): the values and rules the gateway checks and the simulator reuses. Where a schema and
 * its prose disagree, the schema wins.
 */

/** `AccountClosureRequest.closureReason` ("Use 'Other' if no other options apply"), also the `statusReason` of `PATCH /v1/accounts/{accountId}`. */
export const CLOSURE_REASONS = [
  'AccountHolderBankrupt',
  'AccountHolderDeceased',
  'AccountSwitched',
  'CompanyNoLongerTrading',
  'DissatisfiedCustomer',
  'DuplicateSoleTraderAccount',
  'FinancialCrime',
  'FraudFirstParty',
  'FraudThirdParty',
  'FraudConfirmed',
  'InternallyDormant',
  'KYCRequired',
  'LegallyDisputed',
  'PotentialSanctionedIndividual',
  'SanctionedIndividual',
  'SuspectMoneyLaundering',
  'TransactionDispute',
  'Other',
] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/** `closureStatus` of both closure answers: "pending until the final interest payment is made". */
export const CLOSURE_STATUSES = ['None', 'Pending', 'Failed', 'Complete'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

/** `GetClosureResponseDto.accountStatus`. */
export const CLOSURE_ACCOUNT_STATUSES = ['Enabled', 'Suspended', 'Closed'] as const;
export type ClosureAccountStatus = (typeof CLOSURE_ACCOUNT_STATUSES)[number];

/**
 * `SetNominatedAccountRequest.identifierKind`: "Supported values are 'IBAN', 'BBAN' and 'SCAN'". The identifier
 * itself is only bounded (0 to 50 characters): the bank takes wrong details and fails the closure later
 * ("Account closure may fail due to the nominated account details being incorrect").
 */
export const NOMINATED_IDENTIFIER_KINDS = ['IBAN', 'BBAN', 'SCAN'] as const;
export type NominatedIdentifierKind = (typeof NOMINATED_IDENTIFIER_KINDS)[number];
export const NOMINATED_IDENTIFIER_MAX_LENGTH = 50;

/** Both savings creates' and the nominated account's `ownerName` are at most 140 characters. */
export const SAVINGS_OWNER_NAME_MAX_LENGTH = 140;
/**
 * The savings creates' `ownerName` pattern, as published: none of `| _ [ ] < > ^ ` ~ \ $`. v1 wants 1 to 140
 * characters, v2 0 to 140.
 */
export const SAVINGS_OWNER_NAME = /^[^|_[\]<>^`~\\$]*$/;
/**
 * `SetNominatedAccountRequest.ownerName`'s pattern as published (1 or more of letters, digits, space and
 * `/ - ? : ( ) . , ’ ' + ! # $ % & * = ^ _ ` { | } ~ " ; < > @ [ \ ]`). Unlike the related accounts' pattern it
 * is well formed: `\[\\\]` is `[`, `\` and `]`, then the class closes.
 */
export const NOMINATED_OWNER_NAME = /^[0-9a-zA-Z/\-?:().,’'+ !#$%&*=^_`{|}~"";<>@[\\\]]+$/;

/** `InterestConfiguration.payablePeriod`: "Possible values: Daily, Weekly, Monthly, Quarterly, Biannual, Annual." */
export const INTEREST_PAYABLE_PERIODS = [
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Biannual',
  'Annual',
] as const;
export type InterestPayablePeriod = (typeof INTEREST_PAYABLE_PERIODS)[number];
/** `interestPaymentRoundingAlgorithm`: "'ToEven' ... or 'Truncate'". */
export const INTEREST_ROUNDING_ALGORITHMS = ['ToEven', 'Truncate'] as const;
export type InterestRoundingAlgorithm = (typeof INTEREST_ROUNDING_ALGORITHMS)[number];
/** `tierBalanceAllocation`: "'Segregated' ... or 'Whole'". */
export const TIER_BALANCE_ALLOCATIONS = ['Segregated', 'Whole'] as const;
export type TierBalanceAllocation = (typeof TIER_BALANCE_ALLOCATIONS)[number];
/** `payablePeriodOffset`: 0 to 27 days (only for monthly payments; 0 for the others). */
export const PAYABLE_PERIOD_OFFSET_MAX = 27;

/** One future-dated configuration of `PUT /interest/v1/accounts/{accountId}/future-configurations`. */
export interface FutureInterestConfiguration {
  interestConfigurationId: string;
  /** `format: date`, YYYY-MM-DD: the configuration applies from the start of that UK day. */
  effectiveFrom: string;
}

export const SAVINGS_MESSAGES = {
  effectiveFromNotFuture:
    'effectiveFrom must be a date after today (UK): a configuration for today is set with POST .../configurations.',
  effectiveFromTwice:
    'effectiveFrom must differ from every other configuration of the list: two start on this date.',
} as const;

/**
 * The rules of a future-dated configuration list that read the clock: each `effectiveFrom` after today in the
 * UK ("scheduled to come into effect after today"; today's change is the POST), and no two on one date (the
 * account could not be on both). A null or empty list has nothing to judge: it replaces the future ones with
 * none. Errors are reported on `interestConfigurations.<index>.effectiveFrom`.
 */
export function futureConfigurationErrors(
  configurations: readonly FutureInterestConfiguration[] | null | undefined,
  now: Date,
): FieldErrors {
  const errors: FieldErrors = {};
  const today = ukDateOf(now, 'now');
  const seen = new Set<string>();
  (configurations ?? []).forEach(({ effectiveFrom }, index) => {
    const problems: string[] = [];
    if (effectiveFrom <= today) problems.push(SAVINGS_MESSAGES.effectiveFromNotFuture);
    if (seen.has(effectiveFrom)) problems.push(SAVINGS_MESSAGES.effectiveFromTwice);
    seen.add(effectiveFrom);
    if (problems.length > 0) errors[`interestConfigurations.${index}.effectiveFrom`] = problems;
  });
  return errors;
}

/** An interest tier's balance range as an interest configuration states it (pounds; `toAmount` null: no limit). */
export interface TierRange {
  fromAmount: string | number;
  toAmount?: string | number | null;
}

export const TIERS_MESSAGE =
  'tiers must not overlap: each toAmount above its fromAmount, each tier starting at or above the previous toAmount (ordered by fromAmount), and only the highest without a toAmount.';

/**
 * Whether an interest configuration's tiers are ranges that do not overlap (the interest configuration guide's
 * tier table: "£0.00 - £1,000.00", "£1,000.01 - £5,000.00", ...). A tier may start where the one below ends.
 */
export function tiersDoNotOverlap(tiers: readonly TierRange[]): boolean {
  const sorted = [...tiers].sort((a, b) => new MoneyDecimal(a.fromAmount).comparedTo(b.fromAmount));
  return sorted.every((tier, index) => {
    const to = tier.toAmount ?? null;
    if (to === null) return index === sorted.length - 1;
    const next = sorted[index + 1];
    return (
      new MoneyDecimal(to).gt(tier.fromAmount) &&
      (next === undefined || new MoneyDecimal(next.fromAmount).gte(to))
    );
  });
}
