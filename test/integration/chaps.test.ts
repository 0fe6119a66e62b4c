import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';
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

/**
 * CHAPS and GBP cross-border end to end through the sandbox: each of the seven operations sent to the gateway,
 * the simulated scheme acting on the sandbox clock, and its webhooks followed to the gateway's events
 * (`/gateway/local/events`). One sandbox for the file; its clock starts on Monday 2 March 2026 at 10:00 UK time.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string; iban: string };

type Payload = Record<string, unknown>;
type Event = { detailType: string; detail: { payload?: Payload } };

const send = (path: string, body: unknown) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
const admin = (path: string, body?: unknown) =>
  world.bank(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const balance = async () => {
  const response = await world.gateway(`/v3/Accounts/${account.id}`);
  return ((await response.json()) as { account: { balances: { amount: number }[] } }).account.balances[0]
    ?.amount;
};

/** The bank's webhooks of one type the gateway has published since the test began, by payload. */
let seen = 0;
async function newEvents(type?: string): Promise<{ type: string; payload: Payload }[]> {
  const events = (await world.events()) as unknown as Event[];
  const fresh = events.slice(seen);
  seen = events.length;
  return fresh
    .filter(
      (event) => event.detail.payload !== undefined && (type === undefined || event.detailType === type),
    )
    .map((event) => ({ type: event.detailType, payload: event.detail.payload ?? {} }));
}

async function accepted(response: Response): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBe(202);
  return (JSON.parse(text) as { paymentId: string }).paymentId;
}

beforeAll(async () => {
  world = await testSandbox();
  const opened = await send('/v3/Accounts', {
    accountName: 'Treasury',
    owner: { name: 'Acme' },
    sortCode: '040004',
  });
  expect(opened.status).toBe(201);
  account = ((await opened.json()) as { account: { id: string; iban: string } }).account;
  await newEvents();
});
afterAll(() => world.sandbox.close());

describe('CHAPS through the sandbox', () => {
  it('sends a customer, an institution and a cross-border payment, each settled as a TransactionSettled event', async () => {
    const customer = await accepted(
      await send(PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'IT-CUST-1' })),
    );
    const institution = await accepted(
      await send(
        PATHS.institution,
        institutionPayment(account.iban, { endToEndIdentification: 'IT-INST-1' }),
      ),
    );
    const crossBorder = await accepted(
      await send(PATHS.crossBorder, crossBorderPayment(account.iban, { endToEndIdentification: 'IT-XB-1' })),
    );
    expect(await balance()).toBe(1000000 - 1250.5 - 100000 - 5000);

    await world.simulator.advanceClock(5_000);
    const settled = await newEvents('TransactionSettled');
    expect(
      settled.map((event) => [event.payload.TransactionId, event.payload.EndToEndTransactionId]),
    ).toEqual([
      [customer, 'IT-CUST-1'],
      [institution, 'IT-INST-1'],
      [crossBorder, 'IT-XB-1'],
    ]);
    expect(settled[2]?.payload).toMatchObject({ Scheme: 'Chaps', TransactionSource: 'Cross Border GBP' });
    expect(settled[0]?.payload.Iso20022XmlDocument).toContain('<EndToEndId>IT-CUST-1</EndToEndId>');
    // The gateway's own records followed the webhooks.
    for (const endToEndId of ['IT-CUST-1', 'IT-INST-1', 'IT-XB-1']) {
      const record = await world.gateway(`/gateway/payments/${endToEndId}`);
      expect(await record.json(), endToEndId).toMatchObject({ status: 'Settled' });
    }
  });

  it('holds a payment by rule, and settles it when the admin releases it', async () => {
    expect((await admin('/__sim/chaps/rules', { endToEndId: 'IT-HOLD-1', action: 'hold' })).status).toBe(201);
    const paymentId = await accepted(
      await send(PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'IT-HOLD-1' })),
    );
    await world.simulator.advanceClock(5_000);
    expect(await newEvents('OutboundHeldTransaction')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ EndToEndTransactionId: 'IT-HOLD-1' }) }),
    ]);
    expect((await admin(`/__sim/chaps/held/${paymentId}/release`)).status).toBe(200);
    const settled = await newEvents('TransactionSettled');
    expect(settled.map((event) => event.payload.TransactionId)).toEqual([paymentId]);
    const record = await world.gateway('/gateway/payments/IT-HOLD-1');
    expect(await record.json()).toMatchObject({ status: 'Settled' });
  });

  it('rejects a payment by rule: a TransactionRejected event and the money back', async () => {
    expect((await admin('/__sim/chaps/rules', { endToEndId: 'IT-REJECT-1', action: 'reject' })).status).toBe(
      201,
    );
    const before = await balance();
    await accepted(
      await send(PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'IT-REJECT-1' })),
    );
    await world.simulator.advanceClock(5_000);
    expect((await newEvents('TransactionRejected')).map((event) => event.payload.CancellationCode)).toEqual([
      'AC03',
    ]);
    expect(await balance()).toBe(before);
    const record = await world.gateway('/gateway/payments/IT-REJECT-1');
    expect(await record.json()).toMatchObject({ status: 'Rejected' });
  });

  it('receives an inbound payment (simulation), returns it, and is returned one of its own', async () => {
    const inbound = await world.gateway(PATHS.inboundCustomer, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(inboundCustomerPayment(account.iban, { endToEndIdentification: 'IT-IN-1' })),
    });
    expect(inbound.status).toBe(202);
    expect(Object.keys((await inbound.json()) as object)).toEqual(['uetr']);
    const [credit] = await newEvents('TransactionSettled');
    expect(credit?.payload).toMatchObject({ DebitCreditCode: 'Credit', EndToEndTransactionId: 'IT-IN-1' });

    const returned = await accepted(
      await send(
        PATHS.return,
        returnPayment(credit?.payload.TransactionId as string, { instructionIdentification: 'IT-RET-1' }),
      ),
    );
    await world.simulator.advanceClock(5_000);
    const [settledReturn] = await newEvents('TransactionSettled');
    expect(settledReturn?.payload).toMatchObject({
      TransactionId: returned,
      IsReturn: true,
      DebitCreditCode: 'Debit',
      EndToEndTransactionId: 'IT-RET-1',
    });
    const record = await world.gateway('/gateway/payments/IT-RET-1');
    expect(await record.json()).toMatchObject({ status: 'Settled' });

    expect((await send(PATHS.inboundInstitution, inboundInstitutionPayment(account.iban))).status).toBe(202);
    const sent = await accepted(
      await send(PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'IT-OUT-2' })),
    );
    await world.simulator.advanceClock(5_000);
    await newEvents();
    expect((await send(PATHS.inboundReturn, inboundReturnPayment(sent))).status).toBe(202);
    const [theirReturn] = await newEvents('TransactionSettled');
    expect(theirReturn?.payload).toMatchObject({
      IsReturn: true,
      DebitCreditCode: 'Credit',
      EndToEndTransactionId: 'IT-OUT-2',
    });
  });

  it('refuses a return that names no payment of the institution, as the simulator does (404)', async () => {
    const response = await send(PATHS.return, returnPayment('3fa85f64-5717-4562-b3fc-2c963f66afa6'));
    expect(response.status).toBe(404);
  });

  it('refuses a payment outside the hours with 400 without reaching the bank, as the simulator would', async () => {
    await admin('/__sim/clock/set', { to: '2026-03-02T18:30:00Z' });
    await world.bank('/__sim/requests', { method: 'DELETE' });
    for (const [path, body] of [
      [PATHS.customer, customerPayment(account.iban, { endToEndIdentification: 'IT-LATE-1' })],
      [PATHS.crossBorder, crossBorderPayment(account.iban, { endToEndIdentification: 'IT-LATE-2' })],
    ] as const) {
      const response = await send(path, body);
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { errors: Record<string, string[]> };
      expect(problem.errors.$?.[0]).toMatch(/08:00 to 17:00 UK time on business days/);
    }
    // The bank's request log is empty: the gateway answered from the same rule the simulator checks.
    expect(await (await world.bank('/__sim/requests')).json()).toEqual([]);
  });
});
