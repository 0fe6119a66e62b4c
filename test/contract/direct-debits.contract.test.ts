import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitResponses as answers } from '#shared/operations/direct-debits/responses.js';
import { sterlingAccountResponses } from '#shared/operations/sterling-accounts/responses.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';
import { call } from '../unit/bank-sim/helpers.js';

/**
 * The direct-debits simulator against the bank's documented answers (shared/operations/direct-debits/
 * responses.ts) and the Bacs webhook payloads (shared/webhooks/payloads/direct-debits.ts): every operation
 * once on a real and a virtual account, and every Bacs webhook the simulator sends.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const DAY = 86_400_000;

/** A refusal's problem body (with its status), checked against the bank's problem form. */
async function refused(method: string, path: string, body: unknown) {
  const response = await call(world.sim, method, path, { body: JSON.stringify(body) });
  return (await response.json()) as { status: number; detail: string; errors?: Record<string, string[]> };
}

async function admin(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${world.sim.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text);
}

describe('direct debits answer as the bank documents', () => {
  it('instructions, collections, unpaid items, unapplied credits, amend, return and cancel', async () => {
    const account = await openSterlingAccount(world);
    const other = await openSterlingAccount(world);
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v2/Accounts/${account.id}/Virtual`,
        body: {
          virtualAccounts: [{ ownerName: 'Client', accountIdentifier: { externalIdentifier: 'd-1' } }],
        },
      },
      202,
      sterlingAccountResponses.createVirtualAccounts,
    );
    await takeWebhooks(world);
    const virtuals = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Virtual` },
      200,
      sterlingAccountResponses.listAccountVirtualAccounts,
    );
    const virtualId = (virtuals as { accounts: { id: string }[] }).accounts[0]?.id as string;

    const instruction = {
      serviceUserNumber: '123456',
      originatorName: 'GYM LTD',
      reference: 'MEMBER 0001',
      payerName: 'J SMITH',
      counterpartAccount: {
        identification: { other: { identification: '60837100123456', schemeName: { code: 'BBAN' } } },
      },
    };
    const base = `/v1/Accounts/${account.id}/Mandates`;
    await expectAnswer(world, { method: 'POST', path: base, body: instruction }, 202, answers.createMandate);
    const [initiated] = await takeWebhooks(world);
    expect(initiated).toMatchObject({
      Type: 'BacsMandateInitiated',
      Payload: {
        Reference: 'MEMBER 0001',
        ServiceUserNumber: '123456',
        OriginatorInformation: { SortCode: '608371', AccountNumber: '00123456' },
        Source: 'Api',
      },
    });
    // The same service user number and reference again: the same instruction, nothing sent.
    await expectAnswer(world, { method: 'POST', path: base, body: instruction }, 202, answers.createMandate);
    expect(await takeWebhooks(world)).toEqual([]);

    const listed = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Mandates` },
      200,
      answers.listMandates,
    );
    expect(listed.directDebitMandates).toHaveLength(1);
    const mandate = listed.directDebitMandates[0];
    expect(mandate).toMatchObject({ state: 'Active', mandateType: 'PaperMandate', payerName: 'J SMITH' });
    const mandateId = mandate?.mandateId as string;

    // Collected twice: 30.00 paid, 2,000,000.00 unpaid (the account opened with 1,000,000.00).
    await world.sim.advanceClock(DAY);
    await admin('/__sim/direct-debits/collections', { mandateId, amount: '30.00' });
    await admin('/__sim/direct-debits/collections', { mandateId, amount: '2000000.00' });
    // The paying bank hears of each debit first (BacsDirectDebitInboundPaymentCreated), then of the unpaid one.
    const collected = await takeWebhooks(world);
    expect(collected.map((w) => w.Type)).toEqual([
      'BacsDirectDebitInboundPaymentCreated',
      'BacsDirectDebitInboundPaymentCreated',
      'BacsUnpaidDirectDebitReceived',
    ]);
    expect(collected[0]).toMatchObject({
      Version: 2,
      Payload: { Amount: 30, TransactionCode: '01', Reference: 'MEMBER 0001', ServiceUserNumber: '123456' },
    });
    const unpaid = collected[2];
    expect(unpaid).toMatchObject({
      Type: 'BacsUnpaidDirectDebitReceived',
      Version: 3,
      Payload: { Amount: 2000000, ReasonCode: '0', Reference: 'MEMBER 0001' },
    });
    const collections = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Mandates/${mandateId}/Collections` },
      202,
      answers.listMandateCollections,
    );
    expect(collections.mandateTransactions.map((c) => [c.amount.instructedAmount, c.status])).toEqual([
      [30, 'Paid'],
      [2000000, 'Unpaid'],
    ]);
    const accountUnpaid = await expectAnswer(
      world,
      { method: 'GET', path: `/v2/Accounts/${account.id}/Mandates/Unpaid?sun=123456` },
      200,
      answers.listAccountUnpaidDirectDebits,
    );
    expect(accountUnpaid.unpaidTransactions.map((t) => t.amount)).toEqual([2000000]);
    const byCode = await expectAnswer(
      world,
      { method: 'GET', path: `/v1/Transactions/040004/DirectDebit/Unpaid?amount=2000000.00` },
      200,
      answers.listUnpaidDirectDebits,
    );
    expect(byCode.unpaidTransactions).toHaveLength(1);

    await admin('/__sim/direct-debits/unapplied-credits', {
      accountId: account.id,
      serviceUserNumber: '654321',
      reference: 'REFUND 9',
      amount: '12.34',
      reasonCode: '5',
    });
    const [unapplied] = await takeWebhooks(world);
    expect(unapplied).toMatchObject({ Type: 'BacsUnappliedCreditReceived', Payload: { Amount: 12.34 } });
    const credits = await expectAnswer(
      world,
      { method: 'GET', path: `/v1/Transactions/040004/DirectCredit/Unapplied?reasonCode=5` },
      200,
      answers.listUnappliedDirectCredits,
    );
    expect(credits.unappliedTransactions.map((t) => t.transactionType)).toEqual(['DirectCredit']);

    // Amend moves it to the virtual account; the virtual forms then serve it.
    const virtualBban = (
      (await expectAnswer(
        world,
        { method: 'GET', path: `/v2/Accounts/${account.id}/Virtual/${virtualId}` },
        200,
        sterlingAccountResponses.getVirtualAccount,
      )) as { account: { bban: string } }
    ).account.bban;
    await expectAnswer(
      world,
      {
        method: 'PATCH',
        path: `${base}/${mandateId}`,
        body: {
          reasonCode: 'E',
          newDebtorAccount: {
            identification: { other: { identification: virtualBban, schemeName: { code: 'BBAN' } } },
          },
        },
      },
      202,
      answers.amendMandate,
    );
    const virtualBase = `/v2/Accounts/${account.id}/Virtual/${virtualId}/Mandates`;
    const virtualListed = await expectAnswer(
      world,
      { method: 'GET', path: virtualBase },
      200,
      answers.listVirtualMandates,
    );
    expect(virtualListed.directDebitMandates.map((m) => m.mandateId)).toEqual([mandateId]);
    await expectAnswer(
      world,
      { method: 'GET', path: `${virtualBase}/${mandateId}/Collections` },
      202,
      answers.listVirtualMandateCollections,
    );
    await expectAnswer(
      world,
      { method: 'GET', path: `${virtualBase}/Unpaid` },
      200,
      answers.listVirtualAccountUnpaidDirectDebits,
    );

    // Collected already: a return fails by webhook. Another account's instruction: 404 to cancel.
    const v1Virtual = `/v1/Accounts/${account.id}/Virtual/${virtualId}/Mandates/${mandateId}`;
    await expectAnswer(
      world,
      { method: 'POST', path: `${v1Virtual}/Returns`, body: { rejectionReason: '1' } },
      202,
      answers.returnVirtualMandate,
    );
    const [returnFailed] = await takeWebhooks(world);
    expect(returnFailed).toMatchObject({
      Type: 'BacsMandateReturnFailed',
      Payload: { MandateId: mandateId },
    });
    expect(
      await refused('DELETE', `/v1/Accounts/${other.id}/Mandates/${mandateId}`, { reasonCode: '1' }),
    ).toMatchObject({ status: 404, detail: expect.stringContaining(mandateId) });
    await expectAnswer(
      world,
      { method: 'DELETE', path: v1Virtual, body: { reasonCode: '1' } },
      202,
      answers.cancelVirtualMandate,
    );
    await expectAnswer(
      world,
      { method: 'DELETE', path: v1Virtual, body: { reasonCode: '1' } },
      202,
      answers.cancelVirtualMandate,
    );
    expect((await takeWebhooks(world)).map((w) => w.Type)).toEqual([
      'BacsMandateCancelled',
      'BacsMandateCancellationFailed',
    ]);

    // A fresh instruction on the virtual account, returned before any collection.
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v1/Accounts/${account.id}/Virtual/${virtualId}/Mandates`,
        body: { serviceUserNumber: '123456', reference: 'MEMBER 0002' },
      },
      202,
      answers.createVirtualMandate,
    );
    await takeWebhooks(world);
    const second = (
      await expectAnswer(world, { method: 'GET', path: virtualBase }, 200, answers.listVirtualMandates)
    ).directDebitMandates.find((m) => m.reference === 'MEMBER 0002');
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v1/Accounts/${account.id}/Virtual/${virtualId}/Mandates/${second?.mandateId}/Returns`,
        body: { rejectionReason: '2' },
      },
      202,
      answers.returnVirtualMandate,
    );
    const [returned] = await takeWebhooks(world);
    expect(returned).toMatchObject({ Type: 'BacsMandateReturned', Payload: { ReasonCode: '2' } });

    // The real account's remaining forms.
    await expectAnswer(
      world,
      { method: 'POST', path: base, body: { serviceUserNumber: '222222', reference: 'LOAN 1' } },
      202,
      answers.createMandate,
    );
    await takeWebhooks(world);
    const third = (
      await expectAnswer(
        world,
        { method: 'GET', path: `/v2/Accounts/${account.id}/Mandates` },
        200,
        answers.listMandates,
      )
    ).directDebitMandates.find((m) => m.reference === 'LOAN 1')?.mandateId;
    await expectAnswer(
      world,
      { method: 'POST', path: `${base}/${third}/Returns`, body: { rejectionReason: 'B' } },
      202,
      answers.returnMandate,
    );
    await expectAnswer(
      world,
      { method: 'DELETE', path: `${base}/${third}`, body: { reasonCode: '0' } },
      202,
      answers.cancelMandate,
    );
    expect((await takeWebhooks(world)).map((w) => w.Type)).toEqual([
      'BacsMandateReturned',
      'BacsMandateCancellationFailed',
    ]);
  });

  it('a general segregated account takes no instruction; the automated service fails one with reason F', async () => {
    const created = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v3/Accounts',
        body: {
          accountName: 'Pool',
          owner: { name: 'Acme' },
          sortCode: '040004',
          usageType: 'SegregatedPooled',
        },
      },
      201,
      sterlingAccountResponses.createAccount,
    );
    await takeWebhooks(world);
    const path = `/v1/Accounts/${created.account.id}/Mandates`;
    expect(await refused('POST', path, { serviceUserNumber: '123456', reference: 'X 1' })).toMatchObject({
      status: 400,
      errors: { accountId: [expect.stringContaining('SegregatedPooled')] },
    });
    await admin('/__sim/direct-debits/instructions', {
      accountId: created.account.id,
      serviceUserNumber: '123456',
      reference: 'X 1',
    });
    const [failed] = await takeWebhooks(world);
    expect(failed).toMatchObject({
      Type: 'BacsMandateInitiationFailed',
      Payload: { ReasonCode: 'F', Source: 'Bacs' },
    });
  });
});
