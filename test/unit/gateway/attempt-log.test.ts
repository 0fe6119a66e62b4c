import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { idempotencyTable } from '#shared/config/tables.js';
import { ATTEMPT_KEPT_SECONDS, DynamoDbAttemptLog } from '#shared/gateway/attempt-log.js';

/**
 * The attempt log on dynalite: which X-Request-Ids were sent and when first, each answered in one round trip
 * on the write path, a first send and a retry alike (counted at the DynamoDB client).
 */
let dynamo: LocalDynamo;
let log: DynamoDbAttemptLog;
let calls: string[] = [];

beforeAll(async () => {
  dynamo = await startLocalDynamo(`attempts-${Date.now()}-`);
  dynamo.client.middlewareStack.add(
    (next, context) => (args) => {
      calls.push(context.commandName as string);
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  log = new DynamoDbAttemptLog(dynamo.client, dynamo.tableName(idempotencyTable));
});
afterAll(() => dynamo.close());
beforeEach(() => {
  calls = [];
});

const first = new Date('2026-03-02T09:00:00Z');
const later = (seconds: number) => new Date(first.getTime() + seconds * 1000);
const unique = () => `cw-${Math.random().toString(36).slice(2)}`;

describe('the attempt log', () => {
  it('records a first send as never sent before, in one round trip', async () => {
    expect(await log.recordSend(unique(), first)).toEqual({ sentBefore: false, firstSentAt: first });
    expect(calls).toHaveLength(1);
  });

  it('tells a retry when its request id was first sent, in one round trip, and keeps that time', async () => {
    const requestId = unique();
    await log.recordSend(requestId, first);
    calls = [];

    expect(await log.recordSend(requestId, later(60))).toEqual({ sentBefore: true, firstSentAt: first });
    expect(await log.recordSend(requestId, later(25 * 3600))).toEqual({
      sentBefore: true,
      firstSentAt: first,
    });
    expect(calls).toHaveLength(2);
  });

  it('counts a record past its keeping as never sent, and starts it again from that send', async () => {
    const requestId = unique();
    await log.recordSend(requestId, first);
    const muchLater = later(ATTEMPT_KEPT_SECONDS + 1);

    expect(await log.recordSend(requestId, muchLater)).toEqual({ sentBefore: false, firstSentAt: muchLater });
    expect(await log.recordSend(requestId, later(ATTEMPT_KEPT_SECONDS + 60))).toEqual({
      sentBefore: true,
      firstSentAt: muchLater,
    });
  });
});
