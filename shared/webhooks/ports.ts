/** A verified webhook: the exact bytes received and the delivery facts. */
export interface QueuedWebhook {
  body: Buffer;
  deliveryAttempt: string | undefined;
  retryReason: string | undefined;
  receivedAt: string;
}

/**
 * Durable queue between the receiver and the processor (SQS on AWS). Takes a message made by
 * `encodeQueueMessage`; resolves only once it is stored.
 */
export interface WebhookQueue {
  enqueue(message: string): Promise<void>;
}

/**
 * Where a verified webhook that cannot be processed is kept for an operator, with its reason: the webhook
 * dead-letter queue (alarmed on AWS, `GET /gateway/local/dlq` in the sandbox). Resolves once stored.
 */
export interface WebhookQuarantine {
  quarantine(message: string, reason: string): Promise<void>;
}

/** Durable store of the bodies too large for a queue message (S3 on AWS). */
export interface WebhookBodyStore {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
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
