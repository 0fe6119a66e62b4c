import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClearwayValidationError, createClearwayClient, type OperationRequest } from '#client/index.js';
import type { GatewayEvent } from '#shared/ports/events.js';
import { accountBatchBody, fundedEurAccount } from '../support/mccy-batch.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * Issue 27's rows for multi-currency batches, replayed in the sandbox with the simulator's faults and clock:
 * real handlers, dynalite, the batch workflow. A short Lambda timeout (2 s, so 1 s for the bank) lets a slow
 * bank outlast the gateway's deadline while it still processes the request: the answer the gateway never
 * hears. The clock only moves forward: Friday 6 March 2026 18:00 UK (a EUR batch is processed on Monday at
 * 08:30, cancellable until 07:30), then the weekend, then Tuesday 10 March.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let accountId: string;

interface BatchView {
  status: string;
  isScheduled?: boolean;
  processingAt?: string;
  cancellationDeadline?: string;
  openTransactions: number;
  transactions: Record<string, { status: string }>;
  history: Array<{ status: string; at: string }>;
  unpublished?: string[];
}
type Detail = { transitionId?: string; batchId?: string; record?: { batchId?: string } };

const setClock = (to: string) => world.simulator.setClock(to);
const key = () => ({ 'Idempotency-Key': randomUUID() });
const batchBody = (batchId: string, endToEndIds: string[]) =>
  accountBatchBody(accountId, batchId, endToEndIds);
const send = (batchId: string, endToEndIds: string[], headers = key()) =>
  world.gateway('/v1/mccy/payments', jsonPost(JSON.stringify(batchBody(batchId, endToEndIds)), headers));
const cancel = (path: string, headers = key()) => world.gateway(path, { method: 'DELETE', headers });
const batch = async (batchId: string) =>
  (await (await world.gateway(`/gateway/mccy/batches/${batchId}`)).json()) as BatchView;
const statuses = (view: BatchView) =>
  Object.fromEntries(Object.entries(view.transactions).map(([id, t]) => [id, t.status]));
const faults = (settings: unknown) =>
  world.bank('/__sim/faults', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
const releaseWebhooks = async () => {
  await world.bank('/__sim/webhooks/release', { method: 'POST' });
  await world.sandbox.settle();
};
const bankRequestsTo = (path: string) => world.simulator.requests.filter((request) => request.path === path);
/** Waits until the bank has a request to `path` (answered, when `answered`). */
async function bankHas(path: string, answered: boolean): Promise<void> {
  for (let step = 0; step < 250; step++) {
    const requests = bankRequestsTo(path);
    if (requests.length > 0 && requests.every((request) => !answered || request.status !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the bank never ${answered ? 'answered' : 'received'} ${path}`);
}
const eventsAbout = async (batchId: string) =>
  ((await world.events()) as unknown as GatewayEvent[]).filter((event) => {
    const detail = event.detail as Detail;
    return detail.batchId === batchId || detail.record?.batchId === batchId;
  });
const transitionsOf = async (batchId: string) =>
  (await eventsAbout(batchId))
    .filter((event) => event.detailType === 'MccyTransactionStatusChanged')
    .map((event) => (event.detail as Detail).transitionId);
/** Why the batch is on the attention list (`GET /gateway/local/attention`, what the sweep counts on AWS). */
const attentionOf = async (batchId: string) =>
  (
    (await (await world.gateway('/gateway/local/attention')).json()) as {
      items: Array<{ id: string; reason: string }>;
    }
  ).items
    .filter((item) => item.id === batchId)
    .map((item) => item.reason)
    .sort();
const execution = async (batchId: string) =>
  (
    (await (await world.gateway('/gateway/local/workflows')).json()) as {
      executions: Array<{ name: string; status: string; states: string[] }>;
    }
  ).executions.find((view) => view.name === batchId);

beforeAll(async () => {
  world = await testSandbox({ lambdaTimeoutMs: 2_000, bankRetry: { baseDelayMs: 10, maxDelayMs: 50 } });
  accountId = await fundedEurAccount(world, 'Money safety');
  await setClock('2026-03-06T18:00:00Z');
});
afterAll(() => world.sandbox.close());

describe('row 1: a batch that repeats an end-to-end id', () => {
  it('is refused with 400 naming transactions.1.endToEndId, by the gateway and by the typed client, the bank never called', async () => {
    const before = world.simulator.requests.length;
    const body = batchBody(randomUUID(), ['twice', 'twice']);
    const response = await world.gateway('/v1/mccy/payments', jsonPost(JSON.stringify(body), key()));
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors)).toEqual(['transactions.1.endToEndId']);
    expect(problem.errors['transactions.1.endToEndId']?.[0]).toContain('transaction 0');

    const client = createClearwayClient({
      baseUrl: world.sandbox.gatewayUrl,
      region: 'eu-west-2',
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' },
      rules: { now: () => world.simClock.now() },
    });
    const refused = await client
      .createMccyPayments({ body: body as OperationRequest<'createMccyPayments'>['body'] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClearwayValidationError);
    expect((refused as ClearwayValidationError).problem.errors).toHaveProperty(['transactions.1.endToEndId']);
    expect(world.simulator.requests.length).toBe(before);
  });
});

describe('row 7: a cancel told "another cancel of this batch is at the bank; try again"', () => {
  it('is not kept under its Idempotency-Key: the retry with the key reaches the bank', async () => {
    const batchId = randomUUID();
    expect((await send(batchId, ['r7-a', 'r7-b'])).status).toBe(202);
    const first = `/v1/mccy/payments/${batchId}/r7-a`;
    const second = `/v1/mccy/payments/${batchId}/r7-b`;
    await faults({ failNext: [{ latencyMs: 500 }] });
    const firstAnswer = cancel(first);
    await bankHas(first, false);

    const secondKey = key();
    const refused = await cancel(second, secondKey);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('try again');
    expect((await firstAnswer).status).toBe(204);
    const retried = await cancel(second, secondKey);

    expect(retried.status).toBe(204);
    expect(bankRequestsTo(second)).toHaveLength(1);
    expect(statuses(await batch(batchId))).toEqual({ 'r7-a': 'Cancelled', 'r7-b': 'Cancelled' });
  });
});

describe('row 8: the bank answers 204 to a batch cancel and the first event fails to publish once', () => {
  it('finishes the cancel whole; the event is published once the batch’s next webhook arrives', async () => {
    const batchId = randomUUID();
    expect((await send(batchId, ['r8-a', 'r8-b', 'r8-c'])).status).toBe(202);
    // The bank's webhooks of the cancel are held back, and the bus refuses the first status change once.
    await faults({ nextWebhooks: ['out-of-order', 'out-of-order', 'out-of-order'] });
    const { bus } = world.sandbox;
    const publish = bus.publish.bind(bus);
    let failures = 1;
    bus.publish = async (event) => {
      if (event.detailType === 'MccyTransactionStatusChanged' && failures-- > 0)
        throw new Error('EventBridge is unavailable');
      return publish(event);
    };
    try {
      expect((await cancel(`/v1/mccy/payments/${batchId}`)).status).toBe(204);
    } finally {
      bus.publish = publish;
    }

    const cancelled = await batch(batchId);
    expect(cancelled).toMatchObject({ status: 'Cancelled', openTransactions: 0 });
    expect(statuses(cancelled)).toEqual({ 'r8-a': 'Cancelled', 'r8-b': 'Cancelled', 'r8-c': 'Cancelled' });
    expect(cancelled.unpublished).toEqual([`${batchId}:r8-a:Cancelled`]);
    expect(await attentionOf(batchId)).toEqual(['unpublished-event']);
    expect((await transitionsOf(batchId)).sort()).toEqual([
      `${batchId}:r8-b:Cancelled`,
      `${batchId}:r8-c:Cancelled`,
    ]);

    await releaseWebhooks();
    expect((await batch(batchId)).unpublished).toBeUndefined();
    expect(await attentionOf(batchId)).toEqual([]);
    // Webhooks processed side by side may each publish it: consumers take it once by its key.
    expect([...new Set(await transitionsOf(batchId))].sort()).toEqual([
      `${batchId}:r8-a:Cancelled`,
      `${batchId}:r8-b:Cancelled`,
      `${batchId}:r8-c:Cancelled`,
    ]);
  });
});

describe('row 10: a batch cancel whose retry hears "already processed"', () => {
  it('stays CancelPending, not Cancelled, until the bank’s webhooks confirm it', async () => {
    const batchId = randomUUID();
    expect((await send(batchId, ['r10-a', 'r10-b'])).status).toBe(202);
    const path = `/v1/mccy/payments/${batchId}`;
    await faults({ failNext: [{ latencyMs: 1_500 }], nextWebhooks: ['out-of-order', 'out-of-order'] });
    const headers = key();
    expect((await cancel(path, headers)).status).toBe(504);
    await bankHas(path, true);
    const retried = await cancel(path, headers);

    expect(retried.status).toBe(202);
    expect(retried.headers.get('clearway-outcome')).toBe('already-processed');
    expect((await batch(batchId)).status).toBe('CancelPending');
    expect(await attentionOf(batchId)).toEqual(['cancel-pending']);
    await releaseWebhooks();
    expect(await attentionOf(batchId)).toEqual([]);
    const confirmed = await batch(batchId);
    expect(confirmed).toMatchObject({ status: 'Cancelled', openTransactions: 0 });
    expect(confirmed.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Scheduled',
      'CancelPending',
      'Cancelled',
    ]);
  });
});

describe('row 2: scheduled batches whose 202 is lost', () => {
  // A and B: the first attempt outlasts the gateway, the bank schedules them, the retry hears the duplicate
  // 409 (202 already-processed). C: every attempt is dropped before the bank looks at it.
  const lostA = randomUUID();
  const lostB = randomUUID();
  const neverC = randomUUID();

  async function sendLosingTheAnswer(batchId: string, endToEndIds: string[]) {
    await faults({ failNext: [{ latencyMs: 1_500 }] });
    const headers = key();
    expect((await send(batchId, endToEndIds, headers)).status).toBe(504);
    await bankHas('/v1/mccy/payments', true);
    return send(batchId, endToEndIds, headers);
  }

  it('leaves each OutcomeUnknown with the safe schedule and its workflow started, never Sending', async () => {
    const retriedA = await sendLosingTheAnswer(lostA, ['r2-a1', 'r2-a2']);
    expect(retriedA.status).toBe(202);
    expect(retriedA.headers.get('clearway-outcome')).toBe('already-processed');
    expect((await sendLosingTheAnswer(lostB, ['r2-b1'])).status).toBe(202);
    await faults({ failNext: Array.from({ length: 10 }, () => ({ drop: true })) });
    expect((await send(neverC, ['r2-c1'])).status).toBeGreaterThanOrEqual(500);
    await world.bank('/__sim/faults', { method: 'DELETE' });

    for (const batchId of [lostA, lostB, neverC]) {
      expect(await batch(batchId)).toMatchObject({
        status: 'OutcomeUnknown',
        processingAt: '2026-03-09T08:30:00.000Z',
        cancellationDeadline: '2026-03-09T07:30:00.000Z',
      });
      expect(await execution(batchId)).toMatchObject({ status: 'Running' });
      expect(await attentionOf(batchId)).toEqual(['outcome-unknown']);
    }
  });

  it('forwards cancels before the deadline and lets the bank decide: A is cancelled, C unknown to it', async () => {
    await setClock('2026-03-08T12:00:00Z');
    expect((await cancel(`/v1/mccy/payments/${lostA}`)).status).toBe(204);
    expect((await cancel(`/v1/mccy/payments/${neverC}`)).status).toBe(404);
    await world.sandbox.settle();

    expect(await batch(lostA)).toMatchObject({ status: 'Cancelled', isScheduled: true, openTransactions: 0 });
    expect((await batch(neverC)).status).toBe('OutcomeUnknown');
    expect(await attentionOf(lostA)).toEqual([]);
    expect(await attentionOf(neverC)).toEqual(['outcome-unknown']);
  });

  it('learns from the processing webhooks that the bank has B, which settles; A’s workflow ends cancelled', async () => {
    await setClock('2026-03-09T08:31:00Z');
    await world.sandbox.settle();
    const settled = await batch(lostB);
    expect(settled).toMatchObject({ status: 'Completed', openTransactions: 0 });
    expect(settled.history.map((entry) => entry.status).slice(-2)).toEqual(['Processing', 'Completed']);
    expect(statuses(settled)).toEqual({ 'r2-b1': 'Settled' });
    expect(await attentionOf(lostB)).toEqual([]);
    expect((await execution(lostA))?.states.at(-1)).toBe('BatchCancelled');
  });

  it('raises the overdue alarm for C, which the bank never had, and ends B quietly', async () => {
    await setClock('2026-03-09T12:31:00Z');
    expect(await execution(lostB)).toMatchObject({ status: 'Succeeded' });
    expect(await execution(neverC)).toMatchObject({ status: 'Failed' });
    expect((await eventsAbout(neverC)).map((event) => event.detailType)).toContain('MccyBatchOverdue');
    expect((await eventsAbout(lostB)).map((event) => event.detailType)).not.toContain('MccyBatchOverdue');
  });
});

describe('row 9: a batch the bank receives at 08:29:59 whose answer arrives at 08:30:00.2', () => {
  it('is processed that day: its schedule comes from when it was sent, not from when the answer came', async () => {
    await setClock('2026-03-10T08:29:59Z');
    const batchId = randomUUID();
    // The bank's clock passes the processing time between its answer and the gateway hearing it.
    const clock = world.simClock;
    const answered = () =>
      bankRequestsTo('/v1/mccy/payments').some(
        (request) => request.body?.includes(batchId) === true && request.status !== null,
      );
    clock.now = () => {
      if (answered()) {
        delete (clock as { now?: unknown }).now;
        clock.set('2026-03-10T08:30:00.200Z');
      }
      return Object.getPrototypeOf(clock).now.call(clock) as Date;
    };
    try {
      expect((await send(batchId, ['r9-1'])).status).toBe(202);
    } finally {
      delete (clock as { now?: unknown }).now;
    }

    const view = await batch(batchId);
    expect(view).toMatchObject({
      status: 'Scheduled',
      processingAt: '2026-03-10T08:30:00.000Z',
      cancellationDeadline: '2026-03-10T07:30:00.000Z',
    });
    expect(view.history.at(-1)).toEqual(expect.objectContaining({ at: '2026-03-10T08:30:00.200Z' }));
    const atBank = (await (await world.bank('/__sim/mccy/payments')).json()) as {
      batches: Array<{ batchId: string; receivedAt: string; processingAt?: string }>;
    };
    expect(atBank.batches.find((held) => held.batchId === batchId)).toMatchObject({
      receivedAt: '2026-03-10T08:29:59.000Z',
      processingAt: view.processingAt,
    });
    const before = world.simulator.requests.length;
    expect((await cancel(`/v1/mccy/payments/${batchId}`)).status).toBe(422);
    expect(world.simulator.requests.length).toBe(before);
  });
});
