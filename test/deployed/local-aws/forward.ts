import { request as httpRequest } from 'node:http';
import type { Reply, ServiceRequest } from './service.js';

/** Headers that describe one connection or one body's framing, not the request: never passed on. */
const FRAMING = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Sends a request on to an emulator (dynalite, fauxqs) and returns its answer as it came, body and headers.
 * `content-length` is dropped both ways (bodies may be rewritten) except on an answer to HEAD, where it is
 * the object's length and there is no body to measure.
 */
export function forward(
  endpoint: string,
  request: ServiceRequest,
  body: Buffer | string = request.body,
): Promise<Reply> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !FRAMING.has(name)),
  ) as Record<string, string | string[]>;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(request.url, endpoint),
      { method: request.method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const replyHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            const keep = !FRAMING.has(name) || (name === 'content-length' && request.method === 'HEAD');
            if (keep && value !== undefined) replyHeaders[name] = String(value);
          }
          resolve({ status: incoming.statusCode ?? 500, headers: replyHeaders, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
