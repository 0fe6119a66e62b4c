import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES_WITH_INSTITUTION_ID, webhookInstitutionId } from '#shared/webhooks/payloads/mccy-accounts.js';
import { mccyAccountResponses } from '#shared/operations/mccy-accounts/responses.js';
import { type ContractWorld, expectAnswer, takeWebhooks } from './harness.js';
import { call, startListener, startTestSimulator } from '../unit/bank-sim/helpers.js';

/**
 * The multi-currency simulator against the bank's documented answers (`mccy-accounts-v1.json`,
 * `mccy-accounts-v2.json`, `mccy-transactions-v1.json`, `mccy-statements-v1.json`,
 * `mccy-internal-transfers-v1.json`, `mccy-jpm-emulator-v1.json`; reference-digest.md lines 1572-2152 and
 * 2326-2400; the answers in shared/operations/mccy-accounts/responses.ts), its plain problem form, and the
 * envelopes of the webhooks it sends; every webhook is held to its documented payload
 * (shared/webhooks/payloads/mccy-accounts.ts) by `takeWebhooks`.
 */
let world: ContractWorld;
beforeAll(async () => {
  // The bank's InstitutionId is a GUID (the pages' payload rule); the simulator's default id is not one.
  const listener = await startListener();
  const sim = await startTestSimulator({}, { webhookUrl: listener.url, id: randomUUID() });
  world = {
    sim,
    listener,
    close: async () => {
      await sim.close();
      await listener.close();
    },
  };
});
afterAll(() => world.close());

const responses = mccyAccountResponses;
/** The bank's documented answers (shared/operations/mccy-accounts/responses.ts) and this family's problem. */
const answers = {
  createMccyAccount: responses.createMccyAccount,
  listMccyAccounts: responses.listMccyAccounts,
  account: responses.getMccyAccount,
  virtualAccount: responses.getMccyVirtualAccount,
  balances: responses.getMccyAccountBalances,
  transactions: responses.listMccyAccountTransactions,
  transaction: responses.getMccyTransaction,
  inboundPayment: responses.simulateMccyInboundPayment,
  /** The plain problem form of this family: no `errors` member. */
  problem: z.strictObject({
    type: z.string(),
    title: z.string(),
    status: z.number(),
    detail: z.string(),
    instance: z.string(),
  }),
};

interface Envelope {
  InstitutionId?: string;
  Type: string;
  Version: number;
  Payload: Record<string, unknown>;
}

/**
 * The webhooks received since the last call, each payload held to shared/webhooks/payloads/mccy-accounts.ts
 * by `takeWebhooks`, and a top-level `InstitutionId` (a GUID) exactly on the types whose page shows one.
 */
async function webhooks(): Promise<Envelope[]> {
  const sent = (await takeWebhooks(world)) as unknown as Envelope[];
  for (const webhook of sent) {
    const expected = (TYPES_WITH_INSTITUTION_ID as readonly string[]).includes(webhook.Type);
    expect('InstitutionId' in webhook, `${webhook.Type} InstitutionId on top`).toBe(expected);
    if (expected) expect(webhookInstitutionId.safeParse(webhook.InstitutionId).success).toBe(true);
  }
  return sent;
}

async function problem(method: string, path: string, status: number, body?: unknown) {
  const response = await call(
    world.sim,
    method,
    path,
    body === undefined ? {} : { body: JSON.stringify(body) },
  );
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const parsed = answers.problem.safeParse(JSON.parse(text));
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data;
}

const newAccount = {
  label: 'Treasury',
  owner: 'Eco Bank',
  kind: 'YourFunds',
  bankIdentifierCode: null,
  routingCode: null,
};

describe('multi-currency accounts answer as the bank documents', () => {
  it('accounts and virtual accounts through their lifecycles, each change with its Accounts.* webhook', async () => {
    const institutionId = world.sim.institution.id;
    const created = await expectAnswer(
      world,
      { method: 'POST', path: '/mccy/v2/Accounts', body: { ...newAccount, currencies: ['EUR', 'USD'] } },
      201,
      answers.createMccyAccount,
    );
    const id = created.id;
    expect(await webhooks()).toEqual([
      expect.objectContaining({
        InstitutionId: institutionId,
        Type: 'Accounts.AccountCreated',
        Version: 1,
        Payload: expect.objectContaining({ AccountId: id, Currencies: ['EUR', 'USD'], Status: 'Active' }),
      }),
    ]);

    const listed = await expectAnswer(
      world,
      { method: 'GET', path: '/mccy/v1/Accounts' },
      200,
      answers.listMccyAccounts,
    );
    expect(listed.accounts.map((a) => a.id)).toContain(id);
    await expectAnswer(world, { method: 'GET', path: `/mccy/v1/Accounts/${id}` }, 200, answers.account);
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/mccy/v1/Accounts/${id}`, body: { label: 'Ops', owner: 'Eco Bank plc' } },
      200,
      answers.account,
    );
    const suspended = await expectAnswer(
      world,
      {
        method: 'PATCH',
        path: `/mccy/v1/Accounts/${id}/status`,
        body: { status: 'Suspended', statusReason: 'FraudThirdParty', information: 'checking' },
      },
      200,
      answers.account,
    );
    expect(suspended).toMatchObject({ status: 'Suspended', statusReason: 'FraudThirdParty' });
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/mccy/v1/Accounts/${id}/status`, body: { status: 'Active' } },
      200,
      answers.account,
    );
    const withChf = await expectAnswer(
      world,
      { method: 'POST', path: `/mccy/v1/Accounts/${id}/currencies`, body: { currency: 'CHF' } },
      200,
      answers.account,
    );
    expect(withChf.currencies).toEqual(['EUR', 'USD', 'CHF']);
    const updates = await webhooks();
    expect(updates.map((w) => [w.Type, w.Payload.Status, w.InstitutionId])).toEqual([
      ['Accounts.AccountUpdated', 'Active', institutionId],
      ['Accounts.AccountUpdated', 'Suspended', institutionId],
      ['Accounts.AccountUpdated', 'Active', institutionId],
      ['Accounts.AccountUpdated', 'Active', institutionId],
    ]);

    const virtual = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/mccy/v1/VirtualAccounts',
        body: { accountId: id, virtualAccount: { owner: 'Joe Brown' } },
      },
      201,
      answers.virtualAccount,
    );
    const vid = virtual.id;
    await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/VirtualAccounts/${vid}` },
      200,
      answers.virtualAccount,
    );
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/mccy/v1/VirtualAccounts/${vid}`, body: { owner: 'Jane Brown' } },
      200,
      answers.virtualAccount,
    );
    await expectAnswer(
      world,
      { method: 'PATCH', path: `/mccy/v1/VirtualAccounts/${vid}/status`, body: { status: 'Suspended' } },
      200,
      answers.virtualAccount,
    );
    await expectAnswer(world, { method: 'DELETE', path: `/mccy/v1/VirtualAccounts/${vid}` }, 204);
    const closedAgain = await problem('PATCH', `/mccy/v1/VirtualAccounts/${vid}/status`, 400, {
      status: 'Active',
    });
    expect(closedAgain?.detail).toContain('closed');
    const virtualHooks = await webhooks();
    expect(virtualHooks.map((w) => [w.Type, w.Payload.Status, w.InstitutionId])).toEqual([
      ['Accounts.VirtualAccountCreated', 'Active', institutionId],
      ['Accounts.VirtualAccountUpdated', 'Active', undefined],
      ['Accounts.VirtualAccountUpdated', 'Suspended', undefined],
      ['Accounts.VirtualAccountUpdated', 'Closed', undefined],
    ]);

    await expectAnswer(
      world,
      { method: 'DELETE', path: `/mccy/v1/Accounts/${id}?accountCloseReason=Other` },
      204,
    );
    expect((await webhooks()).map((w) => [w.Type, w.Payload.Status])).toEqual([
      ['Accounts.AccountUpdated', 'Closed'],
    ]);
  });

  it('money: inbound payment, balances, internal transfers settled and cancelled, transactions, statements', async () => {
    const open = (currencies: string[]) =>
      expectAnswer(
        world,
        { method: 'POST', path: '/mccy/v2/Accounts', body: { ...newAccount, currencies } },
        201,
        answers.createMccyAccount,
      );
    const eurUsd = await open(['EUR', 'USD']);
    const eurOnly = await open(['EUR']);
    const iban = (a: { identifiers: { identifier: string }[] }) => a.identifiers[0]?.identifier as string;
    const virtual = await expectAnswer(
      world,
      {
        method: 'POST',
        path: '/mccy/v1/VirtualAccounts',
        body: { accountId: eurUsd.id, virtualAccount: { owner: 'V' } },
      },
      201,
      answers.virtualAccount,
    );
    await webhooks();

    const payment = await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v1/mccy/inboundpayment/${eurUsd.id}`,
        body: {
          instructedCurrency: 'EUR',
          instructedAmount: 150.25,
          reference: 'Funding',
          endToEndId: 'IN1',
          ultimateCreditor: { iban: iban(virtual), name: 'V' },
          ultimateDebtor: { identifier: 'DE89370400440532013000', name: 'Max Muster', address: 'Berlin' },
        },
      },
      201,
      answers.inboundPayment,
    );
    expect(payment).toMatchObject({ instructedAmount: 150.25, instructedCurrency: 'EUR', endToEndId: 'IN1' });

    const transfer = (to: string, currency: string, amount: number, endToEndId: string) =>
      expectAnswer(
        world,
        {
          method: 'POST',
          path: '/v1/mccy/internaltransfers',
          body: {
            debitAccountIban: iban(eurUsd),
            creditAccountOther: { kind: 'AccountId', identifier: to },
            instructedAmount: amount,
            instructedCurrency: currency,
            endToEndId,
            reference: 'Rebalance',
          },
        },
        202,
      );
    await transfer(eurOnly.id, 'EUR', 50, 'T1');
    const held = await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/Accounts/${eurUsd.id}/balances` },
      200,
      answers.balances,
    );
    expect(held.balances?.EUR).toEqual({ Available: 100.25, Actual: 150.25 });
    await world.sim.advanceClock(1_000);
    const settled = await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/Accounts/${eurUsd.id}/balances` },
      200,
      answers.balances,
    );
    expect(settled.balances).toEqual({
      EUR: { Available: 100.25, Actual: 100.25 },
      USD: { Available: 0, Actual: 0 },
    });
    await transfer(eurOnly.id, 'USD', 1, 'T2');
    await transfer(eurOnly.id, 'EUR', 1_000, 'T3');
    expect(
      (await webhooks()).map((w) => [w.Type, w.Payload.EndToEndId, w.Payload.CancellationCode ?? null]),
    ).toEqual([
      ['Mccy.InternalTransfers.Settled', 'T1', null],
      ['Mccy.InternalTransfers.Cancelled', 'T2', 'ValidationFailed'],
      ['Mccy.InternalTransfers.Cancelled', 'T3', 'AssessmentFailed'],
    ]);

    const listed = await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/Accounts/${eurUsd.id}/transactions?Currency=EUR&PageSize=10` },
      200,
      answers.transactions,
    );
    expect(listed.transactions?.map((t) => [t.amount, t.kind])).toEqual([
      [150.25, 'Credit'],
      [50, 'Debit'],
    ]);
    const ofVirtual = await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/VirtualAccounts/${virtual.id}/transactions?Currency=EUR` },
      200,
      answers.transactions,
    );
    expect(ofVirtual.transactions).toHaveLength(1);
    await expectAnswer(
      world,
      { method: 'GET', path: `/mccy/v1/Transactions/${payment.transactionId}` },
      200,
      answers.transaction,
    );

    // The clock is on 5 January: December may be requested.
    const period = { year: 2025, month: 12, format: 'csv', currency: 'EUR' };
    await expectAnswer(world, { method: 'POST', path: '/mccy/v1/StatementRequests', body: period }, 202);
    await expectAnswer(
      world,
      { method: 'POST', path: `/mccy/v1/StatementRequests/account/${iban(eurUsd)}`, body: period },
      202,
    );
    const statements = await webhooks();
    expect(statements.map((w) => [w.Type, w.Payload.AccountIban ?? null, w.Payload.Format])).toEqual([
      ['MCCY.Statements.InstitutionStatement', null, 'csv'],
      ['MCCY.Statements.AccountStatement', iban(eurUsd), 'csv'],
    ]);
    const download = await fetch(statements[0]?.Payload.Uri as string);
    expect(download.status).toBe(200);
    expect(await download.text()).toMatch(/^TransactionId,CreatedAt,/);
  });

  it('refuses in the plain problem form: unknown ids, a close with money, a GBP currency', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await problem('GET', `/mccy/v1/Accounts/${missing}`, 404);
    await problem('GET', `/mccy/v1/VirtualAccounts/${missing}`, 404);
    await problem('GET', `/mccy/v1/Transactions/${missing}`, 404);
    const created = await expectAnswer(
      world,
      { method: 'POST', path: '/mccy/v2/Accounts', body: { ...newAccount, currencies: ['SEK'] } },
      201,
      answers.createMccyAccount,
    );
    await expectAnswer(
      world,
      {
        method: 'POST',
        path: `/v1/mccy/inboundpayment/${created.id}`,
        body: {
          instructedCurrency: 'SEK',
          instructedAmount: 1,
          ultimateCreditor: { iban: created.identifiers[0]?.identifier, name: 'X' },
        },
      },
      201,
      answers.inboundPayment,
    );
    const closing = await problem('DELETE', `/mccy/v1/Accounts/${created.id}`, 422);
    expect(closing?.detail).toContain('SEK');
    const gbp = await problem('POST', `/mccy/v1/Accounts/${created.id}/currencies`, 400, { currency: 'GBP' });
    expect(gbp?.detail).toContain('currency');
    await webhooks();
  });
});
