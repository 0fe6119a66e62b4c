import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { nameChecksTable } from '#shared/name-checks/table.js';
import { DynamoDbNameCheckStore } from '#shared/name-checks/dynamodb-store.js';
import type { NameCheckRecord } from '#shared/name-checks/outcome.js';

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

const ACCOUNT_A = '20000012345678';
const ACCOUNT_B = '20000087654321';

describe('the name-check store on DynamoDB (dynalite)', () => {
  it('keeps a check by end-to-end id, the latest check of an id winning; unknown ids are undefined', async () => {
    await store.put(record('E2E-1', 'ANNM', 2_000_000_000), ACCOUNT_A);
    expect(await store.get('E2E-1')).toEqual(record('E2E-1', 'ANNM', 2_000_000_000));
    await store.put(record('E2E-1', 'Matched', 2_000_000_100), ACCOUNT_A);
    expect((await store.get('E2E-1'))?.outcome).toBe('Matched');
    expect(await store.get('E2E-unknown')).toBeUndefined();
  });

  /** The check of `endToEndId` against `account`, read as a payment reads its checks. */
  const checkOf = async (endToEndId: string, account: string) =>
    (await store.getForEach([{ endToEndId, account }]))[0];

  it('row 3 (issue 27): keeps the latest check of each account apart, so a later check of another account hides nothing', async () => {
    await store.put(record('E2E-3', 'ANNM', 2_000_000_000), ACCOUNT_A);
    await store.put(record('E2E-3', 'Matched', 2_000_000_100), ACCOUNT_B);

    expect((await store.get('E2E-3'))?.outcome).toBe('Matched');
    expect((await checkOf('E2E-3', ACCOUNT_A))?.outcome).toBe('ANNM');
    expect((await checkOf('E2E-3', ACCOUNT_B))?.outcome).toBe('Matched');
    expect(await checkOf('E2E-3', '40000012345678')).toBeUndefined();
    expect(await checkOf('E2E-other', ACCOUNT_A)).toBeUndefined();
  });

  it('row 3 (issue 27): writes no account number in any key or attribute, only a digest in the key', async () => {
    await store.put(record('E2E-4', 'Matched', 2_000_000_000), ACCOUNT_A);
    const { Items } = await DynamoDBDocumentClient.from(dynamo.client).send(
      new ScanCommand({ TableName: dynamo.tableName(nameChecksTable) }),
    );
    const items = (Items ?? []).filter((item) => item.record?.endToEndId === 'E2E-4');
    expect(items.map((item) => item.endToEndId)).toEqual(
      expect.arrayContaining(['E2E-4', expect.stringMatching(/^by-account#[0-9a-f]{64}$/)]),
    );
    expect(JSON.stringify(items)).not.toContain('12345678');
  });

  it('writes expiresAt at the top of the item as epoch seconds, so DynamoDB TTL and the sandbox purge find it', async () => {
    await store.put(record('E2E-2', 'Matched', 1_772_445_600), ACCOUNT_A);
    const { Item } = await DynamoDBDocumentClient.from(dynamo.client).send(
      new GetCommand({ TableName: dynamo.tableName(nameChecksTable), Key: { endToEndId: 'E2E-2' } }),
    );
    expect(nameChecksTable.ttlAttribute).toBe('expiresAt');
    expect(Item?.expiresAt).toBe(1_772_445_600);
    // Past its expiry the sandbox purges it, as AWS would some time after.
    await dynamo.purgeExpired(() => new Date(1_772_445_601_000));
    expect(await store.get('E2E-2')).toBeUndefined();
    expect(await checkOf('E2E-2', ACCOUNT_A)).toBeUndefined();
  });

  it('reads the checks of a whole request in one go, in the order asked, beyond one BatchGetItem of 100 keys', async () => {
    const ids = Array.from({ length: 130 }, (_, i) => `E2E-many-${i}`);
    // Every third id checked against account A; the rest never checked.
    await Promise.all(
      ids
        .filter((_, i) => i % 3 === 0)
        .map((id, i) => store.put(record(id, i % 2 ? 'ANNM' : 'Matched', 2_000_000_000), ACCOUNT_A)),
    );
    const asked = [...ids].reverse().map((endToEndId) => ({ endToEndId, account: ACCOUNT_A }));
    asked.push(
      { endToEndId: 'E2E-many-0', account: ACCOUNT_B },
      { endToEndId: 'E2E-many-0', account: ACCOUNT_A },
    );
    const found = await store.getForEach(asked);
    expect(found).toHaveLength(asked.length);
    found.forEach((check, index) => {
      const { endToEndId, account } = asked[index] as { endToEndId: string; account: string };
      const checked = account === ACCOUNT_A && Number(endToEndId.split('-').at(-1)) % 3 === 0;
      expect(check?.endToEndId).toBe(checked ? endToEndId : undefined);
    });
  });
});
