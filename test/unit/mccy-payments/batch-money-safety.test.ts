import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { type Attention, type AttentionItem, OUTCOME_CONFLICT_METRIC } from '#shared/gateway/attention.js';
import { type TrackedCall, TransientRefusal } from '#shared/gateway/tracker.js';
import { asProcessed, claimedMccyWebhook, mccyBatchRequest } from '#test/support/mccy-batch.js';
import { DynamoDbBatchStore } from '#shared/mccy-payments/dynamodb-store.js';
import type { BatchStore, BatchWorkflowInput } from '#shared/mccy-payments/ports.js';
import { sendingBatch } from '#shared/mccy-payments/records.js';
import { mccyPaymentsTracker } from '#shared/mccy-payments/track.js';
import { mccyPaymentsWebhookHook, republishPending } from '#shared/mccy-payments/webhook-hook.js';
import { ManualClock } from '#shared/ports/clock.js';
import type { GatewayEvent } from '#shared/ports/events.js';

/**
 * Issue 27's rows for multi-currency batches, on the tracker, the webhook hook and the store on dynalite: what
 * the gateway records when the bank's answer is lost, when a cancel's outcome is unknown, when an event
 * cannot be published, and when the bank gives two final outcomes. Each test names its row.
 */
let dynamo: LocalDynamo;
let store: DynamoDbBatchStore;
// Friday 6 March 2026, 18:00 UK: a EUR batch is processed Monday 08:30, cancellable until 07:30.
const fridayEvening = new Date('2026-03-06T18:00:00Z');

beforeAll(async () => {
  dynamo = await startLocalDynamo(`mccy-safety-${Date.now()}-`);
  store = new DynamoDbBatchStore(dynamo.client, dynamo.tableName(mccyBatchesTable));
});
afterAll(() => dynamo.close());

let counter = 0;
const newBatchId = () => `7fa85f64-5717-4562-b3fc-${String(++counter).padStart(12, '0')}`;
const request = mccyBatchRequest;
const post = (batchId: string, extra: Partial<TrackedCall> = {}): TrackedCall => ({
  operationId: 'createMccyPayments',
  body: request(batchId),
  requestId: `post-${batchId}`,
  now: fridayEvening,
  ...extra,
});
const cancel = (batchId: string, requestId: string, endToEndId?: string): TrackedCall => ({
  operationId: endToEndId === undefined ? 'cancelMccyBatch' : 'cancelMccyTransaction',
  body: undefined,
  pathParams: { batchId, ...(endToEndId !== undefined && { endToEndId }) },
  requestId,
  now: fridayEvening,
});
const webhook = (type: string, batchId: string, endToEndId: string, key: string) =>
  claimedMccyWebhook(type, batchId, endToEndId, key, '2026-03-07T10:00:00Z');

/** The attention list as a map, as the sweep would see it. */
class ListedAttention implements Attention {
  readonly items = new Map<string, AttentionItem>();
  async raise(item: AttentionItem) {
    const key = `${item.kind}#${item.id}#${item.reason}`;
    if (!this.items.has(key)) this.items.set(key, item);
  }
  async clear(kind: string, id: string, reason: string) {
    this.items.delete(`${kind}#${id}#${reason}`);
  }
  reasons(id: string) {
    return [...this.items.values()].filter((item) => item.id === id).map((item) => item.reason);
  }
}

function harness(options: { failPublishes?: number; clock?: ManualClock; store?: BatchStore } = {}) {
  const events: GatewayEvent[] = [];
  const started: BatchWorkflowInput[] = [];
  const counted: string[] = [];
  const errors: Array<{ message: string; facts: unknown }> = [];
  let failPublishes = options.failPublishes ?? 0;
  const attention = new ListedAttention();
  const clock = options.clock ?? new ManualClock(fridayEvening);
  const deps = {
    store: options.store ?? store,
    events: {
      publish: async (event: GatewayEvent) => {
        if (failPublishes > 0) {
          failPublishes -= 1;
          throw new Error('the bus is down');
        }
        events.push(event);
      },
    },
    log: {
      debug() {},
      info() {},
      warn() {},
      error: (message: string, facts?: unknown) => void errors.push({ message, facts }),
    },
    clock,
    workflows: { start: async (input: BatchWorkflowInput) => void started.push(input) },
    count: (metric: string) => void counted.push(metric),
    attention,
  };
  const tracker = mccyPaymentsTracker(deps);
  const hook = asProcessed(mccyPaymentsWebhookHook(deps));
  const transitions = () => events.map((event) => (event.detail as { transitionId: string }).transitionId);
  return { deps, tracker, hook, events, transitions, started, counted, errors, attention, clock };
}

/**
 * The store on dynalite, watched: its reads counted, and a step (a webhook) run right after the next read or
 * the next settleSending, before the writer that called it goes on.
 */
function watchedStore() {
  const watch: { gets: number; afterGet?: () => Promise<void>; afterSettle?: () => Promise<void> } = {
    gets: 0,
  };
  const once = async (step: 'afterGet' | 'afterSettle') => {
    const then = watch[step];
    watch[step] = undefined;
    await then?.();
  };
  const watched = new Proxy(store, {
    get(target, name) {
      if (name === 'get')
        return async (batchId: string) => {
          watch.gets += 1;
          const batch = await target.get(batchId);
          await once('afterGet');
          return batch;
        };
      if (name === 'settleSending')
        return async (...args: Parameters<BatchStore['settleSending']>) => {
          const written = await target.settleSending(...args);
          await once('afterSettle');
          return written;
        };
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { watched: watched as BatchStore, watch };
}

/** A batch the bank answered 202 isScheduled, on Friday evening. */
async function scheduled(h: ReturnType<typeof harness>, ids = ['a', 'b']): Promise<string> {
  const batchId = newBatchId();
  await h.tracker.claim({ ...post(batchId), body: request(batchId, ids) });
  await h.tracker.settle(
    { ...post(batchId), body: request(batchId, ids) },
    { status: 202, body: { isScheduled: true } },
  );
  return batchId;
}

/** A batch whose POST got no answer, then the bank's "already processed" to its retry. */
async function unknown(h: ReturnType<typeof harness>): Promise<string> {
  const batchId = newBatchId();
  await h.tracker.claim(post(batchId));
  await h.tracker.settle(post(batchId, { firstSentAt: fridayEvening }), { unknown: 'no-answer' });
  expect(await h.tracker.claim(post(batchId))).toBeUndefined();
  await h.tracker.settle(post(batchId, { firstSentAt: fridayEvening }), { unknown: 'already-processed' });
  return batchId;
}

describe('row 1: a second final outcome for a transaction', () => {
  it('is kept beside the first in its history, logged with the webhook key and counted once', async () => {
    const h = harness();
    const batchId = await scheduled(h);
    await h.hook(webhook('Payments.Mccy.TransactionSettled', batchId, 'a', 'k-settled'));
    const failed = webhook('Payments.Mccy.PaymentValidationFailed', batchId, 'a', 'k-failed');
    await h.hook(failed);
    await h.hook(failed);

    const a = (await store.get(batchId))?.transactions.a;
    expect(a?.status).toBe('Settled');
    expect(a?.history.map(({ to, conflict }) => [to, conflict ?? false])).toEqual([
      ['Submitted', false],
      ['Settled', false],
      ['ValidationFailed', true],
    ]);
    expect(h.counted).toEqual([OUTCOME_CONFLICT_METRIC]);
    expect(h.errors).toEqual([
      expect.objectContaining({
        facts: expect.objectContaining({ batchId, endToEndId: 'a', key: 'k-failed', kept: 'Settled' }),
      }),
    ]);
    // Consumers heard Settled; the conflict is for an operator, not a status change.
    expect(h.transitions()).toEqual([`${batchId}:a:Settled`]);
    expect((await store.get(batchId))?.openTransactions).toBe(1);
  });
});

describe('row 2: a batch whose answer was lost', () => {
  it('is OutcomeUnknown with the safe schedule, its workflow started on it, and listed for attention', async () => {
    const h = harness();
    const batchId = await unknown(h);
    const batch = await store.get(batchId);
    expect(batch).toMatchObject({
      status: 'OutcomeUnknown',
      processingAt: '2026-03-09T08:30:00.000Z',
      cancellationDeadline: '2026-03-09T07:30:00.000Z',
    });
    expect(batch?.isScheduled).toBeUndefined();
    expect(batch?.history.map((entry) => entry.status)).toEqual(['Sending', 'OutcomeUnknown']);
    expect(h.started).toEqual([
      expect.objectContaining({
        batchId,
        receivedAt: fridayEvening.toISOString(),
        cancellationDeadline: '2026-03-09T07:30:00.000Z',
        overdueAt: '2026-03-09T12:30:00.000Z',
      }),
    ]);
    expect(h.attention.reasons(batchId)).toEqual(['outcome-unknown']);
  });

  it('lets the bank decide a cancel: forwarded, and its 204 makes the batch Cancelled (the bank had it)', async () => {
    const h = harness();
    const batchId = await unknown(h);
    expect(await h.tracker.claim(cancel(batchId, 'c1'))).toBeUndefined();
    expect((await store.get(batchId))?.cancel).toMatchObject({ requestId: 'c1', from: 'OutcomeUnknown' });
    await h.tracker.settle(cancel(batchId, 'c1'), { status: 204, body: undefined });
    expect(await store.get(batchId)).toMatchObject({
      status: 'Cancelled',
      isScheduled: true,
      openTransactions: 0,
    });
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('goes back to OutcomeUnknown when the bank refuses the cancel (it may not have the batch)', async () => {
    const h = harness();
    const batchId = await unknown(h);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { status: 404, body: undefined });
    expect((await store.get(batchId))?.status).toBe('OutcomeUnknown');
    expect(h.attention.reasons(batchId)).toEqual(['outcome-unknown']);
  });

  it('is never Refused by a 4xx to a retry, and a later 202 schedules it and clears the attention', async () => {
    const h = harness();
    const batchId = await unknown(h);
    await h.tracker.settle(post(batchId), { status: 403, body: undefined });
    expect((await store.get(batchId))?.status).toBe('OutcomeUnknown');
    await h.tracker.settle(post(batchId), { status: 202, body: { isScheduled: true } });
    expect(await store.get(batchId)).toMatchObject({ status: 'Scheduled', isScheduled: true });
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('learns from a processing webhook that the bank has it: Processing', async () => {
    const h = harness();
    const batchId = await unknown(h);
    await h.hook(webhook('Payments.Mccy.TransactionCreated', batchId, 'a', 'k-created'));
    const batch = await store.get(batchId);
    expect(batch?.status).toBe('Processing');
    expect(batch?.history.at(-1)).toMatchObject({ status: 'Processing', cause: 'k-created' });
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('lists nothing once a processing webhook comes right after its unknown outcome is written', async () => {
    const { watched, watch } = watchedStore();
    const h = harness({ store: watched });
    const batchId = newBatchId();
    await h.tracker.claim(post(batchId));
    watch.afterSettle = () => h.hook(webhook('Payments.Mccy.TransactionCreated', batchId, 'a', 'k-created'));
    await h.tracker.settle(post(batchId, { firstSentAt: fridayEvening }), { unknown: 'no-answer' });

    expect((await store.get(batchId))?.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'OutcomeUnknown',
      'Processing',
    ]);
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('refuses a first send on its own 4xx with one conditional write, reading nothing first', async () => {
    const { watched, watch } = watchedStore();
    const h = harness({ store: watched });
    const batchId = newBatchId();
    await h.tracker.claim(post(batchId));
    watch.gets = 0;
    await h.tracker.settle(post(batchId), { status: 400, body: undefined });

    expect(watch.gets).toBe(0);
    expect((await store.get(batchId))?.status).toBe('Refused');
  });

  it('takes a batch left Sending past any invocation as unknown when a cancel comes', async () => {
    const h = harness();
    const batchId = newBatchId();
    await h.tracker.claim(post(batchId));
    h.clock.advance(16 * 60_000);
    expect(await h.tracker.claim(cancel(batchId, 'c1'))).toBeUndefined();
    expect((await store.get(batchId))?.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'OutcomeUnknown',
      'CancelPending',
    ]);
  });
});

describe('row 5: the same request again, a day later', () => {
  it('finds its batch as it left it: the claim replaces nothing, the history is only appended to', async () => {
    const h = harness();
    const batchId = await unknown(h);
    await h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'b', 'k-cancelled'));
    const before = await store.get(batchId);
    h.clock.advance(25 * 60 * 60_000);

    expect(await h.tracker.claim(post(batchId))).toBeUndefined();
    await h.tracker.settle(post(batchId), { unknown: 'no-answer' });

    const after = await store.get(batchId);
    expect(after?.transactions).toEqual(before?.transactions);
    expect(after?.history).toEqual(before?.history);
    expect(after?.status).toBe('OutcomeUnknown');
  });

  it('keeps a refused batch’s history when it is sent again, and refuses the refused request itself', async () => {
    const h = harness();
    const batchId = newBatchId();
    await h.tracker.claim(post(batchId));
    await h.tracker.settle(post(batchId), { status: 422, body: undefined });
    expect((await h.tracker.claim(post(batchId)))?.status).toBe(409);
    expect(await h.tracker.claim(post(batchId, { requestId: 'post-again' }))).toBeUndefined();
    const batch = await store.get(batchId);
    expect(batch?.history.map((entry) => [entry.status, entry.requestId])).toEqual([
      ['Sending', `post-${batchId}`],
      ['Refused', `post-${batchId}`],
      ['Sending', 'post-again'],
    ]);
  });
});

describe('row 7: a cancel refused for now', () => {
  it('is thrown as a TransientRefusal when another cancel is at the bank, and goes once that one is done', async () => {
    const h = harness();
    const batchId = await scheduled(h);
    await h.tracker.claim(cancel(batchId, 'c1', 'a'));
    const refused = await h.tracker.claim(cancel(batchId, 'c2', 'b')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransientRefusal);
    expect((refused as TransientRefusal).answer.body).toContain('try again');
    await h.tracker.settle(cancel(batchId, 'c1', 'a'), { status: 204, body: undefined });
    expect(await h.tracker.claim(cancel(batchId, 'c2', 'b'))).toBeUndefined();
  });

  it('is thrown as a TransientRefusal when the batch changed while the cancel was being claimed', async () => {
    // A store on which every cancel claim loses to another writer.
    const losing = new Proxy(store, {
      get: (target, name: keyof BatchStore) =>
        name === 'claimCancel' ? async () => false : target[name].bind(target),
    });
    const h = harness({ store: losing });
    const batchId = await scheduled(h);
    const refused = await h.tracker.claim(cancel(batchId, 'c1')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransientRefusal);
    expect((refused as TransientRefusal).answer.body).toContain(
      'changed while this cancel was being claimed',
    );
  });
});

describe('row 8: a batch cancel whose first event cannot be published', () => {
  it('is written whole first; the event left over goes out with the batch’s next webhook, once', async () => {
    const h = harness({ failPublishes: 1 });
    const batchId = await scheduled(h, ['a', 'b', 'c']);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { status: 204, body: undefined });

    const batch = await store.get(batchId);
    expect(batch).toMatchObject({ status: 'Cancelled', openTransactions: 0 });
    expect(batch?.cancel).toBeUndefined();
    expect(Object.values(batch?.transactions ?? {}).map((t) => t.status)).toEqual([
      'Cancelled',
      'Cancelled',
      'Cancelled',
    ]);
    expect(batch?.unpublished).toEqual([`${batchId}:a:Cancelled`]);
    expect(h.attention.reasons(batchId)).toEqual(['unpublished-event']);

    await h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'a', 'k-a'));
    expect((await store.get(batchId))?.unpublished).toBeUndefined();
    expect(h.transitions().sort()).toEqual([
      `${batchId}:a:Cancelled`,
      `${batchId}:b:Cancelled`,
      `${batchId}:c:Cancelled`,
    ]);
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('keeps a webhook’s move when its event fails: the hook throws for a retry, which publishes it once', async () => {
    const h = harness({ failPublishes: 1 });
    const batchId = await scheduled(h, ['a']);
    const settled = webhook('Payments.Mccy.TransactionSettled', batchId, 'a', 'k-settled');
    await expect(h.hook(settled)).rejects.toThrow(/could not be published/);
    expect(await store.get(batchId)).toMatchObject({
      openTransactions: 0,
      unpublished: [`${batchId}:a:Settled`],
      failedPublishes: [`${batchId}:a:Settled`],
    });

    await h.hook(settled);
    await h.hook(settled);
    expect(h.transitions()).toEqual([`${batchId}:a:Settled`]);
    expect((await store.get(batchId))?.unpublished).toBeUndefined();
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('can be published again by the sweep, with the record as of its transition', async () => {
    const h = harness({ failPublishes: 1 });
    const batchId = await scheduled(h, ['a']);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { status: 204, body: undefined });
    expect(h.events).toEqual([]);

    expect(await republishPending(batchId, h.deps)).toBe(0);
    expect(h.events.map((event) => event.detail)).toEqual([
      expect.objectContaining({
        key: `MccyTransactionStatusChanged:${batchId}:a:Cancelled`,
        to: 'Cancelled',
        record: expect.objectContaining({ status: 'Cancelled' }),
      }),
    ]);
    expect(await republishPending(batchId, h.deps)).toBe(0);
    expect(h.events).toHaveLength(1);
  });
});

describe('row 9: the schedule of a batch received just before the processing time', () => {
  it('comes from when it was first sent (08:29:59), not when the answer arrived (08:30:00.2)', async () => {
    // Tuesday 10 March 2026, a business day; UK time is UTC in March before the change.
    const clock = new ManualClock('2026-03-10T08:29:58.900Z');
    const h = harness({ clock });
    const batchId = newBatchId();
    await h.tracker.claim(post(batchId));
    clock.set('2026-03-10T08:30:00.200Z');
    await h.tracker.settle(post(batchId, { firstSentAt: new Date('2026-03-10T08:29:59Z') }), {
      status: 202,
      body: { isScheduled: true },
    });
    expect(await store.get(batchId)).toMatchObject({
      status: 'Scheduled',
      receivedAt: '2026-03-10T08:29:59.000Z',
      processingAt: '2026-03-10T08:30:00.000Z',
      cancellationDeadline: '2026-03-10T07:30:00.000Z',
    });
    expect(h.started[0]?.processingAt).toBe('2026-03-10T08:30:00.000Z');
    // Past that deadline, a cancel is refused without asking the bank.
    expect((await h.tracker.claim(cancel(batchId, 'c1')))?.status).toBe(422);
  });
});

describe('row 10: a cancel answered "already processed"', () => {
  it('stays CancelPending, listed, until the bank’s webhooks confirm it', async () => {
    const h = harness();
    const batchId = await scheduled(h);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { unknown: 'no-answer' });
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { unknown: 'already-processed' });
    expect((await store.get(batchId))?.status).toBe('CancelPending');
    expect(h.attention.reasons(batchId)).toEqual(['cancel-pending']);

    await h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'a', 'k-a'));
    expect((await store.get(batchId))?.status).toBe('CancelPending');
    await h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'b', 'k-b'));
    const batch = await store.get(batchId);
    expect(batch).toMatchObject({ status: 'Cancelled', openTransactions: 0 });
    expect(batch?.history.at(-1)).toMatchObject({ status: 'Cancelled', cause: 'k-b' });
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('lists nothing once the bank’s webhooks finish the cancel while its unknown answer is being recorded', async () => {
    const { watched, watch } = watchedStore();
    const h = harness({ store: watched });
    const batchId = await scheduled(h, ['a']);
    await h.tracker.claim(cancel(batchId, 'c1'));
    // The webhook comes right after the tracker read the batch still CancelPending.
    watch.afterGet = () => h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'a', 'k-a'));
    await h.tracker.settle(cancel(batchId, 'c1'), { unknown: 'no-answer' });

    expect((await store.get(batchId))?.status).toBe('Cancelled');
    expect(h.attention.reasons(batchId)).toEqual([]);
  });

  it('goes back to Scheduled when the bank processes the batch instead', async () => {
    const h = harness();
    const batchId = await scheduled(h);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.tracker.settle(cancel(batchId, 'c1'), { unknown: 'already-processed' });
    await h.hook(webhook('Payments.Mccy.TransactionCreated', batchId, 'a', 'k-a'));
    expect((await store.get(batchId))?.status).toBe('Scheduled');
    expect(h.attention.reasons(batchId)).toEqual([]);
  });
});

describe('a cancel confirmed by its webhooks before its answer is recorded', () => {
  it('is finished once: the answer finds it done', async () => {
    const h = harness();
    const batchId = await scheduled(h, ['a']);
    await h.tracker.claim(cancel(batchId, 'c1'));
    await h.hook(webhook('Payments.Mccy.TransactionCancelled', batchId, 'a', 'k-a'));
    await h.tracker.settle(cancel(batchId, 'c1'), { status: 204, body: undefined });
    const batch = await store.get(batchId);
    expect(batch?.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Scheduled',
      'CancelPending',
      'Cancelled',
    ]);
    expect(h.transitions()).toEqual([`${batchId}:a:Cancelled`]);
  });
});

it('builds each batch once per end-to-end id (the request schema refuses repeats first)', () => {
  expect(() => sendingBatch(request(newBatchId(), ['x', 'x']), 'r', fridayEvening)).toThrow();
});
