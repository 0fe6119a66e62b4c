import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { customerResponses } from '#shared/operations/customers/responses.js';
import { savingsResponses as answers } from '#shared/operations/savings/responses.js';
import {
  accountClosureCompletedPayload,
  accountClosureFailedPayload,
  interestPaidPayload,
} from '#shared/webhooks/payloads/savings.js';
import { SEEDED_CONFIGURATIONS } from '#sim/products/savings/configurations.js';
import { admin } from '../unit/bank-sim/helpers.js';
import {
  type ContractWorld,
  expectAnswer,
  type SentWebhook,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * The simulator against the bank's documented answers for savings accounts, their closure, nominated account
 * and interest configurations (shared/operations/savings/responses.ts): each of the eleven operations once,
 * every answer parsed strictly, the documented 404 and 409 refusals, and the `AccountCreated`,
 * `InterestPaid`, `AccountClosureFailed` and `AccountClosureCompleted` webhooks against their payload records
 * (shared/webhooks/payloads/savings.ts). The harness's clock starts on Monday 2026-01-05 09:00Z
 * and its API token expires on 2026-02-01: the month end is crossed last.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const DAY = 24 * 60 * 60 * 1000;
const PRODUCT = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

/** The bank's `ProblemDetails` (the simulator adds `errors`). */
const problem = z.strictObject({
  type: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.int())),
  detail: z.optional(z.nullable(z.string())),
  instance: z.optional(z.nullable(z.string())),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

const post = (path: string, body: unknown) => ({ method: 'POST', path, body });
const put = (path: string, body: unknown) => ({ method: 'PUT', path, body });
const get = (path: string) => ({ method: 'GET', path });

async function retailCustomer(): Promise<string> {
  const { id } = await expectAnswer(
    world,
    post('/v1/customers/retail', {
      firstName: 'Jane',
      surname: 'Saver',
      dateOfBirth: '1990-02-28',
      email: 'jane.saver@example.com',
      currentAddress: {
        addressType: 'ResidentialAddress',
        countryCode: 'GBR',
        buildingNameNumber: '16',
        streetName: 'Sea Road',
        postalCode: 'N12 4NS',
      },
    }),
    201,
    customerResponses.createRetailCustomer,
  );
  return id;
}

/** The webhooks sent so far (each held to its documented payload by the harness), of `type`. */
async function webhooksOf(type: string): Promise<SentWebhook[]> {
  return (await takeWebhooks(world)).filter((webhook) => webhook.Type === type);
}

/** The payload parsed with its own record (not only through the index the harness reads). */
function parsedWith<S extends z.ZodMiniType>(schema: S, webhook: SentWebhook | undefined): z.output<S> {
  const parsed = schema.safeParse(webhook?.Payload);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data as z.output<S>;
}

let v1Account: { accountId: string; iban: string };
let v2Account: { accountId: string; iban: string };

describe('savings accounts answer as the bank documents', () => {
  it('creates v1 (customerId) and v2 (customers) accounts 201, each with AccountCreated', async () => {
    const customerId = await retailCustomer();
    const v1 = await expectAnswer(
      world,
      post('/v1/savings', {
        ownerName: 'Jane Saver',
        sortCode: '040004',
        productId: PRODUCT,
        customerId,
        interestConfigurationId: SEEDED_CONFIGURATIONS.tiered,
      }),
      201,
      answers.createSavingsAccountV1,
    );
    expect(v1.account).toMatchObject({ customerId, interestConfigurationId: SEEDED_CONFIGURATIONS.tiered });
    v1Account = v1.account;
    const [created] = await webhooksOf('AccountCreated');
    expect(created?.Payload).toMatchObject({ AccountId: v1.account.accountId });

    const v2 = await expectAnswer(
      world,
      post('/v2/savings', {
        ownerName: '',
        sortCode: '040004',
        productId: PRODUCT,
        customers: [{ customerId }],
        interestConfigurationId: SEEDED_CONFIGURATIONS.standard,
      }),
      201,
      answers.createSavingsAccount,
    );
    expect(v2.account).toMatchObject({ customers: [{ customerId }], ownerName: 'Jane Saver' });
    v2Account = v2.account;
    const [createdV2] = await webhooksOf('AccountCreated');
    expect(createdV2?.Payload).toMatchObject({ AccountId: v2.account.accountId });
  });

  it('answers the nominated account 404 before one is set, then PUT 200 and GET 200', async () => {
    const path = `/v1/accounts/${v2Account.accountId}/nominated-account`;
    await expectAnswer(world, get(path), 404, problem);
    const nominated = { identifier: v1Account.iban, identifierKind: 'IBAN', ownerName: 'Jane Saver' };
    const set = await expectAnswer(world, put(path, nominated), 200, answers.setNominatedAccount);
    expect(set.nominatedAccount).toEqual(nominated);
    const read = await expectAnswer(world, get(path), 200, answers.getNominatedAccount);
    expect(read.nominatedAccount).toMatchObject({ accountId: v2Account.accountId, ...nominated });
  });

  it('lists, changes (201), sets future (200), deletes future (204) an account’s configurations', async () => {
    const path = `/interest/v1/accounts/${v2Account.accountId}/configurations`;
    const first = await expectAnswer(world, get(path), 200, answers.getAccountInterestConfigurations);
    expect(first.current).toEqual({
      effectiveFrom: '2026-01-05',
      interestConfigurationId: SEEDED_CONFIGURATIONS.standard,
      name: 'Easy Access Saver',
    });
    const changed = await expectAnswer(
      world,
      post(path, { interestConfigurationId: SEEDED_CONFIGURATIONS.daily }),
      201,
      answers.setAccountInterestConfiguration,
    );
    expect(changed).toEqual({
      accountId: v2Account.accountId,
      interestConfigurationId: SEEDED_CONFIGURATIONS.daily,
      effectiveFrom: '2026-01-05',
    });
    const future = `/interest/v1/accounts/${v2Account.accountId}/future-configurations`;
    await expectAnswer(
      world,
      put(future, {
        interestConfigurations: [
          { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: '2026-02-01' },
          { interestConfigurationId: SEEDED_CONFIGURATIONS.tiered, effectiveFrom: '2026-03-01' },
        ],
      }),
      200,
    );
    const listed = await expectAnswer(world, get(path), 200, answers.getAccountInterestConfigurations);
    expect(listed.future?.map((item) => item.effectiveFrom)).toEqual(['2026-02-01', '2026-03-01']);
    expect(listed.current.interestConfigurationId).toBe(SEEDED_CONFIGURATIONS.daily);
    expect(listed.past?.map((item) => item.interestConfigurationId)).toEqual([
      SEEDED_CONFIGURATIONS.standard,
    ]);
    // Today is not in the future: the bank's 400 names the date.
    const refused = await expectAnswer(
      world,
      put(future, {
        interestConfigurations: [
          { interestConfigurationId: SEEDED_CONFIGURATIONS.standard, effectiveFrom: '2026-01-05' },
        ],
      }),
      400,
      problem,
    );
    expect(Object.keys(refused.errors ?? {})).toEqual(['interestConfigurations.0.effectiveFrom']);
    await expectAnswer(world, { method: 'DELETE', path: future }, 204);
    const cleared = await expectAnswer(world, get(path), 200, answers.getAccountInterestConfigurations);
    expect(cleared.future ?? []).toEqual([]);
  });

  it('reads a configuration by id now and at a past effectiveAt (200), and 404 for an unknown one', async () => {
    const path = `/interest/v1/configurations/${SEEDED_CONFIGURATIONS.tiered}`;
    const now = await expectAnswer(world, get(path), 200, answers.getInterestConfiguration);
    expect(now.interestConfigurations).toHaveLength(1);
    expect(now.interestConfigurations[0]).toMatchObject({
      id: SEEDED_CONFIGURATIONS.tiered,
      payablePeriod: 'Monthly',
      interestPaymentRoundingAlgorithm: 'ToEven',
      tierBalanceAllocation: 'Segregated',
    });
    expect(now.interestConfigurations[0]?.tiers.map((tier) => tier.grossRate)).toEqual([3, 4, 4.75]);
    const past = await expectAnswer(
      world,
      get(`${path}?effectiveAt=2025-08-18T00:00:00Z`),
      200,
      answers.getInterestConfiguration,
    );
    expect(past.interestConfigurations[0]?.effectiveFrom).toBe('2020-01-01');
    await expectAnswer(world, get(`${path}?effectiveAt=2025-08-18`), 200, answers.getInterestConfiguration);
    await expectAnswer(
      world,
      get('/interest/v1/configurations/0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d'),
      404,
      problem,
    );
  });

  it('closes: GET 200, POST 202, a second POST 409, then AccountClosureFailed for money left', async () => {
    const credited = await admin(world.sim, 'POST', `/__sim/accounts/${v1Account.accountId}/credit`, {
      amount: '7500.00',
    });
    expect(credited.status).toBe(200);
    await takeWebhooks(world);
    const path = `/v1/accounts/${v1Account.accountId}/closure`;
    const before = await expectAnswer(world, get(path), 200, answers.getAccountClosure);
    expect(before.accountClosure).toMatchObject({
      accountId: v1Account.accountId,
      accountStatus: 'Enabled',
      closureStatus: 'None',
      closureFailureReasons: [],
    });
    const accepted = await expectAnswer(
      world,
      post(path, { closureReason: 'AccountSwitched' }),
      202,
      answers.closeAccount,
    );
    expect(accepted.accountClosure).toEqual({
      accountId: v1Account.accountId,
      closureReason: 'AccountSwitched',
      closureStatus: 'Pending',
    });
    await expectAnswer(world, post(path, { closureReason: 'AccountSwitched' }), 409, problem);
    await world.sim.advanceClock(61_000);
    const [failed] = await webhooksOf('AccountClosureFailed');
    const payload = parsedWith(accountClosureFailedPayload, failed);
    expect(payload).toMatchObject({ AccountId: v1Account.accountId, ClosureReason: 'AccountSwitched' });
    expect(payload.ClosureFailureReasons.join(' ')).toContain('remaining balance');
    const after = await expectAnswer(world, get(path), 200, answers.getAccountClosure);
    expect(after.accountClosure).toMatchObject({ accountStatus: 'Enabled', closureStatus: 'Failed' });
    expect(after.accountClosure.closureFailureReasons).toEqual(payload.ClosureFailureReasons);
  });

  it('closes an empty account: AccountClosureCompleted, then the account Closed and Complete', async () => {
    const path = `/v1/accounts/${v2Account.accountId}/closure`;
    await expectAnswer(
      world,
      post(path, { closureReason: 'DissatisfiedCustomer' }),
      202,
      answers.closeAccount,
    );
    await world.sim.advanceClock(61_000);
    const [completed] = await webhooksOf('AccountClosureCompleted');
    expect(parsedWith(accountClosureCompletedPayload, completed)).toMatchObject({
      AccountId: v2Account.accountId,
      ClosureReason: 'DissatisfiedCustomer',
    });
    const after = await expectAnswer(world, get(path), 200, answers.getAccountClosure);
    expect(after.accountClosure).toMatchObject({ accountStatus: 'Closed', closureStatus: 'Complete' });
    await expectAnswer(world, post(path, { closureReason: 'Other' }), 409, problem);
  });

  it('pays a month’s interest at the month end: InterestPaid with its TransactionSettled', async () => {
    // The £7,500 paid in at the failed closure. 2026-01-05 09:00Z to 2026-02-01 10:00Z: the run at 00:00 on the 1st pays January.
    await world.sim.advanceClock(27 * DAY + 60 * 60 * 1000);
    const sent = await takeWebhooks(world);
    const paid = sent.filter((webhook) => webhook.Type === 'InterestPaid');
    expect(paid).toHaveLength(1);
    const payload = parsedWith(interestPaidPayload, paid[0]);
    expect(payload).toMatchObject({
      DestinationAccountId: v1Account.accountId,
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Credit',
      AccrualPeriod: { Start: '2026-01-05', End: '2026-01-31' },
    });
    const settled = sent.find(
      (webhook) =>
        webhook.Type === 'TransactionSettled' &&
        (webhook.Payload as { TransactionId?: string }).TransactionId === payload.TransactionId,
    );
    expect(settled).toBeDefined();
  });
});
