import type { Credentials } from './signing.js';

/** How a client reaches the gateway, signs, retries and judges the rules that depend on the time. */
export interface ClearwayClientOptions {
  /** The internal API's URL: the API Gateway stage (`https://<id>.execute-api.<region>.amazonaws.com/<stage>`) or the sandbox. */
  baseUrl: string;
  /** The API's region (default: `AWS_REGION`, then `AWS_DEFAULT_REGION`). */
  region?: string;
  /** Default: the AWS SDK's default credential chain (environment, SSO, profile, container, instance). */
  credentials?: Credentials;
  /** Attempts per call, the first included (default 3). */
  maxAttempts?: number;
  /**
   * The first retry's longest wait; each further one doubles, up to `maxDelayMs` (defaults 250 ms and 4 s).
   * Each wait is drawn between 0 and that ceiling (full jitter), never shorter than `Retry-After`.
   */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How the client waits between attempts (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** The jitter's draw in [0, 1) (default `Math.random`; tests pass a fixed one). */
  random?: () => number;
  fetch?: typeof fetch;
  /** A new Idempotency-Key (default: a random UUID). */
  newIdempotencyKey?: () => string;
  /**
   * What the rules that depend on the institution or the time see. `now` is the bank's time (the system
   * clock on AWS; the sandbox's moved clock there); `overdraftAgreement` defaults to true, so the client never
   * refuses what an institution with an agreement may send (the gateway judges by its own configuration).
   */
  rules?: { now?: () => Date | Promise<Date>; overdraftAgreement?: boolean };
}
