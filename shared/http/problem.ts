import type { ProblemDetails } from './types.js';

/** What a gateway use case answers, independent of API Gateway's event types. */
export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  /** Exact bytes to return (the bank's own body when mirrored). */
  body: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The members of a problem-detail body: `instance` and `errors` are written only when given. */
export interface ProblemFields {
  status: number;
  title: string;
  detail: string;
  /** The path the problem is about, as the bank's own problems carry it. */
  instance?: string;
  errors?: Record<string, string[]>;
}

/**
 * The problem-detail body in the bank's own shape and member order (`type`, `title`, `status`, `detail`,
 * `instance`, `errors`): the one builder of the gateway's refusals and the simulated bank's.
 */
export function problemDetails({
  status,
  title,
  detail,
  instance,
  errors,
}: ProblemFields): ProblemDetails & { status: number } {
  return {
    type: 'about:blank',
    title,
    status,
    detail,
    ...(instance !== undefined && { instance }),
    ...(errors && { errors }),
  };
}

/** A problem-detail answer in the bank's own shape (`type`, `title`, `status`, `detail`, `errors`). */
export function problem(
  status: number,
  title: string,
  detail: string,
  errors?: Record<string, string[]>,
  headers: Record<string, string> = {},
  /** The path the problem is about, as the bank's own problems carry it. */
  instance?: string,
): HttpResult {
  return {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
    body: JSON.stringify(problemDetails({ status, title, detail, instance, errors })),
  };
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResult {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}
