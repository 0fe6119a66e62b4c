import type { FieldErrors } from '../http/validation.js';
import type { Operation, RuleContext } from '../operations/operation.js';
import { validateRequest } from '../operations/validate.js';

/** An internal caller's request, already taken out of the API Gateway event. */
export interface GatewayRequest {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  /** The exact body text the caller sent; validated, then forwarded and signed byte for byte. */
  body: string | undefined;
  idempotencyKey: string | undefined;
  /** Who called (IAM principal on AWS); idempotency keys are scoped to it. */
  caller: string;
  /** Epoch ms by which the answer must be back (the Lambda's remaining time less a margin). */
  deadline: number;
}

export type CheckedRequest = { ok: true; bankPath: string } | { ok: false; errors: FieldErrors };

/**
 * The operation's rules (shared with the simulator) plus the gateway's own: the body must be JSON, and an
 * `Idempotency-Key` must be well formed, and present where the operation requires one. The bank is only
 * called when this passes.
 */
export function checkRequest(
  operation: Operation,
  request: GatewayRequest,
  context: RuleContext,
): CheckedRequest {
  const errors: FieldErrors = {};
  const body = parseBody(request.body);
  if (body.ok) {
    const validation = validateRequest(
      operation,
      { pathParams: request.pathParams, query: request.query, body: body.value },
      context,
    );
    if (!validation.ok) Object.assign(errors, validation.errors);
  } else {
    errors.$ = ['the body is not valid JSON'];
  }
  if (operation.requiresIdempotencyKey && !request.idempotencyKey) {
    errors['Idempotency-Key'] = ['header is required for this operation, so a retry can never act twice'];
  }
  if (request.idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(request.idempotencyKey)) {
    errors['Idempotency-Key'] = ['must be 1 to 255 printable characters without spaces'];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, bankPath: bankPath(operation.path, request.pathParams, request.query) };
}

/** The body text as JSON; blank is no body. */
function parseBody(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Fills the path template and appends the caller's query, so the bank sees the same path the caller used. */
export function bankPath(
  template: string,
  params: Record<string, string>,
  query: Record<string, string>,
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
