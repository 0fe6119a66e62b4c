import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { forwardOperation } from '#shared/gateway/forward-operation.js';
import { DynamoDbBatchStore } from '#shared/mccy-payments/dynamodb-store.js';
import { MCCY_PAYMENTS_TRACKER, mccyPaymentsTracker } from '#shared/mccy-payments/track.js';
import { createMccyPayments } from '#shared/operations/mccy-payments/operations.js';
import { ManualClock } from '#shared/ports/clock.js';
import { gatewayOn, silentLog } from '#test/support/gateway.js';
import { mccyBatchBody } from '#test/support/mccy-batch.js';

/**
 * Row 5 of issue 27 through the gateway's use case: a batch POST whose answer was lost, repeated with the
 * same Idempotency-Key 25 hours later. The bank is not asked again (its duplicate window may have passed),
 * and the batch stays OutcomeUnknown with its history as it was: never Refused, never replaced.
 */
const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`mccy-resend-${Date.now()}-`);
});
afterAll(() => dynamo.close());

describe('row 5: the same Idempotency-Key 25 hours after a batch POST without an answer', () => {
  it('does not reach the bank, answers 409 "Outcome unknown" and leaves the batch OutcomeUnknown, its history kept', async () => {
    let bankCalls = 0;
    const lostAnswer = async () => {
      bankCalls += 1;
      throw new TypeError('fetch failed');
    };
    const store = new DynamoDbBatchStore(dynamo.client, dynamo.tableName(mccyBatchesTable));
    const clock = new ManualClock('2026-03-06T18:00:00Z');
    const deps = gatewayOn(dynamo, lostAnswer, {
      bankClock: clock,
      trackers: {
        [MCCY_PAYMENTS_TRACKER]: mccyPaymentsTracker({
          store,
          events: { publish: async () => undefined },
          log: silentLog,
          clock,
          workflows: { start: async () => undefined },
        }),
      },
    });
    const batchId = '5fa85f64-5717-4562-b3fc-2c963f66afa6';
    const send = (now: () => number) =>
      forwardOperation(
        createMccyPayments,
        {
          pathParams: {},
          query: {},
          body: Buffer.from(JSON.stringify(mccyBatchBody({ batchId }, 2))),
          contentType: 'application/json',
          idempotencyKey: 'batch-key',
          caller: 'arn:aws:iam::1:role/caller',
          deadline: now() + 10_000,
        },
        { ...deps, now },
      );

    const first = await send(Date.now);
    const lost = await store.get(batchId);
    clock.advance(DAY_AND_AN_HOUR);
    const again = await send(() => Date.now() + DAY_AND_AN_HOUR);

    expect(first.status).toBe(504);
    expect(bankCalls).toBe(2);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ title: 'Outcome unknown' });
    const batch = await store.get(batchId);
    expect(batch?.status).toBe('OutcomeUnknown');
    expect(batch?.history).toEqual(lost?.history);
    expect(batch?.history.map((entry) => entry.status)).toEqual(['Sending', 'OutcomeUnknown']);
    expect(batch?.transactions).toEqual(lost?.transactions);
  });
});
