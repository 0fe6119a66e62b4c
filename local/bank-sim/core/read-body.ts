import type { IncomingMessage } from 'node:http';

/**
 * The body's exact bytes, or undefined once it grows past `limit`. The rest is left unread, so answer
 * that with `Connection: close`: Node then closes the connection after the answer instead of keeping it
 * open for a next request that could only stall behind the unread bytes.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
