import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { idempotencyTable } from '../config/tables.js';
import { REQUEST_ID_UNIQUE_FOR_MS } from '../domain/request-id.js';

/**
 * Which X-Request-Ids the gateway has already sent, and when first. It is written before the first attempt,
 * so when an invocation dies after sending (a timeout, a crash) the next invocation with the same key knows
 * that the bank may have processed it, and reads the bank's 409 as "already processed" instead of a
 * refusal; and once the bank's duplicate window may have passed, it knows not to send it again at all.
 */
export interface AttemptLog {
  /** Records that `requestId` is about to be sent, and says when it was first sent (`now` if never). */
  recordSend(requestId: string, now: Date): Promise<SendRecord>;
}

export interface SendRecord {
  /** True when the request id was sent before. */
  sentBefore: boolean;
  /** When it was first sent: the earliest moment the bank can have received it. */
  firstSentAt: Date;
}

/**
 * How long a send is remembered: far past the bank's 24 hours, so a key repeated after its idempotency
 * record expired is still known as sent (and not sent again) instead of reaching the bank as new.
 */
export const ATTEMPT_KEPT_SECONDS = 35 * 24 * 60 * 60;

/**
 * From when a request id sent before is not sent again: the bank recognizes a repeat only within its 24
 * hours, less a margin for the two clocks and a request in flight at the edge.
 */
export const RESEND_LIMIT_MS = REQUEST_ID_UNIQUE_FOR_MS - 15 * 60 * 1000;

/** On the idempotency table, next to Powertools' records: one conditional put per keyed request. */
export class DynamoDbAttemptLog implements AttemptLog {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client);
  }

  async recordSend(requestId: string, now: Date): Promise<SendRecord> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const key = { [idempotencyTable.partitionKey]: `clearway-attempt#${requestId}` };
    try {
      await this.#db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...key,
            [idempotencyTable.ttlAttribute as string]: nowSeconds + ATTEMPT_KEPT_SECONDS,
            firstSentAt: now.toISOString(),
          },
          // An expired record counts as never sent: TTL deletion is lazy, so expiry is compared here.
          ConditionExpression: 'attribute_not_exists(#id) OR #expiration < :now',
          ExpressionAttributeNames: { '#id': idempotencyTable.partitionKey, '#expiration': 'expiration' },
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { sentBefore: false, firstSentAt: now };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    // Sent before (a retry): one more read, only on this path, for when.
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }),
    );
    const firstSentAt = new Date(String(Item?.firstSentAt));
    return { sentBefore: true, firstSentAt: Number.isNaN(firstSentAt.getTime()) ? now : firstSentAt };
  }
}
