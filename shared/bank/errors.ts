import type { ProblemDetails } from '../http/types.js';
export interface BankErrorContext {
  status: number;
  problem: ProblemDetails | undefined;
  correlationId: string | undefined;
  requestId: string;
  headers: Record<string, string>;
  rawBody: string;
}

/** An error answer from the bank, with everything needed to trace it (one subclass per status family). */
export class BankError extends Error {
  override name = 'BankError';
  readonly status: number;
  readonly problem: ProblemDetails | undefined;
  readonly correlationId: string | undefined;
  readonly requestId: string;
  readonly headers: Record<string, string>;
  readonly rawBody: string;

  constructor(context: BankErrorContext) {
    const title = context.problem?.title ?? `HTTP ${context.status}`;
    super(
      `bank answered ${context.status} ${title} (X-Request-Id ${context.requestId}, X-Correlation-Id ${context.correlationId ?? 'none'})`,
    );
    this.status = context.status;
    this.problem = context.problem;
    this.correlationId = context.correlationId;
    this.requestId = context.requestId;
    this.headers = context.headers;
    this.rawBody = context.rawBody;
  }
}

export class BankBadRequestError extends BankError {
  override name = 'BankBadRequestError';
}
/** 400 with title `Invalid DigitalSignature Header`: our signature did not verify at the bank. */
export class BankInvalidSignatureError extends BankError {
  override name = 'BankInvalidSignatureError';
}
export class BankUnauthorizedError extends BankError {
  override name = 'BankUnauthorizedError';
}
export class BankForbiddenError extends BankError {
  override name = 'BankForbiddenError';
}
export class BankNotFoundError extends BankError {
  override name = 'BankNotFoundError';
}
export class BankConflictError extends BankError {
  override name = 'BankConflictError';
}
export class BankUnprocessableError extends BankError {
  override name = 'BankUnprocessableError';
}
export class BankLockedError extends BankError {
  override name = 'BankLockedError';
}
export class BankRateLimitedError extends BankError {
  override name = 'BankRateLimitedError';
}
export class BankServerError extends BankError {
  override name = 'BankServerError';
}
export class BankUnavailableError extends BankError {
  override name = 'BankUnavailableError';
}

export const INVALID_SIGNATURE_TITLE = 'Invalid DigitalSignature Header';
export const MISSING_REQUEST_ID_TITLE = 'Missing X-Request-Id Header';

/**
 * Whether a 409 says the X-Request-Id was used before, as opposed to a conflict with the resource's state.
 * The bank answers both with 409 and names no title for the duplicate, so: a problem whose title or detail
 * names the request id is a duplicate; one that says nothing (no body, no title, no detail) is taken as a
 * duplicate too; any other 409 is a state conflict. The client only asks this when it knows an attempt with
 * the same id was already sent (a retry of its own, or the gateway's attempt log): see `BankRequest.sentBefore`.
 */
export function isDuplicateRequestAnswer(problem: ProblemDetails | undefined): boolean {
  const says = [problem?.title, problem?.detail].filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  if (says.length === 0) return true;
  return says.some((text) => /x-request-id|request id/i.test(text));
}

/** The one place that maps a bank status to its error class. */
export function bankErrorFor(context: BankErrorContext): BankError {
  const { status, problem } = context;
  if (status === 400 && problem?.title === INVALID_SIGNATURE_TITLE)
    return new BankInvalidSignatureError(context);
  if (status === 401) return new BankUnauthorizedError(context);
  if (status === 403) return new BankForbiddenError(context);
  if (status === 404) return new BankNotFoundError(context);
  if (status === 409) return new BankConflictError(context);
  if (status === 422) return new BankUnprocessableError(context);
  if (status === 423) return new BankLockedError(context);
  if (status === 429) return new BankRateLimitedError(context);
  if (status === 503) return new BankUnavailableError(context);
  if (status >= 500) return new BankServerError(context);
  return new BankBadRequestError(context);
}

/** No answer from the bank in the time the caller gave (every attempt failed on the network or timed out). */
export class BankUnreachableError extends Error {
  override readonly name = 'BankUnreachableError';
  constructor(
    message: string,
    readonly requestId: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
