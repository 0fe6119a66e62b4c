import type { ServerResponse } from 'node:http';
import { JSON_CONTENT_TYPE } from './problems.js';
import type { SimResponse } from './types.js';

/**
 * The request target as a URL. Prefixing the origin (instead of resolving against it) keeps a target
 * such as `//host/path` a path; undefined when even that does not parse.
 */
export function parseTarget(target: string): URL | undefined {
  try {
    return new URL(`http://simulator${target.startsWith('/') ? '' : '/'}${target}`);
  } catch {
    return undefined;
  }
}

/** Writes a response with `X-Correlation-Id`; a string body goes out byte for byte. */
export function writeResponse(res: ServerResponse, response: SimResponse, correlationId: string): void {
  const headers: Record<string, string> = { ...response.headers, 'x-correlation-id': correlationId };
  let bytes: Buffer | undefined;
  if (response.body !== undefined && response.status !== 204) {
    const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    if (typeof response.body !== 'string' && !hasHeader(headers, 'content-type')) {
      headers['content-type'] = JSON_CONTENT_TYPE;
    }
    bytes = Buffer.from(text, 'utf8');
    headers['content-length'] = String(bytes.length);
  }
  res.writeHead(response.status, headers);
  res.end(bytes);
}

/** The `title` of a problem body we wrote, for the request log. */
export function problemTitle(response: SimResponse): string | null {
  if (response.status < 400 || typeof response.body !== 'string') return null;
  try {
    const title = (JSON.parse(response.body) as { title?: unknown }).title;
    return typeof title === 'string' ? title : null;
  } catch {
    return null;
  }
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
