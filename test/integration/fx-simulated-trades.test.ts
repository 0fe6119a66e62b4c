import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, emitterFor, type MccyAccount } from '../../local/bank-sim/mccy/accounts.js';
import { receiveInboundPayment } from '../../local/bank-sim/mccy/money.js';
import { MoneyDecimal } from '../../shared/domain/money.js';
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
  const outcome = createAccount(
    world.simulator,
    {
      institutionId: world.simulator.institution.id,
      label: 'Treasury',
      owner: 'Acme Ltd',
      kind: 'YourFunds',
      currencies: ['EUR', 'USD'],
    },
    emitterFor(world.simulator, world.simulator.institution.id),
  );
  if (outcome.kind !== 'done') throw new Error(outcome.detail);
  treasury = outcome.value;
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
});
