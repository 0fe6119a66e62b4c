import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nameChecksTable } from '../config/tables.js';
import type { NameCheckRecord } from './outcome.js';
import type { NameCheckStore } from './ports.js';

const KEY = nameChecksTable.partitionKey;
const TTL = nameChecksTable.ttlAttribute as string;

/** Name-check outcomes on DynamoDB: one item per end-to-end id, `expiresAt` at the top for TTL. */
export class DynamoDbNameCheckStore implements NameCheckStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(endToEndId: string): Promise<NameCheckRecord | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: endToEndId }, ConsistentRead: true }),
    );
    return (Item as { record?: NameCheckRecord } | undefined)?.record;
  }

  async put(record: NameCheckRecord): Promise<void> {
    // Unconditional: a later check of the same end-to-end id replaces the earlier one.
    await this.#db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { [KEY]: record.endToEndId, [TTL]: record.expiresAt, record },
      }),
    );
  }
}
