import type { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import {
  aerOf,
  allocateBalance,
  dailyInterest,
  daysInYearOf,
  isPaymentDate,
  type RateTier,
  roundInterest,
  settleAccrued,
} from '#sim/products/savings/interest.js';

const d = (value: string | number) => new MoneyDecimal(value);
/** The interest configuration guide's tiers. */
const GUIDE_TIERS: RateTier[] = [
  { fromAmount: d(0), toAmount: d(1000), grossRate: d(3) },
  { fromAmount: d(1000), toAmount: d(5000), grossRate: d(4) },
  { fromAmount: d(5000), toAmount: d(10000), grossRate: d('4.75') },
];
const text = (parts: { amount: Decimal; grossRate: Decimal }[]) =>
  parts.map((part) => [part.amount.toString(), part.grossRate.toString()]);

describe('savings interest arithmetic', () => {
  it('allocates £7,500 as the guide: Whole at 4.75%, Segregated 1,000 / 4,000 / 2,500', () => {
    expect(text(allocateBalance(d(7500), GUIDE_TIERS, 'Whole'))).toEqual([['7500', '4.75']]);
    expect(text(allocateBalance(d(7500), GUIDE_TIERS, 'Segregated'))).toEqual([
      ['1000', '3'],
      ['4000', '4'],
      ['2500', '4.75'],
    ]);
    // The guide's table form (1,000.01 - 5,000.00) allocates the same.
    const table = GUIDE_TIERS.map((tier, i) =>
      i === 0 ? tier : { ...tier, fromAmount: tier.fromAmount.plus('0.01') },
    );
    expect(text(allocateBalance(d(7500), table, 'Segregated'))).toEqual([
      ['1000', '3'],
      ['4000', '4'],
      ['2500', '4.75'],
    ]);
    expect(text(allocateBalance(d(1000), GUIDE_TIERS, 'Whole'))).toEqual([['1000', '3']]);
    expect(text(allocateBalance(d('1000.01'), GUIDE_TIERS, 'Whole'))).toEqual([['1000.01', '4']]);
    expect(allocateBalance(d(0), GUIDE_TIERS, 'Segregated')).toEqual([]);
    expect(allocateBalance(d(-5), GUIDE_TIERS, 'Whole')).toEqual([]);
  });

  it("accrues a day's interest exactly: ACT/365, ACT/366 in a leap year", () => {
    // Whole: 7,500 x 4.75% / 365; Segregated: (30 + 160 + 118.75) / 365.
    expect(dailyInterest(d(7500), GUIDE_TIERS, 'Whole', '2026-03-31').times(365).toString()).toBe('356.25');
    const segregated = dailyInterest(d(7500), GUIDE_TIERS, 'Segregated', '2026-01-31');
    expect(segregated.times(365).toDecimalPlaces(20).toString()).toBe('308.75');
    expect(segregated.toDecimalPlaces(10).toString()).toBe('0.845890411');
    expect(daysInYearOf('2028-02-29')).toBe(366);
    expect(daysInYearOf('2100-06-01')).toBe(365);
    expect(daysInYearOf('2000-06-01')).toBe(366);
    expect(
      dailyInterest(d(7500), GUIDE_TIERS, 'Segregated', '2028-12-31')
        .times(366)
        .toDecimalPlaces(20)
        .toString(),
    ).toBe('308.75');
  });

  it('sums a month across its end and a leap February without rounding', () => {
    const tiers = [{ fromAmount: d(0), toAmount: null, grossRate: d('3.65') }];
    let total = d(0);
    for (let day = 1; day <= 29; day++) {
      total = total.plus(dailyInterest(d(10000), tiers, 'Whole', `2028-02-${String(day).padStart(2, '0')}`));
    }
    // 10,000 x 3.65% x 29 / 366
    expect(total.toDecimalPlaces(12).toString()).toBe(
      d(10000).times('0.0365').times(29).dividedBy(366).toDecimalPlaces(12).toString(),
    );
    expect(roundInterest(total, 'ToEven').toString()).toBe('28.92');
  });

  it('rounds by the configuration: ToEven half to even, Truncate down', () => {
    expect(roundInterest(d('1.125'), 'ToEven').toString()).toBe('1.12');
    expect(roundInterest(d('1.135'), 'ToEven').toString()).toBe('1.14');
    expect(roundInterest(d('1.1299'), 'Truncate').toString()).toBe('1.12');
    expect(roundInterest(d('1.1299'), 'ToEven').toString()).toBe('1.13');
  });

  it('rolls the fraction below a penny over with Truncate and the flag, drops it otherwise', () => {
    const rolled = settleAccrued(d('1.12999'), 'Truncate', true);
    expect([rolled.paid.toString(), rolled.carried.toString()]).toEqual(['1.12', '0.00999']);
    const dropped = settleAccrued(d('1.12999'), 'Truncate', false);
    expect([dropped.paid.toString(), dropped.carried.toString()]).toEqual(['1.12', '0']);
    // Not paid yet (below a penny): carried whole.
    const small = settleAccrued(d('0.004'), 'Truncate', true);
    expect([small.paid.toString(), small.carried.toString()]).toEqual(['0', '0.004']);
    expect(settleAccrued(d('1.12999'), 'ToEven', true).carried.toString()).toBe('0');
  });

  it('pays on the schedule: monthly on the 1st (plus the offset), daily, weekly on Mondays', () => {
    expect(isPaymentDate('Monthly', 0, '2026-02-01')).toBe(true);
    expect(isPaymentDate('Monthly', 0, '2026-01-31')).toBe(false);
    expect(isPaymentDate('Monthly', 4, '2026-02-05')).toBe(true);
    expect(isPaymentDate('Daily', 0, '2026-01-17')).toBe(true);
    expect(isPaymentDate('Weekly', 0, '2026-01-12')).toBe(true);
    expect(isPaymentDate('Quarterly', 0, '2026-04-01')).toBe(true);
    expect(isPaymentDate('Annual', 0, '2026-04-01')).toBe(false);
  });

  it('computes the AER as the reference: (1 + r/n)^n - 1 to 8 places', () => {
    expect(aerOf(d('6.3'), 'Monthly').toString()).toBe('6.48513389');
    expect(aerOf(d('6.3'), 'Daily').toString()).toBe('6.50210494');
    expect(aerOf(d(5), 'Annual').toString()).toBe('5');
  });
});
