import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { fxResponses as answers } from '#shared/operations/fx/responses.js';
import { openEurUsdAccount } from '#test/support/fx.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * The simulated FX desk against the bank's documented answers (shared/operations/fx/responses.ts) and the
 * `Fx.Trade.*` payloads (shared/webhooks/payloads/fx.ts): a quote executed and settled with a margin, an
 * order with a GBP leg, a same-day trade cancelled and a later one whose settlement fails. The clock starts
 * Monday 2026-01-05 09:00 UK time.
 */
let world: ContractWorld;
let treasury: MccyAccount;
let margins: MccyAccount;

beforeAll(async () => {
  world = await startContractWorld();
  treasury = openEurUsdAccount(world.sim, 'Treasury', 'Acme');
  margins = openEurUsdAccount(world.sim, 'Margins', 'Acme');
  receiveInboundPayment(world.sim, {
    institutionId: world.sim.institution.id,
    accountUniqueId: treasury.id,
    currency: 'EUR',
    amount: new MoneyDecimal('5000.00'),
  });
  await takeWebhooks(world);
});
afterAll(() => world.close());

const TODAY = '2026-01-05T00:00:00Z';
const TOMORROW = '2026-01-06T00:00:00Z';

const types = (sent: { Type: string }[]) => sent.map((webhook) => webhook.Type);

async function quoteAndExecute(body: Record<string, unknown>) {
  const quote = await expectAnswer(
    world,
    {
      method: 'POST',
      path: '/fx/v1/quote',
      body: { valueDate: TODAY, fixedSide: 'sell', sellCurrency: 'EUR', buyCurrency: 'USD', ...body },
    },
    200,
    answers.createFxQuote,
  );
  await expectAnswer(
    world,
    {
      method: 'POST',
      path: '/fx/v1/ExecuteQuote',
      body: {
        quoteId: quote.quoteId,
        customerInformation: {
          sellAccount: { owner: 'Acme', iban: treasury.iban },
          buyAccount: { owner: 'Acme', iban: treasury.iban },
          attestation: 'Y',
        },
        marginAccount: { owner: 'Acme', iban: margins.iban },
      },
    },
    202,
  );
  return quote;
}

describe('FX answers and webhooks as the bank documents them', () => {
  it('a quote executed with a margin: Executed, then Settled with the margin leg', async () => {
    const quote = await quoteAndExecute({ instructedAmount: 1000, margin: 0.01 });
    expect(Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)).toBe(45_000);
    expect(types(await takeWebhooks(world))).toEqual(['Fx.Trade.Executed']);
    await world.sim.advanceClock(1_000);
    const [settled] = await takeWebhooks(world);
    expect(settled?.Type).toBe('Fx.Trade.Settled');
    expect(settled?.Payload).toMatchObject({ MarginCurrency: 'USD', DebitAmount: 1000 });
  });

  it('an order selling pounds from a sterling account into euros', async () => {
    const sterling = await openSterlingAccount(world);
    await takeWebhooks(world);
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/fx/v1/order',
        body: {
          customerInformation: {
            sellAccount: { owner: 'Acme', iban: sterling.iban },
            buyAccount: { owner: 'Acme', iban: treasury.iban },
            attestation: 'Y',
          },
          tradeInformation: {
            valueDate: TODAY,
            details: { instructedAmount: 1000, fixedSide: 'sell', sellCurrency: 'GBP', buyCurrency: 'EUR' },
            margin: { amount: 0.001, account: { owner: 'Acme', iban: margins.iban } },
            endToEndId: 'contract-order-1',
            unstructuredInformation: 'Client order 1',
          },
        },
      },
      202,
    );
    const [executed] = await takeWebhooks(world);
    expect(executed?.Payload).toMatchObject({ Symbol: 'EUR/GBP', EndToEndId: 'contract-order-1' });
    await world.sim.advanceClock(1_000);
    expect(types(await takeWebhooks(world))).toEqual(['Fx.Trade.Settled']);
  });

  it('a same-day trade the account cannot cover is cancelled; a later one fails at settlement', async () => {
    await quoteAndExecute({ instructedAmount: 100_000 });
    const [cancelled] = await takeWebhooks(world);
    expect(cancelled).toMatchObject({ Type: 'Fx.Trade.Cancelled' });

    await quoteAndExecute({ instructedAmount: 100_000, valueDate: TOMORROW });
    expect(types(await takeWebhooks(world))).toEqual(['Fx.Trade.Executed']);
    await world.sim.setClock(TOMORROW);
    expect(types(await takeWebhooks(world))).toEqual(['Fx.Trade.Settlement.Failed']);
  });
});
