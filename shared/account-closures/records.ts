/**
 * The gateway's record of an account's closure (POST /v1/accounts/{accountId}/closure and the bank's
 * AccountClosureCompleted / AccountClosureFailed webhooks): pure, no I/O.
 *
 * Statuses: `Requested` (claimed, on its way to the bank), `Pending` (the bank accepted it: 202, or its 409
 * "a closure is already in progress"), `OutcomeUnknown` (no answer came), `Refused` (the bank refused the
 * request: any other 4xx), `Complete` and `Failed` (its webhooks). `Complete` is final: nothing moves it again.
 */
export const CLOSURE_STATUSES = [
  'Requested',
  'Pending',
  'OutcomeUnknown',
  'Refused',
  'Complete',
  'Failed',
] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

/** The event each transition publishes. */
export const ACCOUNT_CLOSURE_STATUS_CHANGED = 'AccountClosureStatusChanged';

export interface ClosureTransition {
  /** `<accountId>/<generation>/<to>`: one per status a closure request reaches. */
  transitionId: string;
  from: ClosureStatus | null;
  to: ClosureStatus;
  at: string;
  /** `claim`, the bank's status (`202`, `409`, `400`...), `no-answer`/`already-processed`, or a webhook's key. */
  cause: string;
  /** A move to `Failed`: the bank's `ClosureFailureReasons`. */
  failureReasons?: string[];
}

export interface AccountClosureRecord {
  accountId: string;
  status: ClosureStatus;
  /** The request's `closureReason` (or, seen only in a webhook, the webhook's `ClosureReason`). */
  closureReason?: string;
  /** The X-Request-Id the bank saw for the latest closure request (the Idempotency-Key's). */
  requestId?: string;
  /** When the latest closure request was claimed, on the call's clock. */
  requestedAt?: string;
  /** A closure the gateway never requested: first seen in one of the bank's webhooks. */
  seenOnly?: true;
  /** The bank's reasons of the latest failure (`Failed`). */
  failureReasons?: string[];
  /** One per closure request (a retry after a failure is the next). */
  generation: number;
  createdAt: string;
  updatedAt: string;
  history: ClosureTransition[];
}

/** One move: its target, when, why, and (a failure) the bank's reasons. */
export interface ClosureChange {
  to: ClosureStatus;
  at: Date;
  cause: string;
  failureReasons?: string[];
}

/** Which statuses each status may move to (a settle moves only from `Requested`, by its guard). */
const NEXT: Record<ClosureStatus, readonly ClosureStatus[]> = {
  Requested: ['Pending', 'OutcomeUnknown', 'Refused', 'Complete', 'Failed'],
  Pending: ['Complete', 'Failed'],
  OutcomeUnknown: ['Pending', 'Complete', 'Failed'],
  Refused: ['Complete', 'Failed'],
  // The bank's later word that the account is closed after all (a closure made elsewhere).
  Failed: ['Complete'],
  Complete: [],
};

export function transitionIdOf(accountId: string, generation: number, to: ClosureStatus): string {
  return `${accountId}/${generation}/${to}`;
}

function entry(
  record: Pick<AccountClosureRecord, 'accountId' | 'generation'>,
  from: ClosureStatus | null,
  change: ClosureChange,
): ClosureTransition {
  return {
    transitionId: transitionIdOf(record.accountId, record.generation, change.to),
    from,
    to: change.to,
    at: change.at.toISOString(),
    cause: change.cause,
    ...(change.failureReasons !== undefined && { failureReasons: change.failureReasons }),
  };
}

/** A closure request claimed: `Requested`, the first of its account or the next after a finished one. */
export function requestedRecord(
  accountId: string,
  request: { requestId: string; closureReason?: string; now: Date },
  previous?: AccountClosureRecord,
): AccountClosureRecord {
  const at = request.now.toISOString();
  const generation = (previous?.generation ?? 0) + 1;
  const base = { accountId, generation };
  return {
    accountId,
    status: 'Requested',
    ...(request.closureReason !== undefined && { closureReason: request.closureReason }),
    requestId: request.requestId,
    requestedAt: at,
    generation,
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
    history: [
      ...(previous?.history ?? []),
      entry(base, previous?.status ?? null, { to: 'Requested', at: request.now, cause: 'claim' }),
    ],
  };
}

/** A closure first seen in a webhook: the gateway never requested it, and keeps what the bank said. */
export function seenRecord(
  accountId: string,
  change: ClosureChange,
  closureReason: string | undefined,
): AccountClosureRecord {
  const at = change.at.toISOString();
  return {
    accountId,
    status: change.to,
    ...(closureReason !== undefined && { closureReason }),
    seenOnly: true,
    ...(change.failureReasons !== undefined && { failureReasons: change.failureReasons }),
    generation: 1,
    createdAt: at,
    updatedAt: at,
    history: [entry({ accountId, generation: 1 }, null, change)],
  };
}

/** The record after `change`, or undefined when its status may not move there (a Completed stays Complete). */
export function applyClosureChange(
  record: AccountClosureRecord,
  change: ClosureChange,
): AccountClosureRecord | undefined {
  if (!NEXT[record.status].includes(change.to)) return undefined;
  return {
    ...record,
    status: change.to,
    ...(change.to === 'Failed' && { failureReasons: change.failureReasons ?? [] }),
    updatedAt: change.at.toISOString(),
    history: [...record.history, entry(record, record.status, change)],
  };
}

/** The transition a webhook (its key, the cause) already wrote: its redelivery finds it. */
export function appliedBy(record: AccountClosureRecord, webhookKey: string): ClosureTransition | undefined {
  return record.history.find((transition) => transition.cause === webhookKey);
}

/** What stands in the way of a new closure request: one in flight or accepted, or the account closed. */
export function blocksNewRequest(record: AccountClosureRecord): boolean {
  return record.status === 'Requested' || record.status === 'Pending' || record.status === 'Complete';
}
