import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fpsPaymentBody } from '../support/fps-payment.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Issue 27, rows 2 and 6, on the sandbox with the simulator's faults and clock: a payment whose 202 is lost
 * (the bank answers after the gateway's deadline, but acts) is `OutcomeUnknown` until the bank's word comes,
 * and a read-back after the retry's "already processed" counts only a booking of this very send.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

interface PaymentRecord {
  status: string;
  generation: number;
  history: Array<{ from: string | null; to: string; cause: string }>;
}

const CREDITOR = '20000012345678';
const UNREACHABLE_CREDITOR = '99999912345678';

const pay = (key: string, debtorIban: string, endToEndId: string, amount: string, creditor = CREDITOR) =>
  world.gateway('/v3/payments/fps', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: fpsPaymentBody({ debtorIban, endToEndId, amount, creditorAccount: creditor }),
  });

const admin = (path: string, body: unknown, method = 'POST') =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function openAccount(openingBalance: string): Promise<string> {
  expect((await admin('/__sim/payments/config', { openingBalance }, 'PATCH')).status).toBe(200);
  const response = await world.gateway('/v3/Accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ accountName: 'Payer', owner: { name: 'Acme' }, sortCode: '040004' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { account: { iban: string } }).account.iban;
}

/** The sandbox's attention list: payments whose outcome is unknown, by end-to-end id. */
const raised = async () =>
  (
    (await (await world.gateway('/gateway/local/attention')).json()) as {
      items: Array<{ kind: string; id: string; reason: string }>;
    }
  ).items
    .filter((item) => item.kind === 'payment' && item.reason === 'outcome-unknown')
    .map((item) => item.id);

const record = async (endToEndId: string) =>
  (await (await world.gateway(`/gateway/payments/${endToEndId}`)).json()) as PaymentRecord;

/** The next send's answer reaches the gateway after its deadline; the bank still acts on it. */
async function loseTheNextAnswer(): Promise<void> {
  expect((await admin('/__sim/faults', { failNext: [{ latencyMs: 800 }] }, 'PUT')).status).toBe(200);
}

/** Waits until the bank has answered every send it received (the late one included). */
async function bankHasAnswered(): Promise<void> {
  for (let step = 0; step < 250; step++) {
    const sends = world.simulator.requests.filter((request) => request.path === '/v3/payments/fps');
    if (sends.every((request) => request.status !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the bank never answered');
}

beforeAll(async () => {
  // A short Lambda timeout (1.5 s less its 1 s margin) lets a slow bank outlast the gateway's deadline.
  world = await testSandbox({ lambdaTimeoutMs: 1_500, bankRetry: { baseDelayMs: 10, maxDelayMs: 50 } });
});
afterAll(() => world?.sandbox.close());

describe('a payment whose answer was lost', () => {
  it('row 2 (issue 27): is OutcomeUnknown, then the retry’s read-back finds this send’s booking (Accepted) and the webhook settles it', async () => {
    const iban = await openAccount('1000.00');
    const endToEndId = `rb-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    await loseTheNextAnswer();

    expect((await pay(key, iban, endToEndId, '12.50')).status).toBe(504);
    await bankHasAnswered();
    expect(await record(endToEndId)).toMatchObject({
      status: 'OutcomeUnknown',
      history: [
        { from: null, to: 'Submitted' },
        { from: 'Submitted', to: 'OutcomeUnknown', cause: 'no-answer' },
      ],
    });
    expect(await raised()).toContain(endToEndId);

    const retried = await pay(key, iban, endToEndId, '12.50');
    expect(retried.status).toBe(202);
    expect(retried.headers.get('clearway-outcome')).toBe('already-processed');
    expect((await record(endToEndId)).history.at(-1)).toMatchObject({
      from: 'OutcomeUnknown',
      to: 'Accepted',
      cause: 'read-back',
    });
    expect(await raised()).not.toContain(endToEndId);

    await world.simulator.advanceClock(60_000);
    await world.sandbox.settle();
    expect((await record(endToEndId)).status).toBe('Settled');
  });
});

describe('a read-back after "already processed"', () => {
  it('row 6 (issue 27): an id accepted then rejected, sent again above the balance with its 202 lost, stays OutcomeUnknown: the first send’s returned debit is not this send’s', async () => {
    const iban = await openAccount('100.00');
    const endToEndId = `rb-${randomUUID().slice(0, 8)}`;

    // The first send is accepted, then rejected by the scheme: the money comes back.
    expect((await pay(randomUUID(), iban, endToEndId, '30.00', UNREACHABLE_CREDITOR)).status).toBe(202);
    await world.simulator.advanceClock(60_000);
    await world.sandbox.settle();
    expect((await record(endToEndId)).status).toBe('Rejected');

    // Sent again under a new key, for more than the account holds: the bank refuses it, the 202 is lost.
    const key = randomUUID();
    await loseTheNextAnswer();
    expect((await pay(key, iban, endToEndId, '500.00', UNREACHABLE_CREDITOR)).status).toBe(504);
    await bankHasAnswered();
    world.simulator.clearRequests();
    const retried = await pay(key, iban, endToEndId, '500.00', UNREACHABLE_CREDITOR);
    expect(retried.headers.get('clearway-outcome')).toBe('already-processed');

    // The read-back saw the first send's debit (status RJCT, 30.00, booked before this claim) and counted none.
    const read = world.simulator.requests.find((request) =>
      request.path.startsWith('/v2/Transactions?endToEndIdentifier='),
    );
    expect(read?.status).toBe(200);
    const after = await record(endToEndId);
    expect(after).toMatchObject({ status: 'OutcomeUnknown', generation: 2 });
    expect(after.history.slice(-2).map(({ from, to }) => [from, to])).toEqual([
      ['Rejected', 'Submitted'],
      ['Submitted', 'OutcomeUnknown'],
    ]);
    expect(after.history.filter((transition) => transition.cause === 'read-back')).toEqual([]);
    expect(await raised()).toContain(endToEndId);

    // No webhook ever comes for a refusal: the record stays unknown (raised for attention), never Accepted.
    await world.simulator.advanceClock(60_000);
    await world.sandbox.settle();
    expect((await record(endToEndId)).status).toBe('OutcomeUnknown');
  });
});
