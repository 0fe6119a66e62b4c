import type { NameCheckOutcome } from '../name-checks/outcome.js';

/**
 * A payment's state machine, pure: which statuses exist, their order, and what a transition writes. Every
 * move goes strictly up the order, so the 202 and the webhooks may arrive in any order, a late `Accepted`
 * never moves a `Settled` payment back, and a duplicate changes nothing.
 */

/** The per-instruction answers of a 202 other than `Accepted`: the bank refused that credit transfer. */
export const REFUSAL_RESPONSES = [
  'InsufficientFunds',
  'InvalidAccount',
  'InvalidCurrency',
  'Rejected',
  'DebitPaymentDisabled',
  'InvalidInstructionIdentification',
] as const;
export type RefusalResponse = (typeof REFUSAL_RESPONSES)[number];

export type PaymentStatus =
  | 'Submitted'
  | 'Accepted'
  | RefusalResponse
  /** The bank refused the whole request (a 4xx): nothing was instructed. */
  | 'Refused'
  | 'Settled'
  | 'ValidationFailed'
  | 'AssessmentFailed';

/** The order of the statuses: a transition only ever goes to a higher rank. */
const RANK: Record<PaymentStatus, number> = {
  Submitted: 0,
  Accepted: 1,
  InsufficientFunds: 2,
  InvalidAccount: 2,
  InvalidCurrency: 2,
  DebitPaymentDisabled: 2,
  InvalidInstructionIdentification: 2,
  Refused: 2,
  // Final: what the scheme did with it (TransactionRejected and a 202 `Rejected` are one status).
  Rejected: 3,
  Settled: 3,
  ValidationFailed: 3,
  AssessmentFailed: 3,
};

/** Every status, in rank order (the event schemas list them). */
export const PAYMENT_STATUSES = Object.keys(RANK) as PaymentStatus[];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

/** A payment that ended refused or rejected never moved money: its end-to-end id may be claimed again. */
export function isClaimable(status: PaymentStatus): boolean {
  return RANK[status] >= 2 && status !== 'Settled';
}

export type Direction = 'Outbound' | 'Inbound';

/** The result of the bank's abusive-message screening, from a webhook's `SupplementaryData`. */
export interface Screening {
  /** `Pass`, `Fail`, or `absent` when SupplementaryData carried no result. */
  result: string;
  /** On `Fail`, the path of the reference that was emptied. */
  identifiers?: string;
}

export interface Transition {
  /** Stable per record generation and status: consumers deduplicate events on it. */
  transitionId: string;
  /** Null when the transition created the record. */
  from: PaymentStatus | null;
  to: PaymentStatus;
  at: string;
  /** `claim`, `202`, the whole-request status (`400`...) or the key of the webhook that moved it. */
  cause: string;
  screening?: Screening;
}

/** What the gateway knows of one payment, by end-to-end id; account identifications are masked. */
export interface PaymentRecord {
  endToEndId: string;
  status: PaymentStatus;
  scheme: 'FPS';
  direction: Direction;
  /** Decimal text, as written by the caller or the bank. */
  amount?: string;
  currency?: string;
  /** Last four characters only (`****1234`). */
  debtorAccount?: string;
  creditorAccount?: string;
  instructionIdentification?: string;
  /** The payee name check made with this end-to-end id, as it stood when the payment was claimed. */
  nameCheck?: NameCheckOutcome;
  /** The X-Request-Id of the request that claimed it (absent when a webhook created it). */
  requestId?: string;
  /** Counts claims: a re-claim after a refusal starts a new generation. */
  generation: number;
  createdAt: string;
  updatedAt: string;
  history: Transition[];
}

/** Facts about a payment from a request or a webhook (any of them may be missing). */
export type PaymentFacts = Partial<
  Pick<
    PaymentRecord,
    'amount' | 'currency' | 'debtorAccount' | 'creditorAccount' | 'instructionIdentification' | 'nameCheck'
  >
>;

export interface Change {
  to: PaymentStatus;
  at: Date;
  cause: string;
  screening?: Screening;
}

export function transitionIdOf(endToEndId: string, generation: number, to: PaymentStatus): string {
  return `${endToEndId}/${generation}/${to}`;
}

function entry(
  record: Pick<PaymentRecord, 'endToEndId' | 'generation'>,
  from: PaymentStatus | null,
  change: Change,
): Transition {
  return {
    transitionId: transitionIdOf(record.endToEndId, record.generation, change.to),
    from,
    to: change.to,
    at: change.at.toISOString(),
    cause: change.cause,
    ...(change.screening && { screening: change.screening }),
  };
}

/** A new record whose first transition (from null) is `change`. */
export function createdRecord(
  endToEndId: string,
  direction: Direction,
  facts: PaymentFacts,
  change: Change,
  requestId?: string,
): PaymentRecord {
  const base = { endToEndId, generation: 1 };
  return {
    endToEndId,
    status: change.to,
    scheme: 'FPS',
    direction,
    ...definedOnly(facts),
    ...(requestId !== undefined && { requestId }),
    generation: 1,
    createdAt: change.at.toISOString(),
    updatedAt: change.at.toISOString(),
    history: [entry(base, null, change)],
  };
}

/** The record after `change`, or undefined when it would not move it up (a duplicate, or a late answer). */
export function applyChange(record: PaymentRecord, change: Change): PaymentRecord | undefined {
  if (RANK[change.to] <= RANK[record.status]) return undefined;
  return {
    ...record,
    status: change.to,
    updatedAt: change.at.toISOString(),
    history: [...record.history, entry(record, record.status, change)],
  };
}

/** A claimable record taken by a new request: a new generation, `Submitted`, its history kept. */
export function reclaimedRecord(
  record: PaymentRecord,
  facts: PaymentFacts,
  requestId: string,
  at: Date,
): PaymentRecord {
  // A name check belongs to the claim that read it: a new claim carries its own or none.
  const { nameCheck: _earlierCheck, ...kept } = record;
  const next = { ...kept, ...definedOnly(facts), requestId, generation: record.generation + 1 };
  const change: Change = { to: 'Submitted', at, cause: 'claim' };
  return {
    ...next,
    status: 'Submitted',
    direction: 'Outbound',
    updatedAt: at.toISOString(),
    history: [...record.history, entry(next, record.status, change)],
  };
}

/** The transition this cause already wrote (a redelivered webhook finds its own work done). */
export function appliedBy(record: PaymentRecord, cause: string, to: PaymentStatus): Transition | undefined {
  return record.history.find((transition) => transition.cause === cause && transition.to === to);
}

/** `****` and the last four characters: never a full account number. */
export function maskAccount(identification: string | undefined): string | undefined {
  if (identification === undefined || identification === '') return undefined;
  const compact = identification.replace(/\s+/g, '');
  return `****${compact.length > 4 ? compact.slice(-4) : ''}`;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
