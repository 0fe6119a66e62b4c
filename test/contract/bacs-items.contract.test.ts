import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitResponses as answers } from '#shared/operations/direct-debits/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import { call } from '../unit/bank-sim/helpers.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * Bacs items at the simulator against the bank's documents: the item returns (real and virtual account) answer
 * as `v1.json` says and send `BacsDirectCreditReturnCreated` / `BacsDirectDebitReturnCreated` v4 with the money
 * back; the other side (remitting banks, service users, paying banks) sends every other Bacs item webhook through
 * `/__sim/bacs/...` and `/__sim/direct-debits/collections`, each held to its page's payload schema.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const DAY = 86_400_000;

async function admin(path: string, body: unknown, status = 201): Promise<Record<string, unknown>> {
  const response = await fetch(`${world.sim.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

async function balance(accountId: string): Promise<number> {
  const response = await call(world.sim, 'GET', `/v3/Accounts/${accountId}`);
  const body = (await response.json()) as { account: { balances: { amount: number }[] } };
  return body.account.balances[0]?.amount ?? Number.NaN;
}

async function refused(path: string, body: unknown) {
  const response = await call(world.sim, 'POST', path, { body: JSON.stringify(body) });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

async function virtualOf(accountId: string): Promise<string> {
  await expectAnswer(
    world,
    {
      method: 'POST',
      path: `/v2/Accounts/${accountId}/Virtual`,
      body: { virtualAccounts: [{ ownerName: 'Client', accountIdentifier: { externalIdentifier: 'b-1' } }] },
    },
    202,
    sterlingAccountResponses.createVirtualAccounts,
  );
  const listed = await expectAnswer(
    world,
    { method: 'GET', path: `/v2/Accounts/${accountId}/Virtual` },
    200,
    sterlingAccountResponses.listAccountVirtualAccounts,
  );
  return (listed as { accounts: { id: string }[] }).accounts[0]?.id as string;
}

describe('Bacs item returns answer and send as the bank documents', () => {
  it('a settled direct credit goes back with its money; a paid direct debit comes back with its money', async () => {
    const account = await openSterlingAccount(world);
    const other = await openSterlingAccount(world);
    const virtualId = await virtualOf(account.id);
    await takeWebhooks(world);
    const opening = await balance(account.id);

    // A remitting bank's credit to the virtual account: created on day 2, settled the next day.
    const credit = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      virtualAccountId: virtualId,
      serviceUserNumber: '223556',
      reference: 'SALARY NOV',
      amount: '125.50',
      remitter: { name: 'NATIONAL LOTTO', sortCode: '040400', accountNumber: '00003179' },
    });
    const [created] = await takeWebhooks(world);
    expect(created).toMatchObject({
      Type: 'BacsDirectCreditInboundPaymentCreated',
      Version: 2,
      Payload: { Amount: 125.5, TransactionCode: '99', BacsTransactionId: credit.id, Source: 'Bacs' },
    });
    expect(await balance(account.id)).toBe(opening);
    await world.sim.advanceClock(DAY);
    expect(await balance(account.id)).toBe(opening + 125.5);

    const virtualReturns = `/v1/Accounts/${account.id}/Virtual/${virtualId}/Transactions/Returns`;
    const realReturns = `/v1/Accounts/${account.id}/Transactions/Returns`;
    // Not the real account's item, nor another account's: refused as not found; a debit reason: 400 on it.
    expect(
      await refused(realReturns, { returns: [{ transactionId: credit.id, reasonCode: '3' }] }),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await refused(`/v1/Accounts/${other.id}/Transactions/Returns`, {
        returns: [{ transactionId: credit.id, reasonCode: '3' }],
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await refused(virtualReturns, { returns: [{ transactionId: credit.id, reasonCode: '9' }] }),
    ).toMatchObject({ status: 400, errors: { 'returns[0].reasonCode': [expect.any(String)] } });
    expect(await takeWebhooks(world)).toEqual([]);

    await expectAnswer(
      world,
      {
        method: 'POST',
        path: virtualReturns,
        body: { returns: [{ transactionId: credit.id, reasonCode: '3' }] },
      },
      202,
      answers.returnVirtualTransactions,
    );
    const [creditReturn] = await takeWebhooks(world);
    expect(creditReturn).toMatchObject({
      Type: 'BacsDirectCreditReturnCreated',
      Version: 4,
      Payload: {
        ReasonCode: '3',
        TransactionCode: 'RA',
        Amount: 125.5,
        Reference: 'SALARY NOV',
        Source: 'Api',
        OriginalBacsTransactionId: credit.id,
        OriginalBacsTransactionSun: '223556',
        ServiceUserInformation: {
          AccountName: 'NATIONAL LOTTO',
          SortCode: '040400',
          AccountNumber: '00003179',
        },
      },
    });
    expect(await balance(account.id)).toBe(opening);
    // Twice: already returned.
    expect(
      await refused(virtualReturns, { returns: [{ transactionId: credit.id, reasonCode: '3' }] }),
    ).toMatchObject({
      status: 400,
      errors: { 'returns[0].transactionId': [expect.stringContaining('returned')] },
    });

    // The return's contra never comes: BacsDebitPaymentNotSettled, the money is back in the account.
    const returnId = (creditReturn?.Payload as { BacsTransactionId: string }).BacsTransactionId;
    await admin(`/__sim/bacs/returns/${returnId}/not-settled`, {}, 200);
    const [debitNotSettled] = await takeWebhooks(world);
    expect(debitNotSettled).toMatchObject({
      Type: 'BacsDebitPaymentNotSettled',
      Version: 3,
      Payload: { TransactionCode: 'RA', Status: 'ContraNotReceived', BacsTransactionId: returnId },
    });
    expect(await balance(account.id)).toBe(opening + 125.5);

    // A direct debit collected from the real account, then returned with reason 1.
    await fetch(`${world.sim.url}/__sim/direct-debits/instructions`, {
      method: 'POST',
      body: JSON.stringify({ accountId: account.id, serviceUserNumber: '123456', reference: 'GYM 0001' }),
    });
    await takeWebhooks(world);
    await world.sim.advanceClock(4 * DAY);
    const before = await balance(account.id);
    const collection = await admin(
      '/__sim/direct-debits/collections',
      { serviceUserNumber: '123456', reference: 'GYM 0001', amount: '40.00' },
      200,
    );
    const [inboundDebit] = await takeWebhooks(world);
    const debitId = (inboundDebit?.Payload as { BacsTransactionId: string }).BacsTransactionId;
    expect(inboundDebit).toMatchObject({ Type: 'BacsDirectDebitInboundPaymentCreated', Version: 2 });
    expect((collection.collection as { bacsTransactionId: string }).bacsTransactionId).toBe(debitId);
    expect(await balance(account.id)).toBe(before - 40);
    expect(
      await refused(realReturns, { returns: [{ transactionId: debitId, reasonCode: 'C' }] }),
    ).toMatchObject({ status: 400, errors: { 'returns[0].reasonCode': [expect.any(String)] } });
    await expectAnswer(
      world,
      { method: 'POST', path: realReturns, body: { returns: [{ transactionId: debitId, reasonCode: '1' }] } },
      202,
      answers.returnTransactions,
    );
    const [debitReturn] = await takeWebhooks(world);
    expect(debitReturn).toMatchObject({
      Type: 'BacsDirectDebitReturnCreated',
      Version: 4,
      Payload: {
        ReasonCode: '1',
        TransactionCode: 'U1',
        Amount: 40,
        Reference: 'GYM 0001',
        ServiceUserNumber: '123456',
        OriginalBacsTransactionId: debitId,
        OriginalBacsTransactionSun: '123456',
      },
    });
    expect(await balance(account.id)).toBe(before);

    const debitReturnId = (debitReturn?.Payload as { BacsTransactionId: string }).BacsTransactionId;
    await admin(`/__sim/bacs/returns/${debitReturnId}/not-settled`, {}, 200);
    const [creditNotSettled] = await takeWebhooks(world);
    expect(creditNotSettled).toMatchObject({
      Type: 'BacsCreditPaymentNotSettled',
      Payload: { TransactionCode: 'U1', Status: 'ContraNotReceived' },
    });
    expect(await balance(account.id)).toBe(before - 40);
    // Unknown anywhere: not found.
    expect(
      await refused(realReturns, {
        returns: [{ transactionId: 'd61b2513-f586-43da-8b72-4f6ba2e28fea', reasonCode: '1' }],
      }),
    ).toMatchObject({ status: 404 });
  });
});

describe('the other side of Bacs sends every item webhook as its page documents', () => {
  it('held and released credits, recalls, contras and indemnity claims', async () => {
    const account = await openSterlingAccount(world);
    await takeWebhooks(world);
    const opening = await balance(account.id);

    // Held by screening at settlement, then released into the account.
    const held = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '778899',
      reference: 'INVOICE 7',
      amount: 20.5,
      hold: true,
    });
    await world.sim.advanceClock(DAY);
    expect((await takeWebhooks(world)).map((w) => w.Type)).toEqual([
      'BacsDirectCreditInboundPaymentCreated',
      'BacsDirectCreditInboundPaymentHeld',
    ]);
    expect(await balance(account.id)).toBe(opening);
    await admin(`/__sim/bacs/inbound-credits/${held.id}/release`, {}, 200);
    expect(await balance(account.id)).toBe(opening + 20.5);

    // Recalled on day 2: never reaches the account; too late once settled.
    const recalled = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '030201',
      reference: 'DCRECALLEDTEST',
      amount: '13.50',
    });
    await admin(`/__sim/bacs/inbound-credits/${recalled.id}/recall`, { recallReference: 'RECALL 1' }, 200);
    const [, recall] = await takeWebhooks(world);
    expect(recall).toMatchObject({
      Type: 'BacsDirectCreditRecalled',
      Version: 1,
      Payload: {
        Status: 'Recalled',
        TransactionType: 'DirectCredit',
        BacsTransactionId: recalled.id,
        RecallReference: 'RECALL 1',
        Amount: 13.5,
      },
    });
    await world.sim.advanceClock(DAY);
    expect(await balance(account.id)).toBe(opening + 20.5);
    await admin(`/__sim/bacs/inbound-credits/${recalled.id}/recall`, {}, 409);

    // Contras: a debit contra credits the originator's account, a credit contra debits the payer's.
    await admin('/__sim/bacs/contras', {
      accountId: account.id,
      kind: 'debit',
      serviceUserNumber: '123456',
      reference: 'CONTRA NOV',
      amount: '1000.00',
    });
    await admin('/__sim/bacs/contras', {
      accountId: account.id,
      kind: 'credit',
      serviceUserNumber: '123456',
      reference: 'PAYROLL NOV',
      amount: '400.00',
    });
    const contras = await takeWebhooks(world);
    expect(contras.map((w) => w.Type)).toEqual(['BacsDebitContraReceived', 'BacsCreditContraReceived']);
    expect(contras[0]).toMatchObject({ Version: 3, Payload: { Amount: 1000, Status: 'Processed' } });
    expect(await balance(account.id)).toBe(opening + 20.5 + 600);

    // An indemnity claim: received now, the account debited on settlement day.
    const claim = await admin('/__sim/bacs/indemnity-claims', {
      accountId: account.id,
      serviceUserNumber: '010203',
      reference: 'JADA157QWNOV2018',
      amount: '25.50',
      reasonCode: '5',
    });
    const [indemnity] = await takeWebhooks(world);
    expect(indemnity).toMatchObject({
      Type: 'BacsDirectDebitIndemnityClaimReceived',
      Version: 3,
      Payload: { ReasonCode: '5', TransactionCode: '17', BacsTransactionId: claim.bacsTransactionId },
    });
    expect(await balance(account.id)).toBe(opening + 620.5);
    await world.sim.advanceClock(DAY);
    expect(await balance(account.id)).toBe(opening + 595);

    // The admin refuses what the scheme would not carry.
    await admin(
      '/__sim/bacs/indemnity-claims',
      { accountId: account.id, serviceUserNumber: '010203', reference: 'X', amount: '1', reasonCode: '9' },
      400,
    );
  });
});
