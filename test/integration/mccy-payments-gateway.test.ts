import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { JsonNumber } from '#shared/json/read-json.js';
import { DynamoDbBatchStore } from '#shared/mccy-payments/dynamodb-store.js';
import { acceptedBatchFields, sendingBatch } from '#shared/mccy-payments/records.js';
import { mccyBatchBody, mccyTransaction } from '../support/mccy-batch.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * The gateway's side of multi-currency payments in the sandbox: every rule-breaking batch a 400 naming the
 * property with the bank never asked, a cancel after the deadline refused locally with 422, and transactions
 * moved by injected Payments.Mccy webhooks. Batches are written with the gateway's own store where the
 * simulator cannot take them yet. The clock starts Monday 2 March 2026, 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let store: DynamoDbBatchStore;

beforeAll(async () => {
  world = await testSandbox();
  store = new DynamoDbBatchStore(
    world.sandbox.dynamo.client,
    world.sandbox.dynamo.tableName(mccyBatchesTable),
  );
});
afterAll(() => world.sandbox.close());
beforeEach(async () => {
  await world.bank('/__sim/requests', { method: 'DELETE' });
});

const bankRequests = async () => ((await (await world.bank('/__sim/requests')).json()) as unknown[]).length;
let keys = 0;
const key = () => ({ 'Idempotency-Key': `mccy-${Date.now()}-${keys++}` });
const postRaw = (raw: string) => world.gateway('/v1/mccy/payments', jsonPost(raw, key()));
let batches = 0;
const newBatchId = () =>
  `6a1f2b3c-4d5e-4f60-8a7b-${String(Date.now() % 1e8).padStart(8, '0')}${String(batches++).padStart(4, '0')}`;

/** A batch the bank scheduled: received now on the bank clock, as the tracker records a 202. */
async function scheduledBatch(ids = ['e2e-1', 'e2e-2']): Promise<string> {
  const batchId = newBatchId();
  const receivedAt = world.simClock.now();
  const batch = sendingBatch(
    {
      batchId,
      currencyCode: 'EUR',
      transactions: ids.map((endToEndId) => ({
        endToEndId,
        reference: 'r',
        amount: new JsonNumber('10.00'),
      })),
    },
    'cw-test',
    receivedAt,
  );
  await store.claimSending(batch);
  const fields = acceptedBatchFields(batch, true, receivedAt);
  await store.settleSending(batchId, 'cw-test', fields, {
    status: fields.status,
    at: receivedAt.toISOString(),
  });
  return batchId;
}

describe('bad multi-currency batches are refused before any bank call', () => {
  const { batchId: _omitted, ...withoutBatchId } = mccyBatchBody();
  const { debtorName: _name, ...withoutDebtorName } = mccyTransaction();
  const cases: Array<[string, string, string]> = [
    ['GBP', JSON.stringify(mccyBatchBody({ currencyCode: 'GBP' })), 'currencyCode'],
    ['101 transactions', JSON.stringify(mccyBatchBody({}, 101)), 'transactions'],
    [
      'an amount with 3 decimals',
      JSON.stringify(mccyBatchBody()).replace('"amount":100.55', '"amount":100.555'),
      'transactions.0.amount',
    ],
    ['a malformed batch id', JSON.stringify(mccyBatchBody({ batchId: 'not-a-guid' })), 'batchId'],
    ['no batch id', JSON.stringify(withoutBatchId), 'batchId'],
    [
      'a missing required member',
      JSON.stringify(mccyBatchBody({ transactions: [withoutDebtorName] })),
      'transactions.0.debtorName',
    ],
  ];

  it.each(cases)('%s: 400 naming the property', async (_case, raw, property) => {
    const response = await postRaw(raw);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors)).toContain(property);
    expect(await bankRequests()).toBe(0);
  });

  it('a cancel with a malformed batch id: 400, bank not called', async () => {
    const response = await world.gateway('/v1/mccy/payments/not-a-guid', {
      method: 'DELETE',
      headers: key(),
    });
    expect(response.status).toBe(400);
    expect(await bankRequests()).toBe(0);
  });
});

describe('cancellation enforced by the gateway', () => {
  it('forwards a cancel in time; a refusal by the bank puts the batch back to Scheduled', async () => {
    const batchId = await scheduledBatch();
    const response = await world.gateway(`/v1/mccy/payments/${batchId}`, {
      method: 'DELETE',
      headers: key(),
    });
    expect(await bankRequests()).toBe(1);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const read = await world.gateway(`/gateway/mccy/batches/${batchId}`);
    const batch = (await read.json()) as { status: string; history: Array<{ status: string }> };
    expect(batch.status).toBe('Scheduled');
    expect(batch.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Scheduled',
      'CancelPending',
      'Scheduled',
    ]);
  });

  it('forwards a cancel of a batch it does not know as it is', async () => {
    await world.gateway(`/v1/mccy/payments/${newBatchId()}`, { method: 'DELETE', headers: key() });
    expect(await bankRequests()).toBe(1);
  });

  it('answers 404 for a batch it does not keep', async () => {
    expect((await world.gateway(`/gateway/mccy/batches/${newBatchId()}`)).status).toBe(404);
  });
});

const transactionPayload = (batchId: string, endToEndId: string) => ({
  TransactionId: 'fd7f3082-72d4-46b3-8e0e-1f66e4a91e13',
  BatchId: batchId,
  EndToEndId: endToEndId,
  SchemeEndToEndId: '4026da87bb0f4a5',
  AccountId: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef',
  Reference: 'r',
  UltimateCreditorName: 'Hans Muster',
  UltimateCreditorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: 'DE89370400440532013000' }],
  UltimateDebtorName: 'Acme Ltd',
  UltimateDebtorAccountIdentifiers: [
    { Kind: 'AccountId', Identifier: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef' },
  ],
  InstructedAmount: 10,
  InstructedCurrency: 'EUR',
  SchemePaymentMethod: 'Partner 1',
  TimestampCreated: '2026-03-03T08:30:00Z',
  Identifiers: [],
  AdditionalProperties: [],
});

const emit = (type: string, payload: Record<string, unknown>) =>
  world.bank('/__sim/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Type: type, Version: 1, Payload: payload }),
  });

describe('transactions moved by their webhooks', () => {
  it('settles reordered and duplicated webhooks once, terminal states winning, one event per transition', async () => {
    const batchId = await scheduledBatch();
    const settled = {
      ...transactionPayload(batchId, 'e2e-1'),
      TimestampSettled: '2026-03-03T08:31:00Z',
      TimestampSubmitted: '2026-03-03T08:30:00Z',
    };
    const cancelled = {
      ...transactionPayload(batchId, 'e2e-2'),
      TransactionId: '0d7f3082-72d4-46b3-8e0e-1f66e4a91e14',
      TimestampCancelled: '2026-03-03T08:31:00Z',
      CancellationCode: 'RejectedByScheme',
      CancellationReason: 'Insufficient funds',
    };
    expect((await emit('Payments.Mccy.TransactionSettled', settled)).ok).toBe(true);
    await emit('Payments.Mccy.TransactionCreated', transactionPayload(batchId, 'e2e-1'));
    await emit('Payments.Mccy.TransactionSettled', settled);
    await emit('Payments.Mccy.TransactionCancelled', cancelled);
    await emit('Payments.Mccy.TransactionSettled', { ...settled, EndToEndId: 'e2e-2' });
    const changes = (await world.events()).filter(
      (event) =>
        event.detailType === 'MccyTransactionStatusChanged' &&
        (event.detail as unknown as { record: { batchId: string } }).record.batchId === batchId,
    );
    expect(changes.map((event) => (event.detail as unknown as { to: string }).to).sort()).toEqual([
      'Cancelled',
      'Settled',
    ]);
    const batch = (await (await world.gateway(`/gateway/mccy/batches/${batchId}`)).json()) as {
      openTransactions: number;
      transactions: Record<string, { status: string; reason?: string }>;
    };
    expect(batch.openTransactions).toBe(0);
    expect(batch.transactions['e2e-1']?.status).toBe('Settled');
    expect(batch.transactions['e2e-2']).toMatchObject({ status: 'Cancelled', reason: 'Insufficient funds' });
  });
});

// Last: the clock only moves forward.
describe('cancellation after the deadline', () => {
  it('refuses a cancel after the deadline with 422 and the deadline, without calling the bank', async () => {
    // Monday 10:00: a EUR batch is processed Tuesday 08:30 UK, cancellable until 07:30.
    const batchId = await scheduledBatch();
    world.simClock.advance(21.5 * 60 * 60 * 1000 + 1000);
    for (const path of [`/v1/mccy/payments/${batchId}`, `/v1/mccy/payments/${batchId}/e2e-1`]) {
      const response = await world.gateway(path, { method: 'DELETE', headers: key() });
      expect(response.status).toBe(422);
      expect(await response.text()).toContain('2026-03-03T07:30:00.000Z');
    }
    expect(await bankRequests()).toBe(0);
  });
});
