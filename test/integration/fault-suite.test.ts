import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { countBy, type Figures, faultedBankRequests } from '../support/fault-figures.js';
import {
  accountNameOf,
  GATEWAY_TIMING,
  type KeyRun,
  runFaultSuite,
  unfinishedCallers,
  SUITE,
  type World,
} from '../support/fault-run.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * The gateway's promise under a faulty bank, end to end in the sandbox: keyed account creates retried
 * by their callers open exactly one account each, and every unique webhook becomes exactly one event.
 * `npm test` runs 300 keys; `npm run test:faults` runs more (FAULT_SUITE_KEYS, FAULT_SUITE_SEED).
 * Every draw is seeded, but which request meets which draw depends on timing under concurrency, so the
 * figures of one seed vary a little from run to run; the assertions hold for any of them.
 */
const KEYS = Number(process.env.FAULT_SUITE_KEYS ?? 300);

let world: World;
let runs: KeyRun[];
let figures: Figures;
let accounts: Array<{ id: string; name: string }>;
let bankDone: boolean;
let events: Awaited<ReturnType<World['events']>>;

beforeAll(
  async () => {
    world = await testSandbox({ seed: SUITE.seed, ...GATEWAY_TIMING });
    ({ runs, bankDone, events, figures } = await runFaultSuite(world, { keys: KEYS }));
    accounts = await listAccounts(world);
  },
  Math.max(60_000, KEYS * 200),
);
afterAll(() => world?.sandbox.close());

describe(`with 30% of bank calls failing and webhooks duplicated, reordered and badly signed (${KEYS} keys)`, () => {
  it('gives every caller a definitive success, retrying with its key within bounded attempts', () => {
    expect(unfinishedCallers(runs)).toEqual([]);
  });

  it('answers every attempt with a definitive success, the bank’s retryable answer, its own 504, or 409 in progress', () => {
    const expected = new Set([
      '201',
      '202 already-processed',
      '409 Request in progress',
      '429 Too Many Requests',
      '500 Internal Server Error',
      '503 Service Unavailable',
      '504 Bank did not answer',
      'caller timeout',
    ]);

    expect(Object.keys(figures.outcomes).filter((label) => !expected.has(label))).toEqual([]);
  });

  it('opens exactly one account per key at the bank, and no other', () => {
    const byName = countBy(accounts.map((account) => account.name));

    expect(accounts).toHaveLength(KEYS);
    expect(runs.filter((run) => byName[accountNameOf(run.index)] !== 1).map((run) => run.key)).toEqual([]);
  });

  it('sends each key to the bank under one X-Request-Id, processed exactly once', () => {
    expect(bankDone).toBe(true);
    const writes = world.simulator.requests.filter((request) => request.path === '/v3/Accounts');
    const byName = groupBy(
      writes,
      (request) => (JSON.parse(request.body) as { accountName: string }).accountName,
    );

    const wrong = runs.filter((run) => {
      const sent = byName.get(accountNameOf(run.index)) ?? [];
      const processed = sent.filter((request) => request.status !== null && request.status < 300);
      return new Set(sent.map((request) => request.requestId)).size !== 1 || processed.length !== 1;
    });
    expect(wrong.map((run) => run.key)).toEqual([]);
  });

  it('answers a key consistently to each of its callers: one X-Request-Id, one created account, the stored answer on repeat', () => {
    const idByName = new Map(accounts.map((account) => [account.name, account.id]));

    for (const run of runs) {
      const answers = run.callers.flatMap((caller) => caller.answers);
      const requestIds = new Set(answers.flatMap((answer) => answer.requestId ?? []));
      expect(requestIds.size, run.key).toBe(1);
      const [first] = run.callers;
      for (const { final, repeat } of run.callers) {
        expect([final?.label, repeat?.label], run.key).toEqual([first?.final?.label, first?.final?.label]);
        expect([final?.body, repeat?.body], run.key).toEqual([first?.final?.body, first?.final?.body]);
      }
      if (first?.final?.status === 201) {
        const created = JSON.parse(first.final.body) as { account: { id: string } };
        expect(created.account.id, run.key).toBe(idByName.get(accountNameOf(run.index)));
      }
    }
  });

  it('turns every unique webhook into exactly one event, losing none', () => {
    const expected = world.simulator.webhooks.map((webhook) => {
      const envelope = JSON.parse(webhook.body) as { Type: string; Version: number; Payload: unknown };
      return webhookIdentity(envelope.Type, envelope.Version, envelope.Payload, new Date(webhook.emittedAt))
        .key;
    });

    expect(world.simulator.webhooks.filter((webhook) => webhook.type === 'AccountCreated')).toHaveLength(
      KEYS,
    );
    expect(world.simulator.webhooks.filter((webhook) => webhook.status !== 'delivered')).toEqual([]);
    expect(Object.values(countBy(events.map((event) => event.detail.key))).every((n) => n === 1)).toBe(true);
    expect(events.map((event) => event.detail.key).sort()).toEqual(expected.sort());
    expect(figures.deadLetters).toBe(0);
  });

  it('refuses every badly signed delivery, so only the bank’s correctly signed retry counts', () => {
    const badlySigned = world.simulator.deliveries.filter((delivery) => !delivery.signedCorrectly);

    expect(badlySigned.length).toBeGreaterThan(0);
    expect(badlySigned.every((delivery) => delivery.status === 401)).toBe(true);
  });

  it('really met each fault: about 30% of bank calls failed, in every kind', () => {
    const faulted = faultedBankRequests(figures);
    const kinds = Object.keys(figures.bank).map((label) => label.replace(/, then .*/, ''));

    expect(faulted / figures.bankRequests).toBeGreaterThan(0.2);
    expect(faulted / figures.bankRequests).toBeLessThan(0.4);
    expect(kinds).toEqual(
      expect.arrayContaining(['fault 500', 'fault 503', 'fault 429', 'fault drop', 'slow']),
    );
    expect(
      figures.webhooks.duplicated * figures.webhooks.outOfOrder * figures.webhooks.badlySigned,
    ).toBeGreaterThan(0);
  });
});

/** Every real account at the bank, read through the gateway page by page (bounded). */
async function listAccounts(world: World): Promise<Array<{ id: string; name: string }>> {
  const all: Array<{ id: string; name: string }> = [];
  for (let page = 1; page <= Math.ceil(KEYS / 1000) + 1; page++) {
    const response = await world.gateway(`/v3/Accounts?pageNumber=${page}&pageSize=1000`);
    expect(response.status).toBe(200);
    const { accounts } = (await response.json()) as { accounts: Array<{ id: string; name: string }> };
    all.push(...accounts);
    if (accounts.length < 1000) break;
  }
  return all;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}
