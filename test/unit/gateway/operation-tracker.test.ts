import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { forwardOperation } from '#shared/gateway/forward-operation.js';
import { requestIdFor } from '#shared/gateway/idempotency.js';
import type {
  OperationTracker,
  TrackedAnswer,
  TrackedCall,
  UnknownOutcome,
} from '#shared/gateway/tracker.js';
import { problem } from '#shared/http/problem.js';
import { JsonNumber } from '#shared/json/read-json.js';
import type { Operation } from '#shared/operations/operation.js';
import { gatewayOn } from '#test/support/gateway.js';

/** A fake tracked write: the tracker sees it the way the payments tracker sees an FPS payment. */
const sendThing: Operation = {
  id: 'sendThing',
  method: 'POST',
  path: '/v1/Things',
  fn: 'test',
  body: z.strictObject({ id: z.string(), amount: z.unknown() }),
  requiresIdempotencyKey: true,
  tracker: 'things',
};

const caller = 'arn:aws:iam::1:role/caller';
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`tracker-${Date.now()}-`);
});
afterAll(() => dynamo.close());

type Step = 'claim' | 'send' | 'settle';

/** A gateway with a scripted bank, the real idempotency store on dynalite and a recording tracker. */
function gateway(
  answers: Array<() => Response | Error>,
  tracker: Partial<OperationTracker> = {},
  operation: Operation = sendThing,
) {
  const steps: Step[] = [];
  const claims: TrackedCall[] = [];
  const settled: Array<TrackedAnswer | UnknownOutcome> = [];
  const errors: Array<{ message: string; attributes: unknown }> = [];
  const recording: OperationTracker = {
    prepare: (call) => tracker.prepare?.(call),
    claim: async (call) => {
      steps.push('claim');
      claims.push(call);
      return tracker.claim?.(call);
    },
    settle: async (call, answer) => {
      steps.push('settle');
      settled.push(answer);
      await tracker.settle?.(call, answer);
    },
  };
  const sendToBank = async () => {
    steps.push('send');
    const answer = answers.shift()?.() ?? new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const deps = gatewayOn(dynamo, sendToBank, {
    log: {
      debug() {},
      info() {},
      warn() {},
      error: (message: string, attributes: unknown) => void errors.push({ message, attributes }),
    },
    trackers: { things: recording },
  });
  const call = (idempotencyKey: string | undefined, body = '{"id":"e2e-1","amount":10.10}') =>
    forwardOperation(
      operation,
      {
        pathParams: {},
        query: {},
        body: Buffer.from(body),
        contentType: 'application/json',
        idempotencyKey,
        caller,
        deadline: Date.now() + 10_000,
      },
      deps,
    );
  return { call, steps, claims, settled, errors, deps };
}

const accepted = () =>
  new Response('{"transactions":[{"endToEndIdentification":"e2e-1","response":"Accepted"}]}', {
    status: 202,
    headers: { 'content-type': 'application/json' },
  });
const unique = () => `key-${Math.random().toString(36).slice(2)}`;

describe('a tracked operation: the tracker claims before the bank is called and settles on its answer', () => {
  it('claims with the operation id, the parsed body (digits kept), the derived request id and the time, then sends, then settles', async () => {
    const { call, steps, claims, settled } = gateway([accepted]);
    const key = unique();
    const result = await call(key);
    expect(result.status).toBe(202);
    expect(steps).toEqual(['claim', 'send', 'settle']);
    expect(claims[0]?.operationId).toBe('sendThing');
    expect(claims[0]?.requestId).toBe(requestIdFor(caller, key));
    expect(claims[0]?.now).toBeInstanceOf(Date);
    const body = claims[0]?.body as { id: string; amount: JsonNumber };
    expect(body.id).toBe('e2e-1');
    expect(body.amount).toEqual(new JsonNumber('10.10'));
    expect(settled[0]).toEqual({
      status: 202,
      body: { transactions: [{ endToEndIdentification: 'e2e-1', response: 'Accepted' }] },
    });
  });

  it('refuses with the claim answer, sends nothing, and stores that answer under the key', async () => {
    const refusal = problem(409, 'Payment already submitted', 'e2e-1 belongs to another payment');
    const { call, steps } = gateway([accepted], { claim: async () => refusal });
    const key = unique();
    const first = await call(key);
    expect(first.status).toBe(409);
    expect(JSON.parse(first.body)).toMatchObject({ title: 'Payment already submitted' });
    const repeat = await call(key);
    expect(repeat.status).toBe(409);
    expect(repeat.body).toBe(first.body);
    expect(steps).toEqual(['claim']);
  });

  it('runs the claim once per Idempotency-Key: a repeat gets the stored answer, marked replayed, without claiming again', async () => {
    const { call, steps } = gateway([accepted]);
    const key = unique();
    const first = await call(key);
    const repeat = await call(key);
    expect(repeat.status).toBe(202);
    expect(repeat.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(steps).toEqual(['claim', 'send', 'settle']);
  });

  it('settles a whole-request 4xx from the bank with its status and problem body', async () => {
    const refused = () =>
      new Response('{"title":"Bad","status":400}', {
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
      });
    const { call, settled } = gateway([refused]);
    const result = await call(unique());
    expect(result.status).toBe(400);
    expect(settled).toEqual([{ status: 400, body: { title: 'Bad', status: new JsonNumber('400') } }]);
  });

  it('settles with an unknown outcome (no answer) when the bank does not answer, and the caller gets 504', async () => {
    const down = () => new TypeError('fetch failed');
    const { call, steps, settled } = gateway([down, down]);
    const result = await call(unique());
    expect(result.status).toBe(504);
    expect(steps).toEqual(['claim', 'send', 'send', 'settle']);
    expect(settled).toEqual([{ unknown: 'no-answer' }]);
  });

  it('returns the bank answer when settle fails, and logs the failure', async () => {
    const { call, errors } = gateway([accepted], {
      settle: async () => {
        throw new Error('table unavailable');
      },
    });
    const result = await call(unique());
    expect(result.status).toBe(202);
    expect(JSON.parse(result.body)).toMatchObject({ transactions: [{ response: 'Accepted' }] });
    expect(errors).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ operationId: 'sendThing', reason: 'table unavailable' }),
      }),
    ]);
  });

  it('sends nothing when the claim fails: the error surfaces and the key can be tried again', async () => {
    let failures = 1;
    const { call, steps } = gateway([accepted], {
      claim: async () => {
        if (failures-- > 0) throw new Error('table unavailable');
        return undefined;
      },
    });
    const key = unique();
    await expect(call(key)).rejects.toThrow('table unavailable');
    expect(steps).toEqual(['claim']);
    const retried = await call(key);
    expect(retried.status).toBe(202);
    expect(steps).toEqual(['claim', 'claim', 'send', 'settle']);
  });

  it('never forwards a tracked write without an Idempotency-Key', async () => {
    const { call, steps } = gateway([accepted], {}, { ...sendThing, requiresIdempotencyKey: false });
    const result = await call(undefined);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({ errors: { 'Idempotency-Key': [expect.any(String)] } });
    expect(steps).toEqual([]);
  });

  it('fails before sending when the operation names a tracker that is not wired', async () => {
    const { call, steps } = gateway([accepted], {}, { ...sendThing, tracker: 'fx-quotes' });
    await expect(call(unique())).rejects.toThrow('"fx-quotes", which is not wired');
    expect(steps).toEqual([]);
  });
});

describe('a tracked operation costs no round trip it need not wait for', () => {
  it('hands prepare, claim and settle one call object, so a tracker may carry what it read or wrote', async () => {
    const seen: TrackedCall[] = [];
    const { call } = gateway([accepted], {
      prepare: (tracked) => void seen.push(tracked),
      claim: async (tracked) => void seen.push(tracked),
      settle: async (tracked) => void seen.push(tracked),
    });
    expect((await call(unique())).status).toBe(202);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    expect(seen[2]?.firstSentAt).toBeInstanceOf(Date);
  });

  it('answers the caller only once the outcome is written, though it is written beside the stored answer', async () => {
    let written = false;
    const { call } = gateway([accepted], {
      settle: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        written = true;
      },
    });
    expect((await call(unique())).status).toBe(202);
    expect(written).toBe(true);
  });

  it('takes back the send it recorded beside a claim that refused: that request id counts as never sent', async () => {
    const refusal = problem(409, 'Payment already submitted', 'e2e-1 belongs to another payment');
    const { call, deps } = gateway([accepted], { claim: async () => refusal });
    const key = unique();
    expect((await call(key)).status).toBe(409);
    const now = new Date();
    expect(await deps.attempts.recordSend(requestIdFor(caller, key), now)).toEqual({
      sentBefore: false,
      firstSentAt: now,
    });
  });

  it('keeps a send an earlier attempt recorded when the claim beside it fails: that attempt may have reached the bank', async () => {
    const { call, deps } = gateway([accepted], {
      claim: async () => {
        throw new Error('table unavailable');
      },
    });
    const key = unique();
    const earlier = new Date(Date.now() - 60_000);
    await deps.attempts.recordSend(requestIdFor(caller, key), earlier);
    await expect(call(key)).rejects.toThrow('table unavailable');
    expect(await deps.attempts.recordSend(requestIdFor(caller, key), new Date())).toEqual({
      sentBefore: true,
      firstSentAt: earlier,
    });
  });
});
