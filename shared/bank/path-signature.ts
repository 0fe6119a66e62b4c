import type { Signer } from '../signing/signer.js';

/**
 * The path-based signature (the `X-Request-Time` variant): for a GET or DELETE, which has no body to sign,
 * the bank's reference signs a value built from the request line instead. Both the bank client and the
 * simulator build it here, so the exact input is written down once.
 *
 * The reference (EU getting-started page, "To create a digital signature for GET and DELETE requests")
 * says: UTF-8 of the HTTP method, the path and query, the X-Request-Id and the X-Request-Time
 * "concatenated", SHA-256, signed like a body (RSASSA-PKCS1-v1_5, Base64) and sent in `DigitalSignature`.
 * It names no separator, so we take "concatenated" literally: no separator at all. Should the bank's
 * answer differ, `PATH_SIGNATURE_SEPARATOR` is the one thing to change.
 *
 *   GET/mccy/v1/VirtualAccounts/2f5a...?x=1 + 6c1e...request-id + 1767225600
 *   = "GET/mccy/v1/VirtualAccounts/2f5a...?x=16c1e...request-id1767225600"
 */
export const PATH_SIGNATURE_SEPARATOR = '';

/** The header carrying the signing time, Unix seconds. */
export const REQUEST_TIME_HEADER = 'x-request-time';

/** The bank refuses an `X-Request-Time` more than this many seconds late. */
export const REQUEST_TIME_MAX_AGE_SECONDS = 60;

export interface PathSignatureInput {
  /** Upper case, as sent: `GET`, `DELETE`. */
  method: string;
  /** The request target as sent: the path and, when there is one, `?` and the query, already encoded. */
  pathAndQuery: string;
  requestId: string;
  /** Unix seconds as text, exactly as in the `X-Request-Time` header. */
  requestTime: string;
}

/** The exact text that is signed. */
export function pathSignatureText(input: PathSignatureInput): string {
  return [input.method, input.pathAndQuery, input.requestId, input.requestTime].join(
    PATH_SIGNATURE_SEPARATOR,
  );
}

/** The exact bytes that are signed (UTF-8 of the text); SHA-256 and the signature are the signer's, as for a body. */
export function pathSignatureBytes(input: PathSignatureInput): Buffer {
  return Buffer.from(pathSignatureText(input), 'utf8');
}

/** The `DigitalSignature` of a path-signed request, by the same `Signer` that signs bodies. */
export function signPath(signer: Signer, input: PathSignatureInput): Promise<string> {
  return signer.sign(pathSignatureBytes(input));
}

/** `X-Request-Time` for an instant: whole Unix seconds. */
export function requestTimeAt(epochMillis: number): string {
  return String(Math.floor(epochMillis / 1000));
}

/** The request target of a URL as it goes on the wire: path plus `?query` when there is one. */
export function pathAndQueryOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

export type RequestTimeCheck = { ok: true } | { ok: false; detail: string };

/**
 * The bank's rule on `X-Request-Time`: whole Unix seconds, at most 60 seconds late. The reference names
 * only lateness; a time ahead of the bank's clock is accepted (never refuse what the bank accepts).
 */
export function checkRequestTime(value: string | undefined, now: Date): RequestTimeCheck {
  if (value === undefined || value === '') return { ok: false, detail: 'X-Request-Time is required' };
  if (!/^\d{1,12}$/.test(value))
    return { ok: false, detail: 'X-Request-Time must be a Unix time in whole seconds' };
  const lateBy = Math.floor(now.getTime() / 1000) - Number(value);
  if (lateBy > REQUEST_TIME_MAX_AGE_SECONDS)
    return {
      ok: false,
      detail: `X-Request-Time is ${lateBy} seconds late (at most ${REQUEST_TIME_MAX_AGE_SECONDS})`,
    };
  return { ok: true };
}
