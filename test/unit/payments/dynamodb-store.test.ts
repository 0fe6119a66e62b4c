import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { paymentsTable } from '#shared/payments/table.js';
import { DynamoDbPaymentStore } from '#shared/payments/dynamodb-store.js';
import { applyChange, createdRecord, type PaymentRecord } from '#shared/payments/status.js';

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
    expect(await store.replace(settled, { ...record, generation: 2 })).toBe(false);
  });

  it('row 5 (issue 27): appends to the history it read, never replaces it: a writer that read fewer entries loses, one that drops entries is refused', async () => {
    const id = unique();
    const record = submitted(id);
    await store.create(record);
    const settled = applyChange(record, { to: 'Settled', at, cause: 'tx-1' }) as PaymentRecord;
    expect(await store.replace(settled, record)).toBe(true);
    // Two writers read the Settled record; each appends a contradicting outcome (the same status, generation).
    const rejected = applyChange(settled, { to: 'Rejected', at, cause: 'tx-2' }) as PaymentRecord;
    const failed = applyChange(settled, { to: 'ValidationFailed', at, cause: 'v-1' }) as PaymentRecord;
    const stillSettled = { ...rejected, status: 'Settled' as const };
    expect(await store.replace(stillSettled, settled)).toBe(true);
    expect(await store.replace({ ...failed, status: 'Settled' }, settled)).toBe(false);
    expect((await store.get(id))?.history.map((t) => t.cause)).toEqual(['claim', 'tx-1', 'tx-2']);
    // A write whose history is not the stored one with entries appended never reaches the table.
    await expect(store.replace({ ...stillSettled, history: [] }, stillSettled)).rejects.toThrow(
      'a write must append to the history it read',
    );
    await expect(store.replace(stillSettled, stillSettled)).rejects.toThrow('append');
  });

  it('refuses to replace a record that does not exist', async () => {
    const record = submitted(unique());
    const accepted = applyChange(record, { to: 'Accepted', at, cause: '202' }) as PaymentRecord;
    expect(await store.replace(accepted, record)).toBe(false);
    expect(await store.get(record.endToEndId)).toBeUndefined();
  });

  it('remembers which end-to-end ids a request claimed, apart from the payments', async () => {
    const requestId = `cw-${'a'.repeat(64)}`;
    await store.rememberRequest(requestId, ['a-1', 'a-2'], at);
    expect(await store.endToEndIdsOf(requestId)).toEqual(['a-1', 'a-2']);
    expect(await store.endToEndIdsOf('cw-unknown')).toEqual([]);
    expect(await store.get(`request#${requestId}`)).toBeUndefined();
  });

  it('remembers which record a bank payment id names, apart from the payments and never over one', async () => {
    const id = unique();
    await store.create(submitted(id));
    await store.rememberPayment('5d1e0e35-7c5a-4d6c-9a43-1f2f0a7b9c11', id, at);
    expect(await store.endToEndIdOfPayment('5d1e0e35-7c5a-4d6c-9a43-1f2f0a7b9c11')).toBe(id);
    expect(await store.endToEndIdOfPayment('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await store.get(id)).toEqual(submitted(id));
    expect(await store.get('payment#5d1e0e35-7c5a-4d6c-9a43-1f2f0a7b9c11')).toBeUndefined();
  });
});
