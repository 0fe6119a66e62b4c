import { type EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { detailText } from './event-limits.js';
import type { ClearwayEvent, EventPublisher } from '../ports/events.js';

/** Publishes to the institution's EventBridge bus; a rejected entry is an error, so the message is retried. */
export class EventBridgePublisher implements EventPublisher {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: string,
  ) {}

  async publish(event: ClearwayEvent): Promise<void> {
    const { FailedEntryCount, Entries } = await this.client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: this.busName,
            Source: event.source,
            DetailType: event.detailType,
            Detail: detailText(event),
          },
        ],
      }),
    );
    if (FailedEntryCount) {
      const entry = Entries?.[0];
      throw new Error(
        `EventBridge refused event ${event.detail.key}: ${entry?.ErrorCode} ${entry?.ErrorMessage}`,
      );
    }
  }
}
