/** Time as the rest of the code sees it; tests and the simulator move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  #millis: number;

  constructor(start: Date | string = '2026-01-05T09:00:00Z') {
    this.#millis = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#millis);
  }

  advance(millis: number): Date {
    if (!Number.isFinite(millis) || millis < 0) throw new RangeError(`cannot move the clock by ${millis} ms`);
    this.#millis += millis;
    return this.now();
  }

  set(to: Date | string): Date {
    const millis = new Date(to).getTime();
    if (Number.isNaN(millis)) throw new RangeError(`not a time: ${String(to)}`);
    this.#millis = millis;
    return this.now();
  }
}

/**
 * Real time plus an offset: the sandbox's bank moves on by itself like a real bank, and can still be moved
 * ahead (token expiry, the 24-hour windows, webhook retries) without waiting.
 */
export class RealTimeClock extends ManualClock {
  #offsetMs = 0;

  /** How far ahead of real time it runs. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  override now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  override advance(millis: number): Date {
    if (!Number.isFinite(millis) || millis < 0) throw new RangeError(`cannot move the clock by ${millis} ms`);
    this.#offsetMs += millis;
    return this.now();
  }

  override set(to: Date | string): Date {
    const millis = new Date(to).getTime();
    if (Number.isNaN(millis)) throw new RangeError(`not a time: ${String(to)}`);
    this.#offsetMs = millis - Date.now();
    return this.now();
  }
}
