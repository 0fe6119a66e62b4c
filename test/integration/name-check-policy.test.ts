import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameChecksTable } from '#shared/name-checks/table.js';
import { DynamoDbNameCheckStore } from '#shared/name-checks/dynamodb-store.js';
import type { NameCheckRecord } from '#shared/name-checks/outcome.js';
import { fpsPaymentBody } from '../support/fps-payment.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Name-check outcomes travel with payments, through the sandbox: one sandbox with the policy on
 * (`refuse-no-match`, `requireAbove` 500) and one with it off. The checks are written straight into the
 * name-checks table, as the name-checks tracker writes them.
 */
type World = Awaited<ReturnType<typeof testSandbox>>;
let strict: World;
let lenient: World;
const ibans = new Map<World, string>();

const sandboxNow = () => strict.simClock.now();
const checkOf = (endToEndId: string, reasonCode?: string): NameCheckRecord => ({
  endToEndId,
  outcome: reasonCode ?? 'Matched',
  matched: reasonCode === undefined,
  ...(reasonCode !== undefined && { reasonCode }),
  responseWithinSla: true,
  account: '****5678',
  checkedAt: sandboxNow().toISOString(),
  requestId: 'cw-check',
  // The gateway reads the sandbox clock.
  expiresAt: Math.floor(sandboxNow().getTime() / 1000) + 3600,
});
/** Recorded against the account every payment here pays (sort code 200000, account 12345678). */
const recordCheck = (world: World, record: NameCheckRecord) =>
  new DynamoDbNameCheckStore(
    world.sandbox.dynamo.client,
    world.sandbox.dynamo.tableName(nameChecksTable),
  ).put(record, '20000012345678');

const pay = (
  world: World,
  endToEndId: string,
  amount: number,
  key = randomUUID(),
  creditorAccount = '20000012345678',
) =>
  world.gateway('/v3/payments/fps', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: fpsPaymentBody({ debtorIban: ibans.get(world) as string, endToEndId, amount, creditorAccount }),
  });

async function openAccount(world: World) {
  const response = await world.gateway('/v3/Accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ accountName: 'Main', owner: { name: 'Acme' }, sortCode: '040004' }),
  });
  expect(response.status).toBe(201);
  ibans.set(world, ((await response.json()) as { account: { iban: string } }).account.iban);
}

beforeAll(async () => {
  [strict, lenient] = await Promise.all([
    testSandbox({ nameChecks: { ttlHours: 24, policy: { mode: 'refuse-no-match', requireAbove: '500' } } }),
    testSandbox(),
  ]);
  await Promise.all([openAccount(strict), openAccount(lenient)]);
});
afterAll(async () => {
  await Promise.all([strict?.sandbox.close(), lenient?.sandbox.close()]);
});

describe('GET /gateway/name-checks/{endToEndId}', () => {
  it('answers a recorded check with its outcome, the account masked and when it expires', async () => {
    await recordCheck(strict, checkOf('nc-read-1', 'MBAM'));
    const response = await strict.gateway('/gateway/name-checks/nc-read-1');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      endToEndId: 'nc-read-1',
      outcome: 'MBAM',
      matched: false,
      account: '****5678',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 404 problem for an unknown or expired check, and 400 naming endToEndId for a bad one', async () => {
    await recordCheck(strict, {
      ...checkOf('nc-expired', 'ANNM'),
      expiresAt: Math.floor(sandboxNow().getTime() / 1000) - 1,
    });
    for (const id of ['nc-unknown', 'nc-expired']) {
      const response = await strict.gateway(`/gateway/name-checks/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
    const tooLong = await strict.gateway(`/gateway/name-checks/${'a'.repeat(141)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ errors: { endToEndId: [expect.any(String)] } });
  });
});

describe('the refuse-no-match policy', () => {
  it('refuses a payment whose end-to-end id was checked with no match: 422 naming it, nothing sent or claimed', async () => {
    await recordCheck(strict, checkOf('nc-pay-annm', 'ANNM'));
    const before = strict.simulator.requests.length;
    const response = await pay(strict, 'nc-pay-annm', 10);
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { detail: string; errors: Record<string, string[]> };
    expect(problem.detail).toContain('nc-pay-annm');
    expect(problem.errors).toEqual({
      endToEndIdentification: ['nc-pay-annm was name-checked with outcome ANNM'],
    });
    expect(strict.simulator.requests.length).toBe(before);
    expect((await strict.gateway('/gateway/payments/nc-pay-annm')).status).toBe(404);
  });

  it('sends a payment checked with a match, its record carrying the check', async () => {
    await recordCheck(strict, checkOf('nc-pay-match'));
    expect((await pay(strict, 'nc-pay-match', 900)).status).toBe(202);
    const record = await (await strict.gateway('/gateway/payments/nc-pay-match')).json();
    expect(record).toMatchObject({ status: 'Accepted', nameCheck: { outcome: 'Matched', matched: true } });
  });

  it('with requireAbove 500, refuses an unchecked payment of 500.01 and sends one of 500', async () => {
    const before = strict.simulator.requests.length;
    const refused = await pay(strict, 'nc-pay-big', 500.01);
    expect(refused.status).toBe(422);
    expect(strict.simulator.requests.length).toBe(before);
    expect((await pay(strict, 'nc-pay-small', 500)).status).toBe(202);
  });
});

describe('without the policy (the default)', () => {
  it('sends a payment checked with no match, and its record shows the check', async () => {
    await recordCheck(lenient, checkOf('nc-pay-annm', 'ANNM'));
    expect((await pay(lenient, 'nc-pay-annm', 10)).status).toBe(202);
    const response = await lenient.gateway('/gateway/payments/nc-pay-annm');
    expect(await response.json()).toMatchObject({
      status: 'Accepted',
      nameCheck: { outcome: 'ANNM', matched: false, reasonCode: 'ANNM', account: '****5678' },
    });
  });
});

describe('a real name check through the gateway travels with the payment', () => {
  const check = (
    world: World,
    endToEndId: string,
    ownerName: string,
    identification = '20000012345678',
    legalOwnerType = 'Personal',
  ) =>
    world.gateway('/open-banking/outbound/v1/name-verification', {
      method: 'POST',
      headers: { 'content-type': 'application/json' }, // no Idempotency-Key: a check moves no money
      body: JSON.stringify({
        SchemeName: 'SortCodeAccountNumber',
        LegalOwnerType: legalOwnerType,
        OwnerName: `,,${ownerName}`,
        Identification: identification,
        EndToEndIdentification: endToEndId,
      }),
    });

  it('records a match, serves it, and copies it into the payment record', async () => {
    const endToEndId = `e2e-real-${randomUUID().slice(0, 8)}`;
    expect((await check(lenient, endToEndId, 'Jane Smith')).status).toBe(200);
    const recorded = await lenient.gateway(`/gateway/name-checks/${endToEndId}`);
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toMatchObject({ endToEndId, outcome: 'Matched', account: '****5678' });
    expect((await pay(lenient, endToEndId, 10)).status).toBe(202);
    const payment = await lenient.gateway(`/gateway/payments/${endToEndId}`);
    expect(await payment.json()).toMatchObject({ nameCheck: { outcome: 'Matched' } });
  });

  it('refuses under the policy a payment whose check found no match, sending nothing', async () => {
    const endToEndId = `e2e-real-${randomUUID().slice(0, 8)}`;
    expect((await check(strict, endToEndId, 'Peter Jones')).status).toBe(200);
    expect(await (await strict.gateway(`/gateway/name-checks/${endToEndId}`)).json()).toMatchObject({
      outcome: 'ANNM',
    });
    strict.simulator.clearRequests();
    const refused = await pay(strict, endToEndId, 10);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain(endToEndId);
    expect(strict.simulator.requests).toHaveLength(0);
  });

  it('row 3 (issue 27): a check binds to the account checked: X no match at A, then X matched at B, then X paid to A is refused and not sent', async () => {
    const endToEndId = `e2e-bind-${randomUUID().slice(0, 8)}`;
    // A: Jane Smith's account, checked with another name. B: Acme Widgets Ltd's, checked with its own.
    expect((await check(strict, endToEndId, 'Peter Jones')).status).toBe(200);
    expect((await check(strict, endToEndId, 'Acme Widgets Ltd', '20000087654321', 'Business')).status).toBe(
      200,
    );
    expect(await (await strict.gateway(`/gateway/name-checks/${endToEndId}`)).json()).toMatchObject({
      outcome: 'Matched',
      account: '****4321',
    });
    strict.simulator.clearRequests();

    const refused = await pay(strict, endToEndId, 10);
    expect(refused.status).toBe(422);
    expect((await refused.json()) as unknown).toMatchObject({
      errors: { endToEndIdentification: [`${endToEndId} was name-checked with outcome ANNM`] },
    });
    expect(strict.simulator.requests).toHaveLength(0);
    expect((await strict.gateway(`/gateway/payments/${endToEndId}`)).status).toBe(404);

    // Paid to B, the account that matched, the payment goes with B's check.
    expect((await pay(strict, endToEndId, 10, randomUUID(), '20000087654321')).status).toBe(202);
    expect(await (await strict.gateway(`/gateway/payments/${endToEndId}`)).json()).toMatchObject({
      nameCheck: { outcome: 'Matched', account: '****4321' },
    });
  });

  it('row 3 (issue 27): without the policy, a payment to an account its id never checked carries no check', async () => {
    const endToEndId = `e2e-bind-${randomUUID().slice(0, 8)}`;
    expect((await check(lenient, endToEndId, 'Jane Smith')).status).toBe(200);
    expect((await pay(lenient, endToEndId, 10, randomUUID(), '20000087654321')).status).toBe(202);
    const payment = (await (await lenient.gateway(`/gateway/payments/${endToEndId}`)).json()) as object;
    expect(payment).not.toHaveProperty('nameCheck');
  });
});
