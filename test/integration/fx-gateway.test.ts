import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fxTable } from '#shared/fx/table.js';
import { DynamoDbFxStore } from '#shared/fx/dynamodb-store.js';
import { newTrade, type QuoteRecord, quoteRecordOf } from '#shared/fx/records.js';
import { fxTradeChanges } from '../support/fx.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * The gateway's FX side in the sandbox: every local refusal answered before the bank is asked (the request
 * log stays empty), and trades moved by injected Fx.Trade webhooks. Quotes are written by the gateway's own
 * store where the simulator cannot quote yet. The clock starts Monday 2 March 2026, 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let store: DynamoDbFxStore;

beforeAll(async () => {
  world = await testSandbox();
  store = new DynamoDbFxStore(world.sandbox.dynamo.client, world.sandbox.dynamo.tableName(fxTable));
});
afterAll(() => world.sandbox.close());
beforeEach(async () => {
  await world.bank('/__sim/requests', { method: 'DELETE' });
});

const bankRequests = async () => ((await (await world.bank('/__sim/requests')).json()) as unknown[]).length;
let keys = 0;
const post = (path: string, body: unknown) =>
  world.gateway(path, jsonPost(JSON.stringify(body), { 'Idempotency-Key': `fx-${Date.now()}-${keys++}` }));

const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  valueDate: '2026-03-02T00:00:00Z',
  instructedAmount: 1000,
  fixedSide: 'sell',
  sellCurrency: 'EUR',
  buyCurrency: 'USD',
  margin: 0.01,
  ...overrides,
});
const executeBody = (quoteId: string) => ({
  quoteId,
  customerInformation: {
    sellAccount: { owner: 'Acme Ltd', iban: 'GB33CLRB04040412345678' },
    buyAccount: { owner: 'Acme Ltd', iban: 'GB94CLRB04040487654321' },
    attestation: 'Y',
  },
});

/** A quote as the gateway stores one the bank answered, held from the simulator's now. */
async function storedQuote(changes: Partial<QuoteRecord> = {}): Promise<QuoteRecord> {
  const createdAt = world.simClock.now();
  const quoteId = crypto.randomUUID();
  const quote = quoteRecordOf(
    {
      valueDate: '2026-03-02T00:00:00Z',
      instructedAmount: '1000',
      fixedSide: 'sell',
      sellCurrency: 'EUR',
      buyCurrency: 'USD',
      margin: '0.01',
    },
    {
      quoteId,
      valueDate: '2026-03-02T00:00:00Z',
      currencyPair: 'EUR/USD',
      exchangeRate: 1.08,
      sellCurrency: 'EUR',
      sellAmount: 1000,
      buyCurrency: 'USD',
      buyAmount: 1069.2,
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + 45_000).toISOString(),
    },
  );
  const record = { ...quote, ...changes };
  expect(await store.createQuote(record)).toBe(true);
  return record;
}

describe('FX requests refused by the gateway before any bank call', () => {
  it.each([
    ['margin 0.05', quoteBody({ margin: 0.05 }), 'margin'],
    ['a pair over its maximum', quoteBody({ instructedAmount: 15_000_000.01 }), 'instructedAmount'],
    ['an upper-case fixed side', quoteBody({ fixedSide: 'Sell' }), 'fixedSide'],
    ['CHF after its same-day cut-off (09:30 UK)', quoteBody({ sellCurrency: 'CHF' }), 'valueDate'],
  ])('a quote with %s is a 400 naming %s', async (_name, body, property) => {
    const response = await post('/fx/v1/quote', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
      property,
    ]);
    expect(await bankRequests()).toBe(0);
  });

  it('a quote without Idempotency-Key is a 400', async () => {
    const response = await world.gateway('/fx/v1/quote', jsonPost(JSON.stringify(quoteBody())));
    expect(response.status).toBe(400);
    expect(await bankRequests()).toBe(0);
  });

  it('an unknown quote is a 404 naming it', async () => {
    const quoteId = crypto.randomUUID();
    const response = await post('/fx/v1/ExecuteQuote', executeBody(quoteId));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(quoteId);
    expect(await bankRequests()).toBe(0);
  });

  it('a quote left 45 s is a 400 with expiresAt; the bank is never called', async () => {
    const quote = await storedQuote();
    await world.simulator.advanceClock(45_000);
    const response = await post('/fx/v1/ExecuteQuote', executeBody(quote.quoteId));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      expiresAt: quote.expiresAt,
      errors: { quoteId: [expect.any(String)] },
    });
    expect(await bankRequests()).toBe(0);
    expect(await (await world.gateway(`/gateway/fx/quotes/${quote.quoteId}`)).json()).toMatchObject({
      status: 'Quoted',
    });
  });

  it('a second execution is a 409 naming the first; the bank is never called', async () => {
    const quote = await storedQuote({
      status: 'Claimed',
      execution: { requestId: 'cw-first-execution', claimedAt: world.simClock.now().toISOString() },
    });
    const response = await post('/fx/v1/ExecuteQuote', executeBody(quote.quoteId));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('cw-first-execution');
    expect(await bankRequests()).toBe(0);
  });

  it('an execution inside the hold goes to the bank; its refusal releases the claim', async () => {
    const quote = await storedQuote();
    await world.simulator.advanceClock(44_999);
    const response = await post('/fx/v1/ExecuteQuote', executeBody(quote.quoteId));
    // Until the simulator trades, the bank answers 404 to FX: a refusal, so the quote is free again.
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await bankRequests()).toBe(1);
    const read = await world.gateway(`/gateway/fx/quotes/${quote.quoteId}`);
    expect(await read.json()).toMatchObject({ status: 'Quoted', quoteId: quote.quoteId });
  });
});

const emit = (type: string, endToEndId: string, extra: Record<string, unknown> = {}) =>
  world.bank('/__sim/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Type: type,
      Version: 1,
      Payload: {
        SellAccountOwner: 'Acme Ltd',
        SellAccountIban: 'GB33CLRB04040412345678',
        BuyAccountOwner: 'Acme Ltd',
        BuyAccountIban: 'GB94CLRB04040487654321',
        Attestation: 'Y',
        ValueDate: '2026-03-02T00:00:00Z',
        InstructedAmount: 1000,
        FixedSide: 'sell',
        BuyCurrency: 'USD',
        SellCurrency: 'EUR',
        Margin: 0.01,
        EndToEndId: endToEndId,
        ...extra,
      },
    }),
  });

describe('FX trades followed from their webhooks', () => {
  it('moves a trade the gateway recorded through reordered and duplicated webhooks, one event per transition', async () => {
    const endToEndId = `fx-${Date.now()}`;
    await store.createTrade(
      newTrade(endToEndId, { to: 'Requested', at: world.simClock.now(), cause: 'order' }, 'cw-order'),
    );
    const settled = {
      DebitTransactionId: '4a1f0c2e-7d3b-4e5a-9c8d-1b2a3c4d5e6f',
      DebitAmount: 1000,
      DebitCurrency: 'EUR',
      DebitCreatedAt: '2026-03-02T10:00:01Z',
      DebitSettledAt: '2026-03-02T10:00:02Z',
      CreditTransactionId: '5b2e1d3f-8e4c-4f6b-8d9e-2c3b4d5e6f70',
      CreditAmount: 1069.2,
      CreditCurrency: 'USD',
      CreditCreatedAt: '2026-03-02T10:00:01Z',
      CreditSettledAt: '2026-03-02T10:00:02Z',
    };
    const executed = {
      Symbol: 'EUR/USD',
      FIReceivedMarginAmount: 10.8,
      BuyAmount: 1069.2,
      SellAmount: 1000,
      ClearBankRate: 1.08,
      FIRate: 1.0692,
      RequestedTime: '2026-03-02T10:00:00Z',
      ExecutedTime: '2026-03-02T10:00:00Z',
    };
    for (const [type, extra] of [
      ['Fx.Trade.Executed', executed],
      ['Fx.Trade.Settled', settled],
      ['Fx.Trade.Settled', settled],
      ['Fx.Trade.Executed', executed],
    ] as const)
      expect((await emit(type, endToEndId, extra)).status).toBe(200);
    expect(await fxTradeChanges(world, endToEndId)).toEqual(['Executed', 'Settled']);
    const read = await world.gateway(`/gateway/fx/trades/${endToEndId}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      endToEndId,
      status: 'Settled',
      marginAmount: '10.8',
      bankMarginAmount: '10.8',
      history: [{ to: 'Requested' }, { to: 'Executed' }, { to: 'Settled' }],
    });
  });

  it('ends a trade SettlementFailed, and a late Cancelled changes nothing', async () => {
    const endToEndId = `fx-failed-${Date.now()}`;
    const failure = { CancellationCode: '1', CancellationReason: 'Insufficient funds' };
    await emit('Fx.Trade.Settlement.Failed', endToEndId, {
      ...failure,
      WillBeRetried: false,
      ReversalFee: 2.5,
      ReversalFeeCurrency: 'EUR',
    });
    // Late: sent once the failure has been processed (two at once race; the same outcome, so the first stays).
    await world.events();
    await emit('Fx.Trade.Cancelled', endToEndId, failure);
    await world.events();
    expect(await (await world.gateway(`/gateway/fx/trades/${endToEndId}`)).json()).toMatchObject({
      status: 'SettlementFailed',
      cancellationReason: 'Insufficient funds',
    });
  });

  it('issue 27 row 1: keeps a settlement reported after a final failure beside it, marked conflict', async () => {
    const endToEndId = `fx-conflict-${Date.now()}`;
    await emit('Fx.Trade.Settlement.Failed', endToEndId, {
      CancellationCode: '1',
      CancellationReason: 'Insufficient funds',
      WillBeRetried: false,
      ReversalFee: 2.5,
      ReversalFeeCurrency: 'EUR',
    });
    await world.events();
    await emit('Fx.Trade.Settled', endToEndId, {
      DebitTransactionId: '6c3f2e4a-9f5d-4a7b-8e0f-3d4c5e6f7a81',
      DebitAmount: 1000,
      DebitCurrency: 'EUR',
      DebitCreatedAt: '2026-03-02T10:00:01Z',
      DebitSettledAt: '2026-03-02T10:00:02Z',
      CreditTransactionId: '7d4a3f5b-0a6e-4b8c-9f1a-4e5d6f7a8b92',
      CreditAmount: 1069.2,
      CreditCurrency: 'USD',
      CreditCreatedAt: '2026-03-02T10:00:01Z',
      CreditSettledAt: '2026-03-02T10:00:02Z',
    });
    expect(await fxTradeChanges(world, endToEndId)).toEqual(['SettlementFailed', 'Settled']);
    expect(await (await world.gateway(`/gateway/fx/trades/${endToEndId}`)).json()).toMatchObject({
      status: 'Settled',
      history: [
        { to: 'SettlementFailed', cause: `Fx.Trade.Settlement.Failed:${endToEndId}` },
        { from: 'SettlementFailed', to: 'Settled', cause: `Fx.Trade.Settled:${endToEndId}`, conflict: true },
      ],
    });
  });

  it('answers 404 for a trade or quote it does not know', async () => {
    expect((await world.gateway('/gateway/fx/trades/unknown-trade')).status).toBe(404);
    expect((await world.gateway(`/gateway/fx/quotes/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
