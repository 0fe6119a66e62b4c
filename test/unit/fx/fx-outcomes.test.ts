import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { fxTable } from '#shared/fx/table.js';
import { DynamoDbFxStore } from '#shared/fx/dynamodb-store.js';
import { newTrade, quoteRecordOf } from '#shared/fx/records.js';
import { fxTracker } from '#shared/fx/track.js';
import { fxWebhookHook } from '#shared/fx/webhook-hook.js';
import { OUTCOME_CONFLICT_METRIC } from '#shared/gateway/attention.js';
import { memoryAttention } from '../../support/attention.js';
import type { TrackedCall } from '#shared/gateway/tracker.js';
import { readJson } from '#shared/json/read-json.js';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';
import { fxOrderBody } from '#test/support/fx.js';

/**
 * What the FX records say when the bank's word is not simple (issue 27): a settlement failure the bank will
 * retry (row 4), an execution or order whose answer was lost (row 10), and two final states that contradict
 * each other (row 1). On dynalite, with an in-memory attention list.
 */
let dynamo: LocalDynamo;
let store: DynamoDbFxStore;
beforeAll(async () => {
  dynamo = await startLocalDynamo(`fx-outcomes-${Date.now()}-`);
  store = new DynamoDbFxStore(dynamo.client, dynamo.tableName(fxTable));
});
afterAll(() => dynamo.close());

const now = new Date('2026-03-02T10:00:00Z');
const clock = { now: () => now };
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 12)}`;

/** The tracker and the hook on one store, attention list, bus, log and metric count. */
function fx() {
  const published: ClearwayEvent[] = [];
  const errors: Array<{ message: string; extra: Record<string, unknown> }> = [];
  const counted: string[] = [];
  const attention = memoryAttention();
  const deps = {
    store,
    clock,
    attention,
    events: { publish: async (event: ClearwayEvent) => void published.push(event) },
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (message: string, extra?: Record<string, unknown>) =>
        void errors.push({ message, extra: extra ?? {} }),
    },
    count: (metric: string) => void counted.push(metric),
  };
  const hook = fxWebhookHook(deps);
  const changesOf = (endToEndId: string) =>
    (published as GatewayEvent[])
      .filter((event) => event.detail.endToEndId === endToEndId)
      .map((event) => event.detail.to);
  return { tracker: fxTracker(deps), hook, attention, errors, counted, changesOf };
}

const tradeMembers = (endToEndId: string) => ({
  SellCurrency: 'EUR',
  BuyCurrency: 'USD',
  FixedSide: 'Sell',
  InstructedAmount: 1000,
  EndToEndId: endToEndId,
});
const insufficientFunds = { CancellationCode: '1', CancellationReason: 'Insufficient funds' };

/** A webhook as the processor hands it to the hook: keyed by `webhookIdentity`, as the processor keys it. */
function webhook(type: string, payload: Record<string, unknown>) {
  return {
    type,
    version: 1,
    key: webhookIdentity(type, 1, payload, now).key,
    payload,
    receivedAt: now.toISOString(),
    now,
  };
}
const settlementFailed = (endToEndId: string, willBeRetried: boolean | 'true' | 'false') =>
  webhook('Fx.Trade.Settlement.Failed', {
    ...tradeMembers(endToEndId),
    ...insufficientFunds,
    WillBeRetried: willBeRetried,
    ReversalFee: 2.5,
    ReversalFeeCurrency: 'EUR',
  });
const settled = (endToEndId: string) => webhook('Fx.Trade.Settled', tradeMembers(endToEndId));
const executed = (endToEndId: string) => webhook('Fx.Trade.Executed', tradeMembers(endToEndId));
const cancelled = (endToEndId: string) =>
  webhook('Fx.Trade.Cancelled', { ...tradeMembers(endToEndId), ...insufficientFunds });

const order = (endToEndId: string, requestId: string): TrackedCall => ({
  operationId: 'createFxOrder',
  body: readJson(JSON.stringify(fxOrderBody(endToEndId))),
  requestId,
  now,
});

describe('issue 27 row 4: a settlement failure the bank will retry is not final', () => {
  it('moves the trade to SettlementRetrying, then Settled with its event when the retry settles', async () => {
    const { hook, changesOf } = fx();
    const id = unique('retried');
    await hook(executed(id));
    await hook(settlementFailed(id, true));
    expect(await store.getTrade(id)).toMatchObject({ status: 'SettlementRetrying' });
    await hook(settled(id));
    expect(await store.getTrade(id)).toMatchObject({
      status: 'Settled',
      history: [{ to: 'Executed' }, { to: 'SettlementRetrying' }, { to: 'Settled' }],
    });
    expect(changesOf(id)).toEqual(['Executed', 'SettlementRetrying', 'Settled']);
  });

  it('moves it to SettlementFailed when the final failure follows the retried one (flag as text too)', async () => {
    const { hook, changesOf } = fx();
    const id = unique('failed');
    await hook(executed(id));
    await hook(settlementFailed(id, 'true'));
    await hook(settlementFailed(id, 'false'));
    expect(await store.getTrade(id)).toMatchObject({ status: 'SettlementFailed' });
    expect(changesOf(id)).toEqual(['Executed', 'SettlementRetrying', 'SettlementFailed']);
  });

  it('lets a late retried failure change nothing of a trade already settled', async () => {
    const { hook, changesOf } = fx();
    const id = unique('late');
    await hook(settled(id));
    await hook(settlementFailed(id, true));
    expect(await store.getTrade(id)).toMatchObject({ status: 'Settled', history: [{ to: 'Settled' }] });
    expect(changesOf(id)).toEqual(['Settled']);
  });
});

describe('issue 27 row 10: an FX execution whose outcome is unknown is not reported Executed', () => {
  const sellRequest = {
    valueDate: '2026-03-02T00:00:00Z',
    instructedAmount: '1000',
    fixedSide: 'sell' as const,
    sellCurrency: 'GBP',
    buyCurrency: 'USD',
  };
  async function storedQuote() {
    const quoteId = crypto.randomUUID();
    const quote = quoteRecordOf(sellRequest, {
      quoteId,
      currencyPair: 'GBP/USD',
      exchangeRate: 1.4,
      sellAmount: 1000,
      buyAmount: 1400,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 45_000).toISOString(),
    });
    await store.createQuote(quote);
    return quoteId;
  }
  const execute = (quoteId: string, requestId: string): TrackedCall => ({
    operationId: 'executeFxQuote',
    body: { quoteId },
    requestId,
    now,
  });

  it('keeps a quote whose retry heard "already processed" OutcomeUnknown, raised for attention', async () => {
    const { tracker, attention } = fx();
    const quoteId = await storedQuote();
    expect(await tracker.claim(execute(quoteId, 'r1'))).toBeUndefined();
    await tracker.settle(execute(quoteId, 'r1'), { unknown: 'no-answer' });
    await tracker.settle(execute(quoteId, 'r1'), { unknown: 'already-processed' });

    expect(await store.getQuote(quoteId)).toMatchObject({
      status: 'OutcomeUnknown',
      execution: { requestId: 'r1', unknown: 'already-processed' },
    });
    expect(attention.items()).toEqual([
      expect.objectContaining({
        kind: 'fx-quote',
        id: quoteId,
        reason: 'outcome-unknown',
        since: now.toISOString(),
        path: `/gateway/fx/quotes/${quoteId}`,
      }),
    ]);
    const other = await tracker.claim(execute(quoteId, 'r2'));
    expect(other?.status).toBe(409);
    expect(other?.body).toContain('outcome is unknown');
  });

  it('resolves it when a retry of the same request hears the bank: Executed, attention cleared', async () => {
    const { tracker, attention } = fx();
    const quoteId = await storedQuote();
    await tracker.claim(execute(quoteId, 'r1'));
    await tracker.settle(execute(quoteId, 'r1'), { unknown: 'no-answer' });
    expect(attention.items()).toHaveLength(1);
    await tracker.settle(execute(quoteId, 'r1'), { status: 202, body: undefined });
    expect(await store.getQuote(quoteId)).toMatchObject({
      status: 'Executed',
      execution: { requestId: 'r1', status: 202 },
    });
    expect((await store.getQuote(quoteId))?.execution).not.toHaveProperty('unknown');
    expect(attention.items()).toEqual([]);
  });

  it('keeps an order whose answer was lost OutcomeUnknown until its Executed webhook', async () => {
    const { tracker, hook, attention, changesOf } = fx();
    const id = unique('order');
    expect(await tracker.claim(order(id, 'o1'))).toBeUndefined();
    await tracker.settle(order(id, 'o1'), { unknown: 'already-processed' });
    expect(await store.getTrade(id)).toMatchObject({
      status: 'OutcomeUnknown',
      history: [{ to: 'Requested' }, { to: 'OutcomeUnknown', cause: 'already-processed' }],
    });
    expect(attention.items()).toEqual([
      expect.objectContaining({ kind: 'fx-trade', id, reason: 'outcome-unknown' }),
    ]);

    await hook(executed(id));
    expect(await store.getTrade(id)).toMatchObject({ status: 'Executed' });
    expect(attention.items()).toEqual([]);
    expect(changesOf(id)).toEqual(['OutcomeUnknown', 'Executed']);
  });

  it('records an order the bank answered 202 Accepted, and raises nothing', async () => {
    const { tracker, attention, changesOf } = fx();
    const id = unique('order');
    await tracker.claim(order(id, 'o1'));
    await tracker.settle(order(id, 'o1'), { status: 202, body: undefined });
    expect(await store.getTrade(id)).toMatchObject({ status: 'Accepted' });
    expect(attention.items()).toEqual([]);
    expect(changesOf(id)).toEqual(['Accepted']);
  });

  it('raises nothing for a lost answer when the bank’s webhook already moved the trade on', async () => {
    const { tracker, hook, attention } = fx();
    const id = unique('order');
    await tracker.claim(order(id, 'o1'));
    await hook(executed(id));
    await tracker.settle(order(id, 'o1'), { unknown: 'no-answer' });
    expect(await store.getTrade(id)).toMatchObject({ status: 'Executed' });
    expect(attention.items()).toEqual([]);
  });
});

describe('issue 27 row 1: a final state contradicting the one reached is kept and signalled', () => {
  it('keeps a settlement after a final failure beside it, logs the key and counts the conflict once', async () => {
    const { hook, errors, counted, changesOf } = fx();
    const id = unique('conflict');
    const failure = settlementFailed(id, false);
    const settlement = settled(id);
    await hook(failure);
    await hook(settlement);
    await hook(settlement); // a redelivery: its transition again, no second signal

    expect(await store.getTrade(id)).toMatchObject({
      status: 'Settled',
      history: [
        { to: 'SettlementFailed', cause: failure.key },
        { from: 'SettlementFailed', to: 'Settled', cause: settlement.key, conflict: true },
      ],
    });
    expect(changesOf(id)).toEqual(['SettlementFailed', 'Settled', 'Settled']);
    expect(counted.filter((metric) => metric === OUTCOME_CONFLICT_METRIC)).toHaveLength(1);
    expect(errors).toEqual([
      expect.objectContaining({
        extra: expect.objectContaining({ endToEndId: id, key: settlement.key, first: 'SettlementFailed' }),
      }),
    ]);
  });

  it('signals a refusal of an order the bank reported settled', async () => {
    const { tracker, hook, counted } = fx();
    const id = unique('refused');
    await store.createTrade(newTrade(id, { to: 'Requested', at: now, cause: 'order' }, 'o1'));
    await hook(settled(id));
    await tracker.settle(order(id, 'o1'), { status: 400, body: undefined });
    expect(await store.getTrade(id)).toMatchObject({
      status: 'Refused',
      history: [{ to: 'Requested' }, { to: 'Settled' }, { to: 'Refused', conflict: true }],
    });
    expect(counted).toContain(OUTCOME_CONFLICT_METRIC);
  });

  it('lets a final state with the same outcome change nothing: a Cancelled after a final failure', async () => {
    const { hook, counted, changesOf } = fx();
    const id = unique('same');
    await hook(settlementFailed(id, false));
    await hook(cancelled(id));
    expect(await store.getTrade(id)).toMatchObject({ status: 'SettlementFailed' });
    expect(changesOf(id)).toEqual(['SettlementFailed']);
    expect(counted).not.toContain(OUTCOME_CONFLICT_METRIC);
  });
});
