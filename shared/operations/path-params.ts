import * as z from 'zod/mini';
import { isDotSegment, safeSegmentMessage, segmentPattern } from '../http/path-segment.js';

/**
 * Path parameters, checked per operation before anything is sent. API Gateway hands them over decoded, so
 * `%2E%2E` arrives as `..` and `%2F` as `/`: without these rules a parameter could name another resource
 * (`/v1/Accounts/{id}/Virtual/..` is `/v1/Accounts/{id}` once the URL is resolved). Every rule below admits
 * exactly one safe path segment, and `bankPath` encodes it, so the bank receives one segment per parameter.
 */

/** Ids the bank issues (accounts, virtual accounts, transactions, mandates): `format: uuid` in the reference. */
export function bankId(name: string) {
  const message = `${name} must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, as the bank issues it.`;
  return z.guid({ error: message });
}

/** A sort code in a path (`/v1/Transactions/{sortCode}/...`). */
export function sortCodeSegment(name = 'sortCode') {
  const message = `${name} must be exactly 6 digits.`;
  return z.string({ error: message }).check(z.regex(/^[0-9]{6}$/, message));
}

/** An IBAN in a path: country, check digits and up to 30 letters or digits, upper case, no spaces. */
export function ibanSegment(name = 'iban') {
  const message = `${name} must be an IBAN: 2 letters, 2 digits, then 1 to 30 upper-case letters or digits.`;
  return z.string({ error: message }).check(z.regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/, message));
}

/** Any other parameter: one safe segment (`isSafeSegment`). */
export function safeSegment(name: string) {
  const message = safeSegmentMessage(name);
  return z.string({ error: message }).check(
    z.regex(segmentPattern(), message),
    z.refine((value) => !isDotSegment(value), message),
  );
}

/** The `{name}`s of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
