import type { World } from './fault-run.js';

/**
 * A caller of the gateway as a careful internal workload is written: it sends its write with its
 * `Idempotency-Key`, gives up on an answer after its own timeout, and retries what may be retried.
 */

/** One answer the caller got (or did not get). */
export interface Answer {
  /** `201`, `202 already-processed`, `409 Request in progress`, `504 Bank did not answer`, `caller timeout`, ... */
  label: string;
  status: number | undefined;
  body: string;
  requestId: string | undefined;
  retryAfterMs: number | undefined;
}

/** One keyed write: where it goes, with which key and exact body. */
export interface KeyedWrite {
  path: string;
  key: string;
  body: string;
}

export async function send(
  world: World,
  { path, key, body, timeoutMs }: KeyedWrite & { timeoutMs: number },
): Promise<Answer> {
  try {
    const response = await world.gateway(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const outcome = response.headers.get('clearway-outcome');
    // Problems are told apart by title: the bank's 500 mirrored is not the gateway's own failure.
    const title = response.status >= 400 ? titleOf(text) : undefined;
    const retryAfter = response.headers.get('retry-after');
    return {
      label: [response.status, outcome ?? title].filter(Boolean).join(' '),
      status: response.status,
      body: text,
      requestId: response.headers.get('x-request-id') ?? undefined,
      retryAfterMs: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined,
    };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      label: timedOut ? 'caller timeout' : `no answer (${(error as Error).message})`,
      status: undefined,
      body: '',
      requestId: undefined,
      retryAfterMs: undefined,
    };
  }
}

/**
 * A created account (201), an accepted payment request with its per-transfer answers (202), or the
 * gateway's word that an earlier attempt of this key was processed (`202 already-processed`).
 */
export function isDefinitive(answer: Answer): boolean {
  return answer.status === 201 || answer.status === 202;
}

/** What a caller may retry with the same key; anything else (a 400, a 422, another 409) is a finding. */
export function isRetryable(answer: Answer): boolean {
  if (answer.status === undefined) return true;
  return answer.label === '409 Request in progress' || answer.status === 429 || answer.status >= 500;
}

/** Capped exponential backoff with full jitter, but never less than the `Retry-After` the gateway passed on. */
export function callerDelay(attempt: number, retryAfterMs: number | undefined, jitter: () => number): number {
  const backoff = Math.round(jitter() * Math.min(800, 50 * 2 ** (attempt - 1)));
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, 2_000));
}

function titleOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { title?: string }).title;
  } catch {
    return undefined;
  }
}
