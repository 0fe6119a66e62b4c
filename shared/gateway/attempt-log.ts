import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { idempotencyTable } from '../config/tables.js';
import { IDEMPOTENCY_TTL_SECONDS } from './idempotency.js';

/**
 * Which X-Request-Ids the gateway has already sent. It is written before the first attempt, so when an
 * invocation dies after sending (a timeout, a crash) the next invocation with the same key knows that the
 * bank may have processed it, and reads the bank's 409 as "already processed" instead of a refusal.
 */
export interface AttemptLog {
  /** Records that `requestId` is about to be sent; true when it was sent before (within 24 hours). */
  recordSend(requestId: string, now: Date): Promise<boolean>;
}

/** On the idempotency table, next to Powertools' records: one conditional put per keyed request. */
export class DynamoDbAttemptLog implements AttemptLog {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client);
  }

  async recordSend(requestId: string, now: Date): Promise<boolean> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    try {
      await this.#db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            [idempotencyTable.partitionKey]: `clearway-attempt#${requestId}`,
            [idempotencyTable.ttlAttribute as string]: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
            firstSentAt: now.toISOString(),
          },
          // An expired record counts as never sent: TTL deletion is lazy, so expiry is compared here.
          ConditionExpression: 'attribute_not_exists(#id) OR #expiration < :now',
          ExpressionAttributeNames: { '#id': idempotencyTable.partitionKey, '#expiration': 'expiration' },
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return false;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return true;
      throw error;
    }
  }
}
