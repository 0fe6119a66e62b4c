import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * One clock in the sandbox: the test sandbox's clock stands months away from this machine's, so any time
 * the gateway took from the machine would show.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

const post = (path: string, body: unknown) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });

type Listed = { detailType: string; time: string; detail: { payload?: Record<string, unknown> } };
const listed = async (query = '') => {
  await world.sandbox.settle();
  const response = await world.gateway(`/gateway/local/events${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: Listed[] }).events;
};

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

describe('the gateway reads the sandbox clock, as the bank does', () => {
  it("stamps a payment's record, its history and its events with the sandbox's time", async () => {
    const account = await post('/v3/Accounts', {
      accountName: 'Clock',
      owner: { name: 'Acme' },
      sortCode: '040004',
    });
    expect(account.status).toBe(201);
    const { iban } = ((await account.json()) as { account: { iban: string } }).account;
    const sentAt = world.simClock.now();
    expect(Math.abs(sentAt.getTime() - Date.now())).toBeGreaterThan(86_400_000);

    const endToEndId = `clock-${randomUUID().slice(0, 8)}`;
    const payment = await post('/v3/payments/fps', {
      paymentInstructions: [
        {
          debtor: { address: '1 High Street' },
          paymentInstructionIdentification: `pi-${endToEndId}`,
          debtorAccount: { identification: { iban } },
          creditTransfers: [
            {
              paymentIdentification: { instructionIdentification: 'i-1', endToEndIdentification: endToEndId },
              amount: { instructedAmount: 1 },
              creditor: { name: 'Jane Smith' },
              creditorAccount: {
                identification: { other: { identification: '20000012345678', schemeName: { code: 'BBAN' } } },
              },
              remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'Rent' } } },
            },
          ],
        },
      ],
    });
    expect(payment.status).toBe(202);
    await world.simulator.advanceClock(60_000);
    await world.sandbox.settle();
    const settledBy = world.simClock.now();

    const record = (await (await world.gateway(`/gateway/payments/${endToEndId}`)).json()) as {
      status: string;
      createdAt: string;
      history: Array<{ to: string; at: string }>;
    };
    expect(record.status).toBe('Settled');
    expect(record.createdAt).toBe(sentAt.toISOString());
    for (const step of record.history) {
      expect(Date.parse(step.at)).toBeGreaterThanOrEqual(sentAt.getTime());
      expect(Date.parse(step.at)).toBeLessThanOrEqual(settledBy.getTime());
    }
    const events = await listed();
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(Date.parse(event.time)).toBeGreaterThanOrEqual(sentAt.getTime());
      expect(Date.parse(event.time)).toBeLessThanOrEqual(settledBy.getTime());
    }
  });

  it('filters events by `since` on the sandbox clock', async () => {
    const before = await listed();
    expect(before.length).toBeGreaterThan(0);
    const now = world.simClock.now().toISOString();
    expect(await listed(`?since=${encodeURIComponent(now)}`)).toEqual([]);
    const earlier = new Date(world.simClock.now().getTime() - 3_600_000).toISOString();
    expect(await listed(`?since=${encodeURIComponent(earlier)}`)).toHaveLength(before.length);
  });

  it('names the sandbox time and how to move it in a refusal that depends on the time', async () => {
    world.simClock.set('2026-03-03T02:20:00Z');
    const response = await post('/fx/v1/quote', {
      valueDate: '2026-03-04T00:00:00Z',
      instructedAmount: 1000,
      fixedSide: 'sell',
      sellCurrency: 'EUR',
      buyCurrency: 'USD',
      margin: 0.01,
    });
    expect(response.status).toBe(400);
    const { detail } = (await response.json()) as { detail: string };
    expect(detail).toContain('judged at 2026-03-03T02:20:00.000Z (Tuesday 3 March at 02:20 UK time)');
    expect(detail).toContain(`POST ${world.sandbox.bankUrl}/__sim/clock/advance`);
  });
});
