import { type FieldErrors, fieldErrors } from '../http/validation.js';
import type { Operation, RuleContext } from '../operations/operation.js';

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

/** Applies the operation's rules to path, query and body; the bank is only called when this passes. */
export function checkRequest(
  operation: Operation,
  request: GatewayRequest,
  context: RuleContext,
): CheckedRequest {
  const errors: FieldErrors = {};
  if (operation.pathParams) {
    const parsed = operation.pathParams.safeParse(request.pathParams);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  }
  const query = operation.query?.safeParse(request.query);
  if (query && !query.success) Object.assign(errors, fieldErrors(query.error));
  if (!operation.query) {
    for (const name of Object.keys(request.query))
      errors[name] = ['is not a query parameter of this operation'];
  }
  Object.assign(errors, checkBody(operation, request.body));
  if (operation.check && Object.keys(errors).length === 0) {
    const body = request.body?.trim() ? JSON.parse(request.body) : undefined;
    Object.assign(
      errors,
      operation.check({ pathParams: request.pathParams, query: request.query, body }, context),
    );
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

function checkBody(operation: Operation, body: string | undefined): FieldErrors {
  const present = body !== undefined && body.trim() !== '';
  if (!operation.body) return present ? { $: ['this operation takes no body'] } : {};
  if (!present) return { $: ['a JSON body is required'] };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { $: ['the body is not valid JSON'] };
  }
  const parsed = operation.body.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error);
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
