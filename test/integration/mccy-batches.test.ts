import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClearwayApiError,
  type ClearwayClient,
  ClearwayUnprocessableError,
  createClearwayClient,
  type OperationRequest,
} from '#client/index.js';
import { accountBatchBody, fundedEurAccount, mccyBatchBody, mccyTransaction } from '../support/mccy-batch.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Scheduled multi-currency batches end to end in the sandbox: the gateway, the simulated bank and the batch
 * workflow (the stack's state machine, run by aws-local-stepfunctions) all on one clock, which the tests
 * move instead of waiting. Friday 6 March 2026 18:00 UK is outside every window: a EUR batch is processed on
 * Monday 9 March at 08:30 and can be cancelled until 07:30 (GMT, so UTC).
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let accountId: string;

interface BatchView {
  status: string;
  isScheduled: boolean;
  processingAt?: string;
  cancellationDeadline?: string;
  openTransactions: number;
  outcomes?: Record<string, number>;
  transactions: Record<string, { status: string; history: Array<{ to: string }> }>;
  history: Array<{ status: string; at: string }>;
}
interface Execution {
  name: string;
  status: string;
  states: string[];
}

/** The typed client, as a workload calls the gateway: checked, SigV4-signed, a key on every write. */
let clearway: ClearwayClient;
const setClock = (to: string) => world.simulator.setClock(to);
/** The answer's status, a refusal included (the client throws it as a typed error). */
const statusOf = async (call: Promise<{ status: number }>) => {
  try {
    return (await call).status;
  } catch (error) {
    if (error instanceof ClearwayApiError) return error.status;
    throw error;
  }
};
const send = (batchId: string, endToEndIds: string[]) =>
  clearway.createMccyPayments({
    body: accountBatchBody(accountId, batchId, endToEndIds) as OperationRequest<'createMccyPayments'>['body'],
  });
const cancel = (batchId: string, endToEndId?: string) =>
  endToEndId === undefined
    ? clearway.cancelMccyBatch({ pathParams: { batchId } })
    : clearway.cancelMccyTransaction({ pathParams: { batchId, endToEndId } });
const batch = async (batchId: string) =>
  (await clearway.gateway.getMccyBatch({ pathParams: { batchId } })).body as BatchView;
const execution = async (batchId: string) =>
  (
    (await (await world.gateway('/gateway/local/workflows')).json()) as { executions: Execution[] }
  ).executions.find((view) => view.name === batchId);
type Detail = { batchId?: string; payload?: { BatchId?: string }; record?: { batchId?: string } } & Record<
  string,
  unknown
>;
const eventsAbout = async (batchId: string) =>
  ((await world.events()) as unknown as Array<{ detailType: string; detail: Detail }>).filter(
    (event) =>
      (event.detail as { batchId?: string }).batchId === batchId ||
      (event.detail as { payload?: { BatchId?: string } }).payload?.BatchId === batchId ||
      (event.detail as { record?: { batchId?: string } }).record?.batchId === batchId,
  );
const bankCalls = async () =>
  ((await (await world.bank('/__sim/requests')).json()) as Array<{ method: string; path: string }>).length;

beforeAll(async () => {
  world = await testSandbox();
  clearway = createClearwayClient({
    baseUrl: world.sandbox.gatewayUrl,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' },
    rules: { now: () => world.simClock.now() },
  });
  accountId = await fundedEurAccount(world, 'Batches');
});
afterAll(() => world.sandbox.close());

describe('a EUR batch sent on a Friday evening', () => {
  const batchId = randomUUID();

  it('is scheduled for Monday 08:30 with a deadline at 07:30, and its workflow waits', async () => {
    await setClock('2026-03-06T18:00:00Z');
    const sent = await send(batchId, ['fri-1', 'fri-2', 'fri-3']);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ isScheduled: true });
    expect(await batch(batchId)).toMatchObject({
      status: 'Scheduled',
      processingAt: '2026-03-09T08:30:00.000Z',
      cancellationDeadline: '2026-03-09T07:30:00.000Z',
      openTransactions: 3,
    });
    expect(await execution(batchId)).toMatchObject({ status: 'Running' });
    expect((await execution(batchId))?.states.at(-1)).toBe('WaitForCancellationDeadline');
  });

  it('takes a cancel of one transaction on Sunday, forwarded to the bank', async () => {
    await setClock('2026-03-08T12:00:00Z');
    expect(await statusOf(cancel(batchId, 'fri-2'))).toBe(204);
    const view = await batch(batchId);
    expect(view.status).toBe('Scheduled');
    expect(view.transactions['fri-2']?.status).toBe('Cancelled');
    expect(view.openTransactions).toBe(2);
  });

  it('closes the window at 07:30 and then refuses a cancel locally, naming the deadline', async () => {
    await setClock('2026-03-09T07:31:00Z');
    expect((await batch(batchId)).status).toBe('WindowClosed');
    const closed = (await eventsAbout(batchId)).filter(
      (e) => e.detailType === 'MccyCancellationWindowClosed',
    );
    expect(closed).toHaveLength(1);

    await world.bank('/__sim/requests', { method: 'DELETE' });
    const refused = await cancel(batchId, 'fri-3').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClearwayUnprocessableError);
    expect((refused as ClearwayUnprocessableError).problem.detail).toContain('2026-03-09T07:30:00.000Z');
    expect(await bankCalls()).toBe(0);
  });

  it('settles the rest at 08:30 through duplicated and reordered webhooks, each transition once', async () => {
    await world.bank('/__sim/faults', {
      method: 'PUT',
      body: JSON.stringify({ duplicateWebhookRate: 1, outOfOrderWebhookRate: 1 }),
    });
    await setClock('2026-03-09T08:31:00Z');
    await world.bank('/__sim/faults', { method: 'DELETE' });
    await world.bank('/__sim/webhooks/release', { method: 'POST' });
    await world.sandbox.settle();

    const view = await batch(batchId);
    // Every transaction final, none failed: Completed, the cancelled one counted.
    expect(view.status).toBe('Completed');
    expect(view.outcomes).toEqual({ Settled: 2, Cancelled: 1, ValidationFailed: 0, AssessmentFailed: 0 });
    expect(view.openTransactions).toBe(0);
    expect(Object.fromEntries(Object.entries(view.transactions).map(([id, t]) => [id, t.status]))).toEqual({
      'fri-1': 'Settled',
      'fri-2': 'Cancelled',
      'fri-3': 'Settled',
    });
    expect(view.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Scheduled',
      'CancelPending',
      'Scheduled',
      'WindowClosed',
      'ProcessingDue',
      'Completed',
    ]);
    const changes = (await eventsAbout(batchId)).filter(
      (e) => e.detailType === 'MccyTransactionStatusChanged',
    );
    const transitions = changes.map((e) => (e.detail as { transitionId: string }).transitionId);
    expect(new Set(transitions).size).toBe(transitions.length);
    expect(
      changes
        .filter((e) => (e.detail as { to: string }).to === 'Settled')
        .map((e) => (e.detail as { endToEndId: string }).endToEndId)
        .sort(),
    ).toEqual(['fri-1', 'fri-3']);
  });

  it('ends its workflow quietly once every transaction is final by the overdue time', async () => {
    await setClock('2026-03-09T12:31:00Z');
    expect(await execution(batchId)).toMatchObject({ status: 'Succeeded' });
    expect((await execution(batchId))?.states.at(-1)).toBe('BatchSettled');
    expect((await eventsAbout(batchId)).some((e) => e.detailType === 'MccyBatchOverdue')).toBe(false);
  });
});

describe('a batch inside the window', () => {
  it('is processed at once, with no workflow and no cancel', async () => {
    await setClock('2026-03-10T10:00:00Z');
    const batchId = randomUUID();
    const sent = await send(batchId, ['tue-1']);
    expect(sent.body).toEqual({ isScheduled: false });
    expect((await batch(batchId)).status).toBe('Processing');
    expect(await execution(batchId)).toBeUndefined();
    expect(await statusOf(cancel(batchId))).toBe(422);
  });
});

describe('a batch whose payments do not all go through', () => {
  it('ends CompletedWithFailures once each is settled or failed, counting how each ended', async () => {
    await setClock('2026-03-11T10:00:00Z');
    const batchId = randomUUID();
    const from = (identifier: string, endToEndId: string, amount: number) =>
      mccyTransaction({ endToEndId, amount, accountIdentifier: { kind: 'AccountId', identifier } });
    const body = mccyBatchBody({
      batchId,
      transactions: [
        from(accountId, 'wed-paid', 100),
        // More than the account holds: the bank's assessment fails it.
        from(accountId, 'wed-short', 900_000),
        // An account the institution does not have: the bank's validation fails it.
        from(randomUUID(), 'wed-nobody', 100),
      ],
    });
    const sent = await clearway.createMccyPayments({
      body: body as OperationRequest<'createMccyPayments'>['body'],
    });
    expect(sent.status).toBe(202);
    expect((await batch(batchId)).status).toBe('Processing');

    await setClock('2026-03-11T10:01:00Z');
    await world.sandbox.settle();

    const view = await batch(batchId);
    expect(view.status).toBe('CompletedWithFailures');
    expect(view.outcomes).toEqual({ Settled: 1, Cancelled: 0, ValidationFailed: 1, AssessmentFailed: 1 });
    expect(view.history.map((entry) => entry.status)).toEqual([
      'Sending',
      'Processing',
      'CompletedWithFailures',
    ]);
  });
});

describe('a cancel racing the window closing', () => {
  it('has exactly one winner', async () => {
    await setClock('2026-03-12T18:00:00Z');
    const batchId = randomUUID();
    expect((await send(batchId, ['thu-1'])).status).toBe(202);
    // Friday 13 March 08:30 processing, 07:30 deadline: the cancel and the clock reaching it race.
    await setClock('2026-03-13T07:29:59Z');
    const [status] = await Promise.all([statusOf(cancel(batchId)), setClock('2026-03-13T07:30:01Z')]);
    await setClock('2026-03-13T07:31:00Z');

    const view = await batch(batchId);
    const closedEvents = (await eventsAbout(batchId)).filter(
      (e) => e.detailType === 'MccyCancellationWindowClosed',
    );
    if (status === 204) {
      expect(view.status).toBe('Cancelled');
      expect(closedEvents).toEqual([]);
      expect((await execution(batchId))?.states.at(-1)).toBe('BatchCancelled');
    } else {
      expect(status).toBe(422);
      expect(view.status).toBe('WindowClosed');
      expect(closedEvents).toHaveLength(1);
    }
  });
});
