import type { z } from 'zod';
import { type FieldErrors, fieldErrors } from '../http/validation.js';
import type { ParsedRequest, RequestInput, RequestRules, RuleContext } from './operation.js';

export type Validation = { ok: true; request: ParsedRequest } | { ok: false; errors: FieldErrors };

/**
 * A route's rules applied to a request: path parameters, query (unknown parameters refused), body, then
 * the rules that depend on the institution or the time. The gateway and the simulator both call this, so
 * a request the gateway lets through is judged the same way by the simulated bank.
 */
export function validateRequest(rules: RequestRules, input: RequestInput, context: RuleContext): Validation {
  const errors: FieldErrors = {};
  const part = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return value;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    Object.assign(errors, fieldErrors(parsed.error));
    return undefined;
  };
  const pathParams = part(rules.pathParams, input.pathParams);
  const query = part(rules.query, input.query);
  if (!rules.query) {
    for (const name of Object.keys(input.query))
      errors[name] = ['is not a query parameter of this operation'];
  }
  let body: unknown;
  if (!rules.body) {
    if (input.body !== undefined) errors.$ = ['this operation takes no body'];
  } else if (input.body === undefined) {
    errors.$ = ['a JSON body is required'];
  } else {
    body = part(rules.body, input.body);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const request = { pathParams, query, body };
  const ruleErrors = rules.check?.(request, context) ?? {};
  return Object.keys(ruleErrors).length > 0 ? { ok: false, errors: ruleErrors } : { ok: true, request };
}
