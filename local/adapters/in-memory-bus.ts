import { type Clock, systemClock } from '#shared/ports/clock.js';
import type { ClearwayEvent, EventPublisher } from '#shared/ports/events.js';
import { BoundedLog } from '../bank-sim/core/bounded-log.js';

/** As EventBridge delivers it: `replayName` (EventBridge's `replay-name`) only on a replayed event. */
export type LocalEvent = ClearwayEvent & { time: string; replayName?: string };

export interface EventFilter {
  /** Only events with exactly this detail-type. */
  detailType?: string;
  /** Only events published strictly after this time. */
  since?: Date;
}

/** What is wrong with an event (one line), or undefined when it is fine: `eventViolation` of the catalogue. */
export type EventCheck = (event: ClearwayEvent) => string | undefined;

/** How many violations a bus keeps the text of; it counts them all. */
const KEPT_VIOLATIONS = 20;

/**
 * The sandbox's EventBridge bus, for `GET /gateway/local/events`: keeps the newest `limit` events, oldest
 * first (the oldest is dropped past it), so a long-running sandbox stays bounded.
 *
 * Given a `check` (the tests' sandboxes), it checks every event as it is published and keeps what is wrong;
 * the event is published all the same, as EventBridge would, so a test sees the flow unchanged.
 */
export class InMemoryEventBus implements EventPublisher {
  readonly #events: BoundedLog<LocalEvent>;
  readonly #violations: string[] = [];
  #violationCount = 0;

  constructor(
    limit: number,
    private readonly clock: Clock = systemClock,
    private readonly check?: EventCheck,
  ) {
    this.#events = new BoundedLog({ count: limit });
  }

  async publish(event: ClearwayEvent): Promise<void> {
    const violation = this.check?.(event);
    if (violation !== undefined) {
      this.#violationCount += 1;
      if (this.#violations.length < KEPT_VIOLATIONS) this.#violations.push(violation);
    }
    this.#events.push({ ...event, time: this.clock.now().toISOString() });
  }

  /** Puts back the events a previous sandbox kept (oldest first), as they were: a restart of `npm start`. */
  restore(events: readonly LocalEvent[]): void {
    for (const event of events) this.#events.push(event);
  }

  /** The events that did not match their schema: how many, and the first ones' problems. */
  get violations(): { count: number; first: readonly string[] } {
    return { count: this.#violationCount, first: this.#violations };
  }

  /** Where the `since` filter and the replay window are measured: the clock events are stamped with. */
  now(): Date {
    return this.clock.now();
  }

  /**
   * Publishes again, marked with `replayName`, every original event (never a replayed one: EventBridge does
   * not archive replays) stamped from `from` to `to`, both inclusive, of `detailType` when given. As
   * EventBridge does, a replayed event keeps its time. Returns how many were replayed.
   */
  replay(window: { from: Date; to: Date; detailType?: string }, replayName: string): number {
    const from = window.from.getTime();
    const to = window.to.getTime();
    const matching = this.#events.entries.filter((event) => {
      const time = Date.parse(event.time);
      return (
        event.replayName === undefined &&
        time >= from &&
        time <= to &&
        (window.detailType === undefined || event.detailType === window.detailType)
      );
    });
    for (const event of matching) this.#events.push({ ...event, replayName });
    return matching.length;
  }

  list(filter: EventFilter = {}): LocalEvent[] {
    const since = filter.since?.getTime() ?? -Infinity;
    return this.#events.entries.filter(
      (event) =>
        (filter.detailType === undefined || event.detailType === filter.detailType) &&
        Date.parse(event.time) > since,
    );
  }
}
