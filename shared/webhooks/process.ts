import type { Log } from '../bank/client.js';
import type { Clock } from '../ports/clock.js';
import { parseEnvelope } from './envelope.js';
import { webhookIdentity } from './identity.js';
import type { EventPublisher, QueuedWebhook, WebhookInbox } from './ports.js';

export interface ProcessDependencies {
  inbox: WebhookInbox;
  events: EventPublisher;
  clock: Clock;
  log: Log;
}

export type ProcessOutcome = 'published' | 'duplicate';

/** Another worker holds this webhook's key; the message goes back to the queue and is tried again. */
export class InboxBusyError extends Error {
  override readonly name = 'InboxBusyError';
}

/**
 * One queued webhook: claim its identity in the inbox, publish one event, then mark it published.
 * A crash between claim and mark leaves it unpublished, so the redelivered message publishes again
 * (consumers deduplicate on `detail.key`); a published key is dropped as a duplicate.
 */
export async function processWebhook(
  message: QueuedWebhook,
  deps: ProcessDependencies,
): Promise<ProcessOutcome> {
  // Verified by the receiver before it was queued; parsing cannot fail for a message it queued.
  const envelope = parseEnvelope(message.body);
  const { key, basis } = webhookIdentity(
    envelope.type,
    envelope.version,
    envelope.payload,
    new Date(message.receivedAt),
  );
  const facts = { webhookType: envelope.type, key, basis };
  const claim = await deps.inbox.claim(key, deps.clock.now());
  if (claim === 'already-published') {
    deps.log.info('duplicate webhook dropped', facts);
    return 'duplicate';
  }
  if (claim === 'busy') throw new InboxBusyError(`webhook ${key} is being processed by another worker`);
  try {
    await deps.events.publish({
      source: 'clearway.bank',
      detailType: envelope.type,
      detail: {
        type: envelope.type,
        version: envelope.version,
        key,
        receivedAt: message.receivedAt,
        deliveryAttempt: Number(message.deliveryAttempt ?? 1),
        payload: envelope.payload,
      },
    });
  } catch (error) {
    await deps.inbox.release(key).catch(() => undefined); // the lease runs out anyway
    throw error;
  }
  await deps.inbox.markPublished(key, deps.clock.now());
  deps.log.info('webhook published', facts);
  return 'published';
}
