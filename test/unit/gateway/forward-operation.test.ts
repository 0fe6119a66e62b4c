import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { type ForwardDependencies, forwardOperation } from '#shared/gateway/forward-operation.js';
import { requestIdFor } from '#shared/gateway/idempotency.js';
import type { GatewayRequest } from '#shared/gateway/request.js';
import { TransientRefusal } from '#shared/gateway/tracker.js';
import { problem } from '#shared/http/problem.js';
import type { Operation } from '#shared/operations/operation.js';
import { gatewayOn } from '#test/support/gateway.js';

const createThing: Operation = {
  id: 'createThing',
  method: 'POST',
  path: '/v1/Things/{thingId}',
  fn: 'test',
  pathParams: z.strictObject({ thingId: z.string().check(z.regex(/^\d+$/, 'must be digits')) }),
  body: z.strictObject({ name: z.string().check(z.minLength(1, 'must not be empty')) }),
  requiresIdempotencyKey: true,
  readBack: '/v1/Things/{thingId}',
};

const getThing: Operation = { id: 'getThing', method: 'GET', path: '/v1/Things/{thingId}', fn: 'test' };

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo(`forward-${Date.now()}-`);
});
afterAll(() => dynamo.close());

type RequestOverrides = Partial<Omit<GatewayRequest, 'body'>> & { body?: string };

/** The request a caller sends for thing 42 (a valid body), `overrides` aside. */
const thingRequest = ({ body = '{"name":"a"}', ...overrides }: RequestOverrides = {}): GatewayRequest => ({
  pathParams: { thingId: '42' },
  query: {},
  body: Buffer.from(body),
  contentType: 'application/json',
  idempotencyKey: undefined,
  caller: 'arn:aws:iam::1:role/caller',
  deadline: Date.now() + 10_000,
  ...overrides,
});

/** A gateway wired to a scripted bank and the real idempotency store on dynalite. */
function gateway(answers: Array<() => Response | Error>) {
  const sent: Array<{ requestId: string; body: string | undefined }> = [];
  const deps = gatewayOn(dynamo, async (_url, init) => {
    const headers = init?.headers as Record<string, string>;
    sent.push({ requestId: headers['x-request-id'] ?? '', body: init?.body?.toString() });
    const answer = answers.shift()?.() ?? new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  /** `createThing` as a caller sends it (`overrides` aside), through `deps` or another wiring of them. */
  const call = (overrides: RequestOverrides = {}, using: ForwardDependencies = deps) =>
    forwardOperation(createThing, thingRequest(overrides), using);
  const read = (idempotencyKey: string) =>
    forwardOperation(
      getThing,
      {
        pathParams: { thingId: '42' },
        query: {},
        body: undefined,
        contentType: undefined,
        idempotencyKey,
        caller: 'arn:aws:iam::1:role/caller',
        deadline: Date.now() + 10_000,
      },
      deps,
    );
  return { call, read, sent, deps };
}

const created = () => new Response('{"id":"t-1"}', { status: 201, headers: { 'x-correlation-id': 'corr' } });
const unique = () => `key-${Math.random().toString(36).slice(2)}`;

describe('the gateway checks the spec rules before the bank is called', () => {
  it('answers 400 problem+json naming each failing property, and sends nothing', async () => {
    const { call, sent } = gateway([created]);
    const result = await call({
      pathParams: { thingId: 'x' },
      body: '{"name":"","extra":1}',
      idempotencyKey: unique(),
    });
    expect(result.status).toBe(400);
    expect(result.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(result.body)).toMatchObject({
      status: 400,
      errors: {
        thingId: ['must be digits'],
        name: ['must not be empty'],
        extra: ['is not a known property'],
      },
    });
    expect(sent).toHaveLength(0);
  });

  it('logs the refused properties and their rules, with any account number a rule echoes masked', async () => {
    const { deps } = gateway([created]);
    const warnings: unknown[] = [];
    const log = {
      ...deps.log,
      warn: (message: string, details?: unknown) => warnings.push({ message, details }),
    };
    const result = await forwardOperation(
      createThing,
      thingRequest({ pathParams: { thingId: '12345678x' }, idempotencyKey: unique() }),
      { ...deps, log },
    );
    expect(result.status).toBe(400);
    const echoing: Operation = {
      ...createThing,
      body: z.strictObject({
        name: z.string().check(z.refine(() => false, 'no account 40000412345678 here')),
      }),
    };
    await forwardOperation(echoing, thingRequest({ idempotencyKey: unique() }), { ...deps, log });
    expect(warnings).toMatchObject([
      { message: 'gateway refused the request', details: { errors: { thingId: ['must be digits'] } } },
      { details: { errors: { name: ['no account ****5678 here'] } } },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('40000412345678');
  });

  it('refuses a body that is not JSON', async () => {
    const { call, sent } = gateway([created]);
    const result = await call({ body: '{name:', idempotencyKey: unique() });
    expect(JSON.parse(result.body).errors).toEqual({
      $: ['the body is not valid JSON: expected a property name in double quotes at position 1, found "n"'],
    });
    expect(sent).toHaveLength(0);
  });

  it('requires an Idempotency-Key on an operation that moves money', async () => {
    const { call, sent } = gateway([created]);
    const result = await call({});
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body).errors['Idempotency-Key']).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });
});

/** An answer as a repeat of its key gets it: the same, marked replayed. */
const replayOf = (answer: { status: number; headers: Record<string, string>; body: string }) => ({
  ...answer,
  headers: { ...answer.headers, 'idempotent-replayed': 'true' },
});

describe('the gateway acts once per Idempotency-Key', () => {
  it('sends the same key twice to the bank once and answers both with the first result', async () => {
    const { call, sent } = gateway([created, created]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    const second = await call({ idempotencyKey: key });
    expect(sent).toHaveLength(1);
    expect(second).toEqual(replayOf(first));
    expect(first.status).toBe(201);
    expect(first.headers['x-correlation-id']).toBe('corr');
  });

  it('derives the bank X-Request-Id from the key and the caller', async () => {
    const { call, sent } = gateway([created]);
    const key = unique();
    const result = await call({ idempotencyKey: key });
    const expected = requestIdFor('arn:aws:iam::1:role/caller', key);
    expect(sent[0]?.requestId).toBe(expected);
    expect(result.headers['x-request-id']).toBe(expected);
    expect(expected.length).toBeLessThanOrEqual(83);
  });

  it('answers 422 when the same key comes with a different body, without calling the bank again', async () => {
    const { call, sent } = gateway([created, created]);
    const key = unique();
    await call({ idempotencyKey: key });
    const reused = await call({ idempotencyKey: key, body: '{"name":"b"}' });
    expect(reused.status).toBe(422);
    expect(sent).toHaveLength(1);
  });

  it('keeps keys of different callers apart', async () => {
    const { call, sent } = gateway([created, created]);
    const key = unique();
    await call({ idempotencyKey: key });
    await call({ idempotencyKey: key, caller: 'arn:aws:iam::1:role/other' });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).not.toBe(sent[1]?.requestId);
  });

  it('lets a repeat try again after the bank failed, and reports a 409 then as already processed', async () => {
    const unavailable = () => new Response('{"title":"down"}', { status: 503 });
    const duplicate = () => new Response('{"title":"Duplicate X-Request-Id"}', { status: 409 });
    const { call, sent } = gateway([unavailable, unavailable, unavailable, duplicate]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    expect(first.status).toBe(503);
    const again = await call({ idempotencyKey: key });
    expect(sent.map((request) => request.requestId)).toEqual(Array(4).fill(sent[0]?.requestId));
    expect(again.status).toBe(202);
    expect(again.headers['clearway-outcome']).toBe('already-processed');
  });

  it('ignores a key on a read, so a GET never answers with a stored copy', async () => {
    const { sent, read } = gateway([created, created]);
    const key = unique();
    await read(key);
    await read(key);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).not.toBe(sent[1]?.requestId);
  });

  it('stores a definitive refusal from the bank as the answer for the key', async () => {
    const refused = () => new Response('{"title":"Bad","status":400}', { status: 400 });
    const { call, sent } = gateway([refused, created]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    const second = await call({ idempotencyKey: key });
    expect(first.status).toBe(400);
    expect(second).toEqual(replayOf(first));
    expect(sent).toHaveLength(1);
  });
});

describe("the bank's outcome is never lost", () => {
  const unreachable = () => new TypeError('fetch failed');
  const duplicate = () => new Response('{"title":"Duplicate X-Request-Id","status":409}', { status: 409 });

  it('answers a repeat after a timed-out attempt 202 already-processed, with where to read the result', async () => {
    const { call, sent } = gateway([unreachable, unreachable, duplicate]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    expect(first.status).toBe(504);
    const again = await call({ idempotencyKey: key });
    expect(again.status).toBe(202);
    expect(again.headers['clearway-outcome']).toBe('already-processed');
    expect(again.headers.location).toBe('/v1/Things/42');
    expect(JSON.parse(again.body)).toMatchObject({ outcome: 'already-processed', readBack: '/v1/Things/42' });
    expect(new Set(sent.map((request) => request.requestId)).size).toBe(1);
  });

  it('keeps a state-conflict 409 on a repeat a 409', async () => {
    const conflict = () =>
      new Response('{"title":"Conflict","detail":"the account is Closed"}', { status: 409 });
    const { call } = gateway([unreachable, unreachable, conflict]);
    const key = unique();
    await call({ idempotencyKey: key });
    const again = await call({ idempotencyKey: key });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body).detail).toBe('the account is Closed');
  });

  it('shares keys between the STS sessions of one role, so two workers send one X-Request-Id', async () => {
    const { call, sent } = gateway([created, created]);
    const key = unique();
    const first = await call({
      idempotencyKey: key,
      caller: 'arn:aws:sts::123456789012:assumed-role/Payments/worker-1',
    });
    const second = await call({
      idempotencyKey: key,
      caller: 'arn:aws:sts::123456789012:assumed-role/Payments/worker-2',
    });
    expect(sent).toHaveLength(1);
    expect(second).toEqual(replayOf(first));
  });

  it('returns an answer too large to store in full, and answers a repeat with its status and a note', async () => {
    const large = 'x'.repeat(500 * 1024);
    const bigAnswer = () => new Response(JSON.stringify({ Message: large }), { status: 200 });
    const { call, sent } = gateway([bigAnswer]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).Message).toBe(large);
    const again = await call({ idempotencyKey: key });
    expect(sent).toHaveLength(1);
    expect(again.status).toBe(200);
    expect(again.headers['clearway-outcome']).toBe('stored-without-body');
    expect(JSON.parse(again.body).outcome).toBe('stored-without-body');
  });

  it("still answers with the bank's result when storing it fails", async () => {
    const { call, deps, sent } = gateway([created]);
    const failingStore: ForwardDependencies = {
      ...deps,
      runOnce: async (_call, work) => {
        await work();
        throw new Error('DynamoDB unavailable');
      },
    };
    const result = await call({ idempotencyKey: unique() }, failingStore);
    expect(sent).toHaveLength(1);
    expect(result.status).toBe(201);
    expect(result.body).toBe('{"id":"t-1"}');
  });
});

describe('a request id is never sent again once the bank may have forgotten it', () => {
  it('answers 409 "Outcome unknown" for a key retried 25 hours after its first send, and sends nothing', async () => {
    // The first send gets no answer (so its key is free again); the retry comes a day and an hour later.
    const { call, sent, deps } = gateway([
      () => new TypeError('fetch failed'),
      () => new TypeError('fetch failed'),
    ]);
    const key = unique();
    const first = await call({ idempotencyKey: key });
    const later = { ...deps, now: () => Date.now() + 25 * 60 * 60 * 1000 };

    const retried = await call({ idempotencyKey: key, deadline: later.now() + 10_000 }, later);

    expect(first.status).toBe(504);
    expect(sent).toHaveLength(2);
    expect(retried.status).toBe(409);
    expect(JSON.parse(retried.body)).toMatchObject({
      title: 'Outcome unknown',
      detail: expect.stringContaining('read it back at /v1/Things/42'),
    });
    expect(retried.headers.location).toBe('/v1/Things/42');
  });
});

describe('a refusal for now is not kept under the key', () => {
  it('answers the transient refusal, and the retry with the same key does the work', async () => {
    const tracked: Operation = { ...createThing, tracker: 'things' };
    let refuseNext = true;
    const { sent, deps } = gateway([created]);
    const withTracker = {
      ...deps,
      trackers: {
        things: {
          claim: async () => {
            if (!refuseNext) return undefined;
            refuseNext = false;
            throw new TransientRefusal(problem(409, 'Conflict', 'Another change is in progress; try again.'));
          },
          settle: async () => undefined,
        },
      },
    };
    const request = thingRequest({ idempotencyKey: unique() });

    const refused = await forwardOperation(tracked, request, withTracker);
    const retried = await forwardOperation(tracked, request, withTracker);

    expect(refused.status).toBe(409);
    expect(retried.status).toBe(201);
    expect(sent).toHaveLength(1);
  });
});
