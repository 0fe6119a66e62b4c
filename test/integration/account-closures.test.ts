import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import { moveMoney } from '#sim/core/ledger.js';
import { customers } from '#sim/products/customers/product.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Account closures end to end through the sandbox and the simulated savings product: a closure followed to
 * Complete, a failed one (money left) then a retried one, a second closure while one is pending refused by the
 * gateway before the bank, and the closure webhooks duplicated and out of order.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;

const PRODUCT = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

type ClosureRecord = {
  status: string;
  requestId?: string;
  generation: number;
  seenOnly?: true;
  failureReasons?: string[];
  history: Array<{ from: string | null; to: string; cause: string }>;
};

const send = (path: string, body: unknown, key: string = randomUUID()) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
const admin = (path: string, method: string, body: unknown) =>
  world.bank(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const close = (accountId: string, key?: string) =>
  send(`/v1/accounts/${accountId}/closure`, { closureReason: 'AccountSwitched' }, key);
const recordOf = async (accountId: string) => {
  const response = await world.gateway(`/gateway/account-closures/${accountId}`);
  expect(response.status, accountId).toBe(200);
  return (await response.json()) as ClosureRecord;
};
const moves = async (accountId: string) =>
  (await recordOf(accountId)).history.map(({ from, to }) => `${from}->${to}`);
const changesOf = async (accountId: string) =>
  (await world.events())
    .filter(
      (event) =>
        event.detailType === 'AccountClosureStatusChanged' &&
        (event.detail as { accountId?: string }).accountId === accountId,
    )
    .map((event) => (event.detail as unknown as { to: string }).to);
/** A webhook the simulated bank sends (signed, delivered to the sandbox's receiver). */
const emit = async (type: string, payload: Record<string, unknown>) => {
  const response = await admin('/__sim/webhooks', 'POST', { Type: type, Version: 1, Payload: payload });
  expect(response.status).toBe(200);
  await world.sandbox.settle();
};
/** The simulator's closure runs a minute after the request, on the sandbox clock. */
const closureRuns = async () => {
  await world.simulator.advanceClock(61_000);
  await world.sandbox.settle();
};

async function savingsAccount(): Promise<string> {
  const customerId = randomUUID();
  world.simulator.state.get(customers).set(customerId, {
    id: customerId,
    institutionId: world.simulator.institution.id,
    firstName: 'Jane',
    surname: 'Smith',
  } as never);
  const opened = await send('/v2/savings', {
    ownerName: 'Jane Smith',
    sortCode: '040004',
    productId: PRODUCT,
    customers: [{ customerId }],
  });
  expect(opened.status).toBe(201);
  return ((await opened.json()) as { account: { accountId: string } }).account.accountId;
}

beforeAll(async () => {
  world = await testSandbox();
  await world.simulator.setClock('2026-03-02T10:00:00Z');
  // Accounts open empty: a closure completes only with nothing left in the account.
  expect((await admin('/__sim/payments/config', 'PATCH', { openingBalance: '0.00' })).status).toBe(200);
});
afterAll(() => world.sandbox.close());

describe('an account closure the gateway follows', () => {
  it('records the request Pending, then Complete on AccountClosureCompleted, one event per change', async () => {
    const accountId = await savingsAccount();
    const answer = await close(accountId);
    expect(answer.status).toBe(202);
    expect(await recordOf(accountId)).toMatchObject({ status: 'Pending', generation: 1 });
    await closureRuns();
    expect(await recordOf(accountId)).toMatchObject({ status: 'Complete' });
    expect(await moves(accountId)).toEqual(['null->Requested', 'Requested->Pending', 'Pending->Complete']);
    expect(await changesOf(accountId)).toEqual(['Requested', 'Pending', 'Complete']);
    // The bank event is published too.
    const bankEvents = (await world.events()).filter(
      (event) =>
        event.detailType === 'AccountClosureCompleted' && JSON.stringify(event.detail).includes(accountId),
    );
    expect(bankEvents).toHaveLength(1);
  });

  it('refuses a second closure while one is pending with a 409, without calling the bank', async () => {
    const accountId = await savingsAccount();
    expect((await close(accountId)).status).toBe(202);
    const requestsBefore = world.simulator.requests.length;
    const second = await close(accountId);
    expect(second.status).toBe(409);
    const problem = (await second.json()) as { detail: string; instance: string };
    expect(problem.detail).toContain(`A closure of account ${accountId} is already in progress`);
    expect(problem.instance).toBe(`/gateway/account-closures/${accountId}`);
    expect(world.simulator.requests.length).toBe(requestsBefore);
    expect(await moves(accountId)).toEqual(['null->Requested', 'Requested->Pending']);
    await closureRuns();
    expect(await recordOf(accountId)).toMatchObject({ status: 'Complete' });
  });

  it('records a failed closure with the bank’s reasons, then a retried one to Complete', async () => {
    const accountId = await savingsAccount();
    const credited = await admin(`/__sim/accounts/${accountId}/credit`, 'POST', { amount: '100.00' });
    expect(credited.status).toBe(200);
    expect((await close(accountId)).status).toBe(202);
    await closureRuns();
    const failed = await recordOf(accountId);
    expect(failed).toMatchObject({ status: 'Failed', generation: 1 });
    expect(failed.failureReasons?.join(' ')).toContain('remaining balance');
    // The money withdrawn, the closure asked again.
    moveMoney(world.simulator.state, accountId, new MoneyDecimal('-100.00'), world.simulator.clock.now());
    expect((await close(accountId)).status).toBe(202);
    await closureRuns();
    expect(await recordOf(accountId)).toMatchObject({ status: 'Complete', generation: 2 });
    expect(await changesOf(accountId)).toEqual([
      'Requested',
      'Pending',
      'Failed',
      'Requested',
      'Pending',
      'Complete',
    ]);
  });

  it('takes duplicated and reordered webhooks without moving a Complete closure back', async () => {
    const accountId = await savingsAccount();
    expect((await close(accountId)).status).toBe(202);
    await closureRuns();
    const completed = {
      AccountId: accountId,
      ClosureReason: 'AccountSwitched',
      AccountModifiedDateTime: '2026-03-02T10:01:01Z',
    };
    const lateFailure = {
      AccountId: accountId,
      ClosureReason: 'AccountSwitched',
      ClosureFailureReasons: [`Account ${accountId} has a remaining balance of 1.00 GBP`],
      AccountModifiedDateTime: '2026-03-02T10:00:30Z',
    };
    // The completion again (a duplicate of the bank's), then a failure older than it, twice.
    await emit('AccountClosureCompleted', completed);
    await emit('AccountClosureFailed', lateFailure);
    await emit('AccountClosureFailed', lateFailure);
    expect(await recordOf(accountId)).toMatchObject({ status: 'Complete' });
    expect(await changesOf(accountId)).toEqual(['Requested', 'Pending', 'Complete']);
  });

  it('records a closure it never requested as seen only, and publishes the bank event', async () => {
    const accountId = randomUUID();
    await emit('AccountClosureCompleted', {
      AccountId: accountId,
      ClosureReason: 'Other',
      AccountModifiedDateTime: '2026-03-02T10:00:00Z',
    });
    expect(await recordOf(accountId)).toMatchObject({ status: 'Complete', seenOnly: true });
    expect(await changesOf(accountId)).toEqual(['Complete']);
  });

  it('answers 404 for an account whose closure it does not know', async () => {
    const response = await world.gateway(`/gateway/account-closures/${randomUUID()}`);
    expect(response.status).toBe(404);
  });
});
