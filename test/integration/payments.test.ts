import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/** Payments end to end through the sandbox: one sandbox for the file. */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string; iban: string };
let poorAccount: { id: string; iban: string };

const send = (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== null && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const get = async <T>(path: string): Promise<T> => {
  const response = await world.gateway(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const admin = (path: string, body: unknown, method = 'POST') =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const balanceOf = async (id: string) =>
  (await get<{ account: { balances: { amount: number }[] } }>(`/v3/Accounts/${id}`)).account.balances[0]
    ?.amount;

type Summary = { transactionId: string; endToEndIdentifier: string; debitCreditCode: string; status: string };
type Event = { detailType: string; detail: { key?: string; payload?: Record<string, unknown> } };

async function openAccount(name: string) {
  const response = await send('POST', '/v3/Accounts', {
    accountName: name,
    owner: { name: 'Acme' },
    sortCode: '040004',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { account: { id: string; iban: string } }).account;
}

const transfer = (endToEndId: string, amount: number, sortCode = '200000', reference = 'Invoice 7') => ({
  paymentIdentification: { instructionIdentification: `i-${endToEndId}`, endToEndIdentification: endToEndId },
  amount: { instructedAmount: amount },
  creditor: { name: 'A creditor whose name is much longer than thirty-five characters' },
  creditorAccount: {
    identification: { other: { identification: `${sortCode}12345678`, schemeName: { code: 'BBAN' } } },
  },
  remittanceInformation: { structured: { creditorReferenceInformation: { reference } } },
});
const instruction = (iban: string, id: string, transfers: unknown[]) => ({
  debtor: { address: '1 High Street' },
  paymentInstructionIdentification: id,
  debtorAccount: { identification: { iban } },
  creditTransfers: transfers,
});

beforeAll(async () => {
  world = await testSandbox();
  expect((await admin('/__sim/payments/config', { openingBalance: '100.00' }, 'PATCH')).status).toBe(200);
  poorAccount = await openAccount('Poor');
  expect((await admin('/__sim/payments/config', { openingBalance: '1000000.00' }, 'PATCH')).status).toBe(200);
  account = await openAccount('Rich');
});
afterAll(() => world.sandbox.close());

describe('instant payments through the sandbox', () => {
  it('accepts one instruction and refuses the other for InsufficientFunds; settles on the clock', async () => {
    expect(await balanceOf(poorAccount.id)).toBe(100);
    const response = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [
        instruction(account.iban, 'pi-1', [
          transfer('it-e2e-1', 40.5),
          transfer('it-e2e-2', 9.5, '200000', 'a scam ref'),
        ]),
        instruction(poorAccount.iban, 'pi-2', [transfer('it-e2e-3', 100.01)]),
      ],
    });
    expect(response.status).toBe(202);
    const body = (await response.json()) as {
      transactions: { endToEndIdentification: string; response: string }[];
    };
    expect(body.transactions).toEqual([
      { endToEndIdentification: 'it-e2e-1', response: 'Accepted' },
      { endToEndIdentification: 'it-e2e-2', response: 'Accepted' },
      { endToEndIdentification: 'it-e2e-3', response: 'InsufficientFunds' },
    ]);
    expect(await balanceOf(account.id)).toBe(999950);
    expect(await balanceOf(poorAccount.id)).toBe(100);

    await world.simulator.advanceClock(60_000);
    const settled = ((await world.events()) as unknown as Event[]).filter(
      (event) => event.detailType === 'TransactionSettled',
    );
    const payloads = settled.map((event) => event.detail.payload ?? {});
    const first = payloads.find((p) => p.EndToEndTransactionId === 'it-e2e-1');
    expect(first).toMatchObject({
      DebitCreditCode: 'Debit',
      Reference: 'Invoice 7',
      SupplementaryData: [{ Name: 'AbusiveMessageScreeningResult', Value: 'Pass' }],
    });
    expect((first?.CounterpartAccount as { OwnerName: string }).OwnerName).toHaveLength(35);
    expect(payloads.find((p) => p.EndToEndTransactionId === 'it-e2e-2')).toMatchObject({
      Reference: '',
      SupplementaryData: [
        { Name: 'AbusiveMessageScreeningResult', Value: 'Fail' },
        { Name: 'AbusiveMessageScreeningIdentifiers', Value: expect.any(String) },
      ],
    });
  });

  it('returns the money of a payment to an unreachable sort code (TransactionRejected)', async () => {
    const before = await balanceOf(account.id);
    const response = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [instruction(account.iban, 'pi-3', [transfer('it-e2e-4', 7, '999999')])],
    });
    expect(response.status).toBe(202);
    expect(await balanceOf(account.id)).toBe((before as number) - 7);
    await world.simulator.advanceClock(60_000);
    const rejected = ((await world.events()) as unknown as Event[]).filter(
      (event) => event.detailType === 'TransactionRejected',
    );
    expect(rejected.map((event) => event.detail.payload?.EndToEndTransactionId)).toContain('it-e2e-4');
    expect(await balanceOf(account.id)).toBe(before);
  });

  it('never calls the bank for a rule-breaking send', async () => {
    world.simulator.clearRequests();
    const response = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [instruction(account.iban, 'pi-4', [transfer('it-e2e-5', 1_000_000.01)])],
    });
    expect(response.status).toBe(400);
    expect(world.simulator.requests).toHaveLength(0);
    expect((await send('POST', '/v3/payments/fps', { paymentInstructions: [] })).status).toBe(400);
    expect((await send('POST', '/v3/payments/fps/return', { paymentReturnInstruction: {} })).status).toBe(
      400,
    );
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('payment data, a return and the single payment', () => {
  it('lists with each filter and pages', async () => {
    const all = await get<{ transactions: Summary[]; halLinks: { name: string }[] }>(
      `/v2/Accounts/${account.id}/Transactions`,
    );
    expect(all.transactions.map((t) => t.endToEndIdentifier)).toEqual(['it-e2e-1', 'it-e2e-2', 'it-e2e-4']);
    const page = await get<{ transactions: Summary[]; halLinks: { name: string }[] }>(
      `/v2/Transactions?pageSize=1&pageNumber=2`,
    );
    expect(page.transactions.map((t) => t.endToEndIdentifier)).toEqual(['it-e2e-2']);
    expect(page.halLinks.map((l) => l.name)).toEqual(['self', 'previous', 'next']);
    const byId = await get<{ transactions: Summary[] }>(`/v2/Transactions?endToEndIdentifier=it-e2e-4`);
    expect(byId.transactions.map((t) => t.status)).toEqual(['RJCT']);
    expect(
      (await get<{ transactions: Summary[] }>(`/v2/Transactions?paymentMethodType=Bacs`)).transactions,
    ).toEqual([]);
    expect(
      (
        await get<{ transactions: Summary[] }>(
          `/v2/Transactions?startDateTime=2026-03-02T10:00:00Z&endDateTime=2026-03-02T10:00:00Z`,
        )
      ).transactions,
    ).toHaveLength(2); // inclusive bounds: the two sent at 10:00:00 exactly
    expect(
      (await get<{ transactions: Summary[] }>(`/v2/Transactions?startDateTime=2026-03-03T00:00:00Z`))
        .transactions,
    ).toEqual([]);
    const one = await get<{ transaction: Summary }>(
      `/v2/Accounts/${account.id}/Transactions/${all.transactions[0]?.transactionId}`,
    );
    expect(one.transaction.endToEndIdentifier).toBe('it-e2e-1');
    expect((await world.gateway(`/v2/Accounts/${account.id}/Transactions/${randomUUID()}`)).status).toBe(404);
    expect(
      (
        await world.gateway(
          '/v2/Transactions?startDateTime=2026-03-03T00:00:00Z&endDateTime=2026-03-02T00:00:00Z',
        )
      ).status,
    ).toBe(400);
  });

  it('returns a received credit with IsReturn, once', async () => {
    const credit = await admin(`/__sim/accounts/${account.id}/credit`, {
      amount: '20.00',
      endToEndId: 'it-in-1',
    });
    expect(credit.status).toBe(200);
    const { transactionId } = (await credit.json()) as { transactionId: string };
    const before = await balanceOf(account.id);
    const body = {
      paymentReturnInstruction: { TransactionId: transactionId, ReasonForReturn: 'BeneficiaryDeceased' },
    };
    const response = await send('POST', '/v3/payments/fps/return', body);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(await balanceOf(account.id)).toBe((before as number) - 20);
    expect((await send('POST', '/v3/payments/fps/return', body)).status).toBe(422);
    const unknown = { paymentReturnInstruction: { TransactionId: randomUUID(), ReasonForReturn: 'Other' } };
    expect((await send('POST', '/v3/payments/fps/return', unknown)).status).toBe(404);
    await world.simulator.advanceClock(60_000);
    const returns = ((await world.events()) as unknown as Event[]).filter(
      (event) => event.detailType === 'TransactionSettled' && event.detail.payload?.IsReturn === true,
    );
    expect(returns.map((event) => event.detail.payload?.EndToEndTransactionId)).toEqual(['it-in-1']);
  });

  it('sends an overseas single payment from the same ledger', async () => {
    const before = await balanceOf(account.id);
    const response = await send('POST', '/v2/payments/fps/singlepayment', {
      paymentInstruction: {
        debtor: {},
        debtorAccount: { identification: { iban: account.iban } },
        ultimateDebtor: { name: 'Hans Muller', address: 'Berlin' },
        ultimateDebtorAccount: { identification: { bic: 'DEUTDEFF', accountNumber: 'DE1' } },
        creditTransfer: {
          paymentIdentification: { endToEndIdentification: 'it-poo-1' },
          amount: { instructedAmount: 3 },
          creditor: { name: 'Jane Smith' },
          creditorAccount: { identification: { iban: 'GB94BARC10201530093459' } },
          remittanceInformation: {},
        },
      },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({
      transaction: { endToEndIdentification: 'it-poo-1', response: 'Accepted' },
    });
    expect(await balanceOf(account.id)).toBe((before as number) - 3);
  });
});

type Record_ = {
  status: string;
  amount: string;
  history: { from: string | null; to: string; cause: string }[];
};

describe('the gateway keeps each payment sent through it', () => {
  it('records Submitted, the 202 outcome and the settlement, with one event per transition', async () => {
    const response = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [
        instruction(account.iban, 'pi-s1', [transfer('st-e2e-1', 12.34)]),
        instruction(poorAccount.iban, 'pi-s2', [transfer('st-e2e-2', 500)]),
      ],
    });
    expect(response.status).toBe(202);
    const accepted = await get<Record_>('/gateway/payments/st-e2e-1');
    expect(accepted).toMatchObject({ status: 'Accepted', amount: '12.34' });
    expect((await get<Record_>('/gateway/payments/st-e2e-2')).status).toBe('InsufficientFunds');

    await world.simulator.advanceClock(60_000);
    await world.sandbox.settle(); // the processor runs after the receiver answered the bank
    const settled = await get<Record_>('/gateway/payments/st-e2e-1');
    expect(settled.history.map(({ from, to }) => [from, to])).toEqual([
      [null, 'Submitted'],
      ['Submitted', 'Accepted'],
      ['Accepted', 'Settled'],
    ]);
    expect(settled.history[2]?.cause).toMatch(/^TransactionSettled/);
    const changes = ((await world.events()) as unknown as Event[]).filter(
      (event) =>
        event.detailType === 'PaymentStatusChanged' &&
        (event.detail as { endToEndId?: string }).endToEndId === 'st-e2e-1',
    );
    expect(changes.map((event) => (event.detail as { to?: string }).to)).toEqual([
      'Submitted',
      'Accepted',
      'Settled',
    ]);
  });

  it('refuses the same endToEndIdentification under another key (409), unless the first was refused', async () => {
    world.simulator.clearRequests();
    const again = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [instruction(account.iban, 'pi-s3', [transfer('st-e2e-1', 12.34)])],
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain('/gateway/payments/st-e2e-1');
    expect(world.simulator.requests).toHaveLength(0);

    const retry = await send('POST', '/v3/payments/fps', {
      paymentInstructions: [instruction(account.iban, 'pi-s4', [transfer('st-e2e-2', 5)])],
    });
    expect(retry.status).toBe(202);
    expect((await get<Record_>('/gateway/payments/st-e2e-2')).status).toBe('Accepted');
  });
});
