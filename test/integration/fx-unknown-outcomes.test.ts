import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import { fxOrderBody, fxTradeChanges, fxTreasury } from '../support/fx.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/**
 * Issue 27 row 10 (FX) on the sandbox: the bank acts on an execution or an order but answers after the
 * gateway's deadline (504), and the retry with the same key hears "an earlier attempt was processed" (202
 * already-processed). Neither is reported Executed or Accepted on that word: the quote or trade reads
 * OutcomeUnknown until the bank's own word moves it on (for an order, its held Fx.Trade.Executed). The clock
 * starts Monday 2 March 2026, 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let treasury: MccyAccount;

beforeAll(async () => {
  // A short Lambda timeout (1.5 s less its 1 s margin) lets a slow bank outlast the gateway's deadline.
  world = await testSandbox({ lambdaTimeoutMs: 1_500, bankRetry: { baseDelayMs: 10, maxDelayMs: 50 } });
  treasury = fxTreasury(world);
});
afterAll(() => world.sandbox.close());

const post = (path: string, body: unknown, key: string) =>
  world.gateway(path, jsonPost(JSON.stringify(body), { 'Idempotency-Key': key }));

/** The bank answers the next request after the gateway's deadline, but acts on it; its webhook is held. */
async function slowBankHoldingItsWebhook(): Promise<void> {
  const faults = await world.bank('/__sim/faults', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ failNext: [{ latencyMs: 800 }], nextWebhooks: ['out-of-order'] }),
  });
  expect(faults.status).toBe(200);
}

/** Waits (real time) until the bank has answered every request to `path`, the slow one too. */
async function answeredAt(path: string): Promise<void> {
  const requests = () => world.simulator.requests.filter((request) => request.path === path);
  const answered = () => requests().length > 0 && requests().every((request) => request.status !== null);
  for (let waited = 0; !answered(); waited += 20) {
    if (waited > 5_000) throw new Error(`the bank never answered ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the keyed write twice: the first answer is lost (504), the retry hears 202 already-processed. */
async function sentTwice(path: string, body: unknown): Promise<void> {
  world.simulator.clearRequests();
  const key = `fx-unknown-${randomUUID()}`;
  await slowBankHoldingItsWebhook();
  expect((await post(path, body, key)).status).toBe(504);
  await answeredAt(path);
  const again = await post(path, body, key);
  expect(again.status).toBe(202);
  expect(again.headers.get('clearway-outcome')).toBe('already-processed');
  expect(world.simulator.requests.filter((request) => request.path === path).map((r) => r.status)).toEqual([
    202, 409,
  ]);
}

const accounts = () => ({
  sellAccount: { owner: 'Acme Ltd', iban: treasury.iban },
  buyAccount: { owner: 'Acme Ltd', iban: treasury.iban },
  attestation: 'Y',
});

describe('issue 27 row 10: an FX execution or order answered "already processed"', () => {
  it('leaves the quote OutcomeUnknown, never Executed, and refuses another execution of it', async () => {
    const quoted = await post(
      '/fx/v1/quote',
      {
        valueDate: '2026-03-03T00:00:00Z',
        instructedAmount: 1000,
        fixedSide: 'sell',
        sellCurrency: 'EUR',
        buyCurrency: 'USD',
      },
      `fx-unknown-${randomUUID()}`,
    );
    expect(quoted.status).toBe(200);
    const { quoteId } = (await quoted.json()) as { quoteId: string };

    await sentTwice('/fx/v1/ExecuteQuote', { quoteId, customerInformation: accounts() });

    const read = await world.gateway(`/gateway/fx/quotes/${quoteId}`);
    expect(await read.json()).toMatchObject({
      quoteId,
      status: 'OutcomeUnknown',
      execution: { unknown: 'already-processed' },
    });
    const other = await post(
      '/fx/v1/ExecuteQuote',
      { quoteId, customerInformation: accounts() },
      `fx-unknown-${randomUUID()}`,
    );
    expect(other.status).toBe(409);
    expect(await other.text()).toContain('outcome is unknown');
    await world.bank('/__sim/webhooks/release', { method: 'POST' });
  });

  it('leaves the order’s trade OutcomeUnknown until the bank’s Fx.Trade.Executed arrives', async () => {
    const endToEndId = `fx-order-${randomUUID().slice(0, 8)}`;
    await sentTwice('/fx/v1/order', fxOrderBody(endToEndId, { sell: 'EUR', iban: treasury.iban }));
    await world.sandbox.settle();
    const trade = async () => (await world.gateway(`/gateway/fx/trades/${endToEndId}`)).json();
    expect(await trade()).toMatchObject({
      status: 'OutcomeUnknown',
      history: [{ to: 'Requested' }, { to: 'OutcomeUnknown', cause: 'no-answer' }],
    });

    await world.bank('/__sim/webhooks/release', { method: 'POST' });
    await world.sandbox.settle();
    expect(await trade()).toMatchObject({ status: 'Executed' });
    expect(await fxTradeChanges(world, endToEndId)).toEqual(['OutcomeUnknown', 'Executed']);
  });
});
