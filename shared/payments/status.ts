import type { NameCheckOutcome } from '../name-checks/outcome.js';

/**
 * A payment's state machine, pure: which statuses exist, their order, and what a transition writes. Every
 * move goes strictly up the order, so the 202 and the webhooks may arrive in any order, a late `Accepted`
 * never moves a `Settled` payment back, and a duplicate changes nothing. The exceptions are conflicts: a
 * final outcome that contradicts the one already recorded (settled against not) is written too, and a hold
 * told after the outcome is kept in the history without moving the status back (`applyChange`).
 */

/**
 * The per-instruction answers of a 202 other than `Accepted`: the bank refused that credit transfer
 * (`AccountDisabled` only in the single payment's answer).
 */
export const REFUSAL_RESPONSES = [
  'AccountDisabled',
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
  /**
   * Sent, but the bank's answer was lost (no answer, or "already processed" that a read-back could not
   * place): the bank may or may not have made the payment, until a webhook, a retry's 202 or a read-back says.
   */
  | 'OutcomeUnknown'
  | 'Accepted'
  /**
   * The bank holds it for compliance (UK financial sanctions) until it decides: released, it settles;
   * declined, it is rejected (outbound) or its funds go back to the remitting bank (inbound). Not final.
   */
  | 'Held'
  | RefusalResponse
  /** The bank refused the whole request (a 4xx): nothing was instructed. */
  | 'Refused'
  | 'Settled'
  | 'ValidationFailed'
  | 'AssessmentFailed';

/** The order of the statuses: a transition only ever goes to a higher rank. */
const RANK: Record<PaymentStatus, number> = {
  Submitted: 0,
  OutcomeUnknown: 1,
  Accepted: 2,
  // Made, then stopped by the bank for compliance: above a late 202, below what the bank decides.
  Held: 3,
  // Final, refused: the bank made nothing of it.
  AccountDisabled: 4,
  InsufficientFunds: 4,
  InvalidAccount: 4,
  InvalidCurrency: 4,
  DebitPaymentDisabled: 4,
  InvalidInstructionIdentification: 4,
  Refused: 4,
  // Final: what the scheme did with it (TransactionRejected and a 202 `Rejected` are one status).
  Rejected: 5,
  Settled: 5,
  ValidationFailed: 5,
  AssessmentFailed: 5,
};

/** Every status, in rank order (the event schemas list them). */
export const PAYMENT_STATUSES = Object.keys(RANK) as PaymentStatus[];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

/** A status the bank gives as the payment's outcome: refused, or what the scheme did with it. */
export function isFinal(status: PaymentStatus): boolean {
  return RANK[status] >= RANK.Refused;
}

/**
 * A payment that ended refused or rejected never moved money: its end-to-end id may be claimed again. One this
 * generation ever reported `Settled` may have moved it, whatever came after (a conflicting rejection is the
 * latest status, `applyChange`): it is never claimed again, so it can never be sent twice.
 */
export function isClaimable(
  record: Pick<PaymentRecord, 'status' | 'endToEndId' | 'generation' | 'history'>,
): boolean {
  return isFinal(record.status) && record.status !== 'Settled' && !hasReached(record, 'Settled');
}

export type Direction = 'Outbound' | 'Inbound';

/**
 * The scheme a payment went by: Faster Payments, CHAPS (customer, bank-to-bank and return payments), or the
 * bank's GBP Cross-Border product (a pacs.008 over CHAPS, its settlement's `TransactionSource`
 * `Cross Border GBP`).
 */
export const PAYMENT_SCHEMES = ['FPS', 'CHAPS', 'CrossBorder'] as const;
export type PaymentScheme = (typeof PAYMENT_SCHEMES)[number];

/** Why the bank holds a payment (`Held`): the hold webhooks carry no reason member, their pages give this one. */
export interface Hold {
  reason: string;
  /** When the bank held it (the webhook's `TimestampCreated`), when it says. */
  heldAt?: string;
}

/** What a rejection said (`TransactionRejected`'s `CancellationCode` and `CancellationReason`): `HOPRJ` ends a hold. */
export interface Cancellation {
  code?: string;
  reason?: string;
}

/**
 * The payment a return gives back: the bank's id of it, and its record's end-to-end id when the gateway keeps
 * one (a return of ours names the received payment; a return the other bank sends names our payment).
 */
export interface ReturnOf {
  paymentId?: string;
  endToEndId?: string;
}

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
  /** On a move to `Held`: why, and since when. */
  hold?: Hold;
  /** On a rejection the bank explained. */
  cancellation?: Cancellation;
  /**
   * The record was already final with an outcome this one contradicts (settled against not settled, `from`):
   * both facts stay in the history, the latest is the status, and an operator is told (an error log,
   * `RecordOutcomeConflict`).
   */
  conflict?: true;
  /**
   * A hold told after the outcome (`to` is `Held`): the bank holds a payment before it releases or declines
   * it, so this is that hold's webhook arriving late, not a contradiction. Kept in the history; the outcome
   * stays the status, and nobody is alarmed.
   */
  late?: true;
}

/** What the gateway knows of one payment, by end-to-end id; account identifications are masked. */
export interface PaymentRecord {
  endToEndId: string;
  status: PaymentStatus;
  scheme: PaymentScheme;
  direction: Direction;
  /** Decimal text, as written by the caller or the bank. */
  amount?: string;
  currency?: string;
  /** Last four characters only (`****1234`). */
  debtorAccount?: string;
  creditorAccount?: string;
  instructionIdentification?: string;
  /**
   * The bank's id of the payment (CHAPS and cross-border): the `paymentId` of its 202 for a send of ours, the
   * `TransactionId` of its settlement for a received CHAPS payment (what a return names).
   */
  paymentId?: string;
  /** A CHAPS return: the payment it gives back (a received one for a return of ours, ours for one received). */
  returnOf?: ReturnOf;
  /** The payee name check made with this end-to-end id, as it stood when the payment was claimed. */
  nameCheck?: NameCheckOutcome;
  /** The X-Request-Id of the request that claimed it (absent when a webhook created it). */
  requestId?: string;
  /**
   * The bank's time when this generation was claimed, before anything was sent: a booking of this send is
   * never earlier, so a read-back counts none that is (absent when a webhook created it).
   */
  claimedAt?: string;
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
    | 'amount'
    | 'currency'
    | 'debtorAccount'
    | 'creditorAccount'
    | 'instructionIdentification'
    | 'nameCheck'
    | 'claimedAt'
    | 'scheme'
    | 'paymentId'
    | 'returnOf'
  >
>;

export interface Change {
  to: PaymentStatus;
  at: Date;
  cause: string;
  screening?: Screening;
  hold?: Hold;
  cancellation?: Cancellation;
  /** Facts the cause tells (a 202's paymentId, a webhook's amount): they fill the record's missing ones. */
  facts?: PaymentFacts;
}

export function transitionIdOf(endToEndId: string, generation: number, to: PaymentStatus): string {
  return `${endToEndId}/${generation}/${to}`;
}

function entry(
  record: Pick<PaymentRecord, 'endToEndId' | 'generation'>,
  from: PaymentStatus | null,
  change: Change,
  mark?: 'conflict' | 'late',
): Transition {
  return {
    transitionId: transitionIdOf(record.endToEndId, record.generation, change.to),
    from,
    to: change.to,
    at: change.at.toISOString(),
    cause: change.cause,
    ...(change.screening && { screening: change.screening }),
    ...(change.hold && { hold: change.hold }),
    ...(change.cancellation && { cancellation: change.cancellation }),
    ...(mark && { [mark]: true }),
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
    ...definedOnly(change.facts ?? {}),
    ...(requestId !== undefined && { requestId }),
    generation: 1,
    createdAt: change.at.toISOString(),
    updatedAt: change.at.toISOString(),
    history: [entry(base, null, change)],
  };
}

/**
 * The record after `change`, its history appended; undefined when nothing changes: a status this generation
 * already reached, or one not above the current (a late answer, another reason for the same outcome). A final
 * outcome contradicting the record's (`contradicts`) is a conflict: written as the status, marked `conflict`,
 * never silently dropped. A hold told after the outcome is kept in the history, marked `late`, while the
 * outcome stays the status. The facts the change tells fill the record's missing ones.
 */
export function applyChange(record: PaymentRecord, change: Change): PaymentRecord | undefined {
  if (hasReached(record, change.to)) return undefined;
  if (change.to === 'Held' && isFinal(record.status)) {
    return {
      ...withFacts(record, change.facts),
      updatedAt: change.at.toISOString(),
      history: [...record.history, entry(record, record.status, change, 'late')],
    };
  }
  const conflict = contradicts(record.status, change.to);
  if (!conflict && RANK[change.to] <= RANK[record.status]) return undefined;
  return {
    ...withFacts(record, change.facts),
    status: change.to,
    updatedAt: change.at.toISOString(),
    history: [...record.history, entry(record, record.status, change, conflict ? 'conflict' : undefined)],
  };
}

/** The record with the facts it lacks taken from `facts` (what it holds already stays). */
function withFacts(record: PaymentRecord, facts: PaymentFacts | undefined): PaymentRecord {
  return facts === undefined ? record : { ...definedOnly(facts), ...record };
}

/**
 * Two final outcomes that cannot both be true: the money reached the creditor (`Settled`) and it did not
 * (refused, rejected, failed). Two ways of not paying (`InsufficientFunds` from the 202, `Refused` from a
 * read-back that found nothing) agree.
 */
function contradicts(status: PaymentStatus, next: PaymentStatus): boolean {
  return isFinal(status) && isFinal(next) && (status === 'Settled') !== (next === 'Settled');
}

/** Whether this generation's history already holds a transition to `status` (each is written once). */
function hasReached(
  record: Pick<PaymentRecord, 'endToEndId' | 'generation' | 'history'>,
  status: PaymentStatus,
): boolean {
  const transitionId = transitionIdOf(record.endToEndId, record.generation, status);
  return record.history.some((transition) => transition.transitionId === transitionId);
}

/** A claimable record taken by a new request: a new generation, `Submitted`, its history kept. */
export function reclaimedRecord(
  record: PaymentRecord,
  facts: PaymentFacts,
  requestId: string,
  at: Date,
): PaymentRecord {
  // A name check belongs to the claim that read it, the bank's payment id and a return's tie to the send that
  // made them: a new claim carries its own or none.
  const { nameCheck: _earlierCheck, paymentId: _earlierId, returnOf: _earlierTie, ...kept } = record;
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

/**
 * Whether `next` keeps `read`'s history and appends to it: the one kind of write a store accepts, so no
 * writer can drop a fact another wrote.
 */
export function appendsHistory(
  next: Pick<PaymentRecord, 'history'>,
  read: Pick<PaymentRecord, 'history'>,
): boolean {
  return (
    next.history.length > read.history.length &&
    read.history.every((transition, index) => next.history[index]?.transitionId === transition.transitionId)
  );
}

/** The transition this cause already wrote (a redelivered webhook finds its own work done). */
export function appliedBy(record: PaymentRecord, cause: string, to: PaymentStatus): Transition | undefined {
  return record.history.find((transition) => transition.cause === cause && transition.to === to);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
