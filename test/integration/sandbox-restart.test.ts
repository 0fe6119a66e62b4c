import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HomeInUseError, readSnapshot, SnapshotError } from '#local/sandbox-state.js';
import { fpsPaymentBody } from '../support/fps-payment.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * `npm start` keeps the sandbox's state in `$CLEARWAY_HOME/state`: started again on the same home, the
 * sandbox has its accounts, balances, the gateway's records, the events and the clock where they were, and
 * work waiting on the clock still happens; `--fresh` begins clean; a snapshot it cannot read is refused.
 */
type World = Awaited<ReturnType<typeof testSandbox>>;

const newHome = () => mkdtempSync(join(tmpdir(), 'clearway-restart-'));

const post = (world: World, path: string, body: string) =>
  world.gateway(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body,
  });

const json = async <T>(response: Promise<Response>): Promise<T> => (await response).json() as Promise<T>;

/** Opens an account through the gateway and pays from it. */
async function accountWithPayment(world: World) {
  const opened = await post(
    world,
    '/v3/Accounts',
    JSON.stringify({ accountName: 'Kept', owner: { name: 'Acme' }, sortCode: '040004' }),
  );
  const { account } = (await opened.json()) as { account: { id: string; iban: string } };
  const endToEndId = `kept-${randomUUID().slice(0, 8)}`;
  const body = fpsPaymentBody({
    debtorIban: account.iban,
    endToEndId,
    amount: '12.34',
    creditorAccount: '20000012345678',
  });
  expect((await post(world, '/v3/payments/fps', body)).status).toBe(202);
  await world.sandbox.settle();
  return { accountId: account.id, endToEndId };
}

/** What a restart must bring back, read over HTTP as a user would. */
async function observe(world: World, { accountId, endToEndId }: { accountId: string; endToEndId: string }) {
  await world.sandbox.settle();
  return {
    // Without its links, which name the simulator's port, a new one each start here.
    account: (await json<{ account: unknown }>(world.gateway(`/v3/Accounts/${accountId}`))).account,
    payment: await json<{ status: string }>(world.gateway(`/gateway/payments/${endToEndId}`)),
    events: await json<{ events: Array<{ detailType: string }> }>(world.gateway('/gateway/local/events')),
    clock: await json<{ now: string }>(world.bank('/__sim/clock')),
  };
}

describe('a sandbox that keeps its state', () => {
  it('started again, has its book, tables, events and clock back, and settles the payment that was waiting', async () => {
    const home = newHome();
    const first = await testSandbox({ home, state: 'resume' });
    const slowSettlement = JSON.stringify({ settlementDelayMs: 3_600_000 });
    await first.bank('/__sim/payments/config', { method: 'PATCH', body: slowSettlement });
    const paid = await accountWithPayment(first);
    await first.simulator.advanceClock(10 * 60_000);
    const before = await observe(first, paid);
    await first.sandbox.close();

    const second = await testSandbox({ home, state: 'resume' });
    try {
      expect(await observe(second, paid)).toEqual(before);
      expect(second.sandbox.keptState).toEqual({
        folder: join(home, 'state'),
        resumedFrom: before.clock.now,
      });

      await second.simulator.advanceClock(3_600_000);
      const settled = await observe(second, paid);
      expect(settled.payment.status).toBe('Settled');
      expect(settled.events.events.map((event) => event.detailType)).toContain('TransactionSettled');
    } finally {
      await second.sandbox.close();
    }
  });

  it('is saved within a second of a change, before any stop: what a crash would leave', async () => {
    const home = newHome();
    const world = await testSandbox({ home, state: 'resume' });
    try {
      const moved = (await world.simulator.advanceClock(3_600_000)).toISOString();

      await vi.waitFor(() => expect(readSnapshot(join(home, 'state'))?.clock).toBe(moved), {
        timeout: 3_000,
      });
      expect(readdirSync(join(home, 'state')).sort()).toEqual(['dynamo', 'sandbox.json']);
    } finally {
      await world.sandbox.close();
    }
  });

  it('begins clean with --fresh: no book, tables, events, statements or webhook bodies; the same keys', async () => {
    const home = newHome();
    const first = await testSandbox({ home, state: 'resume' });
    const paid = await accountWithPayment(first);
    await first.simulator.advanceClock(60_000);
    await first.sandbox.close();
    for (const folder of ['statements', 'webhook-bodies']) {
      mkdirSync(join(home, folder), { recursive: true });
      writeFileSync(join(home, folder, 'left-over'), 'from the first run');
    }
    const key = readFileSync(join(home, 'institution-signing.key.pem'), 'utf8');

    const fresh = await testSandbox({ home, state: 'fresh' });
    try {
      expect((await fresh.gateway(`/v3/Accounts/${paid.accountId}`)).status).toBe(404);
      expect((await fresh.gateway(`/gateway/payments/${paid.endToEndId}`)).status).toBe(404);
      expect(await json(fresh.gateway('/gateway/local/events'))).toEqual({ events: [] });
      expect(fresh.simulator.clock.now()).toEqual(new Date('2026-03-02T10:00:00Z'));
      expect(fresh.sandbox.keptState).toEqual({ folder: join(home, 'state'), resumedFrom: undefined });
      expect(existsSync(join(home, 'statements', 'left-over'))).toBe(false);
      expect(existsSync(join(home, 'webhook-bodies', 'left-over'))).toBe(false);
      expect(readFileSync(join(home, 'institution-signing.key.pem'), 'utf8')).toBe(key);
    } finally {
      await fresh.sandbox.close();
    }
  });
});

describe('one kept sandbox per home', () => {
  it('refuses a second one while the first runs, and starts it once the first has stopped', async () => {
    const home = newHome();
    // Left by a sandbox that crashed: no process has that number.
    writeFileSync(join(home, 'sandbox.pid'), '999999999');
    const first = await testSandbox({ home, state: 'resume' });

    const second = testSandbox({ home, state: 'fresh' });

    await expect(second).rejects.toThrow(HomeInUseError);
    await expect(second).rejects.toThrow(`another sandbox (process ${process.pid}) runs on ${home}`);
    expect(readdirSync(join(home, 'state'))).toContain('dynamo');
    await first.sandbox.close();
    const third = await testSandbox({ home, state: 'resume' });
    await third.sandbox.close();
  });
});

describe('a snapshot the sandbox cannot read', () => {
  it.each([
    ['damaged', '{"version":1,"savedAt":"2026-03', 'it is not JSON'],
    ['of another version', '{"version":99}', 'it is version 99, and this sandbox reads version 1'],
    [
      'holding a bank this code cannot rebuild',
      '{"version":1,"savedAt":"2026-03-02T10:00:00Z","clock":null,"simulator":[["Promise"]],"events":[]}',
      'the saved bank is unreadable: node 0: unknown tag Promise',
    ],
  ])('is refused when %s, naming the file and --fresh', async (_case, text, why) => {
    const home = newHome();
    const file = join(home, 'state', 'sandbox.json');
    mkdirSync(join(home, 'state'));
    writeFileSync(file, text);

    const starting = testSandbox({ home, state: 'resume' });

    await expect(starting).rejects.toThrow(SnapshotError);
    await expect(starting).rejects.toThrow(
      `cannot resume the sandbox from ${file}: ${why}. Start afresh with: npm start -- --fresh`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
