import type { Decimal } from 'decimal.js';
import type { LocalDate } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import type { ClosureReason, ClosureStatus, NominatedIdentifierKind } from '#shared/domain/savings-rules.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { customers as retailCustomers } from '../customers/product.js';
import { accountHolderOfInstitution, holderName } from '../customers-v2/graph.js';
import { nominatedRelatedAccount } from '../sterling-extras/product.js';

/**
 * The savings side of a savings account (the sterling book holds the account itself, `kind: 'Savings'`): its
 * holders, its interest configurations (current, future-dated, past), the interest accrued and not yet paid,
 * its legacy nominated account and its closure.
 */

export interface Assignment {
  interestConfigurationId: string;
  effectiveFrom: LocalDate;
}

export interface NominatedAccount {
  identifier: string;
  identifierKind: NominatedIdentifierKind;
  ownerName: string;
  createdDateTime: string;
  modifiedDateTime: string;
}

export interface Closure {
  status: ClosureStatus;
  reason: ClosureReason | null;
  failureReasons: string[];
}

export interface SavingsAccount {
  accountId: string;
  institutionId: string;
  productId: string;
  customerIds: string[];
  /** The UK day it opened: interest accrues from that day's end balance on. */
  openedOn: LocalDate;
  current: Assignment | null;
  /** In date order. */
  future: Assignment[];
  /** Most recent first. */
  past: Assignment[];
  /** Accrued and not paid, unrounded (with any fraction rolled over). */
  accrued: Decimal;
  /** The first day of the accrual period not yet paid. */
  accruedFrom: LocalDate;
  lastAccrued: LocalDate | null;
  /** Set with the legacy `PUT .../nominated-account`. */
  nominated: NominatedAccount | null;
  closure: Closure;
}

export interface SavingsConfig {
  /** Simulated milliseconds from a closure request to its outcome. */
  closureDelayMs: number;
}

export const DEFAULT_SAVINGS_CONFIG: Readonly<SavingsConfig> = { closureDelayMs: 60_000 };

export const savings = defineState('savings', () => ({
  accounts: new Map<string, SavingsAccount>(),
  config: { ...DEFAULT_SAVINGS_CONFIG },
  /** When the daily interest run is waiting on the clock (one for the whole bank). */
  nextRunAt: null as string | null,
}));

export function newSavingsAccount(
  fields: Pick<SavingsAccount, 'accountId' | 'institutionId' | 'productId' | 'customerIds' | 'openedOn'>,
  interestConfigurationId: string | undefined,
): SavingsAccount {
  return {
    ...fields,
    current:
      interestConfigurationId === undefined
        ? null
        : { interestConfigurationId: interestConfigurationId.toLowerCase(), effectiveFrom: fields.openedOn },
    future: [],
    past: [],
    accrued: new MoneyDecimal(0),
    accruedFrom: fields.openedOn,
    lastAccrued: null,
    nominated: null,
    closure: { status: 'None', reason: null, failureReasons: [] },
  };
}

// --- Holders ---------------------------------------------------------------------------------------------------

export interface Holder {
  customerId: string;
  /** Retail: a person (v1 retail customer or v2 Retail); Business: a v2 sole trader or legal entity. */
  kind: 'Retail' | 'Business';
  name: string;
}

/**
 * The institution's customer who may hold a savings account, or undefined: a v1 retail customer
 * (`products/customers`) or a v2 account holder (`products/customers-v2`: retail, sole trader, legal entity).
 * The one place savings accounts look customers up.
 */
export function savingsHolder(
  state: SimState,
  institutionId: string,
  customerId: string,
): Holder | undefined {
  const v1 =
    state.get(retailCustomers).get(customerId) ?? state.get(retailCustomers).get(customerId.toLowerCase());
  if (v1?.institutionId === institutionId) {
    const name = [v1.firstName, v1.middleName, v1.surname].filter(Boolean).join(' ');
    return { customerId, kind: 'Retail', name };
  }
  const v2 = accountHolderOfInstitution(state, institutionId, customerId);
  if (!v2) return undefined;
  return { customerId, kind: v2.type === 'Retail' ? 'Retail' : 'Business', name: holderName(v2) };
}

// --- Nominated account ---------------------------------------------------------------------------------------

/**
 * The account's nominated account: the legacy one (`PUT .../nominated-account`) or the related account of
 * type Nominated (`POST .../related-accounts`), whichever was set or changed last.
 */
export function nominatedAccountOf(state: SimState, account: SavingsAccount): NominatedAccount | undefined {
  const related = nominatedRelatedAccount(state, account.accountId);
  const fromRelated: NominatedAccount | undefined = related && {
    ...(related.identifiers.iban !== undefined
      ? { identifier: related.identifiers.iban, identifierKind: 'IBAN' as const }
      : related.identifiers.bban !== undefined
        ? { identifier: related.identifiers.bban, identifierKind: 'BBAN' as const }
        : { identifier: related.identifiers.scan ?? '', identifierKind: 'SCAN' as const }),
    ownerName: related.ownerName,
    createdDateTime: related.createdDateTime,
    modifiedDateTime: related.modifiedDateTime,
  };
  if (!fromRelated) return account.nominated ?? undefined;
  if (!account.nominated) return fromRelated;
  return Date.parse(fromRelated.modifiedDateTime) > Date.parse(account.nominated.modifiedDateTime)
    ? fromRelated
    : account.nominated;
}
