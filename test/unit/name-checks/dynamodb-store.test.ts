import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../../local/dynamo.js';
import { nameChecksTable } from '../../../shared/config/tables.js';
import { DynamoDbNameCheckStore } from '../../../shared/name-checks/dynamodb-store.js';
import type { NameCheckRecord } from '../../../shared/name-checks/outcome.js';

let dynamo: LocalDynamo;
let store: DynamoDbNameCheckStore;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`name-checks-${Date.now()}-`);
  store = new DynamoDbNameCheckStore(dynamo.client, dynamo.tableName(nameChecksTable));
});
afterAll(() => dynamo.close());

const record = (endToEndId: string, outcome: string, expiresAt: number): NameCheckRecord => ({
  endToEndId,
  outcome,
  matched: outcome === 'Matched',
  account: '****5678',
  checkedAt: '2026-03-02T09:00:00.000Z',
  requestId: 'cw-1',
  expiresAt,
});

describe('the name-check store on DynamoDB (dynalite)', () => {
  it('keeps a check by end-to-end id, the latest check of an id winning; unknown ids are undefined', async () => {
    await store.put(record('E2E-1', 'ANNM', 2_000_000_000));
    expect(await store.get('E2E-1')).toEqual(record('E2E-1', 'ANNM', 2_000_000_000));
    await store.put(record('E2E-1', 'Matched', 2_000_000_100));
    expect((await store.get('E2E-1'))?.outcome).toBe('Matched');
    expect(await store.get('E2E-unknown')).toBeUndefined();
  });

  it('writes expiresAt at the top of the item as epoch seconds, so DynamoDB TTL and the sandbox purge find it', async () => {
    await store.put(record('E2E-2', 'Matched', 1_772_445_600));
    const { Item } = await DynamoDBDocumentClient.from(dynamo.client).send(
      new GetCommand({ TableName: dynamo.tableName(nameChecksTable), Key: { endToEndId: 'E2E-2' } }),
    );
    expect(nameChecksTable.ttlAttribute).toBe('expiresAt');
    expect(Item?.expiresAt).toBe(1_772_445_600);
    // Past its expiry the sandbox purges it, as AWS would some time after.
    await dynamo.purgeExpired(new Date(1_772_445_601_000));
    expect(await store.get('E2E-2')).toBeUndefined();
  });
});
