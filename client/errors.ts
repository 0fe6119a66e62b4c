import type { ProblemDetails } from '../shared/http/types.js';

/** A problem body as the gateway and the bank answer it (`application/problem+json`). */
export type Problem = ProblemDetails;

/** Everything the client throws. */
export class ClearwayError extends Error {
  override readonly name: string = 'ClearwayError';
}

/** The gateway could not be reached after every attempt (network errors only). */
export class ClearwayConnectionError extends ClearwayError {
  override readonly name: string = 'ClearwayConnectionError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An answer with an error status: the problem body, the status and the trace headers. */
export class ClearwayApiError extends ClearwayError {
  override readonly name: string = 'ClearwayApiError';
  readonly status: number;
  readonly problem: Problem;
  /** The `X-Request-Id` the bank saw (or would have seen) for this request. */
  readonly requestId: string | undefined;
  readonly correlationId: string | undefined;
  /** The `Idempotency-Key` the request carried, to repeat it safely. */
  readonly idempotencyKey: string | undefined;
  /** False when the client refused the request itself: nothing was signed or sent. */
  readonly sent: boolean;
  readonly method: string | undefined;
  /** The path (with its query) the request was for. */
  readonly path: string | undefined;

  constructor(init: {
    status: number;
    problem: Problem;
    headers?: Headers;
    idempotencyKey?: string;
    sent?: boolean;
    method?: string;
    path?: string;
  }) {
    const { status, problem } = init;
    super(problem.detail ?? problem.title ?? `the gateway answered ${status}`);
    this.status = status;
    this.problem = problem;
    this.requestId = init.headers?.get('x-request-id') ?? undefined;
    this.correlationId = init.headers?.get('x-correlation-id') ?? undefined;
    this.idempotencyKey = init.idempotencyKey;
    this.sent = init.sent ?? true;
    this.method = init.method;
    this.path = init.path;
  }

  /** Property path -> messages, for a refused request (empty otherwise). */
  get errors(): Record<string, string[]> {
    return this.problem.errors ?? {};
  }
}

/** 400: a rule of the spec broken (`errors` names each property); the bank was not called. */
export class ClearwayValidationError extends ClearwayApiError {
  override readonly name: string = 'ClearwayValidationError';
}
/** 401 or 403: the caller's IAM identity or signature was refused. */
export class ClearwayPermissionError extends ClearwayApiError {
  override readonly name: string = 'ClearwayPermissionError';
}
/** 404: no such resource or record. */
export class ClearwayNotFoundError extends ClearwayApiError {
  override readonly name: string = 'ClearwayNotFoundError';
}
/** 409: a state conflict at the bank, or the same Idempotency-Key still in progress. */
export class ClearwayConflictError extends ClearwayApiError {
  override readonly name: string = 'ClearwayConflictError';
}
/** 422: the same Idempotency-Key used with another request, or a request the bank cannot process. */
export class ClearwayUnprocessableError extends ClearwayApiError {
  override readonly name: string = 'ClearwayUnprocessableError';
}
/** 429: too many requests, after the client's own retries. */
export class ClearwayRateLimitError extends ClearwayApiError {
  override readonly name: string = 'ClearwayRateLimitError';
}
/** 5xx: the gateway or the bank failed, after the client's own retries; repeating with the same key is safe. */
export class ClearwayServerError extends ClearwayApiError {
  override readonly name: string = 'ClearwayServerError';
}

type ApiErrorInit = ConstructorParameters<typeof ClearwayApiError>[0];

const BY_STATUS: Record<number, new (init: ApiErrorInit) => ClearwayApiError> = {
  400: ClearwayValidationError,
  401: ClearwayPermissionError,
  403: ClearwayPermissionError,
  404: ClearwayNotFoundError,
  409: ClearwayConflictError,
  422: ClearwayUnprocessableError,
  429: ClearwayRateLimitError,
};

/** The one factory: the error class of a status (its family for the rest), carrying the problem body. */
export function clearwayError(init: ApiErrorInit): ClearwayApiError {
  const ErrorClass = BY_STATUS[init.status] ?? (init.status >= 500 ? ClearwayServerError : ClearwayApiError);
  return new ErrorClass(init);
}
