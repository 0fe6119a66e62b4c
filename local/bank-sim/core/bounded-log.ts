/** How many entries, and roughly how many bytes of them, a `BoundedLog` keeps. */
export interface LogLimits {
  count: number;
  /** Measured as the entry's JSON text, when the entry is added. Default: no byte limit. */
  bytes?: number;
}

/**
 * An append-only list that keeps the newest entries within its limits, oldest first, so a long sandbox
 * run stays bounded whatever the entries hold. The newest entry is always kept.
 */
export class BoundedLog<T> {
  readonly #entries: T[] = [];
  readonly #sizes: number[] = [];
  #bytes = 0;

  constructor(private readonly limits: LogLimits) {}

  push(entry: T): T {
    const size = this.limits.bytes === undefined ? 0 : JSON.stringify(entry).length;
    this.#entries.push(entry);
    this.#sizes.push(size);
    this.#bytes += size;
    while (
      this.#entries.length > 1 &&
      (this.#entries.length > this.limits.count || this.#bytes > (this.limits.bytes ?? Infinity))
    ) {
      this.#entries.shift();
      this.#bytes -= this.#sizes.shift() ?? 0;
    }
    return entry;
  }

  get entries(): readonly T[] {
    return this.#entries;
  }

  clear(): void {
    this.#entries.length = 0;
    this.#sizes.length = 0;
    this.#bytes = 0;
  }
}
