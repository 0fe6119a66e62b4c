import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import type { Log } from '#shared/ports/log.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { asProcessed, claimedMccyWebhook, mccyBatchRequest } from '#test/support/mccy-batch.js';
import { DynamoDbBatchStore } from '#shared/mccy-payments/dynamodb-store.js';
import type { BatchWorkflowInput } from '#shared/mccy-payments/ports.js';
import { acceptedBatchFields, sendingBatch } from '#shared/mccy-payments/records.js';
import { mccyPaymentsTracker, WORKFLOW_NOT_STARTED_METRIC } from '#shared/mccy-payments/track.js';
import { mccyPaymentsWebhookHook } from '#shared/mccy-payments/webhook-hook.js';
import { TransientRefusal } from '#shared/gateway/tracker.js';
import { ManualClock } from '#shared/ports/clock.js';
import type { GatewayEvent } from '#shared/ports/events.js';

/**
 * The batch store on dynalite, the tracker (claims, the bank's answers, the workflow start) and the webhook
 * hook: every change one conditional single-item write, so concurrent writers never both win.
 */
let dynamo: LocalDynamo;
let store: DynamoDbBatchStore;
const quiet: Log = { debug() {}, info() {}, warn() {}, error() {} };
// Friday 6 March 2026, 18:00 UK: a EUR batch is processed Monday 08:30, cancellable until 07:30.
const fridayEvening = new Date('2026-03-06T18:00:00Z');

beforeAll(async () => {
  dynamo = await startLocalDynamo(`mccy-${Date.now()}-`);
  store = new DynamoDbBatchStore(dynamo.client, dynamo.tableName(mccyBatchesTable));
});
afterAll(() => dynamo.close());

let counter = 0;
const newBatchId = () => `3fa85f64-5717-4562-b3fc-${String(++counter).padStart(12, '0')}`;
const request = mccyBatchRequest;

async function scheduled(ids = ['a', 'b']): Promise<string> {
  const batchId = newBatchId();
  const batch = sendingBatch(request(batchId, ids), 'req-post', fridayEvening);
  expect(await store.claimSending(batch)).toBe('claimed');
  const fields = acceptedBatchFields(batch, true, fridayEvening);
  expect(
    await store.settleSending(batchId, 'req-post', fields, { status: fields.status, at: 'x' }),
  ).toMatchObject({ status: 'Scheduled' });
  return batchId;
}

function harness() {
  const events: GatewayEvent[] = [];
  const started: BatchWorkflowInput[] = [];
  let failures = 0;
  const clock = new ManualClock(fridayEvening);
  const deps = {
    store,
    events: { publish: async (event: GatewayEvent) => void events.push(event) },
    log: quiet,
    clock,
    workflows: { start: async (input: BatchWorkflowInput) => void started.push(input) },
    count: (metric: string) => {
      if (metric === WORKFLOW_NOT_STARTED_METRIC) failures++;
    },
  };
  return { deps, events, started, clock, failures: () => failures };
}

describe('the batch store on DynamoDB (dynalite)', () => {
  it('claims a batchId once; a refused batch may be sent again; the same request is its own retry', async () => {
    const batchId = newBatchId();
    const batch = sendingBatch(request(batchId), 'req-1', fridayEvening);
    expect(await store.claimSending(batch)).toBe('claimed');
    expect(await store.claimSending(batch)).toBe('retried');
    expect(await store.claimSending({ ...batch, requestId: 'req-2' })).toBe('taken');
    await store.settleSending(batchId, 'req-1', { status: 'Refused' }, { status: 'Refused', at: 'x' });
    expect(await store.claimSending({ ...batch, requestId: 'req-2' })).toBe('claimed');
  });

  it('lets exactly one of 20 concurrent cancel claims win', async () => {
    const batchId = await scheduled();
    const claims = Array.from({ length: 20 }, (_, index) =>
      store.claimCancel(
        batchId,
        { requestId: `cancel-${index}`, at: '2026-03-07T10:00:00.000Z' },
        { status: 'CancelPending', at: '2026-03-07T10:00:00.000Z' },
      ),
    );
    expect((await Promise.all(claims)).filter(Boolean)).toHaveLength(1);
    expect((await store.get(batchId))?.status).toBe('CancelPending');
  });

  it('refuses a cancel claim after the deadline even if the batch still says Scheduled', async () => {
    const batchId = await scheduled();
    const late = '2026-03-09T07:30:01.000Z';
    expect(
      await store.claimCancel(batchId, { requestId: 'c', at: late }, { status: 'CancelPending', at: late }),
    ).toBe(false);
  });

  it('decrements openTransactions once per transaction reaching a final state', async () => {
    const batchId = await scheduled();
    const batch = (await store.get(batchId))!;
    const a = batch.transactions.a!;
    const settled = { ...a, status: 'Settled' as const };
    expect(await store.moveTransaction(batchId, 'a', 'Submitted', settled)).toBeDefined();
    expect(await store.moveTransaction(batchId, 'a', 'Submitted', settled)).toBeUndefined();
    expect((await store.get(batchId))?.openTransactions).toBe(1);
  });
});

describe('the batch tracker', () => {
  const post = (batchId: string, requestId = 'req-post') => ({
    operationId: 'createMccyPayments',
    body: request(batchId),
    requestId,
    now: fridayEvening,
  });
  const cancel = (batchId: string, requestId: string, endToEndId?: string) => ({
    operationId: endToEndId === undefined ? 'cancelMccyBatch' : 'cancelMccyTransaction',
    body: undefined,
    pathParams: { batchId, ...(endToEndId !== undefined && { endToEndId }) },
    requestId,
    now: fridayEvening,
  });

  it('records the 202 of a scheduled batch on the bank clock and starts its workflow once', async () => {
    const { deps, started } = harness();
    const tracker = mccyPaymentsTracker(deps);
    const batchId = newBatchId();
    expect(await tracker.claim(post(batchId))).toBeUndefined();
    await tracker.settle(post(batchId), { status: 202, body: { isScheduled: true } });
    expect(await store.get(batchId)).toMatchObject({
      status: 'Scheduled',
      receivedAt: fridayEvening.toISOString(),
      processingAt: '2026-03-09T08:30:00.000Z',
      cancellationDeadline: '2026-03-09T07:30:00.000Z',
    });
    expect(started).toEqual([
      {
        batchId,
        currency: 'EUR',
        receivedAt: fridayEvening.toISOString(),
        processingAt: '2026-03-09T08:30:00.000Z',
        cancellationDeadline: '2026-03-09T07:30:00.000Z',
        overdueAt: '2026-03-09T12:30:00.000Z',
      },
    ]);
    // A second batch with the same id is refused before the bank is called.
    expect((await tracker.claim(post(batchId, 'req-other')))?.status).toBe(409);
  });

  it('starts no workflow for a batch taken inside the window; a failed start is counted, not thrown', async () => {
    const { deps, started, failures } = harness();
    const inside = newBatchId();
    await mccyPaymentsTracker(deps).claim(post(inside));
    await mccyPaymentsTracker(deps).settle(post(inside), { status: 202, body: { isScheduled: false } });
    expect((await store.get(inside))?.status).toBe('Processing');
    expect(started).toEqual([]);
    const failing = mccyPaymentsTracker({
      ...deps,
      workflows: { start: () => Promise.reject(new Error('down')) },
    });
    const batchId = newBatchId();
    await failing.claim(post(batchId));
    await failing.settle(post(batchId), { status: 202, body: { isScheduled: true } });
    expect(failures()).toBe(1);
  });

  it('refuses a cancel after the deadline on the bank clock with 422 naming the deadline', async () => {
    const { deps, clock } = harness();
    const batchId = await scheduled();
    clock.advance(new Date('2026-03-09T07:30:01Z').getTime() - fridayEvening.getTime());
    const refused = await mccyPaymentsTracker(deps).claim(cancel(batchId, 'c1'));
    expect(refused?.status).toBe(422);
    expect(refused?.body).toContain('2026-03-09T07:30:00.000Z');
  });

  it('cancels one transaction on 204: it is Cancelled, the batch Scheduled again, one event', async () => {
    const { deps, events } = harness();
    const tracker = mccyPaymentsTracker(deps);
    const batchId = await scheduled();
    expect(await tracker.claim(cancel(batchId, 'c1', 'a'))).toBeUndefined();
    // Another cancel meanwhile is refused for now, never kept under its key (row 7 of issue 27).
    const another = await tracker.claim(cancel(batchId, 'c2')).catch((error: unknown) => error);
    expect(another).toBeInstanceOf(TransientRefusal);
    expect((another as TransientRefusal).answer.status).toBe(409);
    await tracker.settle(cancel(batchId, 'c1', 'a'), { status: 204, body: undefined });
    const batch = await store.get(batchId);
    expect(batch).toMatchObject({ status: 'Scheduled', openTransactions: 1 });
    expect(batch?.transactions.a?.status).toBe('Cancelled');
    expect(events.map((event) => event.detailType)).toEqual(['MccyTransactionStatusChanged']);
  });

  it('cancels the batch on 204; a 4xx puts it back to Scheduled; an unknown outcome leaves CancelPending', async () => {
    const { deps } = harness();
    const tracker = mccyPaymentsTracker(deps);
    const whole = await scheduled();
    await tracker.claim(cancel(whole, 'c1'));
    await tracker.settle(cancel(whole, 'c1'), { status: 204, body: undefined });
    expect(await store.get(whole)).toMatchObject({ status: 'Cancelled', openTransactions: 0 });
    const refused = await scheduled();
    await tracker.claim(cancel(refused, 'c2'));
    await tracker.settle(cancel(refused, 'c2'), { status: 422, body: undefined });
    expect((await store.get(refused))?.status).toBe('Scheduled');
    const unsure = await scheduled();
    await tracker.claim(cancel(unsure, 'c3'));
    await tracker.settle(cancel(unsure, 'c3'), { unknown: 'no-answer' });
    expect((await store.get(unsure))?.status).toBe('CancelPending');
    // Its retry (same X-Request-Id) may go again.
    expect(await tracker.claim(cancel(unsure, 'c3'))).toBeUndefined();
  });

  it('forwards a cancel of a batch it does not know', async () => {
    const { deps } = harness();
    expect(await mccyPaymentsTracker(deps).claim(cancel(newBatchId(), 'c1'))).toBeUndefined();
  });
});

describe('the batch webhook hook', () => {
  const webhook = (type: string, batchId: string, endToEndId: string, key: string) =>
    claimedMccyWebhook(type, batchId, endToEndId, key, '2026-03-09T08:31:00Z');

  it('moves transactions in any order, once, the first final state kept, openTransactions down once each', async () => {
    const { deps, events } = harness();
    const hook = asProcessed(mccyPaymentsWebhookHook(deps));
    const batchId = await scheduled();
    const settled = webhook('Payments.Mccy.TransactionSettled', batchId, 'a', 'k-settled');
    await hook(settled);
    await hook(webhook('Payments.Mccy.TransactionCreated', batchId, 'a', 'k-created'));
    await hook(settled);
    await hook(webhook('Payments.Mccy.PaymentAssessmentFailed', batchId, 'b', 'k-failed'));
    await hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'b', 'k-cancelled'));
    const batch = await store.get(batchId);
    expect(batch?.openTransactions).toBe(0);
    expect(batch?.transactions.a?.status).toBe('Settled');
    expect(batch?.transactions.b?.status).toBe('AssessmentFailed');
    // Each transition once: a redelivery publishes nothing that was published; a conflict is no status change.
    const ids = events.map((event) => (event.detail as { transitionId: string }).transitionId);
    expect(ids).toEqual([`${batchId}:a:Settled`, `${batchId}:b:AssessmentFailed`]);
  });

  it('finishes the batch with its last final transaction, naming how they ended and counting them', async () => {
    const { deps } = harness();
    const hook = asProcessed(mccyPaymentsWebhookHook(deps));
    const batchId = await scheduled(['a', 'b', 'c']);
    await hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'a', 'k-a'));
    await hook(webhook('Payments.Mccy.PaymentValidationFailed', batchId, 'b', 'k-b'));
    expect((await store.get(batchId))?.status).toBe('Scheduled');

    await hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'c', 'k-c'));
    const batch = await store.get(batchId);
    expect(batch).toMatchObject({
      status: 'CompletedWithFailures',
      outcomes: { Settled: 2, Cancelled: 0, ValidationFailed: 1, AssessmentFailed: 0 },
    });
    expect(batch?.history.at(-1)).toEqual({
      status: 'CompletedWithFailures',
      at: '2026-03-09T08:31:00.000Z',
      cause: 'k-c',
    });
    // A redelivery finds it finished and writes nothing more.
    await hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'c', 'k-c'));
    expect((await store.get(batchId))?.history).toHaveLength(batch!.history.length);
  });

  it('finishes a batch taken at once when its webhooks came before the bank’s 202 was recorded', async () => {
    const { deps } = harness();
    const tracker = mccyPaymentsTracker(deps);
    const batchId = newBatchId();
    const post = {
      operationId: 'createMccyPayments',
      body: request(batchId),
      requestId: 'req-post',
      now: fridayEvening,
    };
    await tracker.claim(post);
    const hook = asProcessed(mccyPaymentsWebhookHook(deps));
    await hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'a', 'k-a'));
    await hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'b', 'k-b'));
    expect((await store.get(batchId))?.status).toBe('Sending');

    await tracker.settle(post, { status: 202, body: { isScheduled: false } });
    expect((await store.get(batchId))?.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Processing',
      'Completed',
    ]);
  });

  it('leaves alone a webhook of a batch the gateway never sent', async () => {
    const { deps, events } = harness();
    await asProcessed(mccyPaymentsWebhookHook(deps))(
      webhook('Payments.Mccy.TransactionSettled', newBatchId(), 'a', 'k'),
    );
    expect(events).toEqual([]);
  });
});
