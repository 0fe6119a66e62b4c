import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { fxTreasury } from '../support/fx.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * The gateway against the simulated FX desk (no stored quotes, no injected webhooks): EUR to USD with a
 * margin quoted, executed, executed by the bank's webhook and settled at the value date on the clock. The
 * clock starts Monday 2 March 2026, 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let treasury: MccyAccount;

beforeAll(async () => {
  world = await testSandbox();
  treasury = fxTreasury(world);
  receiveInboundPayment(world.simulator, {
    institutionId: world.simulator.institution.id,
    accountUniqueId: treasury.id,
    currency: 'EUR',
    amount: new MoneyDecimal('5000.00'),
  });
  await world.bank('/__sim/fx/rates', {
    method: 'PUT',
    body: JSON.stringify({ pair: 'EUR/USD', rate: '1.08' }),
  });
});
afterAll(() => world.sandbox.close());

let keys = 0;
const post = (path: string, body: unknown) =>
  world.gateway(path, jsonPost(JSON.stringify(body), { 'Idempotency-Key': `fxsim-${keys++}` }));

describe('an FX trade through the gateway on the simulated desk', () => {
  it('quoted, executed once, executed and settled at the value date', async () => {
    const quoted = await post('/fx/v1/quote', {
      valueDate: '2026-03-03T00:00:00Z',
      instructedAmount: 1000,
      fixedSide: 'sell',
      sellCurrency: 'EUR',
      buyCurrency: 'USD',
      margin: 0.01,
    });
    expect(quoted.status).toBe(200);
    const quote = (await quoted.json()) as { quoteId: string; buyAmount: number; marginAmount: number };
    expect(quote).toMatchObject({ buyAmount: 1069.2, marginAmount: 10.8 });

    const execute = {
      quoteId: quote.quoteId,
      customerInformation: {
        sellAccount: { owner: 'Acme Ltd', iban: treasury.iban },
        buyAccount: { owner: 'Acme Ltd', iban: treasury.iban },
        attestation: 'Y',
      },
    };
    expect((await post('/fx/v1/ExecuteQuote', execute)).status).toBe(202);
    expect((await post('/fx/v1/ExecuteQuote', execute)).status).toBe(409);

    const endToEndId = quote.quoteId.replaceAll('-', '');
    const trade = async () => {
      await world.sandbox.settle();
      return (await world.gateway(`/gateway/fx/trades/${endToEndId}`)).json();
    };
    expect(await trade()).toMatchObject({ status: 'Executed' });

    await world.simulator.setClock('2026-03-03T00:00:00Z');
    expect(await trade()).toMatchObject({ status: 'Settled' });
    expect(treasury.balances.get('USD')?.actual.toString()).toBe('1069.2');
    const changes = (await world.events()).filter((e) => e.detailType === 'FxTradeStatusChanged');
    expect(changes).toHaveLength(2);
  });

  const quoteEurUsd = async (amount: number, valueDate: string) => {
    const quoted = await post('/fx/v1/quote', {
      valueDate,
      instructedAmount: amount,
      fixedSide: 'sell',
      sellCurrency: 'EUR',
      buyCurrency: 'USD',
      margin: 0.01,
    });
    expect(quoted.status).toBe(200);
    return ((await quoted.json()) as { quoteId: string }).quoteId;
  };
  const executeBody = (quoteId: string) => ({
    quoteId,
    customerInformation: {
      sellAccount: { owner: 'Acme Ltd', iban: treasury.iban },
      buyAccount: { owner: 'Acme Ltd', iban: treasury.iban },
      attestation: 'Y',
    },
  });
  const tradeOf = async (quoteId: string) => {
    await world.sandbox.settle();
    return (await world.gateway(`/gateway/fx/trades/${quoteId.replaceAll('-', '')}`)).json();
  };

  it('sends one of 20 concurrent executions of a quote to the bank; the others are refused locally', async () => {
    // Tuesday 10:00 UK time: the desk is open (the trade above left the clock at midnight).
    await world.simulator.setClock('2026-03-03T10:00:00Z');
    const quoteId = await quoteEurUsd(100, '2026-03-05T00:00:00Z');
    world.simulator.clearRequests();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/fx/v1/ExecuteQuote', executeBody(quoteId))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, ...Array<number>(19).fill(409)]);
    expect(world.simulator.requests.filter((r) => r.path === '/fx/v1/ExecuteQuote')).toHaveLength(1);
  });

  it('refuses a quote left for 46 seconds without asking the bank', async () => {
    const quoteId = await quoteEurUsd(100, '2026-03-05T00:00:00Z');
    await world.simulator.advanceClock(46_000);
    world.simulator.clearRequests();
    const late = await post('/fx/v1/ExecuteQuote', executeBody(quoteId));
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('expiresAt');
    expect(world.simulator.requests).toHaveLength(0);
  });

  it('cancels a same-day trade the account cannot pay, and fails a later one at its value date', async () => {
    const now = world.simulator.clock.now().toISOString().slice(0, 10);
    const sameDay = await quoteEurUsd(900_000, `${now}T00:00:00Z`);
    expect((await post('/fx/v1/ExecuteQuote', executeBody(sameDay))).status).toBe(202);
    expect(await tradeOf(sameDay)).toMatchObject({ status: 'Cancelled' });

    const later = await quoteEurUsd(900_000, '2026-03-05T00:00:00Z');
    expect((await post('/fx/v1/ExecuteQuote', executeBody(later))).status).toBe(202);
    expect(await tradeOf(later)).toMatchObject({ status: 'Executed' });
    await world.simulator.setClock('2026-03-05T00:00:01Z');
    expect(await tradeOf(later)).toMatchObject({ status: 'SettlementFailed' });
  });
});
