import { REQUEST_ID_UNIQUE_FOR_MS } from '#shared/domain/request-id.js';

/**
 * The bank's duplicate check: an `X-Request-Id` is remembered per institution for 24 hours of simulated
 * time from the moment a request carrying it is accepted for processing. A request that ends without
 * being processed (refused by the handler, or failed) releases its id, so the state is unchanged.
 * At most `capacity` ids are remembered: past that the oldest is forgotten early, so sustained traffic
 * cannot grow the sandbox without end (the bank has no such limit; 50,000 ids is far beyond a test's).
 */
export class RequestIdRegistry {
  /** `institution id + NUL + request id` -> epoch ms until which it counts as used. */
  readonly #usedUntil = new Map<string, number>();

  constructor(
    private readonly windowMs = REQUEST_ID_UNIQUE_FOR_MS,
    private readonly capacity = 50_000,
  ) {}

  /** False when the id is still remembered (a duplicate); otherwise remembers it and returns true. */
  reserve(institutionId: string, requestId: string, now: Date): boolean {
    this.#forgetExpired(now.getTime());
    const key = keyOf(institutionId, requestId);
    const until = this.#usedUntil.get(key);
    if (until !== undefined && until > now.getTime()) return false;
    this.#usedUntil.delete(key);
    this.#usedUntil.set(key, now.getTime() + this.windowMs);
    if (this.#usedUntil.size > this.capacity)
      this.#usedUntil.delete(this.#usedUntil.keys().next().value as string);
    return true;
  }

  release(institutionId: string, requestId: string): void {
    this.#usedUntil.delete(keyOf(institutionId, requestId));
  }

  get size(): number {
    return this.#usedUntil.size;
  }

  /** Insertion order is acceptance order, so expired ids sit at the front (unless the clock was set back). */
  #forgetExpired(now: number): void {
    for (const [key, until] of this.#usedUntil) {
      if (until > now) return;
      this.#usedUntil.delete(key);
    }
  }
}

function keyOf(institutionId: string, requestId: string): string {
  return `${institutionId}\u0000${requestId}`;
}
