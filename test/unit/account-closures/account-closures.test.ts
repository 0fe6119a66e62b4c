import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { DynamoDbAccountClosureStore } from '#shared/account-closures/dynamodb-store.js';
import { ACCOUNT_CLOSURE_STATUS_CHANGED } from '#shared/account-closures/records.js';
import { accountClosuresTable } from '#shared/account-closures/table.js';
import { accountClosuresHook, accountClosuresTracker } from '#shared/account-closures/track.js';
import { eventViolation } from '#shared/events/catalogue.js';
import { type TrackedCall, TransientRefusal } from '#shared/gateway/tracker.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { memoryAttention } from '#test/support/attention.js';

/**
 * The account-closures tracker (closeAccount) and hook (AccountClosureCompleted / AccountClosureFailed) on
 * dynalite, with an in-memory bus and attention list: claims, the bank's answers, the webhooks, duplicates and
 * reordering.
 */
let dynamo: LocalDynamo;
let store: DynamoDbAccountClosureStore;
beforeAll(async () => {
  dynamo = await startLocalDynamo(`account-closures-${Date.now()}-`);
  store = new DynamoDbAccountClosureStore(dynamo.client, dynamo.tableName(accountClosuresTable));
});
afterAll(() => dynamo.close());

const now = new Date('2026-03-02T10:00:00Z');

function closures() {
  const published: ClearwayEvent[] = [];
  const logged: Array<{ level: string; message: string; extra: Record<string, unknown> }> = [];
  const log = (level: string) => (message: string, extra?: Record<string, unknown>) =>
    void logged.push({ level, message, extra: extra ?? {} });
  const attention = memoryAttention();
  const deps = {
    store,
    attention,
    events: { publish: async (event: ClearwayEvent) => void published.push(event) },
    log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  };
  const changesOf = (accountId: string) =>
    (published as GatewayEvent[])
      .filter((event) => event.detail.accountId === accountId)
      .map((event) => event.detail.to);
  return {
    tracker: accountClosuresTracker(deps),
    hook: accountClosuresHook(deps),
    published,
    logged,
    attention,
    changesOf,
  };
}

const close = (accountId: string, requestId: string, closureReason = 'AccountSwitched'): TrackedCall => ({
  operationId: 'closeAccount',
  body: { closureReason },
  pathParams: { accountId },
  requestId,
  now,
});

function webhook(type: string, payload: Record<string, unknown>, at = now) {
  return {
    type,
    version: 1,
    key: webhookIdentity(type, 1, payload, at).key,
    payload,
    receivedAt: at.toISOString(),
    now: at,
  };
}
const completed = (accountId: string) =>
  webhook('AccountClosureCompleted', {
    AccountId: accountId,
    ClosureReason: 'AccountSwitched',
    AccountModifiedDateTime: '2026-03-02T10:05:00Z',
  });
const failed = (accountId: string, at = '2026-03-02T10:05:00Z') =>
  webhook('AccountClosureFailed', {
    AccountId: accountId,
    ClosureReason: 'AccountSwitched',
    ClosureFailureReasons: [`Account ${accountId} does not have a nominated account set`],
    AccountModifiedDateTime: at,
  });

/** Claim, then settle with `answer`, as the use case does. */
async function request(
  tracker: ReturnType<typeof closures>['tracker'],
  call: TrackedCall,
  answer: Parameters<ReturnType<typeof closures>['tracker']['settle']>[1] = { status: 202, body: {} },
) {
  tracker.prepare?.(call);
  const refused = await tracker.claim(call);
  if (refused === undefined) await tracker.settle(call, answer);
  return refused;
}

describe('the closeAccount tracker', () => {
  it('claims the closure (Requested, with the reason, request id and time), then Pending on the 202', async () => {
    const { tracker, published, changesOf } = closures();
    const accountId = randomUUID();
    const call = close(accountId, 'req-1');
    tracker.prepare?.(call);
    expect(await tracker.claim(call)).toBeUndefined();
    expect(await store.get(accountId)).toMatchObject({
      status: 'Requested',
      closureReason: 'AccountSwitched',
      requestId: 'req-1',
      requestedAt: now.toISOString(),
      generation: 1,
    });
    await tracker.settle(call, { status: 202, body: { accountClosure: { closureStatus: 'Pending' } } });
    expect(await store.get(accountId)).toMatchObject({
      status: 'Pending',
      history: [
        { from: null, to: 'Requested', cause: 'claim' },
        { from: 'Requested', to: 'Pending', cause: '202' },
      ],
    });
    expect(changesOf(accountId)).toEqual(['Requested', 'Pending']);
    for (const event of published) expect(eventViolation(event)).toBeUndefined();
    expect(published[0]).toMatchObject({
      detailType: ACCOUNT_CLOSURE_STATUS_CHANGED,
      detail: { key: `${ACCOUNT_CLOSURE_STATUS_CHANGED}:${accountId}/1/Requested`, accountId },
    });
  });

  it('refuses a second closure while one is Pending with a 409 naming the account, kept under no key', async () => {
    const { tracker, changesOf } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    const second = close(accountId, 'req-2');
    tracker.prepare?.(second);
    const refusal = await tracker.claim(second).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TransientRefusal);
    const answer = (refusal as TransientRefusal).answer;
    expect(answer.status).toBe(409);
    expect(answer.body).toContain(
      `A closure of account ${accountId} is already in progress (status Pending)`,
    );
    expect(answer.body).toContain(`/gateway/account-closures/${accountId}`);
    expect(await store.get(accountId)).toMatchObject({ status: 'Pending', requestId: 'req-1' });
    expect(changesOf(accountId)).toEqual(['Requested', 'Pending']);
  });

  it('refuses a closure of an account already closed with a 409 it keeps', async () => {
    const { tracker, hook } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(completed(accountId));
    const refused = await request(tracker, close(accountId, 'req-2'));
    expect(refused?.status).toBe(409);
    expect(refused?.body).toContain(`Account ${accountId} is already closed`);
  });

  it('holds its own claim again on a retry of the same Idempotency-Key', async () => {
    const { tracker } = closures();
    const accountId = randomUUID();
    const call = close(accountId, 'req-1');
    expect(await tracker.claim(call)).toBeUndefined();
    expect(await tracker.claim({ ...call })).toBeUndefined();
    await tracker.settle(call, { status: 202, body: {} });
    expect(await store.get(accountId)).toMatchObject({ status: 'Pending', history: [{}, {}] });
  });

  it('takes the claim back as Refused on a 4xx, and lets the next request claim it', async () => {
    const { tracker, changesOf } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'), { status: 404, body: {} });
    expect(await store.get(accountId)).toMatchObject({ status: 'Refused', generation: 1 });
    expect(await request(tracker, close(accountId, 'req-2'))).toBeUndefined();
    expect(await store.get(accountId)).toMatchObject({
      status: 'Pending',
      generation: 2,
      requestId: 'req-2',
    });
    expect(changesOf(accountId)).toEqual(['Requested', 'Refused', 'Requested', 'Pending']);
  });

  it('records no answer as OutcomeUnknown, raised for attention, and cleared by the webhook', async () => {
    const { tracker, hook, attention } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'), { unknown: 'no-answer' });
    expect(await store.get(accountId)).toMatchObject({ status: 'OutcomeUnknown' });
    expect(attention.items()).toEqual([
      expect.objectContaining({
        kind: 'account-closure',
        id: accountId,
        reason: 'outcome-unknown',
        path: `/gateway/account-closures/${accountId}`,
      }),
    ]);
    await hook(completed(accountId));
    expect(await store.get(accountId)).toMatchObject({ status: 'Complete' });
    expect(attention.items()).toEqual([]);
  });

  it('lets a closure after an unknown outcome go, and takes the bank’s 409 (in progress) as Pending', async () => {
    const { tracker, attention } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'), { unknown: 'no-answer' });
    await request(tracker, close(accountId, 'req-2'), { status: 409, body: {} });
    expect(await store.get(accountId)).toMatchObject({
      status: 'Pending',
      generation: 2,
      requestId: 'req-2',
    });
    expect(attention.items()).toEqual([]);
  });

  it('never moves a closure a webhook settled before the 202 arrived back to Pending', async () => {
    const { tracker, hook, changesOf } = closures();
    const accountId = randomUUID();
    const call = close(accountId, 'req-1');
    expect(await tracker.claim(call)).toBeUndefined();
    await hook(completed(accountId));
    await tracker.settle(call, { status: 202, body: {} });
    expect(await store.get(accountId)).toMatchObject({ status: 'Complete' });
    expect(changesOf(accountId)).toEqual(['Requested', 'Complete']);
  });

  it('logs the account id, status and request id, never the bank’s reasons', async () => {
    const { tracker, hook, logged } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(failed(accountId));
    await request(tracker, close(accountId, 'req-2'));
    await request(tracker, close(accountId, 'req-3')).catch(() => undefined);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain('nominated');
  });
});

describe('the AccountClosure webhooks', () => {
  it('moves a Pending closure to Complete, one event', async () => {
    const { tracker, hook, changesOf } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(completed(accountId));
    expect(await store.get(accountId)).toMatchObject({
      status: 'Complete',
      history: [{ to: 'Requested' }, { to: 'Pending' }, { from: 'Pending', to: 'Complete' }],
    });
    expect(changesOf(accountId)).toEqual(['Requested', 'Pending', 'Complete']);
  });

  it('moves it to Failed with the bank’s reasons, and a retried closure then completes', async () => {
    const { tracker, hook, changesOf } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(failed(accountId));
    expect(await store.get(accountId)).toMatchObject({
      status: 'Failed',
      failureReasons: [`Account ${accountId} does not have a nominated account set`],
    });
    expect(await request(tracker, close(accountId, 'req-2'))).toBeUndefined();
    await hook(completed(accountId));
    const record = await store.get(accountId);
    expect(record).toMatchObject({ status: 'Complete', generation: 2, requestId: 'req-2' });
    expect(record?.history.map(({ transitionId }) => transitionId)).toEqual([
      `${accountId}/1/Requested`,
      `${accountId}/1/Pending`,
      `${accountId}/1/Failed`,
      `${accountId}/2/Requested`,
      `${accountId}/2/Pending`,
      `${accountId}/2/Complete`,
    ]);
    expect(changesOf(accountId)).toEqual([
      'Requested',
      'Pending',
      'Failed',
      'Requested',
      'Pending',
      'Complete',
    ]);
  });

  it('publishes a redelivered webhook’s transition again, and changes nothing', async () => {
    const { tracker, hook, changesOf } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(completed(accountId));
    await hook(completed(accountId));
    expect((await store.get(accountId))?.history).toHaveLength(3);
    expect(changesOf(accountId)).toEqual(['Requested', 'Pending', 'Complete', 'Complete']);
  });

  it('keeps a Complete closure Complete when a failure arrives after it', async () => {
    const { tracker, hook, changesOf, logged } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    await hook(completed(accountId));
    await hook(failed(accountId, '2026-03-02T10:04:00Z'));
    expect(await store.get(accountId)).toMatchObject({ status: 'Complete' });
    expect(changesOf(accountId)).toEqual(['Requested', 'Pending', 'Complete']);
    expect(logged.filter(({ level }) => level === 'warn')).toHaveLength(1);
  });

  it('records a closure the gateway never requested as seen only, and publishes its event', async () => {
    const { tracker, hook, changesOf } = closures();
    const accountId = randomUUID();
    await hook(failed(accountId));
    expect(await store.get(accountId)).toMatchObject({
      status: 'Failed',
      seenOnly: true,
      closureReason: 'AccountSwitched',
      generation: 1,
      history: [{ from: null, to: 'Failed' }],
    });
    expect(changesOf(accountId)).toEqual(['Failed']);
    // The gateway's own request after it is the next.
    expect(await request(tracker, close(accountId, 'req-1'))).toBeUndefined();
    expect(await store.get(accountId)).toMatchObject({
      status: 'Pending',
      generation: 2,
      requestId: 'req-1',
    });
  });

  it('ignores webhooks of other types and payloads without an account id', async () => {
    const { hook, published } = closures();
    await hook(webhook('AccountClosureCompleted', { ClosureReason: 'Other' }));
    await hook(webhook('InterestPaid', { AccountId: randomUUID() }));
    expect(published).toEqual([]);
  });

  it('reads the record beside the inbox claim (prefetch) and starts from it', async () => {
    const { tracker, hook } = closures();
    const accountId = randomUUID();
    await request(tracker, close(accountId, 'req-1'));
    const arrived = completed(accountId);
    hook.prefetch?.(arrived);
    await hook(arrived);
    expect(await store.get(accountId)).toMatchObject({ status: 'Complete' });
  });
});
