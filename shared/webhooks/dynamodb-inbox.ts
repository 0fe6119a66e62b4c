import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETRY_WINDOW_MS } from './delivery-rules.js';
import type { InboxClaim, WebhookInbox } from './ports.js';

/** Seven times the bank's retry window: a week of memory outlasts any redelivery with a wide margin. */
export const INBOX_RETENTION_SECONDS = (7 * RETRY_WINDOW_MS) / 1000;
/** How long one worker may hold a key before another may take it over (longer than the processor's timeout). */
export const INBOX_LEASE_MS = 60_000;

interface InboxItem {
  key: string;
  state: 'processing' | 'published';
  leaseUntil: number;
  expiresAt: number;
}

/**
 * The webhook inbox on DynamoDB. Every change is one conditional single-item write (no transactions, so
 * it runs on dynalite too), and expiry is compared with the clock instead of trusting TTL deletion.
 */
export class DynamoDbWebhookInbox implements WebhookInbox {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client);
  }

  async claim(key: string, now: Date): Promise<InboxClaim> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const item: InboxItem = {
      key,
      state: 'processing',
      leaseUntil: now.getTime() + INBOX_LEASE_MS,
      expiresAt: nowSeconds + INBOX_RETENTION_SECONDS,
    };
    const written = await this.#conditional(
      new PutCommand({
        TableName: this.tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(#key) OR #expiresAt < :now',
        ExpressionAttributeNames: { '#key': 'key', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    if (written) return 'claimed';
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { key }, ConsistentRead: true }),
    );
    const existing = Item as InboxItem | undefined;
    if (existing?.state === 'published') return 'already-published';
    if (!existing || existing.leaseUntil > now.getTime()) return 'busy';
    // The previous worker's lease ran out (it crashed before publishing): take the key over.
    const takenOver = await this.#conditional(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { key },
        UpdateExpression: 'SET #leaseUntil = :lease',
        ConditionExpression: '#state = :processing AND #leaseUntil = :old',
        ExpressionAttributeNames: { '#leaseUntil': 'leaseUntil', '#state': 'state' },
        ExpressionAttributeValues: {
          ':lease': now.getTime() + INBOX_LEASE_MS,
          ':processing': 'processing',
          ':old': existing.leaseUntil,
        },
      }),
    );
    return takenOver ? 'claimed' : 'busy';
  }

  async markPublished(key: string, now: Date): Promise<void> {
    await this.#db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { key },
        UpdateExpression: 'SET #state = :published, #publishedAt = :at',
        ExpressionAttributeNames: { '#state': 'state', '#publishedAt': 'publishedAt' },
        ExpressionAttributeValues: { ':published': 'published', ':at': now.toISOString() },
      }),
    );
  }

  async release(key: string): Promise<void> {
    await this.#conditional(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { key },
        UpdateExpression: 'SET #leaseUntil = :none',
        ConditionExpression: '#state = :processing',
        ExpressionAttributeNames: { '#leaseUntil': 'leaseUntil', '#state': 'state' },
        ExpressionAttributeValues: { ':none': 0, ':processing': 'processing' },
      }),
    );
  }

  async #conditional(command: PutCommand | UpdateCommand): Promise<boolean> {
    try {
      await this.#db.send(command as PutCommand);
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
