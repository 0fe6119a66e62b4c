import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONFIGURATIONS } from '#sim/products/savings/configurations.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Savings end to end through the sandbox: a retail customer and a savings account on the seeded tiered
 * configuration created through the gateway, £7,500 paid in at a known time, a future-dated configuration, the
 * sandbox clock moved across the rate change and the month end, and the month's `InterestPaid` on the local bus
 * checked to the penny against the interest worked out here from the documented arithmetic (not from the
 * simulator's interest.ts), with its `TransactionSettled` crediting the account by the same amount. Then the
 * gateway's refusals, each made before anything reaches the bank.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

const PRODUCT = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
/** Monday 2 March 2026, 10:00 in London (GMT): the account opens and is paid into then. */
const OPENED_AT = '2026-03-02T10:00:00Z';
const TODAY = '2026-03-02';
/** The seeded standard configuration (2.5% on the whole balance) takes over from the 15th. */
const RATE_CHANGE = '2026-03-15';

type BusEvent = { detailType: string; detail: { payload: Record<string, unknown> } };

/** A call through the gateway; a fresh Idempotency-Key unless `key` says otherwise (null: none). */
const send = (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
/** The sandbox's clock, moved through the simulator's admin route. */
const setClock = async (to: string) => {
  const response = await world.bank('/__sim/clock/set', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await world.sandbox.settle();
};
const problemOf = async (response: Response) =>
  (await response.json()) as { detail?: string; errors?: Record<string, string[]> };

let customerId: string;
let account: { accountId: string; iban: string };

beforeAll(async () => {
  world = await testSandbox();
  await setClock(OPENED_AT);
  const customer = await send('POST', '/v1/customers/retail', {
    firstName: 'Jane',
    surname: 'Saver',
    dateOfBirth: '1990-02-28',
    email: 'jane.saver@example.org',
    currentAddress: {
      addressType: 'ResidentialAddress',
      countryCode: 'GBR',
      buildingNameNumber: '16',
      streetName: 'Sea Road',
      postalCode: 'N12 4NS',
    },
  });
  expect(customer.status).toBe(201);
  customerId = ((await customer.json()) as { id: string }).id;
  const opened = await send('POST', '/v2/savings', {
    ownerName: 'Jane Saver',
    sortCode: '040004',
    productId: PRODUCT,
    customers: [{ customerId }],
    interestConfigurationId: SEEDED_CONFIGURATIONS.tiered,
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  account = ((await opened.json()) as { account: { accountId: string; iban: string } }).account;
});
afterAll(() => world.sandbox.close());

describe('the gateway refuses bad savings requests before the bank', () => {
  const futurePath = () => `/interest/v1/accounts/${account.accountId}/future-configurations`;
  const refusedBeforeBank = async (response: Response, property: string) => {
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(Object.keys(problem.errors ?? {})).toContain(property);
    expect(world.simulator.requests).toHaveLength(0);
    return problem;
  };

  it('refuses a future configuration from today or the past (400 naming effectiveFrom)', async () => {
    for (const effectiveFrom of [TODAY, '2026-03-01', '2025-12-31']) {
      world.simulator.clearRequests();
      const response = await send(
        'PUT',
        futurePath(),
        {
          interestConfigurations: [
            { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom },
          ],
        },
        null,
      );
      await refusedBeforeBank(response, 'interestConfigurations.0.effectiveFrom');
    }
  });

  it('refuses two future configurations on one date, naming the later one', async () => {
    world.simulator.clearRequests();
    const response = await send(
      'PUT',
      futurePath(),
      {
        interestConfigurations: [
          { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: '2026-04-01' },
          { interestConfigurationId: SEEDED_CONFIGURATIONS.daily, effectiveFrom: '2026-04-01' },
        ],
      },
      null,
    );
    const problem = await refusedBeforeBank(response, 'interestConfigurations.1.effectiveFrom');
    expect(Object.keys(problem.errors ?? {})).not.toContain('interestConfigurations.0.effectiveFrom');
  });

  it('refuses an unknown closure reason (400 naming closureReason)', async () => {
    world.simulator.clearRequests();
    const response = await send('POST', `/v1/accounts/${account.accountId}/closure`, {
      closureReason: 'BoredOfSaving',
    });
    await refusedBeforeBank(response, 'closureReason');
  });

  it('refuses a savings create without an Idempotency-Key (400), v1 and v2', async () => {
    for (const [path, body] of [
      ['/v1/savings', { ownerName: 'Jane Saver', sortCode: '040004', productId: PRODUCT, customerId }],
      [
        '/v2/savings',
        { ownerName: 'Jane Saver', sortCode: '040004', productId: PRODUCT, customers: [{ customerId }] },
      ],
    ] as const) {
      world.simulator.clearRequests();
      const response = await send('POST', path, body, null);
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(await problemOf(response))).toMatch(/Idempotency-Key/i);
      expect(world.simulator.requests).toHaveLength(0);
    }
  });
});

/**
 * The documented arithmetic, worked here with decimal.js: each UK day's end balance earns, per tier, its part of
 * the balance at the tier's gross annual rate over the days of that year (ACT/365; 2026 is not a leap year). The
 * tiered configuration is Segregated (the guide's £7,500: 1,000 at 3%, 4,000 at 4%, 2,500 at 4.75%); the
 * standard one is Whole (all of it at 2.5%). Accruals stay unrounded; the payment rounds their sum to pence by
 * the rounding algorithm of the configuration the account is on when it is paid.
 */
const D = Decimal.clone({ precision: 40 });
const BALANCE = new D('7500');
const dailyOn = (parts: [amount: string, ratePercent: string][], daysInYear: number) =>
  parts.reduce(
    (sum, [amount, rate]) => sum.plus(new D(amount).times(rate).dividedBy(100).dividedBy(daysInYear)),
    new D(0),
  );

describe('a month of tiered interest, across a rate change, paid to the penny', () => {
  it('pays InterestPaid and credits the same amount with TransactionSettled', async () => {
    // The tiered configuration as the gateway reads it: the guide's tiers, Segregated, paid monthly.
    const tiered = await send(
      'GET',
      `/interest/v1/configurations/${SEEDED_CONFIGURATIONS.tiered}`,
      undefined,
      null,
    );
    expect(tiered.status).toBe(200);
    const [tieredTerms] = ((await tiered.json()) as { interestConfigurations: Record<string, unknown>[] })
      .interestConfigurations;
    expect(tieredTerms).toMatchObject({
      payablePeriod: 'Monthly',
      tierBalanceAllocation: 'Segregated',
      interestPaymentRoundingAlgorithm: 'ToEven',
      tiers: [
        { fromAmount: 0, toAmount: 1000, grossRate: 3 },
        { fromAmount: 1000, toAmount: 5000, grossRate: 4 },
        { fromAmount: 5000, toAmount: 10000, grossRate: 4.75 },
      ],
    });
    const standard = await send(
      'GET',
      `/interest/v1/configurations/${SEEDED_CONFIGURATIONS.standard}`,
      undefined,
      null,
    );
    const [standardTerms] = ((await standard.json()) as { interestConfigurations: Record<string, unknown>[] })
      .interestConfigurations;
    expect(standardTerms).toMatchObject({
      payablePeriod: 'Monthly',
      tierBalanceAllocation: 'Whole',
      tiers: [{ fromAmount: 0, toAmount: null, grossRate: 2.5 }],
    });
    const rounding = standardTerms?.interestPaymentRoundingAlgorithm;
    expect(rounding).toBe('Truncate');

    // £7,500 paid in at the known time, the day the account opened.
    const credited = await world.bank(`/__sim/accounts/${account.accountId}/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '7500.00', debtorName: 'Jane Saver', reference: 'Savings' }),
    });
    expect(credited.status).toBe(200);

    // From the 15th, the standard 2.5%.
    const future = await send(
      'PUT',
      `/interest/v1/accounts/${account.accountId}/future-configurations`,
      {
        interestConfigurations: [
          { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: RATE_CHANGE },
        ],
      },
      null,
    );
    expect(future.status, await future.clone().text()).toBe(200);

    // Across the rate change: the standard configuration is current from the 15th, the tiered one past.
    await setClock('2026-03-15T12:00:00Z');
    const configurations = await send(
      'GET',
      `/interest/v1/accounts/${account.accountId}/configurations`,
      undefined,
      null,
    );
    expect(configurations.status).toBe(200);
    expect(await configurations.json()).toMatchObject({
      current: { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: RATE_CHANGE },
      past: [{ interestConfigurationId: SEEDED_CONFIGURATIONS.tiered, effectiveFrom: TODAY }],
    });
    expect((await world.events()).filter((event) => event.detailType === 'InterestPaid')).toEqual([]);

    // Across the month end (British Summer Time from the 29th): the run at 00:00 UK on 1 April pays March.
    await setClock('2026-04-01T09:00:00Z');

    // 2 to 14 March (13 days) on the tiered terms, 15 to 31 March (17 days) on the standard ones.
    const tieredDay = dailyOn(
      [
        ['1000', '3'],
        ['4000', '4'],
        [BALANCE.minus(5000).toString(), '4.75'],
      ],
      365,
    );
    const standardDay = dailyOn([[BALANCE.toString(), '2.5']], 365);
    const accrued = tieredDay.times(13).plus(standardDay.times(17));
    const expected = accrued.toDecimalPlaces(2, rounding === 'Truncate' ? D.ROUND_DOWN : D.ROUND_HALF_EVEN);
    // (308.75 × 13 + 187.5 × 17) / 365 = 19.7294…: £19.72 truncated (to even it would be £19.73).
    expect(expected.toFixed(2)).toBe('19.72');

    const events = (await world.events()) as unknown as BusEvent[];
    const paid = events.filter(
      (event) =>
        event.detailType === 'InterestPaid' &&
        event.detail.payload.DestinationAccountId === account.accountId,
    );
    expect(paid).toHaveLength(1);
    const payload = paid[0]!.detail.payload as {
      TransactionId: string;
      Amount: number;
      AccrualPeriod: { Start: string; End: string };
    };
    expect(new D(String(payload.Amount)).toFixed(2)).toBe(expected.toFixed(2));
    expect(new D(String(payload.Amount)).equals(expected)).toBe(true);
    expect(payload.AccrualPeriod).toEqual({ Start: TODAY, End: '2026-03-31' });

    const settled = events.filter(
      (event) =>
        event.detailType === 'TransactionSettled' &&
        event.detail.payload.TransactionId === payload.TransactionId,
    );
    expect(settled).toHaveLength(1);
    expect(settled[0]!.detail.payload).toMatchObject({
      DebitCreditCode: 'Credit',
      Account: { IBAN: account.iban },
    });
    expect(new D(String(settled[0]!.detail.payload.Amount)).equals(expected)).toBe(true);
    // The account holds what was paid in and the interest.
    const balance = new D(String((settled[0]!.detail.payload.Account as { Balance: number }).Balance));
    expect(balance.equals(BALANCE.plus(expected))).toBe(true);
  });
});
