/** An append-only log that keeps the newest `capacity` entries, so a long sandbox run stays bounded. */
export class BoundedLog<T> {
  readonly #entries: T[] = [];

  constructor(private readonly capacity = 10_000) {}

  push(entry: T): T {
    this.#entries.push(entry);
    if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity);
    return entry;
  }

  get entries(): readonly T[] {
    return this.#entries;
  }

  clear(): void {
    this.#entries.length = 0;
  }
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
  /** The exact body as UTF-8 text ('' when none). */
  body: string;
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
