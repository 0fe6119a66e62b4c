/** A verified webhook as it waits on the queue: the exact body and the delivery facts. */
export interface QueuedWebhook {
  body: string;
  deliveryAttempt: string | undefined;
  retryReason: string | undefined;
  receivedAt: string;
}

/** Durable queue between the receiver and the processor (SQS on AWS). Resolves only once stored. */
export interface WebhookQueue {
  enqueue(webhook: QueuedWebhook): Promise<void>;
}

/** What the processor publishes: one per unique webhook. */
export interface BankEvent {
  source: 'clearway.bank';
  /** The wire `Type`. */
  detailType: string;
  detail: {
    type: string;
    version: number;
    /** Stable identity; consumers deduplicate on it. */
    key: string;
    receivedAt: string;
    deliveryAttempt: number;
    payload: unknown;
  };
}

export interface EventPublisher {
  publish(event: BankEvent): Promise<void>;
}

export type InboxClaim = 'claimed' | 'already-published' | 'busy';

/** The deduplication inbox (DynamoDB): one item per webhook identity, each change one conditional write. */
export interface WebhookInbox {
  /** Takes the key for processing, unless it was published already or another worker holds it. */
  claim(key: string, now: Date): Promise<InboxClaim>;
  markPublished(key: string, now: Date): Promise<void>;
  /** Gives the key up after a failed publish, so the redelivered message need not wait for the lease. */
  release(key: string): Promise<void>;
}
