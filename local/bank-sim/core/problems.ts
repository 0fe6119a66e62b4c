import { PROBLEM_CONTENT_TYPE, type ProblemFields, problemDetails } from '#shared/http/problem.js';
import type { SimResponse } from './types.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A refusal as the bank answers it: the body `problemDetails` builds (shared/http/problem.ts, the gateway's
 * builder too) as `application/problem+json`. The bank writes every member, `errors` empty unless given;
 * `errors: null` is the plain form some families answer (the multi-currency ones): no `errors` at all.
 */
export function problemAnswer(
  { errors = {}, ...fields }: Omit<ProblemFields, 'errors'> & { errors?: ProblemFields['errors'] | null },
  headers: Record<string, string> = {},
): SimResponse {
  return {
    status: fields.status,
    headers: { ...headers, 'content-type': PROBLEM_CONTENT_TYPE },
    body: JSON.stringify(problemDetails({ ...fields, errors: errors ?? undefined })),
  };
}

/** Field errors folded into the detail, so the plain form still names each property. */
export function plainDetail(detail: string, errors: Record<string, string[]> = {}): string {
  const fields = Object.entries(errors).map(([name, messages]) => `${name}: ${messages.join(' ')}`);
  return fields.length === 0 ? detail : `${detail}: ${fields.join('; ')}`;
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): SimResponse {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** Titles the simulator uses beyond the two the spec names (those live in shared/bank/errors.ts). */
export const TITLES = {
  forbidden: 'Forbidden',
  duplicateRequestId: 'Duplicate X-Request-Id',
  badRequest: 'Bad Request',
  badJson: 'Invalid JSON Body',
  validation: 'One or more validation errors occurred.',
  notFound: 'Not Found',
  conflict: 'Conflict',
  unprocessable: 'Unprocessable Entity',
  methodNotAllowed: 'Method Not Allowed',
  tooLarge: 'Payload Too Large',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
  rateLimited: 'Too Many Requests',
} as const;
