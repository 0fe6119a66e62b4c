import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  /**
   * Takes back a send recorded as first at `firstSentAt` that was not made after all (the tracker refused
   * the request beside it): only that record, never one an earlier send left.
   */
  forget(requestId: string, firstSentAt: Date): Promise<void>;
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

const EXPIRATION = idempotencyTable.ttlAttribute as string;

/**
 * On the idempotency table, next to Powertools' records: one UpdateItem per keyed request, which keeps the
 * first send's time and answers the item as it was, so a retry learns when it was first sent in the same
 * round trip. Only a record found expired (TTL deletion is lazy, so expiry is compared here) takes a second
 * write, to start it again as a first send.
 */
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
    const key = attemptKey(requestId);
    const names = { '#sent': 'firstSentAt', '#expiration': EXPIRATION };
    const values = { ':now': now.toISOString(), ':expiration': nowSeconds + ATTEMPT_KEPT_SECONDS };
    const { Attributes: before } = await this.#db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression:
          'SET #sent = if_not_exists(#sent, :now), #expiration = if_not_exists(#expiration, :expiration)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (before !== undefined && !(Number(before[EXPIRATION]) < nowSeconds)) {
      const firstSentAt = new Date(String(before.firstSentAt));
      return { sentBefore: true, firstSentAt: Number.isNaN(firstSentAt.getTime()) ? now : firstSentAt };
    }
    // Expired: it counts as never sent, and is kept again from now.
    if (before !== undefined)
      await this.#db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'SET #sent = :now, #expiration = :expiration',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    return { sentBefore: false, firstSentAt: now };
  }

  async forget(requestId: string, firstSentAt: Date): Promise<void> {
    try {
      await this.#db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: attemptKey(requestId),
          ConditionExpression: '#sent = :sent',
          ExpressionAttributeNames: { '#sent': 'firstSentAt' },
          ExpressionAttributeValues: { ':sent': firstSentAt.toISOString() },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

function attemptKey(requestId: string) {
  return { [idempotencyTable.partitionKey]: `clearway-attempt#${requestId}` };
}
