import * as z from 'zod/mini';
import {
  addFieldError,
  emptyFieldErrors,
  type FieldErrors,
  fieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
} from '../http/validation.js';
import type { ParsedRequest, RequestInput, RequestRules, RuleContext } from './operation.js';
import { JsonNumber } from '../json/read-json.js';
import { safeSegment } from './path-params.js';

export type Validation = { ok: true; request: ParsedRequest } | { ok: false; errors: FieldErrors };

/**
 * A route's rules applied to a request: path parameters, query (unknown parameters refused), body, then
 * the rules that depend on the institution or the time. The gateway and the simulator both call this, so
 * a request the gateway lets through is judged the same way by the simulated bank.
 */
export function validateRequest(rules: RequestRules, input: RequestInput, context: RuleContext): Validation {
  const errors = emptyFieldErrors();
  const part = (schema: z.ZodMiniType | undefined, value: unknown) => {
    if (!schema) return value;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    mergeFieldErrors(errors, fieldErrors(parsed.error));
    return undefined;
  };
  const pathParams = part(rules.pathParams ?? safeSegments(input.pathParams), input.pathParams);
  const query = part(rules.query, input.query);
  if (!rules.query) {
    for (const name of Object.keys(input.query))
      addFieldError(errors, name, 'is not a query parameter of this operation');
  }
  let body: unknown;
  if (!rules.body) {
    if (input.body !== undefined) addFieldError(errors, '$', 'this operation takes no body');
  } else if (input.body === undefined) {
    addFieldError(errors, '$', 'a JSON body is required');
  } else if (!isJsonObject(input.body)) {
    // Every body the bank documents is an object; a number, text or list at the top is refused whole.
    addFieldError(errors, '$', 'The body must be a JSON object.');
  } else {
    body = part(rules.body, input.body);
  }
  if (hasFieldErrors(errors)) return { ok: false, errors };
  const request = { pathParams, query, body };
  const ruleErrors = rules.check?.(request, context) ?? {};
  return hasFieldErrors(ruleErrors) ? { ok: false, errors: ruleErrors } : { ok: true, request };
}

/** A JSON object as the safe reader gives it: not a list, nor a number (`JsonNumber`, an object too). */
function isJsonObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}

/** Routes that declare no path rules still take each parameter as one safe segment. */
function safeSegments(params: Record<string, string>): z.ZodMiniType {
  return z.strictObject(Object.fromEntries(Object.keys(params).map((name) => [name, safeSegment(name)])));
}
