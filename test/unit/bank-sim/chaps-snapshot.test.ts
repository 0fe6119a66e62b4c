import { afterEach, describe, expect, it } from 'vitest';
import { balanceOf } from '#sim/core/ledger.js';
import type { BankSimulator } from '#sim/simulator.js';
import { customerPayment, DELAY, inboundCustomerPayment, PATHS } from './chaps-helpers.js';
import { admin, call, resumableSimulators } from './helpers.js';

/**
 * The CHAPS scheme's state is plain data and its work on the clock named tasks: a simulator started again from
 * a snapshot (written to JSON and read back, as the sandbox does) settles the payment that was pending, credits
 * the one queued for the opening, and releases the one held, with its ledger entry still the payment's own.
 */
const sims = resumableSimulators();
afterEach(() => sims.close());
const started = sims.start;

const send = (sim: BankSimulator, path: string, body: unknown) =>
  call(sim, 'POST', path, { body: JSON.stringify(body) });

async function taken(sim: BankSimulator): Promise<{ Type: string; Payload: Record<string, unknown> }[]> {
  await sim.idle();
  return sims.received().map((webhook) => JSON.parse(webhook.body));
}

describe('CHAPS payments across a restart', () => {
  it('settle, arrive and are released by the simulator started again from the snapshot', async () => {
    const first = await started();
    const opened = await send(first, '/v3/Accounts', {
      accountName: 'Ops',
      owner: { name: 'Acme' },
      sortCode: '040004',
    });
    const { account } = (await opened.json()) as { account: { id: string; iban: string } };
    expect(
      (await admin(first, 'POST', '/__sim/chaps/rules', { endToEndId: 'HOLD-ME', action: 'hold' })).status,
    ).toBe(201);

    const held = await send(
      first,
      PATHS.customer,
      customerPayment(account.iban, { endToEndIdentification: 'HOLD-ME' }),
    );
    const { paymentId: heldId } = (await held.json()) as { paymentId: string };
    await first.advanceClock(DELAY);
    // A day's delay: this payment's outcome is still to come when the simulator stops.
    await admin(first, 'PATCH', '/__sim/chaps/config', { settlementDelayMs: 24 * 60 * 60 * 1000 });
    const pending = await send(first, PATHS.customer, customerPayment(account.iban));
    const { paymentId: pendingId } = (await pending.json()) as { paymentId: string };
    await admin(first, 'POST', '/__sim/clock/set', { to: '2026-01-05T17:30:00Z' });
    expect((await send(first, PATHS.inboundCustomer, inboundCustomerPayment(account.iban))).status).toBe(202);
    await taken(first);

    const saved = JSON.parse(JSON.stringify(first.snapshot())) as unknown[];
    const second = await started(saved, first.clock.now().toISOString());
    expect(second.scheduled().map((task) => task.label)).toEqual([
      expect.stringMatching(/^chaps arrival /),
      `chaps outcome ${pendingId}`,
    ]);
    const released = await admin(second, 'POST', `/__sim/chaps/held/${heldId}/release`);
    // After the close: the release waits for the opening, as the queued payment in does.
    expect(await released.json()).toMatchObject({ status: 'Queued' });
    await admin(second, 'POST', '/__sim/clock/set', { to: '2026-01-06T08:00:00Z' });
    await admin(second, 'POST', '/__sim/clock/set', { to: '2026-01-06T09:30:00Z' });

    const webhooks = await taken(second);
    expect(
      webhooks.map((webhook) => [
        webhook.Type,
        webhook.Payload.TransactionId === heldId,
        webhook.Payload.TransactionId === pendingId,
      ]),
    ).toEqual([
      ['TransactionSettled', false, false],
      ['TransactionSettled', true, false],
      ['TransactionSettled', false, true],
    ]);
    expect(webhooks[0]?.Payload).toMatchObject({
      DebitCreditCode: 'Credit',
      TimestampSettled: '2026-01-06T08:00:00.000Z',
    });
    expect(balanceOf(second.state, account.id).amount.toFixed(2)).toBe('998500.00');

    // The ledger's entry and the payment's are still one object: the transaction reads see them settled.
    const read = await call(second, 'GET', `/v2/Accounts/${account.id}/Transactions/${heldId}`);
    expect(((await read.json()) as { transaction: { status: string } }).transaction.status).toBe('ACSC');
    const pendingRead = await call(second, 'GET', `/v2/Accounts/${account.id}/Transactions/${pendingId}`);
    expect(((await pendingRead.json()) as { transaction: { status: string } }).transaction.status).toBe(
      'ACSC',
    );
  });
});
