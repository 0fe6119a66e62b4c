import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { accountClosuresTable } from './table.js';
import type { AccountClosureStore } from './ports.js';
import type { AccountClosureRecord } from './records.js';

const KEY = accountClosuresTable.partitionKey;

/**
 * Account closures on DynamoDB: one item per account id, the record beside the status its conditions read.
 * A create is a put if none exists; a replace a put while the stored status and history length are the ones
 * read (the history only grows, so its length is the record's version). No transactions: dynalite runs it.
 */
export class DynamoDbAccountClosureStore implements AccountClosureStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(accountId: string): Promise<AccountClosureRecord | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: accountId }, ConsistentRead: true }),
    );
    return (Item as { record: AccountClosureRecord } | undefined)?.record;
  }

  create(record: AccountClosureRecord): Promise<boolean> {
    return this.#put(record, 'attribute_not_exists(#key)', {});
  }

  replace(
    record: AccountClosureRecord,
    expected: Pick<AccountClosureRecord, 'status' | 'history'>,
  ): Promise<boolean> {
    if (record.history.length <= expected.history.length)
      throw new Error(`account closure ${record.accountId}: a write must append to the history it read`);
    return this.#put(record, '#status = :status AND size(#record.#history) = :length', {
      ':status': expected.status,
      ':length': expected.history.length,
    });
  }

  async #put(
    record: AccountClosureRecord,
    condition: string,
    values: Record<string, string | number>,
  ): Promise<boolean> {
    const names: Record<string, string> = condition.includes('#key')
      ? { '#key': KEY }
      : { '#status': 'status', '#record': 'record', '#history': 'history' };
    try {
      await this.#db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { [KEY]: record.accountId, status: record.status, record },
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
