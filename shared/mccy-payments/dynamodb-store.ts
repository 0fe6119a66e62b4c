import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchStore } from './ports.js';
import {
  type BatchHistoryEntry,
  type BatchRecord,
  type BatchStatus,
  type BatchTransaction,
  isFinal,
  type TransactionStatus,
} from './records.js';

/**
 * Batches on DynamoDB: one item per batch, its attributes at the top level (the workflow writes `status` and
 * appends to `history` with list_append; it reads `openTransactions`). Every write is one conditional
 * UpdateItem, so the functions need Get and Update (and the operation function Put nowhere: create is an
 * update with attribute_not_exists); no transactions (dynalite runs it).
 */
export class DynamoDbBatchStore implements BatchStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(batchId: string): Promise<BatchRecord | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { batchId }, ConsistentRead: true }),
    );
    return Item as BatchRecord | undefined;
  }

  claimSending(record: BatchRecord): Promise<boolean> {
    const { batchId: _key, ...attributes } = record;
    return this.#update(record.batchId, {
      set: attributes,
      condition:
        'attribute_not_exists(batchId) OR #status = :refused OR (#status = :sending AND #requestId = :requestId)',
      names: { '#status': 'status', '#requestId': 'requestId' },
      values: { ':refused': 'Refused', ':sending': 'Sending', ':requestId': record.requestId },
    });
  }

  settleSending(
    batchId: string,
    requestId: string,
    fields: Partial<BatchRecord> & { status: BatchStatus },
    entry: BatchHistoryEntry,
  ): Promise<boolean> {
    return this.#update(batchId, {
      set: fields,
      append: entry,
      condition: '#status = :sending AND #requestId = :requestId',
      names: { '#status': 'status', '#requestId': 'requestId' },
      values: { ':sending': 'Sending', ':requestId': requestId },
    });
  }

  claimCancel(
    batchId: string,
    cancel: NonNullable<BatchRecord['cancel']>,
    entry: BatchHistoryEntry,
  ): Promise<boolean> {
    return this.#update(batchId, {
      set: { status: 'CancelPending', cancel },
      append: entry,
      // The deadline is judged again in the write: a window closed meanwhile is never reopened.
      condition:
        '(#status = :scheduled AND cancellationDeadline >= :at) OR (#status = :pending AND #cancel.requestId = :requestId)',
      names: { '#status': 'status', '#cancel': 'cancel' },
      values: {
        ':scheduled': 'Scheduled',
        ':pending': 'CancelPending',
        ':at': cancel.at,
        ':requestId': cancel.requestId,
      },
    });
  }

  finishCancel(batchId: string, requestId: string, entry: BatchHistoryEntry): Promise<boolean> {
    return this.#update(batchId, {
      set: { status: entry.status },
      append: entry,
      remove: ['cancel'],
      condition: '#status = :pending AND #cancel.requestId = :requestId',
      names: { '#status': 'status', '#cancel': 'cancel' },
      values: { ':pending': 'CancelPending', ':requestId': requestId },
    });
  }

  async moveTransaction(
    batchId: string,
    endToEndId: string,
    expected: TransactionStatus,
    next: BatchTransaction,
  ): Promise<boolean> {
    const closes = isFinal(next.status) && !isFinal(expected);
    try {
      await this.#db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { batchId },
          UpdateExpression: `SET #transactions.#e2e = :next${closes ? ', openTransactions = openTransactions - :one' : ''}`,
          ConditionExpression: '#transactions.#e2e.#status = :expected',
          ExpressionAttributeNames: {
            '#transactions': 'transactions',
            '#e2e': endToEndId,
            '#status': 'status',
          },
          ExpressionAttributeValues: { ':next': next, ':expected': expected, ...(closes && { ':one': 1 }) },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** One conditional UpdateItem: SET `set`, append `append` to history, REMOVE `remove`; false when the condition fails. */
  async #update(
    batchId: string,
    options: {
      set: Record<string, unknown>;
      append?: BatchHistoryEntry;
      remove?: string[];
      condition: string;
      names: Record<string, string>;
      values: Record<string, unknown>;
    },
  ): Promise<boolean> {
    const fields = Object.entries(options.set).filter(([, value]) => value !== undefined);
    const assignments = fields.map(([name]) => `#set_${name} = :set_${name}`);
    if (options.append !== undefined) assignments.push('#history = list_append(#history, :entry)');
    const removals = (options.remove ?? []).map((name) => `#remove_${name}`);
    try {
      await this.#db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { batchId },
          UpdateExpression: `SET ${assignments.join(', ')}${removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : ''}`,
          ConditionExpression: options.condition,
          ExpressionAttributeNames: {
            ...options.names,
            ...Object.fromEntries(fields.map(([name]) => [`#set_${name}`, name])),
            ...Object.fromEntries((options.remove ?? []).map((name) => [`#remove_${name}`, name])),
            ...(options.append !== undefined && { '#history': 'history' }),
          },
          ExpressionAttributeValues: {
            ...options.values,
            ...Object.fromEntries(fields.map(([name, value]) => [`:set_${name}`, value])),
            ...(options.append !== undefined && { ':entry': [options.append] }),
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
