import type { Log } from '../ports/log.js';
import type { Clock } from '../ports/clock.js';
import { parseEnvelope, readableType, WebhookEnvelopeError } from './envelope.js';
import { eventProblem } from './event-limits.js';
import { webhookIdentity } from './identity.js';
import type { WebhookBodyStore, WebhookInbox, WebhookQuarantine } from './ports.js';
import type { BankEvent, EventPublisher } from '../ports/events.js';
import { decodeQueueMessage, QueueMessageError, quarantineReason } from './queue-message.js';

/** A webhook as the state hooks see it, once its identity is claimed in the inbox. */
export interface ClaimedWebhook {
  type: string;
  version: number;
  /** The webhook's identity: a hook records it as the cause of what it changes. */
  key: string;
  payload: unknown;
  receivedAt: string;
  now: Date;
}

/**
 * Bookkeeping a hook leaves for after its events went out (an outbox's marks): the processor runs it beside
 * the inbox mark, and logs its failure, which loses nothing (the events are out; a list keeps their ids).
 */
export type Afterwards = () => Promise<void>;

/** A webhook as read from its message, before its identity is claimed. */
export type ArrivedWebhook = Omit<ClaimedWebhook, 'now'>;

/**
 * Moves the gateway's own records on a webhook (payments, FX trades, batches). Runs after the inbox claim
 * and before the bank event is published; it must be idempotent per `key` (a redelivered message runs it
 * again), and it throws to have the message retried.
 */
export interface StateHook {
  /** May answer what is left to write once its events are out (`Afterwards`). */
  (webhook: ClaimedWebhook): Promise<void | Afterwards>;
  /**
   * Begins the reads the hook starts from (the record the webhook moves) beside the inbox claim: reading
   * changes nothing, so a duplicate only read in vain. The hook finds them by the payload object it is given
   * again (`earlyReads`).
   */
  prefetch?(webhook: ArrivedWebhook): void;
}

export interface ProcessDependencies {
  /** Run in order on every claimed webhook; none by default. */
  hooks?: readonly StateHook[];
  inbox: WebhookInbox;
  events: EventPublisher;
  quarantine: WebhookQuarantine;
  bodies: WebhookBodyStore;
  clock: Clock;
  log: Log;
}

export type ProcessOutcome = 'published' | 'duplicate' | 'quarantined';

/**
 * Thrown by a state hook for a webhook that no retry can help (a statement link already expired, a link to
 * a host that is not the bank): the message goes to the quarantine at once with this reason.
 */
export class WebhookQuarantineError extends Error {
  override readonly name = 'WebhookQuarantineError';
}

/** Another worker holds this webhook's key; the message goes back to the queue and is tried again. */
export class InboxBusyError extends Error {
  override readonly name = 'InboxBusyError';
}

/** What a log line says about the webhook, as far as it is known when something fails. */
type Facts = { webhookType?: string; key?: string; basis?: string };

/**
 * One queued message: read the webhook, claim its identity in the inbox, let the state hooks move the
 * gateway's records, publish one event, then mark it published. A crash between claim and mark leaves it unpublished, so the redelivered message publishes
 * again (consumers deduplicate on `detail.key`); a published key is dropped as a duplicate.
 *
 * A webhook that can never be published (not an envelope, an event EventBridge refuses, or one a state hook
 * refuses with `WebhookQuarantineError`) is quarantined
 * at once with its reason instead of failing every retry. Every failure is logged once, with what is known.
 */
export async function processWebhook(message: string, deps: ProcessDependencies): Promise<ProcessOutcome> {
  const facts: Facts = {};
  let reason: string;
  try {
    const outcome = await publishOnce(message, deps, facts);
    if (typeof outcome === 'string') return outcome;
    reason = outcome.unpublishable;
  } catch (error) {
    if (error instanceof WebhookQuarantineError) return quarantine(message, error.message, deps, facts);
    if (!(error instanceof QueueMessageError || error instanceof WebhookEnvelopeError)) {
      deps.log.error('webhook processing failed; the message will be retried', {
        ...facts,
        reason: (error as Error).message,
      });
      throw error;
    }
    reason = `not a webhook envelope: ${error.message}`;
  }
  return quarantine(message, reason, deps, facts);
}

async function quarantine(
  message: string,
  reason: string,
  deps: ProcessDependencies,
  facts: Facts,
): Promise<'quarantined'> {
  const bounded = quarantineReason(reason);
  try {
    await deps.quarantine.quarantine(message, bounded);
  } catch (error) {
    deps.log.error('webhook could not be quarantined; the message will be retried', {
      ...facts,
      reason: bounded,
      quarantineError: (error as Error).message,
    });
    throw error;
  }
  deps.log.error('webhook quarantined', { ...facts, reason: bounded });
  return 'quarantined';
}

async function publishOnce(
  message: string,
  deps: ProcessDependencies,
  facts: Facts,
): Promise<'published' | 'duplicate' | { unpublishable: string }> {
  const webhook = await decodeQueueMessage(message, deps.bodies);
  const envelope = parseEnvelope(webhook.body);
  const { key, basis } = webhookIdentity(
    envelope.type,
    envelope.version,
    envelope.payload,
    new Date(webhook.receivedAt),
  );
  Object.assign(facts, { webhookType: readableType(envelope.type), key, basis });
  const event: BankEvent = {
    source: 'clearway.bank',
    detailType: envelope.type,
    detail: {
      type: envelope.type,
      version: envelope.version,
      key,
      receivedAt: webhook.receivedAt,
      deliveryAttempt: Number(webhook.deliveryAttempt ?? 1),
      ...(envelope.institutionId !== undefined && { institutionId: envelope.institutionId }),
      payload: envelope.payload,
    },
  };
  const problem = eventProblem(event);
  if (problem !== undefined) return { unpublishable: problem };

  const arrived: ArrivedWebhook = {
    type: envelope.type,
    version: envelope.version,
    key,
    payload: envelope.payload,
    receivedAt: webhook.receivedAt,
  };
  for (const hook of deps.hooks ?? []) {
    try {
      hook.prefetch?.(arrived);
    } catch {
      // Only a head start: the hook reads the payload again after the claim, and fails there if it must.
    }
  }
  const claim = await deps.inbox.claim(key, deps.clock.now());
  if (claim === 'already-published') {
    deps.log.info('duplicate webhook dropped', facts);
    return 'duplicate';
  }
  if (claim === 'busy') throw new InboxBusyError(`webhook ${key} is being processed by another worker`);
  const afterwards: Afterwards[] = [];
  try {
    for (const hook of deps.hooks ?? []) {
      const after = await hook({ ...arrived, now: deps.clock.now() });
      if (after !== undefined) afterwards.push(after);
    }
    await deps.events.publish(event);
  } catch (error) {
    await deps.inbox.release(key).catch(() => undefined); // the lease runs out anyway
    throw error;
  }
  await Promise.all([
    deps.inbox.markPublished(key, deps.clock.now()),
    ...afterwards.map((after) =>
      after().catch((error: unknown) =>
        deps.log.error('a state hook’s bookkeeping after its events failed; nothing is lost', {
          ...facts,
          reason: (error as Error).message,
        }),
      ),
    ),
  ]);
  deps.log.info('webhook published', facts);
  return 'published';
}
