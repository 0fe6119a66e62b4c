import { request as httpRequest } from 'node:http';

/** A request exactly as it goes on the wire: the path is sent unnormalised, the body byte for byte. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, not fetch: fetch would resolve `..` and `%2E%2E` in the path and refuse some requests itself. */
export function sendRaw(baseUrl: string, raw: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  // Content-Length always: node:http sends a GET or DELETE body unframed otherwise.
  const headers =
    raw.body === undefined ? raw.headers : { ...raw.headers, 'content-length': String(raw.body.length) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(raw.body);
  });
}
