import { createHash } from 'node:crypto';
import { REQUEST_ID_UNIQUE_FOR_MS } from '../domain/request-id.js';

/** What is kept for an Idempotency-Key: enough to answer a repeat the same way. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  /** The exact body, unless it was too large to keep (then `omittedBodyBytes` says how large it was). */
  body?: string;
  omittedBodyBytes?: number;
}

export interface IdempotentCall {
  /** The caller's idempotency scope (`idempotencyScope`). */
  scope: string;
  key: string;
  /** Method, path and body hash: the same key with a different request is refused (422). */
  fingerprint: string;
  /** Milliseconds this invocation has left, so a crashed attempt's lock lapses instead of blocking 24 h. */
  remainingMs: number;
}

/** Runs `work` at most once per (scope, key) for 24 hours and answers repeats with the stored result. */
export type RunOnce = (call: IdempotentCall, work: () => Promise<StoredAnswer>) => Promise<StoredAnswer>;

/** As long as the bank itself treats the derived X-Request-Id as a duplicate. */
export const IDEMPOTENCY_TTL_SECONDS = REQUEST_ID_UNIQUE_FOR_MS / 1000;

/**
 * Bodies larger than this are not kept with the key: DynamoDB items stop at 400 KB, and Powertools stores
 * the answer as JSON text (escaping can grow it) next to the key, hash and times.
 */
export const MAX_STORED_BODY_BYTES = 256 * 1024;

/** The Idempotency-Key was used before with a different request (method, path or body). */
export class IdempotencyKeyReusedError extends Error {
  override readonly name = 'IdempotencyKeyReusedError';
}

/** Another request with this Idempotency-Key is still running. */
export class IdempotencyKeyInProgressError extends Error {
  override readonly name = 'IdempotencyKeyInProgressError';
}

/**
 * A RunOnce whose implementation is loaded on the first keyed write: reads never pay for Powertools
 * idempotency (and its JMESPath engine) at a cold start.
 */
export function lazyRunOnce(load: () => Promise<RunOnce>): RunOnce {
  let loaded: Promise<RunOnce> | undefined;
  return async (call, work) => {
    loaded ??= load();
    return (await loaded)(call, work);
  };
}

/** The answer as it is kept: the body only when it fits in the store. */
export function storableAnswer(answer: { status: number; headers: Record<string, string>; body: string }) {
  const bytes = Buffer.byteLength(answer.body, 'utf8');
  const { status, headers } = answer;
  return bytes > MAX_STORED_BODY_BYTES
    ? { status, headers, omittedBodyBytes: bytes }
    : { status, headers, body: answer.body };
}

/**
 * Whose keys are one namespace. An assumed role's session name is left out, so every worker of one role
 * (each with its own STS session) shares its keys and a retry from another worker reaches the bank as a
 * duplicate: `arn:aws:sts::123456789012:assumed-role/Payments/worker-7` -> `...:assumed-role/Payments`.
 * Any other principal (an IAM user, a federated user) is its own scope.
 */
export function idempotencyScope(principal: string): string {
  const role = /^(arn:aws[a-z-]*:sts::[0-9]{12}:assumed-role\/[^/]+)\/[^/]+$/.exec(principal);
  return role?.[1] ?? principal;
}

/** The bank X-Request-Id for a scope's Idempotency-Key: stable, so a repeat reaches the bank as a duplicate. */
export function requestIdFor(scope: string, key: string): string {
  return `cw-${createHash('sha256').update(`${scope}\n${key}`).digest('hex')}`;
}

export function fingerprintOf(method: string, path: string, body: Uint8Array | undefined): string {
  return createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(body ?? new Uint8Array())
    .digest('hex');
}
