import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sterlingAccountResponses as answers } from '#shared/operations/sterling-accounts/responses.js';
import { testResponses } from '#shared/operations/test-responses.js';
import { fiTestEventPayload } from '#shared/webhooks/payloads/test.js';
import { type ContractWorld, expectAnswer, startContractWorld, takeWebhooks } from './harness.js';

/**
 * The simulator against the bank's documented answers (shared/operations/sterling-accounts/responses.ts)
 * and webhook payloads (shared/webhooks/payloads/): every sterling operation once, every answer and webhook
 * parsed strictly, so a simulator change that drifts from the bank fails here.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

describe('test and sterling accounts answer as the bank documents', () => {
  it('POST /v1/Test echoes the body member and sends FITestEvent with a short string', async () => {
    const answer = await expectAnswer(
      world,
      { method: 'POST', path: '/v1/Test', body: { body: 'hello world!' } },
      200,
      testResponses.postTest,
    );
    expect(answer).toEqual({ Message: 'hello world!' });
    const [event] = await takeWebhooks(world);
    expect(event?.Type).toBe('FITestEvent');
    expect(fiTestEventPayload.parse(event?.Payload)).toBe('hello world!');
  });

  it('real accounts: create, read v3 and v2, list both, amend, with AccountCreated', async () => {
    const created = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v3/Accounts',
        body: { accountName: 'Ops', owner: { name: 'Acme' }, sortCode: '040004' },
      },
      201,
      answers.createAccount,
    );
    const id = created.account.id;
    const [event] = await takeWebhooks(world);
    expect(event).toMatchObject({
      Type: 'AccountCreated',
      Payload: { AccountId: id, AccountType: 'CurrentAccount' },
    });

    const change = {
      legalOwnerType: 'Business',
      relationshipType: 'Single',
      minimumBalance: 10.5,
      ownerName: 'Acme Two',
    };
    await expectAnswer(world, { method: 'PATCH', path: `/v1/Accounts/${id}`, body: change }, 204);
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/v1/Accounts/${id}`, body: { status: 'NotProvided' } },
      204,
    );
    await expectAnswer(
      world,
      {
        method: 'PATCH',
        path: `/v1/Accounts/${id}`,
        body: { status: 'Suspended', statusReason: 'FraudThirdParty' },
      },
      204,
    );
    const read = await expectAnswer(
      world,
      { method: 'GET', path: `/v3/Accounts/${id}` },
      200,
      answers.getAccount,
    );
    expect(read.account).toMatchObject({
      label: 'Acme Two',
      legalOwnerType: 'Business',
      relationshipType: 'Single',
      minimumBalance: { amount: 10.5 },
      status: 'Suspended',
      statusReason: 'FraudThirdParty',
    });
    expect(read.halLinks.map((link) => link.name)).toEqual(['self', 'Transactions', 'Mandates']);
    await expectAnswer(world, { method: 'GET', path: `/v2/Accounts/${id}` }, 200, answers.getAccountV2);
    await expectAnswer(world, { method: 'GET', path: '/v3/Accounts' }, 200, answers.listAccounts);
    await expectAnswer(world, { method: 'GET', path: '/v2/Accounts' }, 200, answers.listAccountsV2);
  });

  it('virtual accounts: create (both outcomes), list, read, amend, disable', async () => {
    const real = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v3/Accounts',
        body: { accountName: 'Client', owner: { name: 'Acme' }, sortCode: '040004' },
      },
      201,
      answers.createAccount,
    );
    const id = real.account.id;
    const virtualAccounts = [
      { ownerName: 'Jane', accountIdentifier: { externalIdentifier: 'c-1' } },
      { ownerName: 'Wrong', accountIdentifier: { bban: 'CLRB99999912345678' } },
    ];
    const path = `/v2/Accounts/${id}/Virtual`;
    await expectAnswer(
      world,
      { method: 'POST', path, body: { virtualAccounts } },
      202,
      answers.createVirtualAccounts,
    );
    const events = await takeWebhooks(world);
    expect(events.map((event) => event.Type)).toEqual([
      'AccountCreated',
      'VirtualAccountCreated',
      'VirtualAccountCreationFailed',
    ]);
    expect(events[2]?.Payload).toMatchObject({ Errors: { AccountBbanSortCode: 'Invalid Sort Code' } });
    const virtualId = (events[1]?.Payload as { VirtualAccountId: string }).VirtualAccountId;

    await expectAnswer(world, { method: 'GET', path }, 200, answers.listAccountVirtualAccounts);
    await expectAnswer(
      world,
      { method: 'GET', path: '/v1/Accounts/Virtual' },
      200,
      answers.listVirtualAccounts,
    );
    const one = `/v1/Accounts/${id}/Virtual/${virtualId}`;
    await expectAnswer(world, { method: 'PATCH', path: one, body: { ownerName: 'Jane Two' } }, 204);
    const read = await expectAnswer(
      world,
      { method: 'GET', path: `${path}/${virtualId}` },
      200,
      answers.getVirtualAccount,
    );
    expect(read.account).toMatchObject({ name: 'Jane Two', label: 'Jane Two', status: 'Enabled' });
    expect(read.halLinks.map((link) => link.name)).toEqual(['self', 'Account', 'Transactions', 'Mandates']);
    await expectAnswer(world, { method: 'DELETE', path: one }, 204);
    expect(await takeWebhooks(world)).toEqual([]);
  });
});
