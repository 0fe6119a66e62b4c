import type { Decimal } from 'decimal.js';
import { dayOfWeek, type LocalDate } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';

/**
 * The arithmetic of savings interest (the interest configuration guide and `savings-interest-config-v1.json`),
 * plain functions on decimal.js values only, never JS floats:
 *
 * - a day's interest is the day's end balance at the tiers' gross annual rates over the days of that day's
 *   year: ACT/365, ACT/366 in a leap year (the simulator's choice; the reference names no day count);
 * - `Whole`: the whole balance earns the rate of the tier it falls into; `Segregated`: each part of the
 *   balance earns the rate of its tier (the guide's £7,500: 1,000 at 3%, 4,000 at 4%, 2,500 at 4.75%);
 * - accruals are kept unrounded; a payment rounds their sum to pence with the configuration's algorithm
 *   (`ToEven` half to even, `Truncate` towards zero) and the fraction left is carried to the next period when
 *   `doUnpaidAccrualFractionsRollover` is set with `Truncate` (the reference: "available when the rounding
 *   algorithm is set to 'Truncate'"), else dropped.
 */

export type PayablePeriod = 'Daily' | 'Weekly' | 'Monthly' | 'Quarterly' | 'Biannual' | 'Annual';
export type TierBalanceAllocation = 'Whole' | 'Segregated';
export type RoundingAlgorithm = 'ToEven' | 'Truncate';

/** A tier as the accrual needs it: its balance range in pounds and its gross annual rate in percent. */
export interface RateTier {
  fromAmount: Decimal;
  /** Inclusive; null: no upper limit. */
  toAmount: Decimal | null;
  grossRate: Decimal;
}

const ZERO = new MoneyDecimal(0);
const HUNDRED = new MoneyDecimal(100);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 365, or 366 for a day of a leap year. */
export function daysInYearOf(date: LocalDate): 365 | 366 {
  return isLeapYear(Number(date.slice(0, 4))) ? 366 : 365;
}

/** Tiers in order of their lower bound. */
function ordered(tiers: readonly RateTier[]): RateTier[] {
  return [...tiers].sort((a, b) => a.fromAmount.comparedTo(b.fromAmount));
}

/**
 * Where each tier starts: the previous tier's `toAmount` when there is one (the guide writes the ranges as
 * "£0.00 - £1,000.00", "£1,000.01 - £5,000.00": the second tier holds what is above 1,000.00), else its own
 * `fromAmount`.
 */
function lowerBounds(tiers: readonly RateTier[]): Decimal[] {
  return tiers.map((tier, index) => tiers[index - 1]?.toAmount ?? tier.fromAmount);
}

/** The parts of the balance and the rate each earns (percent); nothing for a balance at or below zero. */
export function allocateBalance(
  balance: Decimal,
  tiers: readonly RateTier[],
  allocation: TierBalanceAllocation,
): { amount: Decimal; grossRate: Decimal }[] {
  if (balance.lte(0) || tiers.length === 0) return [];
  const sorted = ordered(tiers);
  const lower = lowerBounds(sorted);
  if (allocation === 'Whole') {
    // The tier whose range holds the balance: above its lower bound, up to and including its upper one.
    const index = sorted.findIndex(
      (tier, i) => balance.gt(lower[i] as Decimal) && (tier.toAmount === null || balance.lte(tier.toAmount)),
    );
    // Above every upper limit: the highest tier; below every lower one: none.
    const chosen =
      index >= 0 ? sorted[index] : balance.gt(lower.at(-1) as Decimal) ? sorted.at(-1) : undefined;
    return chosen ? [{ amount: balance, grossRate: chosen.grossRate }] : [];
  }
  return sorted.flatMap((tier, i) => {
    const from = lower[i] as Decimal;
    const to = tier.toAmount === null ? balance : MoneyDecimal.min(balance, tier.toAmount);
    const amount = to.minus(from);
    return amount.gt(0) ? [{ amount, grossRate: tier.grossRate }] : [];
  });
}

/** One day's interest on the day's end balance, unrounded. */
export function dailyInterest(
  balance: Decimal,
  tiers: readonly RateTier[],
  allocation: TierBalanceAllocation,
  day: LocalDate,
): Decimal {
  const days = daysInYearOf(day);
  return allocateBalance(balance, tiers, allocation).reduce(
    (sum, part) => sum.plus(part.amount.times(part.grossRate).dividedBy(HUNDRED).dividedBy(days)),
    ZERO,
  );
}

/** The sum rounded to pence by the configuration's algorithm. */
export function roundInterest(total: Decimal, algorithm: RoundingAlgorithm): Decimal {
  return total.toDecimalPlaces(
    2,
    algorithm === 'Truncate' ? MoneyDecimal.ROUND_DOWN : MoneyDecimal.ROUND_HALF_EVEN,
  );
}

/**
 * What a payment pays of the interest accrued and not paid, and what is carried to the next period: the
 * fraction below a penny when it rolls over, nothing otherwise.
 */
export function settleAccrued(
  total: Decimal,
  algorithm: RoundingAlgorithm,
  rollover: boolean,
): { paid: Decimal; carried: Decimal } {
  const paid = roundInterest(total, algorithm);
  const carried = rollover && algorithm === 'Truncate' ? total.minus(paid) : ZERO;
  return { paid, carried };
}

/**
 * Whether interest is paid at the start of `date` (UK), for the days accrued before it. Monthly: on the 1st
 * of each month (the reference's "paid by default on the 1st of each month"), `offset` days later when set,
 * so a month's interest is paid once its last day is accrued. Weekly on Mondays; quarterly, biannually and
 * annually on the 1st of January (and April, July, October; and July). Daily: every day.
 */
export function isPaymentDate(period: PayablePeriod, offset: number, date: LocalDate): boolean {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  switch (period) {
    case 'Daily':
      return true;
    case 'Weekly':
      return dayOfWeek(date) === 1;
    case 'Monthly':
      return day === 1 + offset;
    case 'Quarterly':
      return day === 1 && [1, 4, 7, 10].includes(month);
    case 'Biannual':
      return day === 1 && [1, 7].includes(month);
    case 'Annual':
      return day === 1 && month === 1;
  }
}

const PERIODS_PER_YEAR: Record<PayablePeriod, number> = {
  Daily: 365,
  Weekly: 52,
  Monthly: 12,
  Quarterly: 4,
  Biannual: 2,
  Annual: 1,
};

/** The reference's AER: (1 + r/n)^n − 1, r the gross rate as a fraction, in percent to 8 decimal places. */
export function aerOf(grossRate: Decimal, period: PayablePeriod): Decimal {
  const n = PERIODS_PER_YEAR[period];
  const rate = grossRate.dividedBy(HUNDRED);
  return rate
    .dividedBy(n)
    .plus(1)
    .pow(n)
    .minus(1)
    .times(HUNDRED)
    .toDecimalPlaces(8, MoneyDecimal.ROUND_HALF_EVEN);
}

/** The reference's gross rate: the base rate less the ClearBank margin and the institution's share. */
export function grossRateOf(
  interestRate: Decimal,
  percentPayable: Decimal,
  clearbankMargin: Decimal,
): Decimal {
  return interestRate.minus(clearbankMargin).minus(percentPayable);
}
