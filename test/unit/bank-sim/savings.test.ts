import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import { balanceOf, moveMoney } from '#sim/core/ledger.js';
import { customers } from '#sim/products/customers/product.js';
import { customersV2 } from '#sim/products/customers-v2/graph.js';
import { SEEDED_CONFIGURATIONS } from '#sim/products/savings/configurations.js';
import type { BankSimulator } from '#sim/simulator.js';
import { type ChapsWorld, startChapsWorld } from './chaps-helpers.js';
import { call, resumableSimulators } from './helpers.js';

/**
 * The savings product on the simulated bank: accounts opened in the sterling book for the institution's
 * customers, nominated accounts, interest configurations, the daily accrual and its payments on the sandbox
 * clock, closure, and all of it across a snapshot. Webhooks are held to their documented schemas.
 */

const worlds: ChapsWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function started(): Promise<ChapsWorld> {
  const world = await startChapsWorld();
  worlds.push(world);
  return world;
}

function retailCustomer(sim: BankSimulator, name = 'Jane Smith'): string {
  const id = randomUUID();
  const [firstName, surname] = name.split(' ');
  sim.state.get(customers).set(id, { id, institutionId: sim.institution.id, firstName, surname } as never);
  return id;
}

function businessCustomer(sim: BankSimulator): string {
  const id = randomUUID();
  sim.state.get(customersV2).set(id, {
    id,
    institutionId: sim.institution.id,
    status: 'Active',
    type: 'LegalEntity',
    sections: { businessDetails: { registeredName: 'Acme Ltd' } },
    relatedParties: [],
  });
  return id;
}

const PRODUCT = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

async function openSavings(
  world: ChapsWorld,
  customerIds: string[],
  interestConfigurationId: string | undefined = SEEDED_CONFIGURATIONS.standard,
): Promise<Response> {
  return world.send('/v2/savings', {
    ownerName: 'Jane Smith',
    sortCode: '040004',
    productId: PRODUCT,
    customers: customerIds.map((customerId) => ({ customerId })),
    ...(interestConfigurationId && { interestConfigurationId }),
  });
}

async function opened(world: ChapsWorld, config?: string): Promise<{ accountId: string; iban: string }> {
  const response = await openSavings(world, [retailCustomer(world.sim)], config);
  expect(response.status).toBe(201);
  const { account } = (await response.json()) as { account: { accountId: string; iban: string } };
  // A savings account opens empty; a deposit a person would hold, booked at the opening, so interest is readable.
  moveMoney(world.sim.state, account.accountId, new MoneyDecimal('10000.00'), world.sim.clock.now());
  await world.webhooks();
  return account;
}

const get = async <T>(world: ChapsWorld, path: string): Promise<{ status: number; body: T }> => {
  const response = await call(world.sim, 'GET', path);
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
};
const put = (world: ChapsWorld, path: string, body: unknown) =>
  call(world.sim, 'PUT', path, { body: JSON.stringify(body) });

describe('savings accounts', () => {
  it('open single and joint accounts in the sterling book, announced and listed as savings', async () => {
    const world = await started();
    const jane = retailCustomer(world.sim);
    const john = retailCustomer(world.sim, 'John Smith');
    const joint = await openSavings(world, [jane, john]);
    expect(joint.status).toBe(201);
    const { account, halLinks } = (await joint.json()) as {
      account: Record<string, unknown>;
      halLinks: { name: string }[];
    };
    expect(account).toMatchObject({
      productId: PRODUCT,
      customers: [{ customerId: jane }, { customerId: john }],
      interestConfigurationId: SEEDED_CONFIGURATIONS.standard,
      accountName: 'Savings Account',
      ownerName: 'Jane Smith',
    });
    expect(halLinks.map((l) => l.name)).toEqual(['Account']);
    const [created] = await world.webhooks();
    expect(created).toMatchObject({
      Type: 'AccountCreated',
      Payload: {
        AccountId: account.accountId,
        AccountType: 'DepositAccount',
        LegalOwnerType: 'Personal',
        RelationshipType: 'Joint',
        Customers: [{ CustomerId: jane }, { CustomerId: john }],
      },
    });
    const listed = await get<{ accounts: Record<string, unknown>[] }>(world, '/v3/Accounts');
    expect(listed.body.accounts.find((a) => a.id === account.accountId)).toMatchObject({
      productType: 'Saving',
      accountSubType: 'SavingAccount',
    });

    const business = await openSavings(world, [businessCustomer(world.sim)]);
    expect(business.status).toBe(201);
    expect((await world.webhooks())[0]?.Payload).toMatchObject({
      LegalOwnerType: 'Business',
      RelationshipType: 'Single',
    });

    const v1 = await world.send('/v1/savings', {
      ownerName: 'Jane Smith',
      sortCode: '040004',
      productId: PRODUCT,
      customerId: jane,
    });
    expect(v1.status).toBe(201);
    expect(((await v1.json()) as { account: Record<string, unknown> }).account).toMatchObject({
      customerId: jane,
    });
  });

  it('refuse an unknown customer (404), a joint account with a business (422), an unknown configuration (422)', async () => {
    const world = await started();
    expect((await openSavings(world, [randomUUID()])).status).toBe(404);
    expect((await openSavings(world, [retailCustomer(world.sim), businessCustomer(world.sim)])).status).toBe(
      422,
    );
    expect((await openSavings(world, [retailCustomer(world.sim)], randomUUID())).status).toBe(422);
    expect(await world.webhooks()).toEqual([]);
  });

  it('set and read the nominated account, legacy or through the related accounts', async () => {
    const world = await started();
    const { accountId } = await opened(world);
    const path = `/v1/accounts/${accountId}/nominated-account`;
    expect((await get(world, path)).status).toBe(404);
    const set = await put(world, path, {
      identifier: 'GB29NWBK60161331926819',
      identifierKind: 'IBAN',
      ownerName: 'Jane Smith',
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      nominatedAccount: {
        identifier: 'GB29NWBK60161331926819',
        identifierKind: 'IBAN',
        ownerName: 'Jane Smith',
      },
    });
    const read = await get<{ nominatedAccount: Record<string, unknown> }>(world, path);
    expect(read.body.nominatedAccount).toMatchObject({
      accountId,
      identifierKind: 'IBAN',
      createdDateTime: expect.any(String),
    });

    await world.advance(1000);
    const related = await world.send(`/v1/accounts/${accountId}/related-accounts`, {
      identifier: '60161331926820',
      identifierKind: 'SCAN',
      ownerName: 'Jane Smith',
      relatedAccountType: 'Nominated',
    });
    expect(related.status).toBe(201);
    const latest = await get<{ nominatedAccount: Record<string, unknown> }>(world, path);
    expect(latest.body.nominatedAccount).toMatchObject({
      identifierKind: 'SCAN',
      identifier: '60161331926820',
    });
  });

  it('keep configurations current, future and past; future ones take effect at UK midnight', async () => {
    const world = await started();
    const { accountId } = await opened(world);
    const path = `/interest/v1/accounts/${accountId}/configurations`;
    const future = `/interest/v1/accounts/${accountId}/future-configurations`;
    const read = async () =>
      (
        await get<{
          current: { interestConfigurationId: string; effectiveFrom: string };
          future: unknown[];
          past: unknown[];
        }>(world, path)
      ).body;
    expect(await read()).toMatchObject({
      current: {
        interestConfigurationId: SEEDED_CONFIGURATIONS.standard,
        effectiveFrom: '2026-01-05',
        name: 'Easy Access Saver',
      },
      future: [],
      past: [],
    });
    expect(
      (
        await put(world, future, {
          interestConfigurations: [
            { interestConfigurationId: SEEDED_CONFIGURATIONS.daily, effectiveFrom: '2026-01-05' },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await put(world, future, {
          interestConfigurations: [
            { interestConfigurationId: SEEDED_CONFIGURATIONS.tiered, effectiveFrom: '2026-01-20' },
            { interestConfigurationId: SEEDED_CONFIGURATIONS.daily, effectiveFrom: '2026-01-08' },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await read()).future).toMatchObject([
      { effectiveFrom: '2026-01-08' },
      { effectiveFrom: '2026-01-20' },
    ]);
    // POST: current from today, until the next future one.
    const posted = await world.send(path, { interestConfigurationId: SEEDED_CONFIGURATIONS.tiered });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({
      accountId,
      interestConfigurationId: SEEDED_CONFIGURATIONS.tiered,
      effectiveFrom: '2026-01-05',
    });
    await world.setClock('2026-01-08T00:00:00Z');
    const after = await read();
    expect(after.current).toMatchObject({
      interestConfigurationId: SEEDED_CONFIGURATIONS.daily,
      effectiveFrom: '2026-01-08',
    });
    expect(after.past).toMatchObject([
      { interestConfigurationId: SEEDED_CONFIGURATIONS.tiered },
      { interestConfigurationId: SEEDED_CONFIGURATIONS.standard },
    ]);
    expect(after.future).toHaveLength(1);
    expect((await call(world.sim, 'DELETE', future)).status).toBe(204);
    expect((await read()).future).toEqual([]);

    // The bank's configuration by id, as it was on a date.
    const defined = await world.admin('POST', '/__sim/interest/configurations', {
      id: SEEDED_CONFIGURATIONS.standard,
      effectiveFrom: '2026-01-08',
      payablePeriod: 'Monthly',
      interestPaymentRoundingAlgorithm: 'Truncate',
      tierBalanceAllocation: 'Whole',
      interestRate: 4,
      tiers: [{ fromAmount: 0, toAmount: null, grossRate: 3 }],
    });
    expect(defined.status).toBe(200);
    const byId = `/interest/v1/configurations/${SEEDED_CONFIGURATIONS.standard}`;
    expect(
      (await get<{ interestConfigurations: { tiers: { grossRate: number }[] }[] }>(world, byId)).body
        .interestConfigurations[0]?.tiers[0]?.grossRate,
    ).toBe(3);
    const before = await get<{ interestConfigurations: Record<string, unknown>[] }>(
      world,
      `${byId}?effectiveAt=2026-01-07T12:00:00Z`,
    );
    expect(before.body.interestConfigurations[0]).toMatchObject({
      effectiveFrom: '2020-01-01',
      effectiveTo: '2026-01-07',
      tiers: [{ grossRate: 2.5 }],
    });
    expect((await get(world, `/interest/v1/configurations/${randomUUID()}`)).status).toBe(404);

    // The bank refuses to define tiers that overlap, and keeps the terms it had.
    const overlapping = await world.admin('POST', '/__sim/interest/configurations', {
      id: SEEDED_CONFIGURATIONS.standard,
      effectiveFrom: '2026-01-09',
      payablePeriod: 'Monthly',
      interestPaymentRoundingAlgorithm: 'Truncate',
      tierBalanceAllocation: 'Whole',
      interestRate: 4,
      tiers: [
        { fromAmount: 0, toAmount: 1000, grossRate: 3 },
        { fromAmount: 500, toAmount: null, grossRate: 4 },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(await overlapping.text()).toContain('tiers must not overlap');
  });

  it('accrue daily across a rate change and pay monthly with InterestPaid', async () => {
    const world = await started();
    const { accountId } = await opened(world);
    // 5 to 14 January at 2.5% on 10,000; from the 15th (the whole day) the guide's tiers, segregated.
    await world.setClock('2026-01-15T15:00:00Z');
    const posted = await world.send(`/interest/v1/accounts/${accountId}/configurations`, {
      interestConfigurationId: SEEDED_CONFIGURATIONS.tiered,
    });
    expect(posted.status).toBe(201);
    await world.setClock('2026-01-31T23:00:00Z');
    expect(await world.webhooks()).toEqual([]);
    await world.setClock('2026-02-01T00:00:00Z');
    const webhooks = await world.webhooks();
    expect(webhooks.map((w) => w.Type)).toEqual(['TransactionSettled', 'InterestPaid']);
    // (10 x 250 + 17 x 427.50) / 365 = 26.7602..., rounded to even by the tiered configuration.
    expect(webhooks[1]?.Payload).toMatchObject({
      Amount: 26.76,
      DestinationAccountId: accountId,
      AccrualPeriod: { Start: '2026-01-05', End: '2026-01-31' },
      TransactionId: webhooks[0]?.Payload.TransactionId,
    });
    expect(webhooks[0]?.Payload).toMatchObject({ DebitCreditCode: 'Credit', Amount: 26.76 });
    expect(world.balance(accountId)).toBe('10026.76');
  });

  it('close: interest moves to the nominated account, the account is Closed, a second closure is 409', async () => {
    const world = await started();
    const { accountId } = await opened(world);
    const nominated = await world.openAccount('Current');
    await put(world, `/v1/accounts/${accountId}/nominated-account`, {
      identifier: nominated.iban,
      identifierKind: 'IBAN',
      ownerName: 'Jane Smith',
    });
    await world.setClock('2026-01-10T10:00:00Z');
    // The customer withdrew everything; 5 to 9 January accrued 5 x 250 / 365 = 3.4246...
    moveMoney(
      world.sim.state,
      accountId,
      balanceOf(world.sim.state, accountId).amount.negated(),
      world.sim.clock.now(),
    );
    const closure = await world.send(`/v1/accounts/${accountId}/closure`, {
      closureReason: 'AccountSwitched',
    });
    expect(closure.status).toBe(202);
    expect(await closure.json()).toMatchObject({
      accountClosure: { accountId, closureReason: 'AccountSwitched', closureStatus: 'Pending' },
    });
    expect(
      (await world.send(`/v1/accounts/${accountId}/closure`, { closureReason: 'AccountSwitched' })).status,
    ).toBe(409);
    const pending = await get<{ accountClosure: Record<string, unknown> }>(
      world,
      `/v1/accounts/${accountId}/closure`,
    );
    expect(pending.body.accountClosure).toMatchObject({ accountStatus: 'Enabled', closureStatus: 'Pending' });
    await world.advance(60_000);
    const webhooks = await world.webhooks();
    expect(webhooks.map((w) => w.Type)).toEqual([
      'TransactionSettled',
      'InterestPaid',
      'AccountClosureCompleted',
    ]);
    expect(webhooks[1]?.Payload).toMatchObject({ Amount: 3.42, DestinationAccountId: nominated.id });
    expect(webhooks[2]?.Payload).toMatchObject({ AccountId: accountId, ClosureReason: 'AccountSwitched' });
    // The nominated current account opened with the sandbox's opening balance, 1,000,000.00.
    expect(world.balance(nominated.id)).toBe('1000003.42');
    const done = await get<{ accountClosure: Record<string, unknown> }>(
      world,
      `/v1/accounts/${accountId}/closure`,
    );
    expect(done.body.accountClosure).toMatchObject({
      accountStatus: 'Closed',
      closureStatus: 'Complete',
      closureFailureReasons: [],
    });
    expect((await world.send(`/v1/accounts/${accountId}/closure`, { closureReason: 'Other' })).status).toBe(
      409,
    );
    expect(
      (await world.send(`/v1/accounts/${randomUUID()}/closure`, { closureReason: 'Other' })).status,
    ).toBe(404);
  });

  it('fails a closure with a balance left and no nominated account, and may be asked again', async () => {
    const world = await started();
    const { accountId } = await opened(world);
    await world.setClock('2026-01-07T10:00:00Z');
    expect((await world.send(`/v1/accounts/${accountId}/closure`, { closureReason: 'Other' })).status).toBe(
      202,
    );
    await world.advance(60_000);
    const [failed] = await world.webhooks();
    expect(failed).toMatchObject({
      Type: 'AccountClosureFailed',
      Payload: {
        AccountId: accountId,
        ClosureReason: 'Other',
        ClosureFailureReasons: [
          `Account ${accountId} has a remaining balance of 10000.00 GBP`,
          `Account ${accountId} does not have a nominated account set`,
        ],
      },
    });
    const read = await get<{ accountClosure: Record<string, unknown> }>(
      world,
      `/v1/accounts/${accountId}/closure`,
    );
    expect(read.body.accountClosure).toMatchObject({ accountStatus: 'Enabled', closureStatus: 'Failed' });
    expect((await world.send(`/v1/accounts/${accountId}/closure`, { closureReason: 'Other' })).status).toBe(
      202,
    );
  });
});

describe('savings across a snapshot', () => {
  const sims = resumableSimulators();
  afterEach(() => sims.close());
  const start = sims.start;

  it('keeps accrual, future configurations and the daily run', async () => {
    const first = await start();
    const customerId = randomUUID();
    first.state.get(customers).set(customerId, {
      id: customerId,
      institutionId: first.institution.id,
      firstName: 'Jane',
      surname: 'Smith',
    } as never);
    const response = await call(first, 'POST', '/v2/savings', {
      body: JSON.stringify({
        ownerName: 'Jane Smith',
        sortCode: '040004',
        productId: PRODUCT,
        customers: [{ customerId }],
        interestConfigurationId: SEEDED_CONFIGURATIONS.daily,
      }),
    });
    const { account } = (await response.json()) as { account: { accountId: string } };
    moveMoney(first.state, account.accountId, new MoneyDecimal('1000000'), first.clock.now());
    await call(first, 'PUT', `/interest/v1/accounts/${account.accountId}/future-configurations`, {
      body: JSON.stringify({
        interestConfigurations: [
          { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: '2026-01-07' },
        ],
      }),
    });
    await first.setClock('2026-01-06T12:00:00Z');
    await first.idle();
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as unknown[];
    const second = await start(saved, first.clock.now().toISOString());
    expect(second.scheduled().map((task) => task.label)).toEqual(['savings interest run 2026-01-06']);
    sims.received();
    await second.setClock('2026-01-07T00:00:01Z');
    await second.idle();
    const types = sims
      .received()
      .map((w) => JSON.parse(w.body) as { Type: string; Payload: { Amount?: number } });
    // Daily at 5%: the 5th paid before the snapshot (136.98 of 136.9863..., the fraction rolled over); the
    // 6th on 1,000,136.98 is 137.0050..., with the fraction 137.0114... truncated.
    expect(types.map((w) => w.Type)).toEqual(['TransactionSettled', 'InterestPaid']);
    expect(types[1]?.Payload.Amount).toBe(137.01);
    const configs = await call(second, 'GET', `/interest/v1/accounts/${account.accountId}/configurations`);
    expect(await configs.json()).toMatchObject({
      current: { interestConfigurationId: SEEDED_CONFIGURATIONS.standard },
    });
    expect(balanceOf(second.state, account.accountId).amount.toString()).toBe(
      new MoneyDecimal('1000000').plus('136.98').plus('137.01').toString(),
    );
  });
});
