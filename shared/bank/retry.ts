/**
 * When and how long to wait before sending the same request again. The bank asks for retries with the
 * same X-Request-Id and bytes after network errors, timeouts, 5xx, 429 and 503 (`Retry-After` seconds).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Ceiling of one attempt; cut shorter when the caller's deadline is nearer. */
  attemptTimeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  attemptTimeoutMs: 8_000,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
};

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` as delay-seconds (the form the bank documents) or an HTTP date; undefined when absent or bad. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): capped exponential backoff with full jitter,
 * but never shorter than the bank's `Retry-After`.
 */
export function backoffDelay(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(random() * ceiling);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}
