import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { attentionTable } from '../config/tables.js';
import type { Attention, AttentionItem } from './attention.js';

/** Pages the sweep reads at most in one run: far more items than a healthy gateway ever holds. */
const MAX_PAGES = 100;

const keyOf = (kind: string, id: string, reason: string) => `${kind}#${id}#${reason}`;

/** The attention list on its DynamoDB table: a conditional put (the first `since` stays), a delete. */
export class DynamoDbAttention implements Attention {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client);
  }

  async raise(item: AttentionItem): Promise<void> {
    try {
      await this.#db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { [attentionTable.partitionKey]: keyOf(item.kind, item.id, item.reason), ...item },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': attentionTable.partitionKey },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async clear(kind: string, id: string, reason: string): Promise<void> {
    await this.#db.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: { [attentionTable.partitionKey]: keyOf(kind, id, reason) },
      }),
    );
  }

  /** Every item, oldest first. */
  async list(): Promise<AttentionItem[]> {
    const items: AttentionItem[] = [];
    let start: Record<string, unknown> | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.#db.send(
        new ScanCommand({ TableName: this.tableName, ExclusiveStartKey: start }),
      );
      for (const { [attentionTable.partitionKey]: _key, ...item } of answer.Items ?? [])
        items.push(item as AttentionItem);
      start = answer.LastEvaluatedKey;
      if (start === undefined) break;
    }
    return items.sort((a, b) => a.since.localeCompare(b.since));
  }
}
