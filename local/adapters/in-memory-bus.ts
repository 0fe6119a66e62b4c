import type { BankEvent, EventPublisher } from '../../shared/webhooks/ports.js';

/** The sandbox's EventBridge bus: keeps every event, oldest first, for `GET /gateway/local/events`. */
export class InMemoryEventBus implements EventPublisher {
  readonly events: Array<BankEvent & { time: string }> = [];

  async publish(event: BankEvent): Promise<void> {
    this.events.push({ ...event, time: new Date().toISOString() });
  }
}
