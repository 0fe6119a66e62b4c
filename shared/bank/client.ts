import { randomUUID } from 'node:crypto';
import { isValidRequestId, REQUEST_ID_MESSAGES } from '../domain/request-id.js';
import type { Signer } from '../signing/signer.js';
import { pathAndQueryOf, REQUEST_TIME_HEADER, requestTimeAt, signPath } from './path-signature.js';
import { BankUnreachableError, bankErrorFor, isDuplicateRequestAnswer } from './errors.js';
import type { HttpMethod, ProblemDetails } from '../http/types.js';
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
} from './retry.js';
import type { TokenSource } from './token-source.js';
import type { Log } from '../ports/log.js';

export interface BankRequest {
  method: HttpMethod;
  /** Path and query, already encoded: `/v3/Accounts?pageNumber=2`. */
  path: string;
  /** Bytes or a string are sent and signed as they are; anything else is serialised once, here. */
  body?: Uint8Array | string | object;
  /** Reused on every retry; generated when absent. */
  requestId?: string;
  /** Epoch milliseconds after which no attempt starts (a Lambda's remaining time). */
  deadline?: number;
  /** Extra headers a few operations need (e.g. `X-Request-Time`). */
  headers?: Record<string, string>;
  /**
   * An earlier call may already have sent this X-Request-Id (the gateway's attempt log says so), so a 409
   * that names the id means that call was processed.
   */
  sentBefore?: boolean;
  /**
   * The operation is one the bank may want path-signed (`Operation.pathSignature`). It is, with
   * `X-Request-Time`, only when the client's `pathSignature` setting is on and the request has no body.
   */
  pathSignature?: boolean;
  /** Send `X-Request-Time` (`Operation.requestTime`), stamped afresh on each attempt. */
  requestTime?: boolean;
}

export interface BankResponse {
  /** `already-processed`: a retry of ours got 409, so an earlier attempt reached the bank and was processed. */
  outcome: 'completed' | 'already-processed';
  status: number;
  /** The exact body the bank answered; callers parse what they need. */
  rawBody: string;
  headers: Record<string, string>;
  correlationId: string | undefined;
  requestId: string;
  attempts: number;
}

export interface BankClientOptions {
  baseUrl: string;
  tokens: TokenSource;
  signer: Signer;
  log?: Log;
  retry?: Partial<RetryPolicy>;
  /** Used when the caller gives no deadline. */
  defaultBudgetMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * The environment's switch for the path-based signature (shared/bank/path-signature.ts): on, requests
   * whose operation asks for it carry `X-Request-Time` and a `DigitalSignature` over the request line.
   * Off by default (the UK entity signs bodies only).
   */
  pathSignature?: boolean;
  /** The clock `X-Request-Time` is read from (epoch ms). Default `now`; the sandbox gives its bank's clock. */
  requestClock?: () => number;
  /** Told of every answer the bank gives, retried attempts included (on AWS: the BankAnswers metrics). */
  onAnswer?: (answer: { status: number; ms: number }) => void;
}

export class InvalidRequestIdError extends Error {
  override readonly name = 'InvalidRequestIdError';
}

/** The bank's X-Request-Id rule (shared/domain/request-id.ts), checked before anything is sent. */
function checkRequestId(requestId: string): string {
  const { length } = requestId;
  if (!isValidRequestId(requestId))
    throw new InvalidRequestIdError(`${REQUEST_ID_MESSAGES.xRequestId} (got ${length})`);
  return requestId;
}

const silent: Log = { debug() {}, info() {}, warn() {}, error() {} };
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Below this much time left, another attempt cannot get an answer back in time. */
const MIN_ATTEMPT_MS = 100;

/** The one request sender every bank operation goes through. */
export class BankClient {
  readonly #baseUrl: string;
  readonly #policy: RetryPolicy;
  readonly #log: Log;
  readonly #fetch: typeof globalThis.fetch;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #defaultBudgetMs: number;
  readonly #requestClock: () => number;

  constructor(private readonly options: BankClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#policy = { ...defaultRetryPolicy, ...options.retry };
    this.#log = options.log ?? silent;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#defaultBudgetMs = options.defaultBudgetMs ?? 25_000;
    this.#requestClock = options.requestClock ?? this.#now;
  }

  /** Where the bank is (no trailing slash): its answers' links start with it. */
  get baseUrl(): string {
    return this.#baseUrl;
  }

  async send(request: BankRequest): Promise<BankResponse> {
    const requestId = checkRequestId(request.requestId ?? randomUUID());
    const deadline = request.deadline ?? this.#now() + this.#defaultBudgetMs;
    const bytes = serialiseOnce(request.body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${await this.options.tokens.token()}`,
      'x-request-id': requestId,
      ...request.headers,
    };
    if (bytes !== undefined) {
      // An operation may name its own JSON media type (`application/json-patch+json`) in `request.headers`.
      headers['content-type'] ??= 'application/json';
      headers.digitalsignature = await this.options.signer.sign(bytes);
    }
    const url = `${this.#baseUrl}${request.path}`;
    const context = { method: request.method, path: request.path, requestId };
    const pathSigned = this.options.pathSignature === true && request.pathSignature === true && !bytes;

    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - this.#now();
      const started = this.#now();
      let retryAfterMs: number | undefined;
      let failure: Error;
      try {
        const response = await this.#fetch(url, {
          method: request.method,
          // Signed afresh on each attempt, so a retry after a backoff is never refused as late.
          headers: pathSigned
            ? await this.#pathSigned(headers, request.method, url, requestId)
            : request.requestTime
              ? { ...headers, [REQUEST_TIME_HEADER]: requestTimeAt(this.#requestClock()) }
              : headers,
          body: bytes,
          signal: AbortSignal.timeout(Math.max(1, Math.min(this.#policy.attemptTimeoutMs, remaining))),
        });
        const rawBody = await response.text();
        const responseHeaders = Object.fromEntries(response.headers);
        const correlationId = response.headers.get('x-correlation-id') ?? undefined;
        const outcome = {
          ...context,
          status: response.status,
          correlationId,
          attempt,
          ms: this.#now() - started,
        };
        this.options.onAnswer?.({ status: outcome.status, ms: outcome.ms });
        const problem = response.ok ? undefined : (parseJson(rawBody) as ProblemDetails | undefined);
        const alreadyProcessed =
          response.status === 409 &&
          (attempt > 1 || request.sentBefore === true) &&
          isDuplicateRequestAnswer(problem);
        if (response.ok || alreadyProcessed) {
          this.#log.info(
            alreadyProcessed ? 'bank already processed an earlier attempt' : 'bank answered',
            outcome,
          );
          return {
            outcome: alreadyProcessed ? 'already-processed' : 'completed',
            status: response.status,
            rawBody,
            headers: responseHeaders,
            correlationId,
            requestId,
            attempts: attempt,
          };
        }
        const error = bankErrorFor({
          status: response.status,
          problem,
          correlationId,
          requestId,
          headers: responseHeaders,
          rawBody,
        });
        if (!isRetryableStatus(response.status)) {
          this.#log.warn('bank refused the request', outcome);
          throw error;
        }
        this.#log.warn('bank answered with a retryable status', outcome);
        retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), new Date(this.#now()));
        failure = error;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        this.#log.warn('bank did not answer', { ...context, attempt, reason: (error as Error).name });
        failure = new BankUnreachableError(
          `no answer from the bank for ${request.method} ${request.path}: ${(error as Error).message}`,
          requestId,
          attempt,
          { cause: error },
        );
      }

      const delay = backoffDelay(this.#policy, attempt, retryAfterMs, this.#random);
      const timeLeftAfterWait = deadline - this.#now() - delay;
      if (attempt >= this.#policy.maxAttempts || timeLeftAfterWait < MIN_ATTEMPT_MS) throw failure;
      await this.#sleep(delay);
    }
  }

  /** The headers with `X-Request-Time` (now) and the path-based `DigitalSignature`. */
  async #pathSigned(
    headers: Record<string, string>,
    method: HttpMethod,
    url: string,
    requestId: string,
  ): Promise<Record<string, string>> {
    const requestTime = requestTimeAt(this.#requestClock());
    const pathAndQuery = pathAndQueryOf(new URL(url));
    const signature = await signPath(this.options.signer, { method, pathAndQuery, requestId, requestTime });
    return { ...headers, [REQUEST_TIME_HEADER]: requestTime, digitalsignature: signature };
  }
}

function serialiseOnce(body: BankRequest['body']): Buffer | undefined {
  if (body === undefined) return undefined;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * fetch rejects with `TypeError: fetch failed` on a network failure and with TimeoutError/AbortError when the
 * signal fires. Any other TypeError is a request fetch refused to send (a bug), never a reason to retry.
 */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error.name === 'TypeError' && error.message === 'fetch failed') ||
    error.name === 'TimeoutError' ||
    error.name === 'AbortError'
  );
}
