import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nameChecksTable } from './table.js';
import type { NameCheckRecord } from './outcome.js';
import type { NameCheckStore } from './ports.js';

const KEY = nameChecksTable.partitionKey;
const TTL = nameChecksTable.ttlAttribute as string;

/** DynamoDB's most keys in one BatchGetItem, and how often keys it leaves unprocessed are asked again. */
const BATCH_GET_KEYS = 100;
const MAX_BATCH_ROUNDS = 5;

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

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

  async getForEach(
    checks: ReadonlyArray<{ endToEndId: string; account: string }>,
  ): Promise<Array<NameCheckRecord | undefined>> {
    const keys = [...new Set(checks.map(({ endToEndId, account }) => byAccountKey(endToEndId, account)))];
    const found = new Map<string, { kind?: string; record?: NameCheckRecord }>();
    // One BatchGetItem per 100 keys, side by side; a key DynamoDB leaves unprocessed is asked again.
    await Promise.all(
      chunks(keys, BATCH_GET_KEYS).map(async (chunk) => {
        let pending: Array<Record<string, string>> = chunk.map((key) => ({ [KEY]: key }));
        for (let round = 0; pending.length > 0; round++) {
          if (round === MAX_BATCH_ROUNDS)
            throw new Error(`${pending.length} name checks stayed unread after ${round} rounds`);
          const { Responses, UnprocessedKeys } = await this.#db.send(
            new BatchGetCommand({
              RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } },
            }),
          );
          for (const item of Responses?.[this.tableName] ?? [])
            found.set(String(item[KEY]), item as { kind?: string; record?: NameCheckRecord });
          pending = (UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Array<Record<string, string>>;
        }
      }),
    );
    return checks.map(({ endToEndId, account }) => {
      const item = found.get(byAccountKey(endToEndId, account));
      // A caller may name an id after another's key: only the item written for this id counts.
      return item?.kind === BY_ACCOUNT && item.record?.endToEndId === endToEndId ? item.record : undefined;
    });
  }

  async put(record: NameCheckRecord, account: string): Promise<void> {
    // Unconditional and side by side: a later check of the same id (and account) replaces the earlier one.
    // Should one write fail, the check that counts for a payment may be the account's earlier one: still a
    // check of that very account, judged by its own expiry.
    await Promise.all([
      this.#put(byAccountKey(record.endToEndId, account), record, BY_ACCOUNT),
      this.#put(record.endToEndId, record),
    ]);
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
