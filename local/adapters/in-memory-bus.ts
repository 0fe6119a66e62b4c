import { type Clock, systemClock } from '../../shared/ports/clock.js';
import type { ClearwayEvent, EventPublisher } from '../../shared/webhooks/ports.js';
import { BoundedLog } from '../bounded-log.js';

export type LocalEvent = ClearwayEvent & { time: string };

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

  /** The events that did not match their schema: how many, and the first ones' problems. */
  get violations(): { count: number; first: readonly string[] } {
    return { count: this.#violationCount, first: this.#violations };
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
