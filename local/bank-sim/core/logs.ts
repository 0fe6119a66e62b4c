import { createHash } from 'node:crypto';
import type { LogLimits } from './bounded-log.js';

/**
 * Each simulator log keeps at most this much: the newest 10,000 entries within about 8 MiB of JSON text,
 * so sustained traffic (or a few huge bodies) cannot grow the sandbox without end.
 */
export const SIM_LOG_LIMITS: LogLimits = { count: 10_000, bytes: 8 * 1024 * 1024 };

/** How many bytes of a body a log entry keeps as text; its length and SHA-256 are always kept. */
export const LOGGED_BODY_BYTES = 4096;

/**
 * A body as the logs keep it; exact bytes are compared through `bytes` and `sha256`. The text is decoded
 * from the kept bytes only (a slice of the whole text would keep the whole text alive).
 */
export function loggedBody(bytes: Buffer): { text: string; bytes: number; sha256: string } {
  return {
    text: bytes.subarray(0, LOGGED_BODY_BYTES).toString('utf8'),
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** One request the simulator received on the bank API (not the admin endpoints). */
export interface RequestRecord {
  seq: number;
  /** Simulated time of arrival. */
  at: string;
  method: string;
  /** Path and query as received. */
  path: string;
  /** Lower-cased names; `authorization` shows only the token's last four characters. */
  headers: Record<string, string>;
  /** The body as UTF-8 text ('' when none), its first `LOGGED_BODY_BYTES` bytes only. */
  body: string;
  /** The exact body's length and SHA-256 (hex), kept even when the text is cut. */
  bodyBytes: number;
  bodySha256: string;
  requestId: string | null;
  correlationId: string;
  institutionId: string | null;
  /** The status answered; null while in progress or when the connection was dropped. */
  status: number | null;
  /** The problem title when the answer was an error. */
  title: string | null;
  /** The fault applied before processing, if any (`500`, `503`, `429`, `drop`, or `slow`: late, then processed). */
  fault: string | null;
}

/** Header values flattened to strings, with the token masked: the log is served without authentication. */
export function loggableHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    result[name] = name === 'authorization' ? maskAuthorization(text) : text;
  }
  return result;
}

function maskAuthorization(value: string): string {
  const match = /^(\S+)\s+(\S*)$/.exec(value);
  if (!match) return '<masked>';
  return `${match[1]} ****${(match[2] ?? '').slice(-4)}`;
}
