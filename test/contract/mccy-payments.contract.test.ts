import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mccyPaymentResponses } from '#shared/operations/mccy-payments/responses.js';
import { type ContractWorld, expectAnswer, startContractWorld, takeWebhooks } from './harness.js';
import { admin, call } from '../unit/bank-sim/helpers.js';

/**
 * The simulator's multi-currency payments against the bank's documented answers (`mccy-payments-v1.json`,
 * reference-digest.md lines 2152-2330; shared/operations/mccy-payments/responses.ts), its plain problem form,
 * and every `Payments.Mccy.*` webhook against its page (shared/webhooks/payloads/mccy-payments.ts, by
 * `takeWebhooks`).
 */
let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld();
});
afterAll(() => world.close());

const problem = z.strictObject({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  instance: z.string(),
});

async function expectProblem(method: string, path: string, status: number) {
  const response = await call(world.sim, method, path);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  expect(problem.safeParse(JSON.parse(text)).error?.issues ?? []).toEqual([]);
}

const address = { addressLine1: '1 Rue de Rivoli', addressLine2: 'Paris', postCode: '75001', country: 'FR' };

function payment(accountId: string, endToEndId: string, amount: number) {
  return {
    endToEndId,
    reference: `Invoice ${endToEndId}`,
    amount,
    creditor: { name: 'Marie Curie', address, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' },
    debtorName: 'Acme Ltd',
    debtorAddress: { addressLine1: '1 High St', addressLine2: 'London', postCode: 'EC1A 1BB', country: 'GB' },
    accountIdentifier: { kind: 'AccountId', identifier: accountId },
    debtorAccountCurrency: 'EUR',
  };
}

/** A EUR account funded through the simulator's admin route. */
async function fundedAccount(amount: string): Promise<string> {
  const created = await call(world.sim, 'POST', '/mccy/v2/Accounts', {
    body: JSON.stringify({
      label: 'Payments',
      owner: 'Acme Ltd',
      kind: 'YourFunds',
      currencies: ['EUR'],
      bankIdentifierCode: null,
      routingCode: null,
    }),
  });
  const { id } = (await created.json()) as { id: string };
  const funded = await admin(world.sim, 'POST', '/__sim/mccy/inbound-payments', {
    account: id,
    currency: 'EUR',
    amount,
  });
  expect(funded.status).toBe(200);
  await takeWebhooks(world);
  return id;
}

const types = (sent: { Type: string }[]) => sent.map((webhook) => webhook.Type);

describe('multi-currency payments answer as the bank documents', () => {
  it('a batch without batchId: accepted (202) and processed, as the bank takes it, though the gateway requires one', async () => {
    await world.sim.setClock('2026-01-07T10:00:00.000Z'); // Wednesday, EUR window open
    const accountId = await fundedAccount('50.00');
    const accepted = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v1/mccy/payments',
        body: { currencyCode: 'EUR', transactions: [payment(accountId, 'NO-BATCH-ID', 10)] },
      },
      202,
      mccyPaymentResponses.createMccyPayments,
    );
    expect(accepted).toEqual({ isScheduled: false });
    await world.sim.advanceClock(10_000);
    expect(types(await takeWebhooks(world))).toEqual([
      'Payments.Mccy.TransactionCreated',
      'Payments.Mccy.TransactionSettled',
    ]);
  });
  it('a batch inside the window: 202 isScheduled false, Created then Settled (or AssessmentFailed unfunded)', async () => {
    await world.sim.setClock('2026-01-06T10:00:00.000Z'); // Tuesday, EUR window open
    const accountId = await fundedAccount('150.00');
    const batchId = randomUUID();
    const accepted = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v1/mccy/payments',
        body: {
          batchId,
          currencyCode: 'EUR',
          transactions: [payment(accountId, 'PAID', 100.25), payment(accountId, 'UNFUNDED', 100)],
        },
      },
      202,
      mccyPaymentResponses.createMccyPayments,
    );
    expect(accepted).toEqual({ isScheduled: false });
    await world.sim.advanceClock(10_000);
    const sent = await takeWebhooks(world);
    expect(types(sent)).toEqual([
      'Payments.Mccy.TransactionCreated',
      'Payments.Mccy.PaymentAssessmentFailed',
      'Payments.Mccy.TransactionSettled',
    ]);
    expect(sent[1]!.Payload).toMatchObject({ BatchId: batchId, EndToEndId: 'UNFUNDED' });

    await expectProblem('DELETE', `/v1/mccy/payments/${batchId}`, 422);
  });

  it('a scheduled batch: cancelled in part before the deadline (204), refused after it (422), the rest settled', async () => {
    await world.sim.setClock('2026-01-09T18:00:00.000Z'); // Friday evening
    const accountId = await fundedAccount('1000.00');
    const batchId = randomUUID();
    const accepted = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/v1/mccy/payments',
        body: {
          batchId,
          currencyCode: 'EUR',
          transactions: [payment(accountId, 'KEEP', 10), payment(accountId, 'DROP', 20)],
        },
      },
      202,
      mccyPaymentResponses.createMccyPayments,
    );
    expect(accepted).toEqual({ isScheduled: true });

    await world.sim.setClock('2026-01-11T12:00:00.000Z'); // Sunday
    await expectAnswer(world, { method: 'DELETE', path: `/v1/mccy/payments/${batchId}/DROP` }, 204);
    const cancelled = await takeWebhooks(world);
    expect(types(cancelled)).toEqual(['Payments.Mccy.TransactionCancelled']);
    await expectProblem('DELETE', `/v1/mccy/payments/${batchId}/NOPE`, 404);
    await expectProblem('DELETE', `/v1/mccy/payments/${randomUUID()}`, 404);

    await world.sim.setClock('2026-01-12T07:30:01.000Z'); // Monday, a second past the deadline
    await expectProblem('DELETE', `/v1/mccy/payments/${batchId}`, 422);
    await expectProblem('DELETE', `/v1/mccy/payments/${batchId}/KEEP`, 422);

    await world.sim.setClock('2026-01-12T08:31:00.000Z');
    const processed = await takeWebhooks(world);
    expect(
      processed.map((webhook) => [webhook.Type, (webhook.Payload as { EndToEndId: string }).EndToEndId]),
    ).toEqual([
      ['Payments.Mccy.TransactionCreated', 'KEEP'],
      ['Payments.Mccy.TransactionSettled', 'KEEP'],
    ]);
  });

  it('a whole batch cancelled, and a debtor account the bank does not know failing validation', async () => {
    await world.sim.setClock('2026-01-09T18:00:00.000Z');
    const accountId = await fundedAccount('1000.00');
    const cancelledBatch = randomUUID();
    const unknownAccount = randomUUID();
    for (const [batchId, debtor] of [
      [cancelledBatch, accountId],
      [randomUUID(), unknownAccount],
    ] as const) {
      await expectAnswer(
        world,
        {
          method: 'POST',
          path: '/v1/mccy/payments',
          body: { batchId, currencyCode: 'EUR', transactions: [payment(debtor, 'E2E-1', 5)] },
        },
        202,
        mccyPaymentResponses.createMccyPayments,
      );
    }
    await expectAnswer(world, { method: 'DELETE', path: `/v1/mccy/payments/${cancelledBatch}` }, 204);
    await world.sim.setClock('2026-01-12T08:31:00.000Z');
    const sent = await takeWebhooks(world);
    expect(types(sent)).toEqual([
      'Payments.Mccy.TransactionCancelled',
      'Payments.Mccy.PaymentValidationFailed',
    ]);
  });

  it('refuses GBP, a malformed batch id in the path and a repeated batchId', async () => {
    const gbp = await call(world.sim, 'POST', '/v1/mccy/payments', {
      body: JSON.stringify({
        batchId: randomUUID(),
        currencyCode: 'GBP',
        transactions: [payment(randomUUID(), 'X', 1)],
      }),
    });
    expect(gbp.status).toBe(400);
    await expectProblem('DELETE', '/v1/mccy/payments/not-a-guid', 400);

    const batchId = randomUUID();
    const body = { batchId, currencyCode: 'EUR', transactions: [payment(randomUUID(), 'X', 1)] };
    await expectAnswer(
      world,
      { method: 'POST', path: '/v1/mccy/payments', body },
      202,
      mccyPaymentResponses.createMccyPayments,
    );
    const again = await call(world.sim, 'POST', '/v1/mccy/payments', { body: JSON.stringify(body) });
    expect(again.status).toBe(409);
    await takeWebhooks(world);
  });
});
