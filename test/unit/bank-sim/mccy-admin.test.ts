import { afterEach, describe, expect, it } from 'vitest';
import { emitterFor } from '#sim/core/product.js';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { requestStatement } from '#sim/products/mccy-accounts/statements.js';
import type { BankSimulator } from '#sim/simulator.js';
import { openEurUsdAccount } from '#test/support/fx.js';
import { admin, startTestSimulator } from './helpers.js';

describe('the multi-currency admin routes under /__sim/mccy', () => {
  let sim: BankSimulator;
  afterEach(async () => {
    await sim.close();
  });

  async function withAccount(): Promise<MccyAccount> {
    sim = await startTestSimulator();
    return openEurUsdAccount(sim, 'Treasury', 'Eco Bank');
  }

  it('credits an account from outside and shows its balances and transactions', async () => {
    const account = await withAccount();

    const credited = await admin(sim, 'POST', '/__sim/mccy/inbound-payments', {
      account: account.iban,
      currency: 'USD',
      amount: '250.75',
      reference: 'Funding',
    });
    const refused = await admin(sim, 'POST', '/__sim/mccy/inbound-payments', {
      account: account.id,
      currency: 'SEK',
      amount: 1,
    });
    const view = (await (await admin(sim, 'GET', '/__sim/mccy')).json()) as {
      accounts: unknown[];
      transactions: unknown[];
    };

    expect(credited.status).toBe(200);
    expect(await credited.json()).toMatchObject({ accountId: account.id, amount: 250.75, currency: 'USD' });
    expect(refused.status).toBe(400);
    expect(view.accounts[0]).toMatchObject({
      id: account.id,
      balances: { EUR: { Available: 0, Actual: 0 }, USD: { Available: 250.75, Actual: 250.75 } },
    });
    expect(view.transactions).toHaveLength(1);
    expect(sim.webhooks[0]?.body).toMatch(/^\{"InstitutionId":"[^"]+","Type":"Accounts\.AccountCreated"/);
  });

  it('serves a statement by its link, 403 after it expires, 404 for an unknown one', async () => {
    await withAccount();
    const outcome = requestStatement(
      sim,
      { institutionId: sim.institution.id, year: 2025, month: 12, currency: 'EUR', baseUrl: sim.url },
      emitterFor(sim, sim.institution.id),
    );
    if (outcome.kind !== 'done') throw new Error(outcome.detail);
    const uri = JSON.parse(sim.webhooks.at(-1)!.body).Payload.Uri as string;

    const fresh = await fetch(uri);
    const text = await fresh.text();
    await admin(sim, 'POST', '/__sim/clock/advance', { hours: 1, ms: 1 });
    const late = await fetch(uri);
    const unknown = await admin(sim, 'GET', '/__sim/mccy/statements/nothing.csv');

    expect(uri.startsWith(`${sim.url}/__sim/mccy/statements/`)).toBe(true);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(text).toBe(outcome.value.csv);
    expect(late.status).toBe(403);
    expect(unknown.status).toBe(404);
  });

  it('changes what the bank offers and its delays, never GBP', async () => {
    sim = await startTestSimulator();

    const changed = await admin(sim, 'PATCH', '/__sim/mccy/config', {
      offeredCurrencies: ['EUR'],
      transferSettlementMs: 0,
      statementLinkValidMs: 60_000,
    });
    const gbp = await admin(sim, 'PATCH', '/__sim/mccy/config', { offeredCurrencies: ['EUR', 'GBP'] });

    expect(await changed.json()).toMatchObject({
      offeredCurrencies: ['EUR'],
      transferSettlementMs: 0,
      statementLinkValidMs: 60_000,
    });
    expect(gbp.status).toBe(400);
  });

  it('changes the payment windows and delays, and lists the payment batches', async () => {
    sim = await startTestSimulator();

    const changed = await admin(sim, 'PATCH', '/__sim/mccy/config', {
      paymentWindowClosesAt: { EUR: '17:30' },
      paymentProcessingDelayMs: 0,
      paymentSettlementMs: 1_000,
    });
    const beforeOpening = await admin(sim, 'PATCH', '/__sim/mccy/config', {
      paymentWindowClosesAt: { CZK: '08:20' },
    });
    const gbp = await admin(sim, 'PATCH', '/__sim/mccy/config', { paymentWindowClosesAt: { GBP: '16:00' } });
    const listed = await admin(sim, 'GET', '/__sim/mccy/payments');

    expect(await changed.json()).toMatchObject({
      paymentWindowClosesAt: { EUR: '17:30', USD: '16:00', CZK: '14:00' },
      paymentProcessingDelayMs: 0,
      paymentSettlementMs: 1_000,
    });
    expect([beforeOpening.status, gbp.status]).toEqual([400, 400]);
    expect(await listed.json()).toMatchObject({ windowClosesAt: { EUR: '17:30' }, batches: [] });
  });
});
