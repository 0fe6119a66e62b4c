import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { fxTradeChanges, fxTreasury } from '../support/fx.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * Issue 27 row 4 on the sandbox: the simulated desk fails a later-dated settlement it will retry
 * (`Fx.Trade.Settlement.Failed` with `WillBeRetried` true), then settles it once the account is funded, or
 * fails it for good. Each bank webhook is one event, and the trade's record follows with one
 * FxTradeStatusChanged per step. The clock starts Monday 2 March 2026, 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
  await world.bank('/__sim/fx/rates', {
    method: 'PUT',
    body: JSON.stringify({ pair: 'EUR/USD', rate: '1.08' }),
  });
  const desk = await world.bank('/__sim/fx/config', {
    method: 'PATCH',
    body: JSON.stringify({ settlementRetries: 1, settlementRetryDelayMs: 60 * 60 * 1000 }),
  });
  expect(desk.status).toBe(200);
});
afterAll(() => world.sandbox.close());

let keys = 0;
const post = (path: string, body: unknown) =>
  world.gateway(path, jsonPost(JSON.stringify(body), { 'Idempotency-Key': `fxretry-${keys++}` }));

function treasuryWith(euros: string): MccyAccount {
  const account = fxTreasury(world);
  fund(account, euros);
  return account;
}

function fund(account: MccyAccount, euros: string): void {
  receiveInboundPayment(world.simulator, {
    institutionId: world.simulator.institution.id,
    accountUniqueId: account.id,
    currency: 'EUR',
    amount: new MoneyDecimal(euros),
  });
}

/** Sells EUR 1,000 for dollars from the account, for the value date; the trade's end-to-end id. */
async function tradeFrom(account: MccyAccount, valueDate: string): Promise<string> {
  const quoted = await post('/fx/v1/quote', {
    valueDate,
    instructedAmount: 1000,
    fixedSide: 'sell',
    sellCurrency: 'EUR',
    buyCurrency: 'USD',
  });
  expect(quoted.status).toBe(200);
  const { quoteId } = (await quoted.json()) as { quoteId: string };
  const executed = await post('/fx/v1/ExecuteQuote', {
    quoteId,
    customerInformation: {
      sellAccount: { owner: 'Acme Ltd', iban: account.iban },
      buyAccount: { owner: 'Acme Ltd', iban: account.iban },
      attestation: 'Y',
    },
  });
  expect(executed.status).toBe(202);
  return quoteId.replaceAll('-', '');
}

async function trade(endToEndId: string) {
  await world.sandbox.settle();
  return (await world.gateway(`/gateway/fx/trades/${endToEndId}`)).json();
}

/** The trade's bank events (type and key), in the order they were published. */
async function bankEventsOf(endToEndId: string) {
  const events = (await world.events()) as Array<{
    detailType: string;
    detail: { key: string; payload?: { EndToEndId?: string } };
  }>;
  return events
    .filter((event) => event.detail.payload?.EndToEndId === endToEndId)
    .map((event) => [event.detailType, event.detail.key]);
}

describe('issue 27 row 4: a settlement the bank retries', () => {
  it('is SettlementRetrying after the retried failure, then Settled with its event once funded', async () => {
    const account = treasuryWith('500.00');
    const id = await tradeFrom(account, '2026-03-03T00:00:00Z');

    await world.simulator.setClock('2026-03-03T00:00:00Z');
    expect(await trade(id)).toMatchObject({ status: 'SettlementRetrying' });
    fund(account, '1000.00');
    await world.simulator.advanceClock(60 * 60 * 1000);

    expect(await trade(id)).toMatchObject({
      status: 'Settled',
      history: [{ to: 'Executed' }, { to: 'SettlementRetrying' }, { to: 'Settled' }],
    });
    expect(await bankEventsOf(id)).toEqual([
      ['Fx.Trade.Executed', `Fx.Trade.Executed:${id}`],
      ['Fx.Trade.Settlement.Failed', expect.stringMatching(`^Fx.Trade.Settlement.Failed:${id}:retried:`)],
      ['Fx.Trade.Settled', `Fx.Trade.Settled:${id}`],
    ]);
    expect(await fxTradeChanges(world, id)).toEqual(['Executed', 'SettlementRetrying', 'Settled']);
  });

  it('is SettlementFailed when the retry fails for good, both failures published once each', async () => {
    await world.simulator.setClock('2026-03-03T10:00:00Z');
    const account = treasuryWith('500.00');
    const id = await tradeFrom(account, '2026-03-04T00:00:00Z');

    await world.simulator.setClock('2026-03-04T00:00:00Z');
    // Processed before the retry an hour later, as it would be: the two failures never race.
    expect(await trade(id)).toMatchObject({ status: 'SettlementRetrying' });
    await world.simulator.advanceClock(60 * 60 * 1000);

    expect(await trade(id)).toMatchObject({ status: 'SettlementFailed' });
    expect(await bankEventsOf(id)).toEqual([
      ['Fx.Trade.Executed', `Fx.Trade.Executed:${id}`],
      ['Fx.Trade.Settlement.Failed', expect.stringMatching(`^Fx.Trade.Settlement.Failed:${id}:retried:`)],
      ['Fx.Trade.Settlement.Failed', `Fx.Trade.Settlement.Failed:${id}`],
    ]);
    expect(await fxTradeChanges(world, id)).toEqual(['Executed', 'SettlementRetrying', 'SettlementFailed']);
  });
});
