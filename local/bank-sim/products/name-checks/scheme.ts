import { jaroWinkler } from '@skyra/jaro-winkler';
import { type LegalOwnerType, parseOwnerName } from '#shared/domain/name-check-rules.js';
import { parseUkBban } from '#shared/domain/iban.js';
import {
  NAME_CHECK_REASON_CODES,
  type NameCheckReasonCode,
} from '#shared/operations/name-checks/reason-codes.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { book } from '../sterling-accounts/accounts.js';

export interface NameCheckConfig {
  /** Jaro-Winkler similarity (0 to 1) from which a name that is not equal is a close match. */
  closeMatchThreshold: number;
}

/** A bank that answers name checks for its sort code. */
export interface Participant {
  name: string;
  registrationId: string;
  /** false: the call to it fails (424). */
  available: boolean;
  /** true: it answers after the scheme's time limit (`ResponseWithinSla` false). */
  answersLate: boolean;
}

export type PayeeStatus = 'Active' | 'OptedOut' | 'Switched' | 'NotSupported';

/** An account at another bank, as that bank would answer for it. */
export interface Payee {
  name: string;
  legalOwnerType: LegalOwnerType;
  status: PayeeStatus;
  /** The secondary reference (e.g. a roll number) without which the account cannot be identified. */
  secondaryReference?: string;
}

export interface NameCheckRequest {
  Identification: string;
  LegalOwnerType: LegalOwnerType;
  OwnerName: string;
  SecondaryIdentification?: string | null;
}

export interface VerificationReport {
  Matched: boolean;
  Name?: string;
  ReasonCode?: NameCheckReasonCode;
  ReasonCodeDescription?: string;
  MatchedBank: string;
  ResponseWithinSla: boolean;
  LegalOwnerType?: LegalOwnerType;
  ResponderRegistrationId?: string;
}

/** The scheme's defaults; `PATCH /__sim/name-checks/config` changes them per simulator. */
export const DEFAULT_NAME_CHECK_CONFIG: NameCheckConfig = { closeMatchThreshold: 0.9 };

const seedParticipants: Record<string, Participant> = {
  '200000': { name: 'Northgate Bank', registrationId: 'NGB-0001', available: true, answersLate: false },
  '300000': {
    name: 'Lakeside Building Society',
    registrationId: 'LBS-0001',
    available: true,
    answersLate: true,
  },
  '400000': { name: 'Harbour Bank', registrationId: 'HBR-0001', available: false, answersLate: false },
};

const seedPayees: Record<string, Payee> = {
  '20000012345678': { name: 'Jane Smith', legalOwnerType: 'Personal', status: 'Active' },
  '20000087654321': { name: 'Acme Widgets Ltd', legalOwnerType: 'Business', status: 'Active' },
  '20000011112222': {
    name: 'Robert Brown',
    legalOwnerType: 'Personal',
    status: 'Active',
    secondaryReference: 'ROLL-42',
  },
  '20000033334444': { name: 'Alice Green', legalOwnerType: 'Personal', status: 'OptedOut' },
  '20000055556666': { name: 'Tom White', legalOwnerType: 'Personal', status: 'Switched' },
  '20000077778888': { name: 'Pooled Savings Ltd', legalOwnerType: 'Business', status: 'NotSupported' },
  '30000012345678': { name: 'Sam Taylor', legalOwnerType: 'Personal', status: 'Active' },
};

/** The scheme as the simulator sees it: other banks by sort code, their accounts, and this bank's opt-outs. */
export const nameCheckState = defineState('name-checks', () => ({
  config: { ...DEFAULT_NAME_CHECK_CONFIG },
  participants: new Map(Object.entries(seedParticipants).map(([code, p]) => [code, { ...p }])),
  payees: new Map(Object.entries(seedPayees).map(([id, p]) => [id, { ...p }])),
  /** This bank's own accounts (real or virtual, by id) opted out of answering checks, with the reason. */
  optOuts: new Map<string, string>(),
}));

// --- Matching (pure) -------------------------------------------------------------------------------------------

const SALUTATIONS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev']);

/** Lower case, accents and punctuation removed, spaces collapsed, a leading salutation dropped. */
export function normaliseName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  if (words.length > 1 && SALUTATIONS.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** The name a check asks about: the full name, or the forenames and surname of the structured form. */
function askedName(request: NameCheckRequest): string {
  const owner = parseOwnerName(request.OwnerName, request.LegalOwnerType);
  return owner.form === 'unstructured' ? owner.fullName : `${owner.forenames} ${owner.surname}`;
}

export type NameSimilarity = 'equal' | 'close' | 'different';

export function compareNames(asked: string, registered: string, threshold: number): NameSimilarity {
  const a = normaliseName(asked);
  const b = normaliseName(registered);
  if (a === b) return 'equal';
  return jaroWinkler(a, b) >= threshold ? 'close' : 'different';
}

/** The outcome for an account found and able to answer: the name and the legal owner type compared. */
export function matchOutcome(
  request: NameCheckRequest,
  payee: Pick<Payee, 'name' | 'legalOwnerType'>,
  threshold: number,
): Pick<VerificationReport, 'Matched' | 'Name' | 'ReasonCode' | 'LegalOwnerType'> {
  const similarity = compareNames(askedName(request), payee.name, threshold);
  if (similarity === 'different') return { Matched: false, ReasonCode: 'ANNM' };
  const sameType = request.LegalOwnerType === payee.legalOwnerType;
  if (similarity === 'equal' && sameType) return { Matched: true };
  const code: NameCheckReasonCode = sameType
    ? 'MBAM'
    : payee.legalOwnerType === 'Business'
      ? similarity === 'equal'
        ? 'BANM'
        : 'BAMM'
      : similarity === 'equal'
        ? 'PANM'
        : 'PAMM';
  return {
    Matched: false,
    ReasonCode: code,
    // The registered name is given back on a close match only: on an equal one the payer has it already.
    ...(similarity === 'close' && { Name: payee.name }),
    ...(!sameType && { LegalOwnerType: payee.legalOwnerType }),
  };
}

/** What the responding bank answers for one of its accounts (found or not), before the bank names are added. */
export function answerFor(
  request: NameCheckRequest,
  payee: Payee | undefined,
  threshold: number,
): Pick<VerificationReport, 'Matched' | 'Name' | 'ReasonCode' | 'LegalOwnerType'> {
  if (payee === undefined) return { Matched: false, ReasonCode: 'AC01' };
  if (payee.status === 'Switched') return { Matched: false, ReasonCode: 'CASS' };
  if (payee.status === 'OptedOut') return { Matched: false, ReasonCode: 'OPTO' };
  if (payee.status === 'NotSupported') return { Matched: false, ReasonCode: 'ACNS' };
  if (
    payee.secondaryReference !== undefined &&
    (request.SecondaryIdentification ?? '').trim() !== payee.secondaryReference
  ) {
    return { Matched: false, ReasonCode: 'IVCR' };
  }
  return matchOutcome(request, payee, threshold);
}

export function report(
  outcome: ReturnType<typeof answerFor>,
  bank: { name: string; registrationId?: string; answersLate?: boolean },
): VerificationReport {
  return {
    ...outcome,
    ...(outcome.ReasonCode !== undefined && {
      ReasonCodeDescription: NAME_CHECK_REASON_CODES[outcome.ReasonCode],
    }),
    MatchedBank: bank.name,
    ResponseWithinSla: !bank.answersLate,
    ...(bank.registrationId !== undefined && { ResponderRegistrationId: bank.registrationId }),
  };
}

// --- This bank as the responder ----------------------------------------------------------------------------------

/**
 * One of this bank's own accounts (real, or enabled virtual) as a payee: its owner name and legal owner type;
 * `NotSupported` until the owner name, legal owner type and relationship type are all set (spec part 1,
 * "Name-check responder settings"); `OptedOut` when its holder opted out; undefined when no account has this
 * identification.
 */
export function ownPayee(state: SimState, identification: string): Payee | undefined {
  const accounts = state.get(book);
  const optOuts = state.get(nameCheckState).optOuts;
  const matches = (bban: string) => {
    const parsed = parseUkBban(bban);
    return parsed !== undefined && parsed.sortCode + parsed.accountNumber === identification;
  };
  const asPayee = (
    id: string,
    name: string,
    owner: { legalOwnerType?: LegalOwnerType; relationshipType?: string },
  ): Payee => ({
    name,
    legalOwnerType: owner.legalOwnerType ?? 'Personal',
    status: optOuts.has(id)
      ? 'OptedOut'
      : owner.legalOwnerType === undefined || owner.relationshipType === undefined || name === ''
        ? 'NotSupported'
        : 'Active',
  });
  for (const account of accounts.real.values()) {
    if (account.status !== 'Closed' && matches(account.bban))
      return asPayee(account.id, account.label, account);
  }
  for (const virtual of accounts.virtual.values()) {
    if (virtual.status === 'Enabled' && matches(virtual.bban))
      return asPayee(virtual.id, virtual.name, virtual);
  }
  return undefined;
}
