import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { paymentsTable } from './table.js';
import type { PaymentStore } from './ports.js';
import { appendsHistory, type PaymentRecord } from './status.js';

const KEY = paymentsTable.partitionKey;
/** Longer than any end-to-end id (35 characters at most), so a request item never shadows a payment. */
const requestKey = (requestId: string) => `request#${requestId}`;
/** The bank's payment id (a GUID, 36 characters) with its prefix: longer than any end-to-end id too. */
const paymentKey = (paymentId: string) => `payment#${paymentId}`;

type Item =
  | { kind: 'payment'; record: PaymentRecord }
  | { kind: 'request'; endToEndIds: string[] }
  /** `names`, not `endToEndId`: that is the table's key attribute. */
  | { kind: 'paymentId'; names: string };

/**
 * Payment records on DynamoDB: one item per end-to-end id, each change one conditional single-item write
 * (no transactions, so it runs on dynalite too). Items keep their kind beside the record. A replace holds
 * only while the stored history is the one read, and only appends to it: no writer drops another's fact.
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

  async replace(
    record: PaymentRecord,
    expected: Pick<PaymentRecord, 'status' | 'generation' | 'history'>,
  ): Promise<boolean> {
    if (!appendsHistory(record, expected))
      throw new Error(`payment ${record.endToEndId}: a write must append to the history it read`);
    // The stored history's length is the record's version: a writer that read fewer entries lost the race.
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
        ConditionExpression:
          '#kind = :payment AND #status = :status AND #generation = :generation AND size(#record.#history) = :length',
        ExpressionAttributeNames: {
          '#kind': 'kind',
          '#status': 'status',
          '#generation': 'generation',
          '#record': 'record',
          '#history': 'history',
        },
        ExpressionAttributeValues: {
          ':payment': 'payment',
          ':status': expected.status,
          ':generation': expected.generation,
          ':length': expected.history.length,
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

  async rememberPayment(paymentId: string, endToEndId: string, now: Date): Promise<void> {
    await this.#db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { [KEY]: paymentKey(paymentId), kind: 'paymentId', names: endToEndId, at: now.toISOString() },
      }),
    );
  }

  async endToEndIdOfPayment(paymentId: string): Promise<string | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { [KEY]: paymentKey(paymentId) },
        ConsistentRead: true,
      }),
    );
    const item = Item as Item | undefined;
    return item?.kind === 'paymentId' ? item.names : undefined;
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
