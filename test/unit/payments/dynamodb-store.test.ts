import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../../local/dynamo.js';
import { paymentsTable } from '../../../shared/config/tables.js';
import { DynamoDbPaymentStore } from '../../../shared/payments/dynamodb-store.js';
import { applyChange, createdRecord, type PaymentRecord } from '../../../shared/payments/status.js';

let dynamo: LocalDynamo;
let store: DynamoDbPaymentStore;
const at = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  dynamo = await startLocalDynamo(`payments-${Date.now()}-`);
  store = new DynamoDbPaymentStore(dynamo.client, dynamo.tableName(paymentsTable));
});
afterAll(() => dynamo.close());

const unique = () => `e2e-${Math.random().toString(36).slice(2, 12)}`;
const submitted = (endToEndId: string): PaymentRecord =>
  createdRecord(
    endToEndId,
    'Outbound',
    { amount: '10.50', currency: 'GBP', debtorAccount: '****5555', instructionIdentification: undefined },
    { to: 'Submitted', at, cause: 'claim' },
    'cw-req',
  );

describe('the payment store on DynamoDB (dynalite)', () => {
  it('creates a record once: a second create of the same end-to-end id is refused', async () => {
    const id = unique();
    expect(await store.create(submitted(id))).toBe(true);
    expect(await store.create({ ...submitted(id), amount: '99' })).toBe(false);
    expect(await store.get(id)).toEqual(submitted(id));
  });

  it('answers undefined for an unknown end-to-end id', async () => {
    expect(await store.get(unique())).toBeUndefined();
  });

  it('replaces only while the stored status and generation are the ones read', async () => {
    const id = unique();
    const record = submitted(id);
    await store.create(record);
    const accepted = applyChange(record, { to: 'Accepted', at, cause: '202' }) as PaymentRecord;
    const settled = applyChange(record, { to: 'Settled', at, cause: 'tx-1' }) as PaymentRecord;
    expect(await store.replace(accepted, record)).toBe(true);
    // A writer that read the Submitted record lost the race: it must read again.
    expect(await store.replace(settled, record)).toBe(false);
    expect((await store.get(id))?.status).toBe('Accepted');
    expect(await store.replace(settled, { status: 'Submitted', generation: 2 })).toBe(false);
  });

  it('refuses to replace a record that does not exist', async () => {
    const record = submitted(unique());
    expect(await store.replace(record, record)).toBe(false);
    expect(await store.get(record.endToEndId)).toBeUndefined();
  });

  it('remembers which end-to-end ids a request claimed, apart from the payments', async () => {
    const requestId = `cw-${'a'.repeat(64)}`;
    await store.rememberRequest(requestId, ['a-1', 'a-2'], at);
    expect(await store.endToEndIdsOf(requestId)).toEqual(['a-1', 'a-2']);
    expect(await store.endToEndIdsOf('cw-unknown')).toEqual([]);
    expect(await store.get(`request#${requestId}`)).toBeUndefined();
  });
});
