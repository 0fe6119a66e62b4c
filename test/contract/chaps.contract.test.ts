import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapsProblemDetails, chapsResponses as answers } from '#shared/operations/chaps/responses.js';
import {
  crossBorderPayment,
  customerPayment,
  inboundCustomerPayment,
  inboundInstitutionPayment,
  inboundReturnPayment,
  institutionPayment,
  PATHS,
  returnPayment,
} from '../unit/bank-sim/chaps-helpers.js';
import {
  type ContractWorld,
  expectAnswer,
  openSterlingAccount,
  startContractWorld,
  takeWebhooks,
} from './harness.js';

/**
 * The CHAPS simulator against the bank's documented answers (shared/operations/chaps/responses.ts) and webhook
 * payloads (shared/webhooks/payloads/payments.ts): each of the seven operations, each webhook they raise
 * (settled, rejected, both failures, both holds), and the documented refusals.
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const DELAY = 5_000;

const rule = (body: unknown) =>
  fetch(`${world.sim.url}/__sim/chaps/rules`, { method: 'POST', body: JSON.stringify(body) });

describe('CHAPS and GBP cross-border answer as the bank documents', () => {
  it('the seven operations, their webhooks and their refusals', async () => {
    const account = await openSterlingAccount(world);
    await takeWebhooks(world);
    const post = <S extends (typeof answers)[keyof typeof answers]>(path: string, body: unknown, schema: S) =>
      expectAnswer(world, { method: 'POST', path, body }, 202, schema);

    // Payments out: settled, rejected by rule, held by rule, failed in validation and in assessment.
    await rule({ endToEndId: 'REJECT-ME', action: 'reject' });
    await rule({ endToEndId: 'HOLD-ME', action: 'hold' });
    await rule({ endToEndId: 'INVALID', action: 'validation-failed' });
    const sent = await post(
      PATHS.customer,
      customerPayment(account.iban),
      answers.createChapsCustomerPayment,
    );
    await post(PATHS.institution, institutionPayment(account.iban), answers.createChapsInstitutionPayment);
    await post(PATHS.crossBorder, crossBorderPayment(account.iban), answers.createCrossBorderPayment);
    for (const endToEndIdentification of ['REJECT-ME', 'HOLD-ME', 'INVALID']) {
      await post(
        PATHS.customer,
        customerPayment(account.iban, { endToEndIdentification }),
        answers.createChapsCustomerPayment,
      );
    }
    await post(PATHS.customer, customerPayment('GB94BARC10201530093459'), answers.createChapsCustomerPayment);
    await world.sim.advanceClock(DELAY);
    const out = await takeWebhooks(world);
    expect(out.map((webhook) => webhook.Type).sort()).toEqual([
      'OutboundHeldTransaction',
      'PaymentMessageAssesmentFailed',
      'PaymentMessageValidationFailed',
      'TransactionRejected',
      'TransactionSettled',
      'TransactionSettled',
      'TransactionSettled',
    ]);

    // Payments in: settled, held; the other bank returns one of ours.
    await post(
      PATHS.inboundCustomer,
      inboundCustomerPayment(account.iban),
      answers.simulateInboundChapsCustomerPayment,
    );
    await post(
      PATHS.inboundInstitution,
      inboundInstitutionPayment(account.iban),
      answers.simulateInboundChapsInstitutionPayment,
    );
    const heldDebtor = {
      name: '6a41a29eafcf455493',
      postalAddress: { townName: 'Leeds', country: 'GB', postCode: 'LS1 1AA' },
    };
    await post(
      PATHS.inboundCustomer,
      inboundCustomerPayment(account.iban, { debtor: heldDebtor }),
      answers.simulateInboundChapsCustomerPayment,
    );
    await post(
      PATHS.inboundReturn,
      inboundReturnPayment((sent as { paymentId: string }).paymentId),
      answers.simulateInboundChapsReturnPayment,
    );
    const inbound = await takeWebhooks(world);
    expect(inbound.map((webhook) => webhook.Type)).toEqual([
      'TransactionSettled',
      'TransactionSettled',
      'InboundHeldTransaction',
      'TransactionSettled',
    ]);

    // The institution returns what it received.
    const receivedId = (inbound[0]?.Payload as { TransactionId: string }).TransactionId;
    await post(PATHS.return, returnPayment(receivedId), answers.createChapsReturnPayment);
    await world.sim.advanceClock(DELAY);
    expect((await takeWebhooks(world)).map((webhook) => webhook.Type)).toEqual(['TransactionSettled']);

    // Refusals: the documented problem details.
    for (const [path, body, status] of [
      [PATHS.return, returnPayment(receivedId), 400],
      [PATHS.return, returnPayment('3fa85f64-5717-4562-b3fc-2c963f66afa6'), 404],
      [PATHS.inboundReturn, inboundReturnPayment('3fa85f64-5717-4562-b3fc-2c963f66afa6'), 400],
    ] as const) {
      const refusal = await expectAnswer(world, { method: 'POST', path, body }, status, chapsProblemDetails);
      expect(refusal.title).toBeTruthy();
    }
  });
});
