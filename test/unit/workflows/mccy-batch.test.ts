import {
  CreateTableCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryEventBus } from '#local/adapters/in-memory-bus.js';
import { ClockScheduler, InFlight } from '#sim/core/scheduler.js';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { LocalStateMachine, realTimers, waitEnd } from '#local/workflows.js';
import { gatewayEventKey } from '#shared/gateway/tracker.js';
import { ManualClock } from '#shared/ports/clock.js';
import {
  type BatchWorkflowInput,
  MAX_CANCEL_RECHECKS,
  mccyBatchWorkflow,
} from '#shared/workflows/mccy-batch.js';

const TABLE = 'workflow-test-mccy-batches';
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('the multi-currency batch workflow definition', () => {
  const definition = mccyBatchWorkflow({ tableName: 'batches', eventBusName: 'bus' });

  it('is valid Amazon States Language', () => {
    expect(() => new StateMachine(definition as unknown as StateMachineDefinition)).not.toThrow();
  });

  it('waits on the batch times and follows each wait with a task', () => {
    const waits = Object.entries(definition.States).filter(([, state]) => state.Type === 'Wait');
    expect(waits.map(([, state]) => state.TimestampPath ?? state.Seconds)).toEqual([
      '$.cancellationDeadline',
      10,
      '$.processingAt',
      '$.overdueAt',
    ]);
  });

  it('moves the batch by conditional writes only, on the batch table, and publishes to the bus only', () => {
    const tasks = Object.values(definition.States).filter((state) => state.Type === 'Task');
    for (const task of tasks) {
      const parameters = task.Parameters as Record<string, unknown>;
      if (task.Resource === 'arn:aws:states:::dynamodb:updateItem') {
        expect(parameters.TableName).toBe('batches');
        expect(parameters.ConditionExpression).toBe('#status = :from');
      } else if (task.Resource === 'arn:aws:states:::dynamodb:getItem') {
        expect(parameters.TableName).toBe('batches');
      } else {
        expect(task.Resource).toBe('arn:aws:states:::events:putEvents');
        const [entry] = parameters.Entries as Array<Record<string, unknown>>;
        expect(entry?.EventBusName).toBe('bus');
        expect(entry?.Source).toBe('clearway.gateway');
      }
    }
    const close = definition.States.CloseWindow?.Parameters as Record<string, Record<string, unknown>>;
    expect(close.ExpressionAttributeValues?.[':from']).toEqual({ S: 'Scheduled' });
    expect(close.ExpressionAttributeValues?.[':to']).toEqual({ S: 'WindowClosed' });
  });
});

describe('waitEnd', () => {
  const now = new Date('2026-03-06T18:00:00Z');
  it('reads each kind of Wait as Step Functions does', () => {
    expect(waitEnd({ Type: 'Wait', Seconds: 10 }, {}, now).toISOString()).toBe('2026-03-06T18:00:10.000Z');
    expect(waitEnd({ Type: 'Wait', SecondsPath: '$.s' }, { s: 5 }, now).toISOString()).toBe(
      '2026-03-06T18:00:05.000Z',
    );
    expect(
      waitEnd(
        { Type: 'Wait', TimestampPath: '$.a.b' },
        { a: { b: '2026-03-09T07:30:00Z' } },
        now,
      ).toISOString(),
    ).toBe('2026-03-09T07:30:00.000Z');
    expect(() => waitEnd({ Type: 'Wait', TimestampPath: '$.x' }, { x: 'soon' }, now)).toThrow(
      /not a timestamp/,
    );
  });
});

describe('realTimers, for a sandbox in front of another bank', () => {
  it('waits longer than one setTimeout can (about 24.8 days) without firing early', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    try {
      let ran = 0;
      realTimers.at(new Date('2026-04-01T00:00:00Z'), 'a month away', async () => {
        ran += 1;
      });
      await vi.advanceTimersByTimeAsync(30 * 86_400_000);
      expect(ran).toBe(0);
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(ran).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the workflow in the sandbox, on the sandbox clock', () => {
  let dynamo: LocalDynamo;
  let clock: ManualClock;
  let bus: InMemoryEventBus;
  let machine: LocalStateMachine;
  let advanceTo: (iso: string) => Promise<void>;
  let serial = 0;

  beforeAll(async () => {
    dynamo = await startLocalDynamo('workflow-test-');
    await dynamo.client
      .send(
        new CreateTableCommand({
          TableName: TABLE,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'batchId', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'batchId', KeyType: 'HASH' }],
        }),
      )
      .catch(() => undefined);
  });
  afterAll(() => dynamo.close());

  beforeEach(() => {
    clock = new ManualClock('2026-03-06T18:00:00Z');
    bus = new InMemoryEventBus(100, clock);
    const inFlight = new InFlight();
    const scheduler = new ClockScheduler(clock, (error) => {
      throw error;
    });
    machine = new LocalStateMachine(mccyBatchWorkflow({ tableName: TABLE, eventBusName: 'bus' }), {
      dynamo: dynamo.client,
      events: bus,
      clock,
      timers: {
        at: (when, label, work) => scheduler.at(when, label, () => inFlight.track(work())),
        track: (work) => inFlight.track(work),
      },
      log: silent,
    });
    advanceTo = async (iso) => {
      clock.set(iso);
      await inFlight.settle(() => scheduler.runDue());
    };
  });

  /** A EUR batch received on a Friday evening: processed Monday 08:30 UK (GMT in March), cancellable until 07:30. */
  async function scheduledBatch(openTransactions = 2) {
    const batchId = `batch-${++serial}`;
    await dynamo.client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: {
          batchId: { S: batchId },
          status: { S: 'Scheduled' },
          openTransactions: { N: String(openTransactions) },
          history: { L: [{ M: { status: { S: 'Scheduled' }, at: { S: '2026-03-06T18:00:00.000Z' } } }] },
        },
      }),
    );
    const input: BatchWorkflowInput = {
      batchId,
      currency: 'EUR',
      receivedAt: '2026-03-06T18:00:00.000Z',
      cancellationDeadline: '2026-03-09T07:30:00.000Z',
      processingAt: '2026-03-09T08:30:00.000Z',
      overdueAt: '2026-03-09T12:30:00.000Z',
    };
    machine.start(batchId, { ...input });
    await advanceTo(clock.now().toISOString());
    return batchId;
  }

  const batch = async (batchId: string) =>
    (await dynamo.client.send(new GetItemCommand({ TableName: TABLE, Key: { batchId: { S: batchId } } })))
      .Item;
  const setStatus = (batchId: string, status: string) =>
    dynamo.client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: { batchId: { S: batchId } },
        UpdateExpression: 'SET #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': { S: status } },
      }),
    );
  const execution = (batchId: string) => machine.executions().find((view) => view.name === batchId);

  it('closes the window at the deadline, not a millisecond before, then marks processing due', async () => {
    const batchId = await scheduledBatch();
    await advanceTo('2026-03-09T07:29:59.999Z');
    expect((await batch(batchId))?.status?.S).toBe('Scheduled');
    expect(bus.list()).toEqual([]);

    await advanceTo('2026-03-09T07:30:00.000Z');
    expect((await batch(batchId))?.status?.S).toBe('WindowClosed');
    const [closed] = bus.list();
    expect(closed).toMatchObject({
      source: 'clearway.gateway',
      detailType: 'MccyCancellationWindowClosed',
      detail: {
        // The key every gateway event has: the definition writes it in ASL, so hold it to the one rule.
        key: gatewayEventKey('MccyCancellationWindowClosed', `${batchId}:WindowClosed`),
        transitionId: `${batchId}:WindowClosed`,
        batchId,
        cancellationDeadline: '2026-03-09T07:30:00.000Z',
      },
    });

    await advanceTo('2026-03-09T08:30:00.000Z');
    const item = await batch(batchId);
    expect(item?.status?.S).toBe('ProcessingDue');
    expect(item?.history?.L?.map((entry) => [entry.M?.status?.S, entry.M?.at?.S])).toEqual([
      ['Scheduled', '2026-03-06T18:00:00.000Z'],
      ['WindowClosed', '2026-03-09T07:30:00.000Z'],
      ['ProcessingDue', '2026-03-09T08:30:00.000Z'],
    ]);
    expect(bus.list().map((event) => event.detailType)).toEqual([
      'MccyCancellationWindowClosed',
      'MccyBatchProcessingDue',
    ]);
    expect(execution(batchId)?.status).toBe('Running');
  });

  it('ends quietly when every transaction is final by overdueAt', async () => {
    const batchId = await scheduledBatch();
    await advanceTo('2026-03-09T09:00:00.000Z');
    await dynamo.client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: { batchId: { S: batchId } },
        UpdateExpression: 'SET openTransactions = :zero',
        ExpressionAttributeValues: { ':zero': { N: '0' } },
      }),
    );
    await advanceTo('2026-03-09T12:30:00.000Z');
    expect(execution(batchId)).toMatchObject({ status: 'Succeeded' });
    expect(execution(batchId)?.states.at(-1)).toBe('BatchSettled');
    expect(bus.list({ detailType: 'MccyBatchOverdue' })).toEqual([]);
  });

  it('ends quietly when the webhooks finished the batch before its processing time was marked', async () => {
    const batchId = await scheduledBatch();
    await advanceTo('2026-03-09T07:30:00.000Z');
    await setStatus(batchId, 'Completed');
    await advanceTo('2026-03-09T08:30:00.000Z');
    expect((await batch(batchId))?.status?.S).toBe('Completed');
    expect(execution(batchId)).toMatchObject({ status: 'Succeeded' });
    expect(execution(batchId)?.states.at(-1)).toBe('BatchFinished');
    expect(bus.list().map((event) => event.detailType)).toEqual(['MccyCancellationWindowClosed']);
  });

  it('publishes MccyBatchOverdue and fails when transactions are still open at overdueAt', async () => {
    const batchId = await scheduledBatch(2);
    await advanceTo('2026-03-09T12:29:59.000Z');
    expect(bus.list({ detailType: 'MccyBatchOverdue' })).toEqual([]);
    await advanceTo('2026-03-09T12:30:00.000Z');
    expect(bus.list({ detailType: 'MccyBatchOverdue' })[0]?.detail).toMatchObject({
      batchId,
      openTransactions: '2',
      overdueAt: '2026-03-09T12:30:00.000Z',
    });
    expect(execution(batchId)).toMatchObject({ status: 'Failed' });
    expect(execution(batchId)?.error).toMatch(/unsettled/);
  });

  it('ends at the deadline without closing the window of a batch cancelled in time', async () => {
    const batchId = await scheduledBatch();
    await setStatus(batchId, 'Cancelled');
    await advanceTo('2026-03-09T07:30:00.000Z');
    expect((await batch(batchId))?.status?.S).toBe('Cancelled');
    expect(execution(batchId)).toMatchObject({ status: 'Succeeded' });
    expect(execution(batchId)?.states.at(-1)).toBe('BatchCancelled');
    expect(bus.list()).toEqual([]);
  });

  it('looks again while a cancel is at the bank, and closes the window if the bank refused it', async () => {
    const batchId = await scheduledBatch();
    await setStatus(batchId, 'CancelPending');
    await advanceTo('2026-03-09T07:30:00.000Z');
    await advanceTo('2026-03-09T07:30:10.000Z');
    expect((await batch(batchId))?.status?.S).toBe('CancelPending');
    await setStatus(batchId, 'Scheduled');
    await advanceTo('2026-03-09T07:30:20.000Z');
    expect((await batch(batchId))?.status?.S).toBe('WindowClosed');
    expect(bus.list({ detailType: 'MccyCancellationWindowClosed' })).toHaveLength(1);
  });

  it.each(['OutcomeUnknown', 'Processing'])(
    'takes a batch %s at the deadline straight to the settlement check, so its overdue alarm still fires',
    async (status) => {
      const batchId = await scheduledBatch(1);
      await setStatus(batchId, status);
      await advanceTo('2026-03-09T08:30:00.000Z');
      // No window of the gateway to close, nothing due to mark: the batch is left as the bank's word put it.
      expect((await batch(batchId))?.status?.S).toBe(status);
      expect(bus.list()).toEqual([]);

      await advanceTo('2026-03-09T12:30:00.000Z');
      expect(bus.list({ detailType: 'MccyBatchOverdue' })[0]?.detail).toMatchObject({
        batchId,
        openTransactions: '1',
      });
      expect(execution(batchId)).toMatchObject({ status: 'Failed' });
    },
  );

  it('gives up on a cancel that never resolves, for a person to look at', async () => {
    const batchId = await scheduledBatch();
    await setStatus(batchId, 'CancelPending');
    for (let second = 0; second <= (MAX_CANCEL_RECHECKS + 1) * 10; second += 10) {
      await advanceTo(new Date(Date.parse('2026-03-09T07:30:00.000Z') + second * 1000).toISOString());
    }
    expect(execution(batchId)).toMatchObject({ status: 'Failed' });
    expect(execution(batchId)?.states.at(-1)).toBe('CancelUnresolved');
  });

  it('starts an execution name once', async () => {
    const batchId = await scheduledBatch();
    machine.start(batchId, {});
    expect(machine.executions().filter((view) => view.name === batchId)).toHaveLength(1);
  });
});
