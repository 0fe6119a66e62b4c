import { type IncomingMessage, request as httpRequest } from 'node:http';
import { readBody } from '#sim/core/read-body.js';
import type { Reply, ServiceRequest } from './service.js';

/** Headers that describe one connection or one body's framing, not the request: never passed on. */
const FRAMING = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Sends a request on to an emulator (dynalite, fauxqs) and returns its answer as it came, body and headers.
 * `content-length` is dropped both ways (bodies may be rewritten) except on an answer to HEAD, where it is
 * the object's length and there is no body to measure.
 */
export async function forward(
  endpoint: string,
  request: ServiceRequest,
  body: Buffer | string = request.body,
): Promise<Reply> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !FRAMING.has(name)),
  ) as Record<string, string | string[]>;
  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(request.url, endpoint),
      { method: request.method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const replyHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    const keep = !FRAMING.has(name) || (name === 'content-length' && request.method === 'HEAD');
    if (keep && value !== undefined) replyHeaders[name] = String(value);
  }
  return {
    status: incoming.statusCode ?? 500,
    headers: replyHeaders,
    body: (await readBody(incoming, Number.POSITIVE_INFINITY)) as Buffer,
  };
}
