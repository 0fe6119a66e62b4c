import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import type { BankSimulator } from '#sim/simulator.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { openEurUsdAccount } from '#test/support/fx.js';
import { admin, call, problemOf, startTestSimulator } from './helpers.js';

/**
 * The simulated FX desk through the bank's routes: the 45 s hold, one execution per quote, the locked-quote
 * fault, limits, and trades settled on the multi-currency balances with the `Fx.Trade.*` webhooks. The
 * clock starts on Monday 2026-01-05 at 09:00 UK time, inside both the EUR and USD same-day windows.
 */
let sim: BankSimulator;
let treasury: MccyAccount;
let margins: MccyAccount;

const TODAY = '2026-01-05T00:00:00Z';
const TOMORROW = '2026-01-06T00:00:00Z';

beforeEach(async () => {
  sim = await startTestSimulator();
  treasury = openEurUsdAccount(sim, 'Treasury', 'Eco Bank');
  margins = openEurUsdAccount(sim, 'Margins', 'Eco Bank');
  receiveInboundPayment(sim, {
    institutionId: sim.institution.id,
    accountUniqueId: treasury.id,
    currency: 'EUR',
    amount: new MoneyDecimal('10000.00'),
  });
  // A still rate, so the amounts are known: 1 EUR = 1.1 USD.
  await admin(sim, 'PUT', '/__sim/fx/rates', { pair: 'EUR/USD', rate: '1.1' });
});
afterEach(() => sim.close());

const post = (path: string, body: unknown) => call(sim, 'POST', path, { body: JSON.stringify(body) });

function quote(body: Record<string, unknown> = {}) {
  return post('/fx/v1/quote', {
    valueDate: TODAY,
    instructedAmount: 1000,
    fixedSide: 'sell',
    sellCurrency: 'EUR',
    buyCurrency: 'USD',
    margin: 0.01,
    ...body,
  });
}

function execute(quoteId: string) {
  return post('/fx/v1/ExecuteQuote', {
    quoteId,
    customerInformation: {
      sellAccount: { owner: 'Eco Bank', iban: treasury.iban },
      buyAccount: { owner: 'Eco Bank', iban: treasury.iban },
      attestation: 'Y',
    },
    marginAccount: { owner: 'Eco Bank', iban: margins.iban },
  });
}

function sent(type: string): Record<string, unknown>[] {
  return sim.webhooks
    .filter((w) => JSON.parse(w.body).Type === type)
    .map((w) => JSON.parse(w.body).Payload as Record<string, unknown>);
}

const balance = (account: MccyAccount, currency: string) => {
  const b = account.balances.get(currency);
  return { available: b?.available.toString(), actual: b?.actual.toString() };
};

describe('quotes', () => {
  it('are held exactly 45 s and priced by the spec formulas with the margin', async () => {
    const response = await quote();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Date.parse(body.expiresAt as string) - Date.parse(body.createdAt as string)).toBe(45_000);
    expect(body).toMatchObject({
      currencyPair: 'EUR/USD',
      exchangeRate: 1.1,
      sellAmount: 1000,
      buyAmount: 1089, // 1000 x 1.1 x (1 - 0.01)
      marginAmount: 11,
      marginCurrency: 'USD',
      quoteRequest: { instructedAmount: 1000, fixedSide: 'sell', margin: 0.01 },
    });
    const buyFixed = (await (await quote({ fixedSide: 'buy', instructedAmount: 1100 })).json()) as Record<
      string,
      unknown
    >;
    // 1100 / 1.1 x 1.01 in euro, margin 1100 / 1.1 x 0.01 in euro.
    expect(buyFixed).toMatchObject({
      sellAmount: 1010,
      buyAmount: 1100,
      marginAmount: 10,
      marginCurrency: 'EUR',
    });
  });

  it('refuse a pair over its maximum in the other currency and an amount under the minimum', async () => {
    // 16,500,001 USD is above 15,000,000 EUR at 1.1.
    const over = await quote({ fixedSide: 'buy', instructedAmount: 16_500_001 });
    const under = await quote({ instructedAmount: 99.99 });
    expect(over.status).toBe(400);
    expect(Object.keys((await problemOf(over)).errors)).toEqual(['instructedAmount']);
    expect(under.status).toBe(400);
    expect((await problemOf(under)).detail).toMatch(/at least 100/);
    expect((await quote({ fixedSide: 'buy', instructedAmount: 16_500_000 })).status).toBe(200);
  });
});

describe('execution', () => {
  it('inside the hold: 202, Executed at once, Settled after the delay; a second execution is 409', async () => {
    const { quoteId } = (await (await quote()).json()) as { quoteId: string };
    await sim.advanceClock(44_999);
    expect((await execute(quoteId)).status).toBe(202);
    const second = await execute(quoteId);
    expect(second.status).toBe(409);

    const [executed] = sent('Fx.Trade.Executed');
    expect(executed).toMatchObject({
      EndToEndId: quoteId.replaceAll('-', ''),
      FixedSide: 'Sell',
      SellAmount: 1000,
      BuyAmount: 1089,
      FIReceivedMarginAmount: 11,
      Symbol: 'EUR/USD',
      ClearBankRate: 1.1,
      FIRate: 1.089,
      MarginAccountIban: margins.iban,
    });
    expect(balance(treasury, 'EUR')).toEqual({ available: '9000', actual: '10000' });

    await sim.advanceClock(1_000);
    const [settled] = sent('Fx.Trade.Settled');
    expect(settled).toMatchObject({
      DebitAmount: 1000,
      CreditAmount: 1089,
      MarginAmount: 11,
      MarginCurrency: 'USD',
    });
    expect(balance(treasury, 'EUR')).toEqual({ available: '9000', actual: '9000' });
    expect(balance(treasury, 'USD')).toEqual({ available: '1089', actual: '1089' });
    expect(balance(margins, 'USD')).toEqual({ available: '11', actual: '11' });
  });

  it('at 45 s, or of an unknown quote, is refused 400 naming quoteId', async () => {
    const { quoteId } = (await (await quote()).json()) as { quoteId: string };
    await sim.advanceClock(45_000);
    const late = await execute(quoteId);
    const unknown = await execute('9b2c4a3e-1d6f-4e8a-9c1b-2f3e4d5a6b7c');
    expect(late.status).toBe(400);
    expect((await problemOf(late)).errors).toHaveProperty('quoteId');
    expect(unknown.status).toBe(400);
    expect(sent('Fx.Trade.Executed')).toEqual([]);
  });

  it('of a locked quote is 423 when the fault asks, and the quote stays executable', async () => {
    const { quoteId } = (await (await quote()).json()) as { quoteId: string };
    await admin(sim, 'PUT', '/__sim/fx/faults', { nextExecutions: ['locked'] });
    expect((await execute(quoteId)).status).toBe(423);
    expect((await execute(quoteId)).status).toBe(202);
  });
});

describe('trades the sell account cannot cover', () => {
  it('same day: Fx.Trade.Cancelled at once, nothing moves', async () => {
    const { quoteId } = (await (await quote({ instructedAmount: 20_000 })).json()) as { quoteId: string };
    expect((await execute(quoteId)).status).toBe(202);
    expect(sent('Fx.Trade.Executed')).toEqual([]);
    expect(sent('Fx.Trade.Cancelled')).toEqual([
      expect.objectContaining({ CancellationCode: '1', CancellationReason: 'Insufficient funds' }),
    ]);
    expect(balance(treasury, 'EUR')).toEqual({ available: '10000', actual: '10000' });
  });

  it('later value date: executed now, Fx.Trade.Settlement.Failed at the value date', async () => {
    const { quoteId } = (await (await quote({ instructedAmount: 20_000, valueDate: TOMORROW })).json()) as {
      quoteId: string;
    };
    expect((await execute(quoteId)).status).toBe(202);
    expect(sent('Fx.Trade.Executed')).toHaveLength(1);
    await sim.setClock('2026-01-05T23:59:59Z');
    expect(sent('Fx.Trade.Settlement.Failed')).toEqual([]);
    await sim.setClock(TOMORROW);
    expect(sent('Fx.Trade.Settlement.Failed')).toEqual([
      expect.objectContaining({
        CancellationReason: 'Insufficient funds',
        WillBeRetried: false,
        ReversalFeeCurrency: 'EUR',
      }),
    ]);
  });
});

describe('orders', () => {
  it('book at the table rate with the given end-to-end id; an unknown account cancels the trade', async () => {
    const order = (sellIban: string, endToEndId: string) =>
      post('/fx/v1/order', {
        customerInformation: {
          sellAccount: { owner: 'Eco Bank', iban: sellIban },
          buyAccount: { owner: 'Eco Bank', iban: treasury.iban },
          attestation: 'Y',
        },
        tradeInformation: {
          valueDate: TODAY,
          details: { instructedAmount: 500, fixedSide: 'sell', sellCurrency: 'EUR', buyCurrency: 'USD' },
          endToEndId,
        },
      });
    expect((await order(treasury.iban, 'order-1')).status).toBe(202);
    expect((await order('GB00CLRB04080099999999', 'order-2')).status).toBe(202);
    expect(sent('Fx.Trade.Executed')).toEqual([
      expect.objectContaining({ EndToEndId: 'order-1', BuyAmount: 550 }),
    ]);
    expect(sent('Fx.Trade.Cancelled')).toEqual([
      expect.objectContaining({ EndToEndId: 'order-2', CancellationReason: 'Account validation failed' }),
    ]);
  });
});
