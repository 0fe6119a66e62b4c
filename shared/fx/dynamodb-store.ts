import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fxTable } from './table.js';
import type { FxStore } from './ports.js';
import type { QuoteRecord, QuoteStatus, TradeRecord } from './records.js';

const KEY = fxTable.partitionKey;
const quoteKey = (quoteId: string) => `quote#${quoteId}`;
const tradeKey = (endToEndId: string) => `trade#${endToEndId}`;
/** No execution has claimed the quote: the condition compares with this instead of a missing attribute. */
const UNCLAIMED = '-';

/**
 * FX records on DynamoDB: one item per quote and per trade, the record beside the attributes the conditions
 * read (`status`, and a quote's `claimedBy`). Every write is an UpdateItem (create with
 * attribute_not_exists), so the processor needs only Get and Update; no transactions (dynalite runs it).
 */
export class DynamoDbFxStore implements FxStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  getQuote(quoteId: string): Promise<QuoteRecord | undefined> {
    return this.#get<QuoteRecord>(quoteKey(quoteId));
  }

  createQuote(record: QuoteRecord): Promise<boolean> {
    return this.#write(quoteKey(record.quoteId), record, {
      condition: 'attribute_not_exists(#key)',
      extra: { claimedBy: record.execution?.requestId ?? UNCLAIMED },
    });
  }

  replaceQuote(
    record: QuoteRecord,
    expected: { status: QuoteStatus; requestId: string | undefined },
  ): Promise<boolean> {
    return this.#write(quoteKey(record.quoteId), record, {
      condition: '#status = :expected AND #claimedBy = :expectedClaim',
      values: { ':expected': expected.status, ':expectedClaim': expected.requestId ?? UNCLAIMED },
      extra: { claimedBy: record.execution?.requestId ?? UNCLAIMED },
    });
  }

  getTrade(endToEndId: string): Promise<TradeRecord | undefined> {
    return this.#get<TradeRecord>(tradeKey(endToEndId));
  }

  createTrade(record: TradeRecord): Promise<boolean> {
    return this.#write(tradeKey(record.endToEndId), record, { condition: 'attribute_not_exists(#key)' });
  }

  replaceTrade(record: TradeRecord, expected: Pick<TradeRecord, 'status' | 'history'>): Promise<boolean> {
    return this.#write(tradeKey(record.endToEndId), record, {
      condition: '#status = :expected AND size(#record.#history) = :length',
      values: { ':expected': expected.status, ':length': expected.history.length },
    });
  }

  async #get<T>(key: string): Promise<T | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: key }, ConsistentRead: true }),
    );
    return (Item as { record: T } | undefined)?.record;
  }

  /** One conditional UpdateItem setting the record, its status and `extra` attributes; false when the condition fails. */
  async #write(
    key: string,
    record: QuoteRecord | TradeRecord,
    options: {
      condition: string;
      values?: Record<string, string | number>;
      extra?: Record<string, string>;
    },
  ): Promise<boolean> {
    const attributes: Record<string, unknown> = { record, status: record.status, ...options.extra };
    const names = Object.keys(attributes);
    const conditionNames: Record<string, string> = {};
    if (options.condition.includes('#key')) conditionNames['#key'] = KEY;
    if (options.condition.includes('#claimedBy')) conditionNames['#claimedBy'] = 'claimedBy';
    if (options.condition.includes('#history')) conditionNames['#history'] = 'history';
    try {
      await this.#db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [KEY]: key },
          UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
          ConditionExpression: options.condition,
          ExpressionAttributeNames: {
            ...Object.fromEntries(names.map((name) => [`#${name}`, name])),
            ...conditionNames,
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((name) => [`:${name}`, attributes[name]])),
            ...options.values,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
