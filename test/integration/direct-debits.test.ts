import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * Direct debit instructions end to end through the sandbox (one sandbox for the file): the gateway forwards,
 * the simulated Bacs scheme runs the lifecycle on the sandbox clock, each Bacs webhook arrives once as an
 * event. The dormancy test moves the clock two years, so it runs last.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string; iban: string; bban: string };
let virtualId: string;

type Event = { detailType: string; detail: { key: string; payload?: Record<string, unknown> } };
type Mandate = { mandateId: string; reference: string; state: string; payerSortCode: string };

const DAY = 86_400_000;

const send = (method: string, path: string, body?: unknown, key = randomUUID()) =>
  world.gateway(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const get = async <T>(path: string, status = 200): Promise<T> => {
  const response = await world.gateway(path);
  expect(response.status, path).toBe(status);
  return (await response.json()) as T;
};
const admin = async (path: string, body: unknown, method = 'POST') => {
  const response = await world.bank(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};
const balanceOf = async (id: string) =>
  (await get<{ account: { balances: { amount: number }[] } }>(`/v3/Accounts/${id}`)).account.balances[0]
    ?.amount;

/** The events of `types` whose payload names `reference`, in arrival order. */
async function eventsFor(reference: string, ...types: string[]): Promise<Event[]> {
  return ((await world.events()) as unknown as Event[]).filter(
    (event) => types.includes(event.detailType) && event.detail.payload?.Reference === reference,
  );
}

async function mandates(path: string): Promise<Mandate[]> {
  return (await get<{ directDebitMandates: Mandate[] }>(path)).directDebitMandates;
}

async function createOn(base: string, reference: string, serviceUserNumber = '123456') {
  const response = await send('POST', base, { serviceUserNumber, reference, originatorName: 'GYM LTD' });
  expect(response.status).toBe(202);
  const listed = await mandates(base.replace('/v1/', '/v2/'));
  return listed.find((m) => m.reference === reference) as Mandate;
}

beforeAll(async () => {
  world = await testSandbox();
  // A modest opening balance, so a large collection cannot be paid.
  await admin('/__sim/payments/config', { openingBalance: '100.00' }, 'PATCH');
  const created = await send('POST', '/v3/Accounts', {
    accountName: 'Members',
    owner: { name: 'Acme' },
    sortCode: '040004',
  });
  expect(created.status).toBe(201);
  account = ((await created.json()) as { account: typeof account }).account;
  const virtual = await send('POST', `/v2/Accounts/${account.id}/Virtual`, {
    virtualAccounts: [{ ownerName: 'Client', accountIdentifier: { externalIdentifier: 'dd-client' } }],
  });
  expect(virtual.status).toBe(202);
  await world.events();
  virtualId = (await get<{ accounts: { id: string }[] }>(`/v2/Accounts/${account.id}/Virtual`)).accounts[0]
    ?.id as string;
});
afterAll(() => world.sandbox.close());

describe('direct debit instructions through the sandbox', () => {
  it('creates an instruction once, collects it twice (one unpaid), then cancels it', async () => {
    const base = `/v1/Accounts/${account.id}/Mandates`;
    const mandate = await createOn(base, 'MEMBER 0001');
    expect(mandate).toMatchObject({ state: 'Active', payerSortCode: '040004' });
    // A repeat under a new key is the same instruction at the bank: nothing new, no second webhook.
    expect((await send('POST', base, { serviceUserNumber: '123456', reference: 'MEMBER 0001' })).status).toBe(
      202,
    );
    expect(await mandates(`/v2/Accounts/${account.id}/Mandates`)).toHaveLength(1);

    // A paper instruction collects from the next day.
    await world.simulator.advanceClock(DAY);
    await admin('/__sim/direct-debits/collections', { mandateId: mandate.mandateId, amount: '30.00' });
    await admin('/__sim/direct-debits/collections', { mandateId: mandate.mandateId, amount: '500.00' });
    expect(await balanceOf(account.id)).toBe(70);
    const collections = await get<{ mandateTransactions: { status: string }[] }>(
      `/v2/Accounts/${account.id}/Mandates/${mandate.mandateId}/Collections`,
      202,
    );
    expect(collections.mandateTransactions.map((c) => c.status)).toEqual(['Paid', 'Unpaid']);
    const unpaid = await get<{ unpaidTransactions: { amount: number; reasonCode: string }[] }>(
      `/v2/Accounts/${account.id}/Mandates/Unpaid?sun=123456&reference=MEMBER%200001`,
    );
    expect(unpaid.unpaidTransactions).toMatchObject([{ amount: 500, reasonCode: '0' }]);
    const bySortCode = await get<{ unpaidTransactions: unknown[] }>(
      `/v1/Transactions/040004/DirectDebit/Unpaid?sun=123456&amount=500.00`,
    );
    expect(bySortCode.unpaidTransactions).toHaveLength(1);

    expect((await send('DELETE', `${base}/${mandate.mandateId}`, { reasonCode: '1' })).status).toBe(202);
    expect((await mandates(`/v2/Accounts/${account.id}/Mandates`))[0]?.state).toBe('Cancelled');

    const events = await eventsFor(
      'MEMBER 0001',
      'BacsMandateInitiated',
      'BacsUnpaidDirectDebitReceived',
      'BacsMandateCancelled',
    );
    expect(events.map((event) => event.detailType)).toEqual([
      'BacsMandateInitiated',
      'BacsUnpaidDirectDebitReceived',
      'BacsMandateCancelled',
    ]);
    expect(new Set(events.map((event) => event.detail.key)).size).toBe(3);

    // Cancelling it again is not an error at the bank: 202, then BacsMandateCancellationFailed.
    expect((await send('DELETE', `${base}/${mandate.mandateId}`, { reasonCode: '1' })).status).toBe(202);
    expect(await eventsFor('MEMBER 0001', 'BacsMandateCancellationFailed')).toHaveLength(1);
  });

  it('runs an automated instruction on a virtual account: returned, amended, its collections wait three days', async () => {
    const virtualBase = `/v1/Accounts/${account.id}/Virtual/${virtualId}/Mandates`;
    const first = await createOn(virtualBase, 'CLIENT 0001');
    expect(
      (await send('POST', `${virtualBase}/${first.mandateId}/Returns`, { rejectionReason: '2' })).status,
    ).toBe(202);
    expect(await eventsFor('CLIENT 0001', 'BacsMandateReturned')).toMatchObject([
      { detail: { payload: { ReasonCode: '2', MandateId: first.mandateId } } },
    ]);

    // Through the automated service: present at once, collectable from the third day.
    const arrived = await admin('/__sim/direct-debits/instructions', {
      accountId: account.id,
      virtualAccountId: virtualId,
      serviceUserNumber: '654321',
      reference: 'CLIENT 0002',
    });
    const mandateId = (arrived.mandate as { id: string }).id;
    expect(await eventsFor('CLIENT 0002', 'BacsMandateInitiated')).toMatchObject([
      { detail: { payload: { Source: 'Bacs' } } },
    ]);
    const early = await world.bank('/__sim/direct-debits/collections', {
      method: 'POST',
      body: JSON.stringify({ mandateId, amount: '1.00' }),
    });
    expect(early.status).toBe(400);
    await world.simulator.advanceClock(3 * DAY);
    await admin('/__sim/direct-debits/collections', { mandateId, amount: '5.00' });
    // A virtual account holds no money: the collection debits its real account.
    expect(await balanceOf(account.id)).toBe(65);
    const collected = await get<{
      mandateTransactions: { status: string; amount: { instructedAmount: number } }[];
    }>(`/v2/Accounts/${account.id}/Virtual/${virtualId}/Mandates/${mandateId}/Collections`, 202);
    expect(collected.mandateTransactions).toMatchObject([
      { status: 'Paid', amount: { instructedAmount: 5 } },
    ]);

    // Amended to the real account: it leaves the virtual account's list.
    const moved = await send('PATCH', `${virtualBase}/${mandateId}`, {
      reasonCode: 'E',
      newDebtorAccount: { identification: { iban: account.iban } },
    });
    expect(moved.status).toBe(202);
    expect((await mandates(virtualBase.replace('/v1/', '/v2/'))).map((m) => m.reference)).toEqual([
      'CLIENT 0001',
    ]);
    expect((await mandates(`/v2/Accounts/${account.id}/Mandates`)).map((m) => m.reference)).toContain(
      'CLIENT 0002',
    );
    const cancel = await send('DELETE', `/v1/Accounts/${account.id}/Mandates/${mandateId}`, {
      reasonCode: 'B',
    });
    expect(cancel.status).toBe(202);
    expect(await eventsFor('CLIENT 0002', 'BacsMandateCancelled')).toHaveLength(1);
  });

  it("mirrors the bank's answer for another account's instruction and an unapplied credit", async () => {
    const mandate = await createOn(`/v1/Accounts/${account.id}/Mandates`, 'MEMBER 0003');
    const elsewhere = `/v1/Accounts/${account.id}/Virtual/${virtualId}/Mandates/${mandate.mandateId}`;
    const cancel = await send('DELETE', elsewhere, { reasonCode: '0' });
    expect(cancel.status).toBe(404);
    expect(((await cancel.json()) as { detail: string }).detail).toContain(mandate.mandateId);
    expect((await send('POST', `${elsewhere}/Returns`, { rejectionReason: '1' })).status).toBe(409);
    expect(
      (await mandates(`/v2/Accounts/${account.id}/Mandates`)).find((m) => m.reference === 'MEMBER 0003'),
    ).toMatchObject({ state: 'Active' });

    await admin('/__sim/direct-debits/unapplied-credits', {
      accountId: account.id,
      serviceUserNumber: '777777',
      reference: 'REFUND 1',
      amount: '9.99',
      reasonCode: 'B',
    });
    expect(await eventsFor('REFUND 1', 'BacsUnappliedCreditReceived')).toHaveLength(1);
    const credits = await get<{ unappliedTransactions: { amount: number }[] }>(
      `/v1/Transactions/040004/DirectCredit/Unapplied?reasonCode=B&sun=777777`,
    );
    expect(credits.unappliedTransactions).toMatchObject([{ amount: 9.99 }]);
    const none = await get<{ unappliedTransactions: unknown[] }>(
      `/v1/Transactions/040004/DirectCredit/Unapplied?reasonCode=5`,
    );
    expect(none.unappliedTransactions).toEqual([]);

    // Paging: the account's instructions one per page, with the links the bank gives.
    const second = await get<{ directDebitMandates: Mandate[]; halLinks: { name: string }[] }>(
      `/v2/Accounts/${account.id}/Mandates?pageNumber=2&pageSize=1`,
    );
    expect(second.directDebitMandates).toHaveLength(1);
    expect(second.halLinks.map((l) => l.name)).toEqual(['self', 'previous', 'next']);
  });

  it('cancels an instruction with no collection for 24 months at the weekly dormancy check', async () => {
    await admin('/__sim/direct-debits/service-users/999999', { dormancyMonths: 36 }, 'PUT');
    const dormant = await createOn(`/v1/Accounts/${account.id}/Mandates`, 'SLEEPY 1', '111111');
    const patient = await createOn(`/v1/Accounts/${account.id}/Mandates`, 'SLEEPY 2', '999999');
    await world.simulator.advanceClock(24 * 31 * DAY + 7 * DAY);
    // Read at the scheme: two years on, the sandbox's API token has expired at the bank.
    const scheme = (await (await world.bank('/__sim/direct-debits')).json()) as {
      mandates: { id: string; state: string }[];
    };
    const states = Object.fromEntries(scheme.mandates.map((m) => [m.id, m.state]));
    expect(states[dormant.mandateId]).toBe('Cancelled');
    expect(states[patient.mandateId]).toBe('Active');
    expect(await eventsFor('SLEEPY 1', 'BacsMandateCancelled')).toMatchObject([
      { detail: { payload: { Source: 'ClearBank' } } },
    ]);
  });
});
