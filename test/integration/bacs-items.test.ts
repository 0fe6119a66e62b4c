import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * Bacs items end to end through the sandbox: an inbound credit and a held one played by the simulator's other
 * side, a return of the credit through the gateway (the bank's request as sent, the money back, the
 * return-created webhook as an event), and a bad return stopped before the bank.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string };

type Event = { detailType: string; detail: { key: string; payload?: Record<string, unknown> } };

const DAY = 86_400_000;

const send = (path: string, body: unknown, key = randomUUID()) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
const admin = async (path: string, body: unknown) => {
  const response = await world.bank(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};
const balanceOf = async (id: string) => {
  const response = await world.gateway(`/v3/Accounts/${id}`);
  return ((await response.json()) as { account: { balances: { amount: number }[] } }).account.balances[0]
    ?.amount;
};
async function eventsOf(...types: string[]): Promise<Event[]> {
  return ((await world.events()) as unknown as Event[]).filter((event) => types.includes(event.detailType));
}

beforeAll(async () => {
  world = await testSandbox();
  const created = await send('/v3/Accounts', {
    accountName: 'Payroll',
    owner: { name: 'Acme' },
    sortCode: '040004',
  });
  expect(created.status).toBe(201);
  account = ((await created.json()) as { account: typeof account }).account;
});
afterAll(() => world.sandbox.close());

describe('Bacs items through the sandbox', () => {
  it('a received direct credit is returned through the gateway: money back, the return as an event', async () => {
    const opening = await balanceOf(account.id);
    const credit = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '223556',
      reference: 'REFUND 42',
      amount: '60.00',
    });
    await world.simulator.advanceClock(DAY);
    expect(await balanceOf(account.id)).toBe((opening ?? 0) + 60);

    const path = `/v1/Accounts/${account.id}/Transactions/Returns`;
    const body = { returns: [{ transactionId: credit.id, reasonCode: 'C' }] };
    const answer = await send(path, body);
    expect(answer.status).toBe(202);
    const atBank = world.simulator.requests.filter((request) => request.path === path);
    expect(atBank).toHaveLength(1);
    expect(JSON.parse(atBank[0]?.body ?? '')).toEqual(body);
    expect(atBank[0]?.headers['digitalsignature']).toBeTruthy();
    expect(await balanceOf(account.id)).toBe(opening);

    const [created] = await eventsOf('BacsDirectCreditInboundPaymentCreated');
    expect(created?.detail.payload).toMatchObject({ BacsTransactionId: credit.id, Amount: 60 });
    const [returned] = await eventsOf('BacsDirectCreditReturnCreated');
    expect(returned?.detail.payload).toMatchObject({
      ReasonCode: 'C',
      TransactionCode: 'RA',
      OriginalBacsTransactionId: credit.id,
      Source: 'Api',
    });
    expect(returned?.detail.key).toBe(
      `BacsDirectCreditReturnCreated:${returned?.detail.payload?.BacsTransactionId}`,
    );
  });

  it('a return with a bad reason or id is a 400 naming the property, and the bank is not called', async () => {
    const path = `/v1/Accounts/${account.id}/Transactions/Returns`;
    const before = world.simulator.requests.length;
    const response = await send(path, { returns: [{ transactionId: 'nope', reasonCode: 'Z' }] });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).join(' ')).toMatch(/transactionId/);
    expect(Object.keys(problem.errors).join(' ')).toMatch(/reasonCode/);
    expect(world.simulator.requests.slice(before).filter((request) => request.path === path)).toEqual([]);
  });

  it('a held credit, a debit contra and an indemnity claim reach the events once each', async () => {
    await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '778899',
      reference: 'HELD 1',
      amount: '5.00',
      hold: true,
    });
    await admin('/__sim/bacs/contras', {
      accountId: account.id,
      kind: 'debit',
      serviceUserNumber: '123456',
      reference: 'CONTRA 1',
      amount: '300.00',
    });
    await admin('/__sim/bacs/indemnity-claims', {
      accountId: account.id,
      serviceUserNumber: '010203',
      reference: 'CLAIM 1',
      amount: '12.00',
      reasonCode: '1',
    });
    await world.simulator.advanceClock(DAY);
    const events = await eventsOf(
      'BacsDirectCreditInboundPaymentHeld',
      'BacsDebitContraReceived',
      'BacsDirectDebitIndemnityClaimReceived',
    );
    expect(events.map((event) => event.detailType).sort()).toEqual([
      'BacsDebitContraReceived',
      'BacsDirectCreditInboundPaymentHeld',
      'BacsDirectDebitIndemnityClaimReceived',
    ]);
    expect(
      events.find((event) => event.detailType === 'BacsDebitContraReceived')?.detail.payload,
    ).toMatchObject({
      Amount: 300,
      Reference: 'CONTRA 1',
    });
  });

  it('a collection and its return, a return not settled either way, a credit contra and a recall reach the events', async () => {
    const returns = `/v1/Accounts/${account.id}/Transactions/Returns`;
    const instruction = await admin('/__sim/direct-debits/instructions', {
      accountId: account.id,
      serviceUserNumber: '445566',
      reference: 'GYM 7',
    });
    // An instruction through the automated service is collectable from the third day.
    await world.simulator.advanceClock(3 * DAY);
    const collected = (await admin('/__sim/direct-debits/collections', {
      mandateId: (instruction.mandate as { id: string }).id,
      amount: '25.00',
    })) as { collection: { bacsTransactionId: string } };
    const debitId = collected.collection.bacsTransactionId;
    expect((await send(returns, { returns: [{ transactionId: debitId, reasonCode: 'A' }] })).status).toBe(
      202,
    );
    const credit = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '223557',
      reference: 'REFUND 43',
      amount: '15.00',
    });
    await world.simulator.advanceClock(DAY);
    expect((await send(returns, { returns: [{ transactionId: credit.id, reasonCode: '0' }] })).status).toBe(
      202,
    );
    const returned = await eventsOf('BacsDirectDebitReturnCreated', 'BacsDirectCreditReturnCreated');
    const returnOf = (original: unknown) =>
      returned.find((event) => event.detail.payload?.OriginalBacsTransactionId === original)?.detail.payload
        ?.BacsTransactionId as string;
    for (const original of [debitId, credit.id])
      await admin(`/__sim/bacs/returns/${returnOf(original)}/not-settled`, {});
    await admin('/__sim/bacs/contras', {
      accountId: account.id,
      kind: 'credit',
      serviceUserNumber: '123456',
      reference: 'CONTRA 2',
      amount: '40.00',
    });
    const recalled = await admin('/__sim/bacs/inbound-credits', {
      accountId: account.id,
      serviceUserNumber: '223558',
      reference: 'OOPS 1',
      amount: '7.00',
    });
    await admin(`/__sim/bacs/inbound-credits/${recalled.id}/recall`, {});
    await world.sandbox.settle();

    const types = [
      'BacsDirectDebitInboundPaymentCreated',
      'BacsDirectDebitReturnCreated',
      'BacsCreditPaymentNotSettled',
      'BacsDebitPaymentNotSettled',
      'BacsCreditContraReceived',
      'BacsDirectCreditRecalled',
    ];
    const events = await eventsOf(...types);
    expect([...new Set(events.map((event) => event.detailType))].sort()).toEqual([...types].sort());
    // Each webhook once: one event per key.
    expect(new Set(events.map((event) => event.detail.key)).size).toBe(events.length);
    expect(
      events.find((event) => event.detailType === 'BacsDirectDebitReturnCreated')?.detail.payload,
    ).toMatchObject({ OriginalBacsTransactionId: debitId, ReasonCode: 'A' });
    expect(
      events.find((event) => event.detailType === 'BacsDirectCreditRecalled')?.detail.payload,
    ).toMatchObject({ BacsTransactionId: recalled.id });
  });
});
