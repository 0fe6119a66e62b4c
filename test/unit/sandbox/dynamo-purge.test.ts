import { PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { idempotencyTable, type TableDefinition, webhookInboxTable } from '#shared/config/tables.js';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalDynamo(`purge-${Date.now()}-`);
});
afterAll(() => dynamo.close());

const NOW = new Date('2026-03-02T10:00:00Z');
const seconds = (offset: number) => String(NOW.getTime() / 1000 + offset);

async function put(table: TableDefinition, key: string, expiresInSeconds: number) {
  await dynamo.client.send(
    new PutItemCommand({
      TableName: dynamo.tableName(table),
      Item: {
        [table.partitionKey]: { S: key },
        [table.ttlAttribute as string]: { N: seconds(expiresInSeconds) },
      },
    }),
  );
}

async function keysIn(table: TableDefinition): Promise<string[]> {
  const { Items } = await dynamo.client.send(new ScanCommand({ TableName: dynamo.tableName(table) }));
  return (Items ?? []).map((item) => item[table.partitionKey]?.S ?? '').sort();
}

describe('the sandbox purges expired items from dynalite, which has no TTL', () => {
  it('deletes the idempotency records and inbox keys that expired before now, and keeps the rest', async () => {
    for (const table of [idempotencyTable, webhookInboxTable]) {
      await put(table, 'expired', -1);
      await put(table, 'expires-now', 0);
      await put(table, 'live', 3600);
    }

    const purged = await dynamo.purgeExpired(() => NOW);

    expect(purged).toBe(2);
    expect(await keysIn(idempotencyTable)).toEqual(['expires-now', 'live']);
    expect(await keysIn(webhookInboxTable)).toEqual(['expires-now', 'live']);
  });
});
