import {
  addFieldError,
  emptyFieldErrors,
  type FieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
} from '../http/validation.js';
import { type HttpResult, problem } from '../http/problem.js';
import { JsonReadError, type JsonValue, readJson, REQUEST_JSON_LIMITS } from '../json/read-json.js';
import type { Operation, RuleContext } from '../operations/operation.js';
import { validateRequest } from '../operations/validate.js';
import { UK_TIME_ZONE } from '../domain/uk-time-zone.js';

/** Header telling the caller that the bank had already processed an earlier attempt of this request. */
export const OUTCOME_HEADER = 'clearway-outcome';

/** An internal caller's request, already taken out of the API Gateway event. */
export interface GatewayRequest {
  /** The path the caller used (API Gateway's `path`), for the problem's `instance`. */
  path?: string;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  /** The exact bytes the caller sent (none: undefined or empty); validated, then forwarded and signed as they are. */
  body: Uint8Array | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  /** Who called (IAM principal on AWS); idempotency keys are scoped to it (see `idempotencyScope`). */
  caller: string;
  /** Epoch ms by which the answer must be back (the Lambda's remaining time less a margin). */
  deadline: number;
  /**
   * Epoch ms when the invocation ends (default: `deadline`). The Idempotency-Key stays locked until then, so
   * a repeat cannot take it over while this call still stores its answer after the bank's deadline.
   */
  invocationEndsAt?: number;
  /**
   * Where this caller reached the gateway (`https://{domain}/{stage}` on AWS): the bank's links in answers
   * are pointed there. Unset: they are left as the bank wrote them.
   */
  gatewayBaseUrl?: string;
}

export interface RequestProblem {
  status: 400 | 413 | 415;
  title: string;
  errors: FieldErrors;
  /** The bank's time the rules were judged at, when a rule read it: a refusal may be about the hour. */
  judgedAt?: Date;
}

export type CheckedRequest =
  { ok: true; bankPath: string; body: Uint8Array | undefined } | ({ ok: false } & RequestProblem);

/**
 * The operation's rules (shared with the simulator) plus the gateway's own: a body is JSON (415 for another
 * media type, 413 past the size limit) read by the one safe reader, and an `Idempotency-Key` is well formed,
 * and present where the operation requires one. The bank is only called when this passes.
 */
export function checkRequest(
  operation: Operation,
  request: GatewayRequest,
  context: RuleContext,
): CheckedRequest {
  const bytes = request.body !== undefined && request.body.byteLength > 0 ? request.body : undefined;
  const errors = emptyFieldErrors();
  if (bytes !== undefined && !isJsonMediaType(request.contentType)) {
    addFieldError(errors, 'Content-Type', 'must be application/json (UTF-8) when a body is sent');
    return { ok: false, status: 415, title: 'Unsupported Media Type', errors };
  }
  let body: JsonValue | undefined;
  if (bytes !== undefined && operation.body) {
    try {
      body = readJson(bytes, REQUEST_JSON_LIMITS);
    } catch (error) {
      if (!(error instanceof JsonReadError)) throw error;
      addFieldError(errors, error.path, error.message);
      if (error.code === 'too-large') return { ok: false, status: 413, title: 'Payload Too Large', errors };
      return { ok: false, status: 400, title: 'Validation failed', errors };
    }
  }
  const read = { time: false };
  const watched: RuleContext = {
    overdraftAgreement: context.overdraftAgreement,
    get now() {
      read.time = true;
      return context.now;
    },
  };
  const validation = validateRequest(
    operation,
    // A body on an operation that takes none is refused whatever it holds, white space included.
    { pathParams: request.pathParams, query: request.query, body: operation.body ? body : bytes },
    watched,
  );
  if (!validation.ok) mergeFieldErrors(errors, validation.errors);
  if (operation.requiresIdempotencyKey && !request.idempotencyKey) {
    addFieldError(
      errors,
      'Idempotency-Key',
      'header is required for this operation, so a retry can never act twice',
    );
  }
  if (request.idempotencyKey !== undefined && !isValidIdempotencyKey(request.idempotencyKey)) {
    addFieldError(errors, 'Idempotency-Key', 'must be 1 to 255 printable characters without spaces');
  }
  if (hasFieldErrors(errors)) {
    return {
      ok: false,
      status: 400,
      title: 'Validation failed',
      errors,
      ...(read.time && { judgedAt: context.now }),
    };
  }
  return { ok: true, bankPath: bankPath(operation.path, request.pathParams, request.query), body: bytes };
}

/** `application/json` or a `+json` type, in UTF-8; no Content-Type at all is read as JSON too. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.-]+\+json$/.test(mediaType)) return false;
  return parameters.every(
    (parameter) => !parameter.startsWith('charset=') || /^charset="?utf-8"?$/.test(parameter),
  );
}

/**
 * Fills the path template and appends the caller's query, so the bank sees the same path the caller used.
 * Each parameter has passed its rule (one safe segment) and is encoded as one segment.
 */
export function bankPath(
  template: string,
  params: Record<string, string>,
  query: Record<string, string>,
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (!value || /^\.+$/.test(value)) throw new Error(`path parameter ${name} is not one segment`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(Object.entries(query)).toString();
  return search ? `${path}?${search}` : path;
}

/** An `Idempotency-Key`: 1 to 255 printable ASCII characters, no spaces. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/** A time as a person reads it in the UK, built on first use: an Intl formatter costs a cold start. */
let ukClock: Intl.DateTimeFormat | undefined;
function ukClockTime(at: Date): string {
  ukClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  return ukClock.format(at);
}

/**
 * The gateway's answer to a request `checkRequest` refused: the bank's problem members with the path as
 * `instance` and a detail naming the method and path, and the time the rules were judged at when they read
 * it. The typed client refuses with the same body before signing. `clockHint` says how to move that time
 * (the sandbox's).
 */
export function refusalProblem(
  method: string,
  path: string,
  found: RequestProblem,
  headers: Record<string, string> = {},
  clockHint?: string,
): HttpResult {
  const { status, title, errors, judgedAt } = found;
  const count = Object.keys(errors).length;
  const what =
    status === 400
      ? `${count} ${count === 1 ? 'property breaks' : 'properties break'} the bank's rules`
      : title;
  const time =
    judgedAt === undefined
      ? ''
      : ` Rules that depend on the time were judged at ${judgedAt.toISOString()} (${ukClockTime(judgedAt)} UK time).${clockHint ? ` ${clockHint}` : ''}`;
  return problem(status, title, `${method} ${path}: ${what}.${time}`, errors, headers, path);
}
