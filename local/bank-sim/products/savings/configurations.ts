import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { addDays, type LocalDate } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { defineState, type SimState } from '#sim/core/state.js';
import {
  aerOf,
  grossRateOf,
  type PayablePeriod,
  type RateTier,
  type RoundingAlgorithm,
  type TierBalanceAllocation,
} from './interest.js';

/**
 * Interest configurations: preset by the bank (the guide: "provided to you directly by a ClearBank contact"),
 * defined through `POST /__sim/interest/configurations`, three seeded. A configuration keeps its versions
 * (terms from a date); `GET /interest/v1/configurations/{id}?effectiveAt=` reads the one in effect then.
 */

export interface Tier extends RateTier {
  id: string;
  percentPayable: Decimal;
  clearbankMargin: Decimal;
  aer: Decimal;
}

export interface ConfigurationVersion {
  effectiveFrom: LocalDate;
  effectiveTo: LocalDate | null;
  timeStampCreated: string;
  timeStampModified: string | null;
  payablePeriod: PayablePeriod;
  payablePeriodOffset: number;
  payableAccountId: string | null;
  interestPaymentRoundingAlgorithm: RoundingAlgorithm;
  doUnpaidAccrualFractionsRollover: boolean;
  tierBalanceAllocation: TierBalanceAllocation;
  interestRate: Decimal;
  tiers: Tier[];
}

export interface InterestConfiguration {
  id: string;
  name: string | null;
  /** Oldest first; each ends the day before the next begins. */
  versions: ConfigurationVersion[];
}

/** The terms an admin gives (the GET-by-id shape; numbers as text or JSON numbers). */
export interface ConfigurationTerms {
  id?: string | undefined;
  name?: string | null | undefined;
  effectiveFrom?: LocalDate | undefined;
  payablePeriod: PayablePeriod;
  payablePeriodOffset?: number | undefined;
  payableAccountId?: string | null | undefined;
  interestPaymentRoundingAlgorithm: RoundingAlgorithm;
  doUnpaidAccrualFractionsRollover?: boolean | undefined;
  tierBalanceAllocation: TierBalanceAllocation;
  interestRate: string | number;
  tiers: {
    id?: string | undefined;
    fromAmount: string | number;
    toAmount?: string | number | null | undefined;
    percentPayable?: string | number | undefined;
    clearbankMargin?: string | number | undefined;
    /** Absent: interestRate less clearbankMargin and percentPayable (the reference's definition). */
    grossRate?: string | number | undefined;
    aer?: string | number | undefined;
  }[];
}

/** The seeded configurations' ids, for the demo and the tests. */
export const SEEDED_CONFIGURATIONS = {
  /** Easy access: 2.5% on the whole balance, paid monthly, pence truncated and fractions rolled over. */
  standard: '5a7d4c1e-2f3b-4c6d-8e9f-0a1b2c3d4e5f',
  /** The guide's tiers, segregated: 3% to £1,000, 4% to £5,000, 4.75% to £10,000, paid monthly, to even. */
  tiered: '6b8e5d2f-3a4c-4d7e-9f0a-1b2c3d4e5f60',
  /** An introductory 5% paid daily, truncated, fractions rolled over. */
  daily: '7c9f6e3a-4b5d-4e8f-8a1b-2c3d4e5f6071',
} as const;

const SEED_DATE = '2020-01-01';
const SEED_TIME = '2020-01-01T00:00:00.000Z';

function seeded(): Map<string, InterestConfiguration> {
  const all = new Map<string, InterestConfiguration>();
  const add = (terms: ConfigurationTerms & { id: string }) =>
    all.set(terms.id, { id: terms.id, name: terms.name ?? null, versions: [versionOf(terms, SEED_TIME)] });
  add({
    id: SEEDED_CONFIGURATIONS.standard,
    name: 'Easy Access Saver',
    effectiveFrom: SEED_DATE,
    payablePeriod: 'Monthly',
    interestPaymentRoundingAlgorithm: 'Truncate',
    doUnpaidAccrualFractionsRollover: true,
    tierBalanceAllocation: 'Whole',
    interestRate: 4,
    tiers: [{ fromAmount: 0, toAmount: null, percentPayable: 1.25, clearbankMargin: 0.25, grossRate: 2.5 }],
  });
  add({
    id: SEEDED_CONFIGURATIONS.tiered,
    name: 'Tiered Saver',
    effectiveFrom: SEED_DATE,
    payablePeriod: 'Monthly',
    interestPaymentRoundingAlgorithm: 'ToEven',
    doUnpaidAccrualFractionsRollover: false,
    tierBalanceAllocation: 'Segregated',
    interestRate: 5.5,
    tiers: [
      { fromAmount: 0, toAmount: 1000, grossRate: 3, percentPayable: 2.25, clearbankMargin: 0.25 },
      { fromAmount: 1000, toAmount: 5000, grossRate: 4, percentPayable: 1.25, clearbankMargin: 0.25 },
      { fromAmount: 5000, toAmount: 10000, grossRate: 4.75, percentPayable: 0.5, clearbankMargin: 0.25 },
    ],
  });
  add({
    id: SEEDED_CONFIGURATIONS.daily,
    name: 'Introductory Daily Saver',
    effectiveFrom: SEED_DATE,
    payablePeriod: 'Daily',
    interestPaymentRoundingAlgorithm: 'Truncate',
    doUnpaidAccrualFractionsRollover: true,
    tierBalanceAllocation: 'Whole',
    interestRate: 5.5,
    tiers: [{ fromAmount: 0, toAmount: null, percentPayable: 0.25, clearbankMargin: 0.25, grossRate: 5 }],
  });
  return all;
}

/** Every configuration the bank offers, by id (lower case). */
export const configurations = defineState('savings-interest-configurations', seeded);

const dec = (value: string | number | undefined | null, fallback = 0): Decimal =>
  new MoneyDecimal(value ?? fallback);

function versionOf(terms: ConfigurationTerms, now: string): ConfigurationVersion {
  const interestRate = dec(terms.interestRate);
  const tiers = terms.tiers.map((tier) => {
    const percentPayable = dec(tier.percentPayable);
    const clearbankMargin = dec(tier.clearbankMargin);
    const grossRate =
      tier.grossRate === undefined
        ? grossRateOf(interestRate, percentPayable, clearbankMargin)
        : dec(tier.grossRate);
    return {
      id: tier.id ?? randomUUID(),
      fromAmount: dec(tier.fromAmount),
      toAmount: tier.toAmount === undefined || tier.toAmount === null ? null : dec(tier.toAmount),
      percentPayable,
      clearbankMargin,
      grossRate,
      aer: tier.aer === undefined ? aerOf(grossRate, terms.payablePeriod) : dec(tier.aer),
    };
  });
  return {
    effectiveFrom: terms.effectiveFrom ?? SEED_DATE,
    effectiveTo: null,
    timeStampCreated: now,
    timeStampModified: null,
    payablePeriod: terms.payablePeriod,
    // The reference: only a monthly period takes an offset; "for other payment frequencies it will be 0".
    payablePeriodOffset: terms.payablePeriod === 'Monthly' ? (terms.payablePeriodOffset ?? 0) : 0,
    payableAccountId: terms.payableAccountId ?? null,
    interestPaymentRoundingAlgorithm: terms.interestPaymentRoundingAlgorithm,
    doUnpaidAccrualFractionsRollover: terms.doUnpaidAccrualFractionsRollover ?? false,
    tierBalanceAllocation: terms.tierBalanceAllocation,
    interestRate,
    tiers,
  };
}

/**
 * Defines a configuration, or new terms of an existing one from `effectiveFrom` (default `today`): the
 * version in effect before ends the day before; versions from that date on are replaced.
 */
export function defineConfiguration(
  state: SimState,
  terms: ConfigurationTerms,
  today: LocalDate,
  now: Date,
): InterestConfiguration {
  const all = state.get(configurations);
  const id = (terms.id ?? randomUUID()).toLowerCase();
  const version = versionOf({ ...terms, effectiveFrom: terms.effectiveFrom ?? today }, now.toISOString());
  const existing = all.get(id);
  if (!existing) {
    const created = { id, name: terms.name ?? null, versions: [version] };
    all.set(id, created);
    return created;
  }
  if (terms.name !== undefined) existing.name = terms.name;
  const kept = existing.versions.filter((other) => other.effectiveFrom < version.effectiveFrom);
  const previous = kept.at(-1);
  if (previous) {
    previous.effectiveTo = addDays(version.effectiveFrom, -1);
    previous.timeStampModified = now.toISOString();
  }
  existing.versions = [...kept, version];
  return existing;
}

export function configurationById(state: SimState, id: string): InterestConfiguration | undefined {
  return state.get(configurations).get(id.toLowerCase());
}

/** The version in effect on `date` (UK); versions that start later are never answered. */
export function versionOn(
  configuration: InterestConfiguration,
  date: LocalDate,
): ConfigurationVersion | undefined {
  return configuration.versions.filter((version) => version.effectiveFrom <= date).at(-1);
}

/** `GET /interest/v1/configurations/{id}`'s item, numbers as JSON numbers. */
export function representVersion(configuration: InterestConfiguration, version: ConfigurationVersion) {
  return {
    id: configuration.id,
    payablePeriod: version.payablePeriod,
    ...(version.payableAccountId !== null && { payableAccountId: version.payableAccountId }),
    effectiveFrom: version.effectiveFrom,
    effectiveTo: version.effectiveTo,
    timeStampCreated: version.timeStampCreated,
    timeStampModified: version.timeStampModified,
    payablePeriodOffset: version.payablePeriodOffset,
    interestPaymentRoundingAlgorithm: version.interestPaymentRoundingAlgorithm,
    doUnpaidAccrualFractionsRollover: version.doUnpaidAccrualFractionsRollover,
    tierBalanceAllocation: version.tierBalanceAllocation,
    interestRate: version.interestRate.toNumber(),
    tiers: version.tiers.map((tier) => ({
      id: tier.id,
      fromAmount: tier.fromAmount.toNumber(),
      toAmount: tier.toAmount === null ? null : tier.toAmount.toNumber(),
      percentPayable: tier.percentPayable.toNumber(),
      clearbankMargin: tier.clearbankMargin.toNumber(),
      grossRate: tier.grossRate.toNumber(),
      aer: tier.aer.toNumber(),
    })),
  };
}
