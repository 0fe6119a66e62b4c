import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '#local/dynamo.js';
import { fxTable } from '#shared/fx/table.js';
import { DynamoDbFxStore } from '#shared/fx/dynamodb-store.js';
import { executionRefusal, marginCheck, type QuoteRecord, quoteRecordOf } from '#shared/fx/records.js';
import { fxTracker } from '#shared/fx/track.js';
import { fxWebhookHook } from '#shared/fx/webhook-hook.js';
import type { TrackedCall } from '#shared/gateway/tracker.js';
import { readJson } from '#shared/json/read-json.js';
import type { ClearwayEvent, GatewayEvent } from '#shared/ports/events.js';

let dynamo: LocalDynamo;
let store: DynamoDbFxStore;
beforeAll(async () => {
  dynamo = await startLocalDynamo(`fx-${Date.now()}-`);
  store = new DynamoDbFxStore(dynamo.client, dynamo.tableName(fxTable));
});
afterAll(() => dynamo.close());

const created = new Date('2026-03-02T10:00:00Z');
const after = (ms: number) => new Date(created.getTime() + ms);
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 12)}`;
const uuid = () => crypto.randomUUID();
/** The tracker reads its own clock; each call's `now` here is set on it. */
let clockNow = created;
const clock = { now: () => clockNow };

function bankQuote(quoteId: string, overrides: Record<string, unknown> = {}) {
  return {
    quoteId,
    valueDate: '2026-03-02T00:00:00Z',
    currencyPair: 'GBP/USD',
    exchangeRate: 1.4,
    sellCurrency: 'GBP',
    sellAmount: 1000,
    buyCurrency: 'USD',
    buyAmount: 1386,
    createdAt: created.toISOString(),
    expiresAt: after(45_000).toISOString(),
    ...overrides,
  };
}
const sellRequest = {
  valueDate: '2026-03-02T00:00:00Z',
  instructedAmount: '1000',
  fixedSide: 'sell' as const,
  sellCurrency: 'GBP',
  buyCurrency: 'USD',
  margin: '0.01',
};

function silentLog() {
  const warnings: Array<Record<string, unknown>> = [];
  return {
    warnings,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (_message: string, extra?: Record<string, unknown>) => void warnings.push(extra ?? {}),
      error: () => undefined,
    },
  };
}

describe('FX quote records', () => {
  it('compute the margin by the spec for both fixed sides (the guide examples)', () => {
    const sell = quoteRecordOf(sellRequest, bankQuote(uuid()));
    expect(sell).toMatchObject({
      status: 'Quoted',
      marginAmount: '14',
      marginCurrency: 'USD',
      exchangeRate: '1.4',
    });
    const buy = quoteRecordOf(
      { ...sellRequest, fixedSide: 'buy', instructedAmount: '1400' },
      bankQuote(uuid(), { sellAmount: 1010, buyAmount: 1400 }),
    );
    expect(buy).toMatchObject({ marginAmount: '10', marginCurrency: 'GBP', sellAmount: '1010' });
  });

  it('hold the rate until 44.999 s; at 45 s the quote is expired', () => {
    const quote = quoteRecordOf(sellRequest, bankQuote(uuid()));
    expect(executionRefusal(quote, 'r1', after(44_999))).toBeUndefined();
    expect(executionRefusal(quote, 'r1', after(45_000))).toMatchObject({
      kind: 'expired',
      expiresAt: after(45_000).toISOString(),
    });
  });

  it("check the pair's maximum at the quoted rate: just under passes, just over is refused", () => {
    // GBP/USD at most GBP 10,000,000; a buy of USD 14,000,000 at 1.4 is exactly GBP 10,000,000.
    const at = (amount: string) =>
      quoteRecordOf(
        { ...sellRequest, fixedSide: 'buy', instructedAmount: amount, margin: '0' },
        bankQuote(uuid()),
      );
    expect(executionRefusal(at('14000000'), 'r1', after(1))).toBeUndefined();
    expect(executionRefusal(at('14000000.01'), 'r1', after(1))).toMatchObject({
      kind: 'too-large',
      field: 'instructedAmount',
    });
  });
});

function executeCall(quoteId: string, requestId: string, now: Date): TrackedCall {
  clockNow = now;
  return { operationId: 'executeFxQuote', body: { quoteId }, requestId, now };
}

describe('the FX tracker on DynamoDB (dynalite)', () => {
  it('stores a 200 quote with its request and nothing for a refused one', async () => {
    const { log } = silentLog();
    const tracker = fxTracker({ store, events: { publish: async () => undefined }, log, clock });
    const quoteId = uuid();
    const body = readJson(
      '{"valueDate":"2026-03-02T00:00:00Z","instructedAmount":1000.50,"fixedSide":"sell","sellCurrency":"GBP","buyCurrency":"USD","margin":0.01}',
    );
    const call: TrackedCall = { operationId: 'createFxQuote', body, requestId: 'q1', now: created };
    await tracker.settle(call, { status: 200, body: readJson(JSON.stringify(bankQuote(quoteId))) });
    expect(await store.getQuote(quoteId)).toMatchObject({
      quoteId,
      status: 'Quoted',
      request: { instructedAmount: '1000.5', margin: '0.01' },
      marginAmount: '14.01',
    });
    const refused = uuid();
    await tracker.settle(call, { status: 400, body: bankQuote(refused) });
    expect(await store.getQuote(refused)).toBeUndefined();
  });

  it('refuses an unknown quote 404, an expired one 400 with expiresAt, a second execution 409', async () => {
    const tracker = fxTracker({
      store,
      events: { publish: async () => undefined },
      log: silentLog().log,
      clock,
    });
    const unknown = await tracker.claim(executeCall(uuid(), 'r1', after(1)));
    expect(unknown?.status).toBe(404);
    const quote = quoteRecordOf(sellRequest, bankQuote(uuid()));
    await store.createQuote(quote);
    const late = await tracker.claim(executeCall(quote.quoteId, 'r1', after(45_000)));
    expect(late?.status).toBe(400);
    expect(JSON.parse(late?.body ?? '{}')).toMatchObject({
      expiresAt: quote.expiresAt,
      errors: { quoteId: [expect.any(String)] },
    });
    expect(await tracker.claim(executeCall(quote.quoteId, 'r1', after(44_999)))).toBeUndefined();
    // The same request again (its key's retry) is its own claim; another is a 409 naming the first.
    expect(await tracker.claim(executeCall(quote.quoteId, 'r1', after(44_999)))).toBeUndefined();
    const second = await tracker.claim(executeCall(quote.quoteId, 'r2', after(2)));
    expect(second?.status).toBe(409);
    expect(second?.body).toContain('r1');
  });

  it('lets exactly one of 20 concurrent executions claim a quote', async () => {
    const tracker = fxTracker({
      store,
      events: { publish: async () => undefined },
      log: silentLog().log,
      clock,
    });
    const quote = quoteRecordOf(sellRequest, bankQuote(uuid()));
    await store.createQuote(quote);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => tracker.claim(executeCall(quote.quoteId, `r${i}`, after(1000)))),
    );
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(answers.filter((answer) => answer?.status === 409)).toHaveLength(19);
  });

  it('releases the claim when the bank refuses, keeps it when it accepts or is unsure', async () => {
    const tracker = fxTracker({
      store,
      events: { publish: async () => undefined },
      log: silentLog().log,
      clock,
    });
    const quote: QuoteRecord = quoteRecordOf(sellRequest, bankQuote(uuid()));
    await store.createQuote(quote);
    const first = executeCall(quote.quoteId, 'r1', after(1));
    await tracker.claim(first);
    await tracker.settle(first, { unknown: 'no-answer' });
    expect(await store.getQuote(quote.quoteId)).toMatchObject({
      status: 'OutcomeUnknown',
      execution: { requestId: 'r1', unknown: 'no-answer' },
    });
    await tracker.settle(first, { status: 400, body: undefined });
    expect(await store.getQuote(quote.quoteId)).toMatchObject({ status: 'Quoted' });
    expect((await store.getQuote(quote.quoteId))?.execution).toBeUndefined();
    const second = executeCall(quote.quoteId, 'r2', after(2));
    expect(await tracker.claim(second)).toBeUndefined();
    await tracker.settle(second, { status: 202, body: undefined });
    expect(await store.getQuote(quote.quoteId)).toMatchObject({
      status: 'Executed',
      execution: { requestId: 'r2', status: 202 },
    });
  });
});

function tradeWebhook(type: string, endToEndId: string, key: string, payload: Record<string, unknown> = {}) {
  return {
    type,
    version: 1,
    key,
    payload: {
      SellCurrency: 'GBP',
      BuyCurrency: 'USD',
      FixedSide: 'Sell',
      InstructedAmount: 1000,
      Margin: 0.01,
      EndToEndId: endToEndId,
      ...payload,
    },
    receivedAt: created.toISOString(),
    now: created,
  };
}

describe('the FX trade hook', () => {
  function hook() {
    const published: ClearwayEvent[] = [];
    const { log, warnings } = silentLog();
    const counted: string[] = [];
    const run = fxWebhookHook({
      store,
      events: { publish: async (event) => void published.push(event) },
      log,
      clock,
      count: (metric) => void counted.push(metric),
    });
    return {
      run,
      published: published as GatewayEvent[],
      warnings,
      differences: () => counted.filter((metric) => metric === 'FxMarginDifference').length,
    };
  }

  it('moves a trade once per transition in any order; a late Executed changes nothing', async () => {
    const { run, published } = hook();
    const id = unique('e2e');
    await run(tradeWebhook('Fx.Trade.Settled', id, 'k-settled'));
    await run(
      tradeWebhook('Fx.Trade.Executed', id, 'k-executed', { ClearBankRate: 1.4, FIReceivedMarginAmount: 14 }),
    );
    await run(tradeWebhook('Fx.Trade.Settled', id, 'k-settled'));
    expect(await store.getTrade(id)).toMatchObject({
      status: 'Settled',
      history: [{ to: 'Settled', from: null }],
    });
    // One event per transition; the redelivered Settled republishes its own transition id.
    expect(published.map((event) => [event.detailType, event.detail.transitionId])).toEqual([
      ['FxTradeStatusChanged', `${id}/Settled`],
      ['FxTradeStatusChanged', `${id}/Settled`],
    ]);
  });

  it('goes Executed then Settled in order, and counts a margin difference', async () => {
    const { run, published, warnings, differences } = hook();
    const id = unique('e2e');
    await run(
      tradeWebhook('Fx.Trade.Executed', id, 'k1', { ClearBankRate: 1.4, FIReceivedMarginAmount: 14 }),
    );
    expect(differences()).toBe(0);
    await run(tradeWebhook('Fx.Trade.Settlement.Failed', id, 'k2'));
    expect(await store.getTrade(id)).toMatchObject({
      status: 'SettlementFailed',
      marginAmount: '14',
      marginCurrency: 'USD',
      bankMarginAmount: '14',
    });
    expect(published.map((event) => event.detail.to)).toEqual(['Executed', 'SettlementFailed']);
    const other = unique('e2e');
    await run(
      tradeWebhook('Fx.Trade.Executed', other, 'k3', { ClearBankRate: 1.4, FIReceivedMarginAmount: 13.99 }),
    );
    expect(differences()).toBe(1);
    expect(warnings).toContainEqual(
      expect.objectContaining({ computedMarginAmount: '14', bankMarginAmount: '13.99' }),
    );
  });
});

describe('FX orders', () => {
  const orderBody = (endToEndId: string) =>
    readJson(
      JSON.stringify({
        customerInformation: {
          sellAccount: { owner: 'Acme Ltd', iban: 'GB33CLRB04040412345678' },
          buyAccount: { owner: 'Acme Ltd', iban: 'GB94CLRB04040487654321' },
          attestation: 'Y',
        },
        tradeInformation: {
          valueDate: '2026-03-03T00:00:00Z',
          details: { instructedAmount: 1000, fixedSide: 'sell', sellCurrency: 'GBP', buyCurrency: 'USD' },
          margin: { amount: 0.01, account: { owner: 'Acme Ltd', iban: 'GB33CLRB04040400000001' } },
          endToEndId,
        },
      }),
    );

  it('records the trade by end-to-end id, refuses another request with the same id, marks a refused order', async () => {
    const published: ClearwayEvent[] = [];
    const tracker = fxTracker({
      store,
      events: { publish: async (event) => void published.push(event) },
      log: silentLog().log,
      clock,
    });
    const id = unique('order');
    const call = (requestId: string): TrackedCall => ({
      operationId: 'createFxOrder',
      body: orderBody(id),
      requestId,
      now: created,
    });
    expect(await tracker.claim(call('o1'))).toBeUndefined();
    expect(await tracker.claim(call('o1'))).toBeUndefined();
    expect((await tracker.claim(call('o2')))?.status).toBe(409);
    expect(await store.getTrade(id)).toMatchObject({
      status: 'Requested',
      requestId: 'o1',
      instructedAmount: '1000',
      margin: '0.01',
    });
    await tracker.settle(call('o1'), { status: 400, body: undefined });
    expect((await store.getTrade(id))?.status).toBe('Refused');
    expect((published as GatewayEvent[]).map((event) => event.detail.to)).toEqual(['Refused']);
  });
});

describe('the margin the gateway expects of a trade webhook', () => {
  // The bank writes ClearBankRate as the Symbol reads (EUR/USD: dollars per euro) whichever side is sold.
  const trade = { fixedSide: 'sell', margin: '0.01', clearBankRate: '1.08', symbol: 'EUR/USD' };

  it('reads the rate in the symbol’s terms when the first currency of the symbol is sold', () => {
    expect(
      marginCheck({ ...trade, sellCurrency: 'EUR', buyCurrency: 'USD', instructedAmount: '1000' }),
    ).toEqual({ computed: '10.8', currency: 'USD' });
  });

  it('inverts it when the second currency is sold (1,080 USD at 1.08 USD per EUR buy 1,000 EUR gross)', () => {
    expect(
      marginCheck({ ...trade, sellCurrency: 'USD', buyCurrency: 'EUR', instructedAmount: '1080' }),
    ).toEqual({ computed: '10', currency: 'EUR' });
  });
});
