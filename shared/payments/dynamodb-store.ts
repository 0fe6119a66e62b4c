import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { paymentsTable } from '../config/tables.js';
import type { PaymentStore } from './ports.js';
import type { PaymentRecord, PaymentStatus } from './status.js';

const KEY = paymentsTable.partitionKey;
/** Longer than any end-to-end id (35 characters at most), so a request item never shadows a payment. */
const requestKey = (requestId: string) => `request#${requestId}`;

type Item = { kind: 'payment'; record: PaymentRecord } | { kind: 'request'; endToEndIds: string[] };

/**
 * Payment records on DynamoDB: one item per end-to-end id, each change one conditional single-item write
 * (no transactions, so it runs on dynalite too). Items keep their kind beside the record.
 */
export class DynamoDbPaymentStore implements PaymentStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(endToEndId: string): Promise<PaymentRecord | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: endToEndId }, ConsistentRead: true }),
    );
    const item = Item as (Item & { [KEY]: string }) | undefined;
    return item?.kind === 'payment' ? item.record : undefined;
  }

  create(record: PaymentRecord): Promise<boolean> {
    return this.#conditional(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          [KEY]: record.endToEndId,
          kind: 'payment',
          status: record.status,
          generation: record.generation,
          record,
        },
        ConditionExpression: 'attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': KEY },
      }),
    );
  }

  replace(record: PaymentRecord, expected: { status: PaymentStatus; generation: number }): Promise<boolean> {
    return this.#conditional(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          [KEY]: record.endToEndId,
          kind: 'payment',
          status: record.status,
          generation: record.generation,
          record,
        },
        ConditionExpression: '#kind = :payment AND #status = :status AND #generation = :generation',
        ExpressionAttributeNames: { '#kind': 'kind', '#status': 'status', '#generation': 'generation' },
        ExpressionAttributeValues: {
          ':payment': 'payment',
          ':status': expected.status,
          ':generation': expected.generation,
        },
      }),
    );
  }

  async rememberRequest(requestId: string, endToEndIds: string[], now: Date): Promise<void> {
    await this.#db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { [KEY]: requestKey(requestId), kind: 'request', endToEndIds, at: now.toISOString() },
      }),
    );
  }

  async endToEndIdsOf(requestId: string): Promise<string[]> {
    const { Item } = await this.#db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { [KEY]: requestKey(requestId) },
        ConsistentRead: true,
      }),
    );
    const item = Item as Item | undefined;
    return item?.kind === 'request' ? item.endToEndIds : [];
  }

  async #conditional(command: PutCommand): Promise<boolean> {
    try {
      await this.#db.send(command);
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
