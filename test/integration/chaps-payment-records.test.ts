import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';

/**
 * CHAPS and cross-border payments in the gateway's records, end to end through the sandbox and the simulated
 * scheme: each write claimed and answered with the bank's payment id, moved by the scheme's webhooks to
 * settled, held and released or declined; a received payment recorded, and a return of it tied to it.
 */
let world: Awaited<ReturnType<typeof testSandbox>>;
let account: { id: string; iban: string };

const HELD_NAME = '6a41a29eafcf455493';
const address = { townName: 'London', country: 'GB', postCode: 'EC2V 8RT' };

type Record = {
  status: string;
  scheme: string;
  direction: string;
  paymentId?: string;
  returnOf?: { paymentId?: string; endToEndId?: string };
  history: Array<{
    from: string | null;
    to: string;
    hold?: unknown;
    cancellation?: { code?: string };
    late?: true;
  }>;
};

const post = (path: string, body: unknown) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
const admin = (path: string) => world.bank(path, { method: 'POST' });
const recordOf = async (id: string) => {
  const response = await world.gateway(`/gateway/payments/${id}`);
  expect(response.status, id).toBe(200);
  return (await response.json()) as Record;
};
const moves = async (id: string) => (await recordOf(id)).history.map(({ from, to }) => `${from}->${to}`);
const settle = async () => {
  await world.simulator.advanceClock(60_000);
  await world.sandbox.settle();
};

const customerPayment = (endToEndId: string, creditorName = 'Bob Jones') => ({
  instructionIdentification: `i-${endToEndId}`,
  endToEndIdentification: endToEndId,
  interBankSettlementAmount: { amount: 1000.5, currency: 'GBP' },
  sourceAccount: { iban: account.iban },
  debtorAccount: { iban: account.iban },
  debtor: { name: 'Acme Ltd', postalAddress: address },
  creditorAccount: { schemeName: 'SortcodeAccountNumber', identification: '200000-55779911' },
  creditor: { name: creditorName, postalAddress: address },
  purpose: 'SUPP',
  categoryPurpose: 'SUPP',
});

beforeAll(async () => {
  world = await testSandbox();
  // Monday 2 March 2026, 10:00 UK: CHAPS is open.
  await world.simulator.setClock('2026-03-02T10:00:00Z');
  const opened = await post('/v3/Accounts', {
    accountName: 'CHAPS ops',
    owner: { name: 'Acme' },
    sortCode: '040004',
  });
  expect(opened.status).toBe(201);
  account = ((await opened.json()) as { account: { id: string; iban: string } }).account;
  const funded = await world.bank(`/__sim/accounts/${account.id}/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: '100000.00' }),
  });
  expect(funded.status).toBe(200);
});
afterAll(() => world.sandbox.close());

describe('CHAPS and cross-border payments in the gateway’s records', () => {
  it('claims a CHAPS payment, keeps the bank’s payment id from the 202, and settles it', async () => {
    const response = await post('/payments/chaps/v6/customer-payments', customerPayment('cg-settle-1'));
    expect(response.status).toBe(202);
    const { paymentId } = (await response.json()) as { paymentId: string };
    expect(await recordOf('cg-settle-1')).toMatchObject({
      status: 'Accepted',
      scheme: 'CHAPS',
      direction: 'Outbound',
      paymentId,
    });
    await settle();
    expect(await moves('cg-settle-1')).toEqual([
      'null->Submitted',
      'Submitted->Accepted',
      'Accepted->Settled',
    ]);
  });

  it('names a cross-border payment CrossBorder', async () => {
    const response = await post('/payments/cross-border-sterling/v4/payments', {
      ...customerPayment('cg-xb-1'),
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorAgent: { bic: 'DEUTDEDB' },
    });
    expect(response.status).toBe(202);
    await settle();
    expect(await recordOf('cg-xb-1')).toMatchObject({ scheme: 'CrossBorder', status: 'Settled' });
  });

  it('shows a held payment Held, then Settled when the bank releases it, or Rejected (HOPRJ) when it declines', async () => {
    const ids: string[] = [];
    for (const endToEndId of ['cg-held-1', 'cg-held-2']) {
      const response = await post(
        '/payments/chaps/v6/customer-payments',
        customerPayment(endToEndId, HELD_NAME),
      );
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { paymentId: string }).paymentId);
    }
    await settle();
    for (const endToEndId of ['cg-held-1', 'cg-held-2'])
      expect((await recordOf(endToEndId)).history.at(-1)).toMatchObject({
        to: 'Held',
        hold: { reason: expect.stringContaining('compliance') },
      });
    expect((await admin(`/__sim/chaps/held/${ids[0]}/release`)).status).toBe(200);
    expect((await admin(`/__sim/chaps/held/${ids[1]}/reject`)).status).toBe(200);
    await settle();
    expect(await moves('cg-held-1')).toEqual([
      'null->Submitted',
      'Submitted->Accepted',
      'Accepted->Held',
      'Held->Settled',
    ]);
    expect((await recordOf('cg-held-2')).history.at(-1)).toMatchObject({
      from: 'Held',
      to: 'Rejected',
      cancellation: { code: 'HOPRJ' },
    });
  });

  it('records a received CHAPS payment with its payment id, and ties a return of it to it', async () => {
    const inbound = await post('/inbound-payment-simulation/chaps/v3/customer-payments', {
      instructionIdentification: 'cg-in-instr-1',
      endToEndIdentification: 'cg-in-1',
      interBankSettlementAmount: { amount: 250, currency: 'GBP' },
      instructingAgentBic: 'LOYDGB22XXX',
      debtorAccount: { iban: 'GB71CPBK08929969687998' },
      debtor: { name: 'Remitter', postalAddress: address },
      creditorAccount: { iban: account.iban },
      creditor: { name: 'Acme Ltd', postalAddress: address },
      purpose: 'CASH',
      categoryPurpose: 'CASH',
    });
    expect(inbound.status).toBe(202);
    await settle();
    const received = await recordOf('cg-in-1');
    expect(received).toMatchObject({ status: 'Settled', scheme: 'CHAPS', direction: 'Inbound' });
    expect(received.paymentId).toEqual(expect.any(String));

    const returned = await post('/payments/chaps/v6/return-payments', {
      paymentId: received.paymentId,
      reason: 'AC04',
      instructionIdentification: 'cg-rtn-1',
    });
    expect(returned.status).toBe(202);
    const { paymentId } = (await returned.json()) as { paymentId: string };
    await settle();
    expect(await recordOf('cg-rtn-1')).toMatchObject({
      status: 'Settled',
      scheme: 'CHAPS',
      direction: 'Outbound',
      paymentId,
      returnOf: { paymentId: received.paymentId, endToEndId: 'cg-in-1' },
    });
    expect(await moves('cg-in-1')).toEqual(['null->Settled']);
  });

  it('follows each outcome through duplicated and reordered webhooks, one event per transition', async () => {
    const rule = (endToEndId: string, action: string) =>
      world.bank('/__sim/chaps/rules', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endToEndId, action }),
      });
    for (const [endToEndId, action] of [
      ['cg-dup-rejected', 'reject'],
      ['cg-dup-invalid', 'validation-failed'],
      ['cg-dup-assessed', 'assessment-failed'],
    ] as const)
      expect((await rule(endToEndId, action)).status).toBe(201);
    const faults = (body: unknown) =>
      world.bank('/__sim/faults', {
        method: body === undefined ? 'DELETE' : 'PUT',
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    await faults({ duplicateWebhookRate: 1, outOfOrderWebhookRate: 1 });
    const ids: { [endToEndId: string]: string } = {};
    for (const [endToEndId, creditor] of [
      ['cg-dup-settled', 'Bob Jones'],
      ['cg-dup-held', HELD_NAME],
      ['cg-dup-rejected', 'Bob Jones'],
      ['cg-dup-invalid', 'Bob Jones'],
      ['cg-dup-assessed', 'Bob Jones'],
    ] as const) {
      const response = await post(
        '/payments/chaps/v6/customer-payments',
        customerPayment(endToEndId, creditor),
      );
      expect(response.status).toBe(202);
      ids[endToEndId] = ((await response.json()) as { paymentId: string }).paymentId;
    }
    await settle();
    expect((await admin(`/__sim/chaps/held/${ids['cg-dup-held']}/release`)).status).toBe(200);
    await settle();
    await faults(undefined);
    await world.bank('/__sim/webhooks/release', { method: 'POST' });
    await world.sandbox.settle();

    const outcomes = Object.fromEntries(
      await Promise.all(Object.keys(ids).map(async (id) => [id, (await recordOf(id)).status])),
    );
    expect(outcomes).toEqual({
      'cg-dup-settled': 'Settled',
      'cg-dup-held': 'Settled',
      'cg-dup-rejected': 'Rejected',
      'cg-dup-invalid': 'ValidationFailed',
      'cg-dup-assessed': 'AssessmentFailed',
    });
    // Its hold was told after its release here (the webhooks came newest first): kept, marked late.
    expect(
      (await recordOf('cg-dup-held')).history.map(({ from, to, late }) => [from, to, late ?? false]),
    ).toEqual([
      [null, 'Submitted', false],
      ['Submitted', 'Accepted', false],
      ['Accepted', 'Settled', false],
      ['Settled', 'Held', true],
    ]);
    const changes = (await world.events())
      .filter((event) => event.detailType === 'PaymentStatusChanged')
      .map((event) => (event.detail as unknown as { transitionId: string }).transitionId)
      .filter((transitionId) => transitionId.startsWith('cg-dup-'));
    expect(new Set(changes).size).toBe(changes.length);
    for (const id of Object.keys(ids)) {
      const history = (await recordOf(id)).history;
      expect(changes.filter((transitionId) => transitionId.startsWith(`${id}/`))).toHaveLength(
        history.length,
      );
    }
  });
});
