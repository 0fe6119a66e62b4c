import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerResponses as answers } from '#shared/operations/customers/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import { type ContractWorld, expectAnswer, startContractWorld, takeWebhooks } from './harness.js';

/**
 * The simulator against the bank's documented answers for retail customers and protected deposit accounts
 * (shared/operations/customers/responses.ts): every operation of the domain once, each answer parsed strictly,
 * and the `AccountCreated` webhook of a protected deposit account against its documented payload.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const address = {
  addressType: 'ResidentialAddress',
  countryCode: 'GBR',
  buildingNameNumber: '16',
  streetName: 'Sea Road',
  postalCode: 'N12 4NS',
};

describe('retail customers and protected deposit accounts answer as the bank documents', () => {
  it('create 201 {id}, amend 204, current address 201, then a flat v4 account with AccountCreated', async () => {
    const customer = {
      firstName: 'Jane',
      surname: 'Doe',
      dateOfBirth: '1990-02-28',
      email: 'jane@example.com',
      currentAddress: address,
    };
    const { id } = await expectAnswer(
      world,
      { method: 'POST', path: '/v1/customers/retail', body: customer },
      201,
      answers.createRetailCustomer,
    );
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/v1/customers/retail/${id}`, body: { surname: 'Smith' } },
      204,
    );
    await expectAnswer(
      world,
      {
        method: 'PUT',
        path: `/v1/customers/retail/${id}/currentaddress`,
        body: { ...address, buildingNameNumber: '2' },
      },
      201,
    );

    const account = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v4/Accounts',
        body: { sortCode: '040004', productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6', customerId: id },
      },
      201,
      answers.createProtectedDepositAccount,
    );
    expect(account).toMatchObject({
      customerId: id,
      name: 'Current Account',
      label: 'Jane Smith',
      minimumBalance: 0,
    });
    const [event] = await takeWebhooks(world);
    expect(event).toMatchObject({
      Type: 'AccountCreated',
      Payload: { AccountId: account.id, AccountType: 'CurrentAccount', Customers: [{ CustomerId: id }] },
    });

    // The same account in the sterling accounts' book, in the v3 representation.
    const read = await expectAnswer(
      world,
      { method: 'GET', path: `/v3/Accounts/${account.id}` },
      200,
      sterlingAccountResponses.getAccount,
    );
    expect(read.account).toMatchObject({ iban: account.iban, productType: 'Current' });
  });
});
