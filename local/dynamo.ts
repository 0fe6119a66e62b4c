import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DescribeTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  ResourceInUseException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { TableDefinition } from '#shared/config/tables.js';
import { tables } from '#shared/families/index.js';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  /** Physical table name per logical name. */
  tableName(definition: TableDefinition): string;
  /** Deletes the items whose expiry (the table's TTL attribute) is before `now`; returns how many. */
  /** Deletes the expired items of every table with a TTL, each judged at the time its writers stamp with. */
  purgeExpired(nowFor: (table: TableDefinition) => Date): Promise<number>;
  close(): Promise<void>;
}

/** Fake credentials: dynalite checks none, but the SDK signs every request. */
const localCredentials = { accessKeyId: 'sandbox', secretAccessKey: 'sandbox' };

/**
 * dynalite with the tables the CDK stateful stack defines, created from the same definitions. Its data
 * lives on disk, in `folder` when given (kept across restarts: tables that exist are kept as they are),
 * else in a fresh folder deleted on close: in memory it held about 15 KB of buffers per gateway write (its
 * small keys and values pin whole Buffer pool slabs) for as long as the items lived.
 */
export async function startLocalDynamo(prefix = 'clearway-', folder?: string): Promise<LocalDynamo> {
  if (folder) mkdirSync(folder, { recursive: true });
  const path = folder ?? mkdtempSync(join(tmpdir(), 'clearway-dynalite-'));
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-2', credentials: localCredentials });
  const tableName = (definition: TableDefinition) => `${prefix}${definition.name}`;
  for (const definition of tables) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName(definition),
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: keysOf(definition).map((name) => ({
            AttributeName: name,
            AttributeType: 'S',
          })),
          KeySchema: keysOf(definition).map((name, index) => ({
            AttributeName: name,
            KeyType: index === 0 ? 'HASH' : 'RANGE',
          })),
        }),
      );
    } catch (error) {
      if (!(folder && error instanceof ResourceInUseException)) throw error;
    }
  }
  // dynalite makes a table ACTIVE on a timer after CreateTable answers (and reports it missing until then),
  // so a caller's first write could race the last table's timer: wait for each, a bounded number of times.
  for (const definition of tables) await untilActive(client, tableName(definition));
  return {
    endpoint,
    client,
    tableName,
    purgeExpired: async (nowFor) => {
      let purged = 0;
      for (const definition of tables)
        purged += await purgeTable(client, tableName(definition), definition, nowFor(definition));
      return purged;
    },
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!folder) rmSync(path, { recursive: true, force: true });
    },
  };
}

function keysOf(definition: TableDefinition): string[] {
  return [definition.partitionKey, ...(definition.sortKey ? [definition.sortKey] : [])];
}

/**
 * dynalite has no TTL, so expired items would stay for ever: find them with a scan and delete each with
 * a condition that it is still expired (a writer may have renewed it meanwhile).
 */
async function purgeTable(
  client: DynamoDBClient,
  tableName: string,
  definition: TableDefinition,
  now: Date,
): Promise<number> {
  if (!definition.ttlAttribute) return 0;
  const expired = {
    ConditionExpression: '#ttl < :now',
    ExpressionAttributeNames: { '#ttl': definition.ttlAttribute },
    ExpressionAttributeValues: { ':now': { N: String(Math.floor(now.getTime() / 1000)) } },
  };
  const keyNames = Object.fromEntries(keysOf(definition).map((name, index) => [`#k${index}`, name]));
  let purged = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: expired.ConditionExpression,
        ProjectionExpression: Object.keys(keyNames).join(', '),
        ExpressionAttributeNames: { ...expired.ExpressionAttributeNames, ...keyNames },
        ExpressionAttributeValues: expired.ExpressionAttributeValues,
        ExclusiveStartKey: start,
      }),
    );
    for (const key of page.Items ?? []) {
      try {
        await client.send(new DeleteItemCommand({ TableName: tableName, Key: key, ...expired }));
        purged += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return purged;
}

/** dynalite reports a new table missing until its timer makes it ACTIVE: waits for it, a bounded number of times. */
export async function untilActive(client: DynamoDBClient, name: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`dynalite table ${name} did not become ACTIVE`);
}
