import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateIn } from '#shared/domain/end-of-day.js';
import { customerResponses } from '#shared/operations/customers/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import { sterlingExtraResponses as answers } from '#shared/operations/sterling-extras/responses.js';
import { admin, call } from '../unit/bank-sim/helpers.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * The simulator against the bank's documented answers for end-of-day balances, hub and payment accounts and
 * related accounts (shared/operations/sterling-extras/responses.ts): every operation once, each answer parsed
 * strictly, `AccountCreated` against its page, and the end-of-day balance against the ledger's history.
 * The simulator's clock starts at 2026-01-05T09:00:00Z.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const HOUR = 3_600_000;
const productId = '74b00ccf-c4ad-470c-ac29-ce57cb658527';

/** A refusal: its status and JSON body. */
async function refused(method: string, path: string, body?: unknown) {
  const response = await call(
    world.sim,
    method,
    path,
    body === undefined ? {} : { body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

async function retailCustomer(firstName: string) {
  const created = await expectAnswer(
    world,
    {
      method: 'POST',
      path: '/v1/customers/retail',
      body: {
        firstName,
        surname: 'Doe',
        dateOfBirth: '1990-02-28',
        email: 'jane@example.com',
        currentAddress: {
          addressType: 'ResidentialAddress',
          countryCode: 'GBR',
          buildingNameNumber: '16',
          streetName: 'Sea Road',
          postalCode: 'N12 4NS',
        },
      },
    },
    201,
    customerResponses.createRetailCustomer,
  );
  return created.id;
}

describe('hub and payment accounts answer as the bank documents', () => {
  it('a joint hub account: 201 HubAccount, AccountCreated with its holders, and listed by GET /v3/Accounts', async () => {
    const [jane, john] = [await retailCustomer('Jane'), await retailCustomer('John')];
    await takeWebhooks(world);
    const interestConfigurationId = 'd20b2c84-6c9e-4ebb-84ad-be9d5be97188';
    const { account } = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/accounts/sterling/v1/hub-accounts',
        body: {
          ownerName: 'Jane and John Doe',
          sortCode: '040004',
          productId,
          customers: [{ customerId: jane }, { customerId: john }],
          interestConfigurationId,
        },
      },
      201,
      answers.createHubAccount,
    );
    expect(account).toMatchObject({ ownerName: 'Jane and John Doe', interestConfigurationId, productId });
    const [event] = await takeWebhooks(world);
    expect(event).toMatchObject({
      Type: 'AccountCreated',
      Payload: {
        AccountId: account.accountId,
        AccountIdentifiers: { IBAN: account.iban, BBAN: account.bban },
        AccountType: 'DepositAccount',
        LegalOwnerType: 'Personal',
        RelationshipType: 'Joint',
        Customers: [{ CustomerId: jane }, { CustomerId: john }],
      },
    });
    const read = await expectAnswer(
      world,
      { method: 'GET', path: `/v3/Accounts/${account.accountId}` },
      200,
      sterlingAccountResponses.getAccount,
    );
    expect(read.account).toMatchObject({ productType: 'Holding', accountSubType: 'HoldingAccount' });
  });

  it('a transaction account: 201 PaymentAccount and AccountCreated without owner types', async () => {
    const jane = await retailCustomer('Jane');
    await takeWebhooks(world);
    const { account } = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/accounts/sterling/v1/payment-accounts',
        body: {
          ownerName: 'Jane Doe',
          sortCode: '040004',
          accountSubType: 'TransactionAccount',
          productId,
          customers: [{ customerId: jane }],
        },
      },
      201,
      answers.createPaymentAccount,
    );
    expect(account).toMatchObject({ accountName: 'Transaction Account', customers: [{ customerId: jane }] });
    const [event] = await takeWebhooks(world);
    expect(event).toMatchObject({
      Type: 'AccountCreated',
      Payload: { AccountType: 'CurrentAccount', LegalOwnerType: null, RelationshipType: null },
    });
  });

  it('refuses an unknown customer 404 and no holder 422, opening nothing', async () => {
    await takeWebhooks(world);
    const body = { ownerName: 'X', sortCode: '040004', productId };
    const stranger = { customerId: '5b9beca1-d9a8-40d0-bd65-0747d5959cff' };
    expect(
      await refused('POST', '/accounts/sterling/v1/hub-accounts', { ...body, customers: [stranger] }),
    ).toMatchObject({ status: 404 });
    expect(
      await refused('POST', '/accounts/sterling/v1/hub-accounts', { ...body, customers: [] }),
    ).toMatchObject({
      status: 422,
      body: { errors: { customers: [expect.any(String)] } },
    });
    expect(await takeWebhooks(world)).toEqual([]);
  });
});

describe('related accounts answer as the bank documents', () => {
  it('add 201, list 200, amend 200 with the list, remove 204; a second add of the same account 409', async () => {
    const jane = await retailCustomer('Jane');
    const { account } = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/accounts/sterling/v1/hub-accounts',
        body: { ownerName: 'Jane Doe', sortCode: '040004', productId, customers: [{ customerId: jane }] },
      },
      201,
      answers.createHubAccount,
    );
    const base = `/v1/accounts/${account.accountId}/related-accounts`;
    const nominated = {
      relatedAccountType: 'Nominated',
      identifier: 'GB77CBUK40231512245674',
      identifierKind: 'IBAN',
      ownerName: 'Jane Doe',
    };
    const added = await expectAnswer(
      world,
      { method: 'POST', path: base, body: nominated },
      201,
      answers.addRelatedAccount,
    );
    expect(added.account.relatedAccount).toMatchObject({
      relatedAccountType: 'Nominated',
      identifiers: { iban: 'GB77CBUK40231512245674', bban: 'CBUK40231512245674', scan: '40231512245674' },
    });
    expect(await refused('POST', base, { ...nominated, relatedAccountType: 'Associated' })).toMatchObject({
      status: 409,
    });
    // A related account only of a hub (or savings) account: another real account is not found.
    const plain = await openSterlingAccount(world);
    expect(await refused('GET', `/v1/accounts/${plain.id}/related-accounts`)).toMatchObject({ status: 404 });
    expect(await refused('DELETE', `${base}/GB29NWBK60161331926819`)).toMatchObject({ status: 404 });
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: base,
        body: {
          relatedAccountType: 'Associated',
          identifier: '20000012345678',
          identifierKind: 'SCAN',
          ownerName: 'Shop',
        },
      },
      201,
      answers.addRelatedAccount,
    );
    const list = await expectAnswer(world, { method: 'GET', path: base }, 200, answers.listRelatedAccounts);
    expect(list.account.relatedAccounts.map((related) => related.relatedAccountType)).toEqual([
      'Nominated',
      'Associated',
    ]);
    const amended = await expectAnswer(
      world,
      { method: 'PATCH', path: `${base}/GB77CBUK40231512245674`, body: { ownerName: 'Jane A Doe' } },
      200,
      answers.amendRelatedAccount,
    );
    expect(amended.relatedAccounts[0]?.ownerName).toBe('Jane A Doe');
    await expectAnswer(world, { method: 'DELETE', path: `${base}/GB77CBUK40231512245674` }, 204);
    const after = await expectAnswer(world, { method: 'GET', path: base }, 200, answers.listRelatedAccounts);
    expect(after.account.relatedAccounts).toHaveLength(1);
  });
});

describe('the end-of-day balance answers as the bank documents, from the ledger', () => {
  it('is the balance when the day ended in the zone: later credits are not in it', async () => {
    const opened = await openSterlingAccount(world);
    const path = (query: string) => `/accounts/sterling/v1/accounts/${opened.id}/end-of-day-balance?${query}`;
    // Opened 2026-01-05 around 09:00Z with 1,000,000.00; 100 more at 23:30Z: 5 January in London, 6 January in Tokyo.
    await world.sim.advanceClock(14.5 * HOUR);
    const credited = await admin(world.sim, 'POST', `/__sim/accounts/${opened.id}/credit`, { amount: 100 });
    expect(credited.status).toBe(200);
    await world.sim.advanceClock(2 * 24 * HOUR);

    const london = await expectAnswer(
      world,
      { method: 'GET', path: path('date=2026-01-05&timeZone=Europe/London') },
      200,
      answers.getEndOfDayBalance,
    );
    expect(london.endOfDayBalance).toEqual({ amount: 1_000_100, balanceAsOf: '2026-01-06T00:00:00.000Z' });
    const tokyo = await expectAnswer(
      world,
      { method: 'GET', path: path('date=2026-01-05&timeZone=Asia/Tokyo') },
      200,
      answers.getEndOfDayBalance,
    );
    expect(tokyo.endOfDayBalance).toEqual({ amount: 1_000_000, balanceAsOf: '2026-01-05T15:00:00.000Z' });
    const before = await expectAnswer(
      world,
      { method: 'GET', path: path('date=2026-01-04') },
      200,
      answers.getEndOfDayBalance,
    );
    expect(before.endOfDayBalance).toEqual({ amount: 0, balanceAsOf: '2026-01-05T00:00:00.000Z' });
  });

  it('answers a future date or an unknown zone 422 with the documented codes, an unknown account 404', async () => {
    const opened = await openSterlingAccount(world);
    const path = (query: string) => `/accounts/sterling/v1/accounts/${opened.id}/end-of-day-balance?${query}`;
    expect(await refused('GET', path('date=2099-01-01'))).toEqual({
      status: 422,
      body: {
        errors: [
          { code: 'DATE_INVALID', message: "The specified date '2099-01-01' is invalid or in the future." },
        ],
      },
    });
    // Kiritimati (UTC+14) is always a day ahead of Pago Pago (UTC-11): its today is Pago Pago's future.
    const today = localDateIn(world.sim.clock.now(), 'Pacific/Kiritimati');
    expect(await refused('GET', path(`date=${today}&timeZone=Pacific/Pago_Pago`))).toMatchObject({
      status: 422,
    });
    await expectAnswer(
      world,
      { method: 'GET', path: path(`date=${today}&timeZone=Pacific/Kiritimati`) },
      200,
      answers.getEndOfDayBalance,
    );
    expect(await refused('GET', path('date=2026-01-05&timeZone=Invalid/Zone'))).toEqual({
      status: 422,
      body: {
        errors: [
          {
            code: 'TIMEZONE_INVALID',
            message: "The specified timezone 'Invalid/Zone' is not a valid IANA timezone identifier.",
          },
        ],
      },
    });
    const unknown = '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b';
    expect(
      await refused('GET', `/accounts/sterling/v1/accounts/${unknown}/end-of-day-balance?date=2026-01-05`),
    ).toMatchObject({ status: 404 });
  });
});
