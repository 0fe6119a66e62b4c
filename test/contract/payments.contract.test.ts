import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResponses as answers } from '#shared/operations/payments/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import {
  type ContractWorld,
  expectAnswer,
  startContractWorld,
  takeWebhooks,
  openSterlingAccount,
} from './harness.js';

/**
 * The payments simulator against the bank's documented answers (shared/operations/payments/responses.ts) and
 * webhook payloads (shared/webhooks/payloads/payments.ts): every payments operation once.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const transfer = (endToEndId: string, amount: number, sortCode = '200000', reference = 'Invoice 7') => ({
  paymentIdentification: { instructionIdentification: `i-${endToEndId}`, endToEndIdentification: endToEndId },
  amount: { currency: 'GBP', instructedAmount: amount },
  creditor: { name: 'Jane Smith' },
  creditorAccount: {
    identification: { other: { identification: `${sortCode}12345678`, schemeName: { code: 'BBAN' } } },
  },
  remittanceInformation: { structured: { creditorReferenceInformation: { reference } } },
});

describe('payments answer as the bank documents', () => {
  it('send, settle, reject, read, return and the single payment', async () => {
    const created = { account: await openSterlingAccount(world) };
    const account = created.account;
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v2/Accounts/${account.id}/Virtual`,
        body: {
          virtualAccounts: [{ ownerName: 'Client', accountIdentifier: { externalIdentifier: 'c-1' } }],
        },
      },
      202,
      sterlingAccountResponses.createVirtualAccounts,
    );
    await takeWebhooks(world);
    const list = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Virtual` },
      200,
      sterlingAccountResponses.listAccountVirtualAccounts,
    );
    const virtualId = (list as { accounts: { id: string }[] }).accounts[0]?.id as string;

    // An inbound credit to the virtual account.
    const credit = await fetch(`${world.sim.url}/__sim/accounts/${account.id}/credit`, {
      method: 'POST',
      body: JSON.stringify({
        amount: '250.00',
        endToEndId: 'in-1',
        reference: 'Top up',
        virtualAccountId: virtualId,
      }),
    });
    expect(credit.status).toBe(200);
    const { transactionId: creditId } = (await credit.json()) as { transactionId: string };
    const [inbound] = await takeWebhooks(world);
    expect(inbound).toMatchObject({
      Type: 'TransactionSettled',
      Payload: { DebitCreditCode: 'Credit', Amount: 250 },
    });

    const sent = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v3/payments/fps',
        body: {
          paymentInstructions: [
            {
              debtor: { address: '1 High Street' },
              paymentInstructionIdentification: 'pi-1',
              debtorAccount: { identification: { iban: account.iban } },
              creditTransfers: [transfer('e2e-1', 10.25), transfer('e2e-2', 5, '999999', 'you scam')],
            },
          ],
        },
      },
      202,
      answers.sendFpsPayments,
    );
    expect(sent.transactions?.map((t) => t.response)).toEqual(['Accepted', 'Accepted']);
    await world.sim.advanceClock(60_000);
    const outcomes = await takeWebhooks(world);
    expect(outcomes.map((w) => w.Type).sort()).toEqual(['TransactionRejected', 'TransactionSettled']);

    const all = await expectAnswer(
      world,
      { method: 'GET', path: '/v2/Transactions' },
      200,
      answers.listTransactions,
    );
    expect(all.transactions).toHaveLength(3);
    const own = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Transactions?pageSize=1` },
      200,
      answers.listAccountTransactions,
    );
    expect(own.transactions).toHaveLength(1);
    await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Transactions/${creditId}` },
      200,
      answers.getAccountTransaction,
    );
    const virtualList = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Virtual/${virtualId}/Transactions` },
      200,
      answers.listVirtualAccountTransactions,
    );
    expect(virtualList.transactions.map((t) => t.transactionId)).toEqual([creditId]);
    await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Virtual/${virtualId}/Transactions/${creditId}` },
      200,
      answers.getVirtualAccountTransaction,
    );

    await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v3/payments/fps/return',
        body: {
          paymentReturnInstruction: { TransactionId: creditId, ReasonForReturn: 'BeneficiaryDeceased' },
        },
      },
      202,
    );
    await world.sim.advanceClock(60_000);
    const [returned] = await takeWebhooks(world);
    expect(returned).toMatchObject({
      Type: 'TransactionSettled',
      Payload: { IsReturn: true, DebitCreditCode: 'Debit' },
    });

    const single = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v2/payments/fps/singlepayment',
        body: {
          paymentInstruction: {
            debtor: {},
            debtorAccount: { identification: { iban: account.iban } },
            ultimateDebtor: { name: 'Hans Muller', address: 'Berlin' },
            ultimateDebtorAccount: { identification: { bic: 'DEUTDEFF', accountNumber: 'DE1' } },
            creditTransfer: {
              paymentIdentification: { endToEndIdentification: 'poo-1' },
              amount: { instructedAmount: 3 },
              creditor: { name: 'Jane Smith' },
              creditorAccount: { identification: { iban: 'GB94BARC10201530093459' } },
              remittanceInformation: {},
            },
          },
        },
      },
      202,
      answers.sendFpsSinglePayment,
    );
    expect(single.transaction?.response).toBe('Accepted');
    await world.sim.advanceClock(60_000);
    await takeWebhooks(world);
  });
});
