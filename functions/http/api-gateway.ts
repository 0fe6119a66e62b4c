import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { type HttpResult, problem } from '#shared/http/problem.js';
import type { RouteMatch } from '#shared/http/router.js';

/** The exact body bytes API Gateway received (it base64-encodes binary or when told to). */
export function rawBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): Buffer | undefined {
  if (event.body === null || event.body === undefined) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/** Header lookup without caring how the client cased it. */
export function header(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/**
 * The gateway's base URL as this caller reached it: the domain, then whatever of API Gateway's full path
 * (`requestContext.path`) comes before the resource path (`path`): the stage on the execute-api domain
 * (`https://{id}.execute-api.{region}.amazonaws.com/live`), nothing on a custom domain mapped at its root.
 * API Gateway serves HTTPS only; the sandbox's events say `X-Forwarded-Proto: http`. Undefined when the
 * event does not tell.
 */
export function gatewayBaseUrl(
  event: Pick<APIGatewayProxyEvent, 'path' | 'headers' | 'requestContext'>,
): string | undefined {
  const { domainName, path: fullPath } = event.requestContext ?? {};
  if (!domainName || typeof fullPath !== 'string' || !fullPath.endsWith(event.path)) return undefined;
  const scheme = header(event, 'x-forwarded-proto') === 'http' ? 'http' : 'https';
  return `${scheme}://${domainName}${fullPath.slice(0, fullPath.length - event.path.length)}`;
}

export function definedValues(record: Record<string, string | undefined> | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export function toProxyResult(result: HttpResult): APIGatewayProxyResult {
  return { statusCode: result.status, headers: result.headers, body: result.body };
}

/**
 * A call a mount brought that this function serves no route for: 404 naming the path, or 405 with the
 * methods it allows there.
 */
export function notServed(
  method: string,
  path: string,
  match: Exclude<RouteMatch<unknown>, { kind: 'found' }>,
): HttpResult {
  if (match.kind === 'not-found') return problem(404, 'Not Found', `${method} ${path} is not served here.`);
  return problem(
    405,
    'Method Not Allowed',
    `${method} ${path}: this path takes ${match.allow.join(', ')}.`,
    undefined,
    { allow: match.allow.join(', ') },
  );
}
