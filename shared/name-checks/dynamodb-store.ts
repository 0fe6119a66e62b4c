import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nameChecksTable } from './table.js';
import type { NameCheckRecord } from './outcome.js';
import type { NameCheckStore } from './ports.js';

const KEY = nameChecksTable.partitionKey;
const TTL = nameChecksTable.ttlAttribute as string;

/** The item kind of a check kept by the account it was made against (the latest of an id has none). */
const BY_ACCOUNT = 'by-account';

/**
 * The key of an id's check against one account: a digest, so the account number appears in no key (keys
 * reach CloudTrail data events); it is not a secret, only a way to find the check without writing the number.
 */
function byAccountKey(endToEndId: string, account: string): string {
  return `${BY_ACCOUNT}#${createHash('sha256').update(`${endToEndId}\n${account}`).digest('hex')}`;
}

/**
 * Name-check outcomes on DynamoDB, `expiresAt` at the top of each item for TTL: per check, one item under
 * its end-to-end id (the latest, served by `/gateway/name-checks/`) and one under its id and account.
 */
export class DynamoDbNameCheckStore implements NameCheckStore {
  readonly #db: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.#db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get(endToEndId: string): Promise<NameCheckRecord | undefined> {
    const item = await this.#item(endToEndId);
    return item?.kind === undefined ? item?.record : undefined;
  }

  async getFor(endToEndId: string, account: string): Promise<NameCheckRecord | undefined> {
    const item = await this.#item(byAccountKey(endToEndId, account));
    // A caller may name an id after another's key: only the item written for this id counts.
    return item?.kind === BY_ACCOUNT && item.record?.endToEndId === endToEndId ? item.record : undefined;
  }

  async put(record: NameCheckRecord, account: string): Promise<void> {
    // Unconditional: a later check of the same id (and account) replaces the earlier one. The check a payment
    // reads is written first, so a failure in between leaves the served one stale, never the one that counts.
    await this.#put(byAccountKey(record.endToEndId, account), record, BY_ACCOUNT);
    await this.#put(record.endToEndId, record);
  }

  async #item(key: string): Promise<{ kind?: string; record?: NameCheckRecord } | undefined> {
    const { Item } = await this.#db.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: key }, ConsistentRead: true }),
    );
    return Item as { kind?: string; record?: NameCheckRecord } | undefined;
  }

  async #put(key: string, record: NameCheckRecord, kind?: string): Promise<void> {
    await this.#db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { [KEY]: key, ...(kind !== undefined && { kind }), [TTL]: record.expiresAt, record },
      }),
    );
  }
}
