import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  paymentMessageAssesmentFailedPayload,
  paymentMessageValidationFailedPayload,
  transactionRejectedPayload,
  transactionSettledPayload,
} from '#shared/webhooks/payloads/payments.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * The simulator's payment webhooks, member for member as the bank's pages document them (the strict payload
 * schemas), and the two failure webhooks moving the gateway's payment record. One sandbox for the file.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string; iban: string };
let other: { id: string; iban: string };
let virtualId: string;

type Payload = Record<string, unknown>;
type Event = { detailType: string; detail: { payload?: Payload } };

const json = (method: string, body?: unknown, key: string | null = randomUUID()): RequestInit => ({
  method,
  headers: {
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...(key !== null && { 'idempotency-key': key }),
  },
  ...(body !== undefined && { body: JSON.stringify(body) }),
});
const read = async <T>(path: string): Promise<T> => {
  const response = await world.gateway(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const admin = (path: string, body: unknown, method = 'POST') =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const balanceOf = async (id: string) =>
  (await read<{ account: { balances: { amount: number }[] } }>(`/v3/Accounts/${id}`)).account.balances[0]
    ?.amount;

async function openAccount(name: string) {
  const response = await world.gateway(
    '/v3/Accounts',
    json('POST', { accountName: name, owner: { name: 'Acme' }, sortCode: '040004' }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { account: { id: string; iban: string } }).account;
}

const transfer = (
  endToEndId: string,
  amount: number,
  options: { sortCode?: string; name?: string; iban?: string } = {},
) => ({
  paymentIdentification: { instructionIdentification: `i-${endToEndId}`, endToEndIdentification: endToEndId },
  amount: { instructedAmount: amount },
  creditor: { name: options.name ?? 'Jane Smith' },
  creditorAccount: {
    identification:
      options.iban !== undefined
        ? { iban: options.iban }
        : {
            other: {
              identification: `${options.sortCode ?? '200000'}12345678`,
              schemeName: { code: 'BBAN' },
            },
          },
  },
  remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'Invoice 7' } } },
});
const sendFps = async (transfers: unknown[]) => {
  const response = await world.gateway(
    '/v3/payments/fps',
    json('POST', {
      paymentInstructions: [
        {
          debtor: { address: '1 High Street' },
          paymentInstructionIdentification: 'pi-1',
          debtorAccount: { identification: { iban: account.iban } },
          creditTransfers: transfers,
        },
      ],
    }),
  );
  expect(response.status).toBe(202);
  return { requestId: response.headers.get('x-request-id') as string, body: await response.json() };
};

/** The newest payload of a type matching `where`, checked strictly against its documented schema. */
async function webhookPayload(type: string, schema: z.ZodMiniType, where: (p: Payload) => boolean) {
  const events = (await world.events()) as unknown as Event[];
  const payload = events
    .filter((event) => event.detailType === type)
    .map((event) => event.detail.payload ?? {})
    .reverse()
    .find(where);
  expect(payload, type).toBeDefined();
  const parsed = schema.safeParse(payload);
  expect(parsed.error?.issues ?? [], JSON.stringify(payload)).toEqual([]);
  return payload as Payload;
}
const recordOf = (endToEndId: string) =>
  read<{ status: string; history: unknown[] }>(`/gateway/payments/${endToEndId}`);

beforeAll(async () => {
  world = await testSandbox();
  account = await openAccount('Ops');
  other = await openAccount('Other');
  const created = await world.gateway(
    `/v2/Accounts/${account.id}/Virtual`,
    json('POST', {
      virtualAccounts: [{ ownerName: 'Client One', accountIdentifier: { externalIdentifier: 'c-1' } }],
    }),
  );
  expect(created.status).toBe(202);
  const list = await read<{ accounts: { id: string }[] }>(`/v2/Accounts/${account.id}/Virtual`);
  virtualId = list.accounts[0]?.id as string;
});
afterAll(() => world.sandbox.close());

describe('payment webhooks as the bank documents them', () => {
  it('TransactionSettled: a real account with its balance as a JSON number (as the page shows it), the FPID, the screening result', async () => {
    await sendFps([transfer('pw-settle-1', 12.5)]);
    await world.simulator.advanceClock(60_000);
    const payload = await webhookPayload(
      'TransactionSettled',
      transactionSettledPayload,
      (p) => p.EndToEndTransactionId === 'pw-settle-1',
    );
    expect(payload).toMatchObject({
      Status: 'Settled',
      Scheme: 'FasterPayments',
      Amount: 12.5,
      CurrencyCode: 'GBP',
      DebitCreditCode: 'Debit',
      IsReturn: false,
      Account: { IBAN: account.iban, Balance: expect.any(Number) },
      CounterpartAccount: { BBAN: '20000012345678', OwnerName: 'Jane Smith', InstitutionName: null },
      SupplementaryData: [{ Name: 'AbusiveMessageScreeningResult', Value: 'Pass' }],
    });
    // The counterpart has no IBAN here: the page marks it optional, so it is absent rather than null.
    expect(payload.CounterpartAccount).not.toHaveProperty('IBAN');
    expect(payload.ActualEndToEndTransactionId).not.toBe('pw-settle-1');
    expect((await recordOf('pw-settle-1')).status).toBe('Settled');
  });

  it('TransactionRejected: a code from the page’s CancellationCode list, the money back', async () => {
    const before = (await balanceOf(account.id)) as number;
    await sendFps([transfer('pw-reject-1', 3, { sortCode: '999999' })]);
    await world.simulator.advanceClock(60_000);
    const payload = await webhookPayload(
      'TransactionRejected',
      transactionRejectedPayload,
      (p) => p.EndToEndTransactionId === 'pw-reject-1',
    );
    expect(payload).toMatchObject({
      Status: 'Rejected',
      CancellationCode: 'AC03',
      Account: { IBAN: account.iban },
    });
    expect(await balanceOf(account.id)).toBe(before);
    expect((await recordOf('pw-reject-1')).status).toBe('Rejected');
  });

  it('PaymentMessageValidationFailed: a creditor IBAN of the wrong length fails after the 202', async () => {
    const before = (await balanceOf(account.id)) as number;
    const sent = await sendFps([
      transfer('pw-valid-1', 4, { iban: 'GB94BARC1020153009345' }),
      transfer('pw-valid-2', 1),
    ]);
    expect(sent.body).toMatchObject({ transactions: [{ response: 'Accepted' }, { response: 'Accepted' }] });
    expect((await recordOf('pw-valid-1')).status).toBe('Accepted');
    await world.simulator.advanceClock(60_000);
    const payload = await webhookPayload(
      'PaymentMessageValidationFailed',
      paymentMessageValidationFailedPayload,
      (p) => p.MessageId === sent.requestId,
    );
    expect(payload).toMatchObject({
      PaymentMethodType: 'FasterPayments',
      ValidationFailure: [
        { EndToEndId: 'pw-valid-1', Reasons: ['Payments-0[0].Creditor IBAN - must match regex pattern'] },
      ],
      AccountIdentification: {
        Debtor: { IBAN: account.iban },
        Creditors: [
          { Amount: 4, CurrencyCode: 'GBP', IBAN: 'GB94BARC1020153009345', AccountName: 'Jane Smith' },
        ],
      },
    });
    expect((await recordOf('pw-valid-1')).status).toBe('ValidationFailed');
    expect((await recordOf('pw-valid-2')).status).toBe('Settled');
    expect(await balanceOf(account.id)).toBe(before - 1);
  });

  it('sends one failure per instruction, and the gateway keeps both apart though they share the MessageId', async () => {
    const response = await world.gateway(
      '/v3/payments/fps',
      json('POST', {
        paymentInstructions: [account, other].map((debtor, index) => ({
          debtor: { address: '1 High Street' },
          paymentInstructionIdentification: `pi-${index}`,
          debtorAccount: { identification: { iban: debtor.iban } },
          creditTransfers: [transfer(`pw-two-${index}`, 2, { iban: 'GB00' })],
        })),
      }),
    );
    expect(response.status).toBe(202);
    await world.simulator.advanceClock(60_000);
    const events = (await world.events()) as unknown as Event[];
    const failures = events.filter(
      (event) =>
        event.detailType === 'PaymentMessageValidationFailed' &&
        event.detail.payload?.MessageId === response.headers.get('x-request-id'),
    );
    expect(failures).toHaveLength(2);
    expect((await recordOf('pw-two-0')).status).toBe('ValidationFailed');
    expect((await recordOf('pw-two-1')).status).toBe('ValidationFailed');
  });

  it('PaymentMessageAssesmentFailed: a creditor sort code set as not registered to the scheme', async () => {
    expect(
      (await admin('/__sim/payments/config', { unregisteredSortCodes: ['123456'] }, 'PATCH')).status,
    ).toBe(200);
    const before = (await balanceOf(account.id)) as number;
    const sent = await sendFps([transfer('pw-assess-1', 6, { sortCode: '123456' })]);
    expect(await balanceOf(account.id)).toBe(before - 6);
    await world.simulator.advanceClock(60_000);
    const payload = await webhookPayload(
      'PaymentMessageAssesmentFailed',
      paymentMessageAssesmentFailedPayload,
      (p) => p.MessageId === sent.requestId,
    );
    expect(payload).toMatchObject({
      PaymentMethodType: 'FasterPayments',
      AssesmentFailure: [
        { EndToEndId: 'pw-assess-1', Reasons: [expect.stringContaining('InboundSchemeNotAccepted')] },
      ],
      AccountIdentification: {
        Debtor: { IBAN: account.iban },
        Creditors: [{ Amount: 6, IBAN: null, BBAN: '12345612345678' }],
      },
    });
    const record = await recordOf('pw-assess-1');
    expect(record.status).toBe('AssessmentFailed');
    expect(await balanceOf(account.id)).toBe(before);
  });
});

describe('an inbound credit to a virtual account', () => {
  it('is refused 404 for a virtual account of another account', async () => {
    const response = await admin(`/__sim/accounts/${other.id}/credit`, {
      amount: '5.00',
      virtualAccountId: virtualId,
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(virtualId);
  });

  it('settles to the virtual account (no balance in the webhook) and shows in its transaction reads', async () => {
    const before = (await balanceOf(account.id)) as number;
    const response = await admin(`/__sim/accounts/${account.id}/credit`, {
      amount: '25.00',
      endToEndId: 'pw-in-1',
      virtualAccountId: virtualId,
    });
    expect(response.status).toBe(200);
    const { transactionId } = (await response.json()) as { transactionId: string };
    const payload = await webhookPayload(
      'TransactionSettled',
      transactionSettledPayload,
      (p) => p.EndToEndTransactionId === 'pw-in-1',
    );
    expect(payload).toMatchObject({ DebitCreditCode: 'Credit', Amount: 25 });
    expect(payload.Account).not.toHaveProperty('Balance');
    expect(payload).not.toHaveProperty('SupplementaryData');
    expect(await balanceOf(account.id)).toBe(before + 25);

    const list = await read<{ transactions: { transactionId: string }[] }>(
      `/v2/Accounts/${account.id}/Virtual/${virtualId}/Transactions`,
    );
    expect(list.transactions.map((t) => t.transactionId)).toEqual([transactionId]);
    await read(`/v2/Accounts/${account.id}/Virtual/${virtualId}/Transactions/${transactionId}`);
    expect((await recordOf('pw-in-1')).status).toBe('Settled');
  });
});
