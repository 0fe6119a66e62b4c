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

/**
 * The sandbox's EventBridge bus, for `GET /gateway/local/events`: keeps the newest `limit` events, oldest
 * first (the oldest is dropped past it), so a long-running sandbox stays bounded.
 */
export class InMemoryEventBus implements EventPublisher {
  readonly #events: BoundedLog<LocalEvent>;

  constructor(
    limit: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.#events = new BoundedLog({ count: limit });
  }

  async publish(event: ClearwayEvent): Promise<void> {
    this.#events.push({ ...event, time: this.clock.now().toISOString() });
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
