import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayCommand } from '#shared/events/replay-command.js';
import { runCli } from '#shared/cli/framework.js';
import { testCliContext } from '../support/cli.js';
import { bankEvent } from '../support/events.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';
import { transactionSettledPayload } from '../support/webhook-payloads.js';

let world: Awaited<ReturnType<typeof testSandbox>>;
let from: string;
let to: string;

const settledIds = [randomUUID(), randomUUID()];

beforeAll(async () => {
  world = await testSandbox();
  // The event log is stamped by the sandbox clock, so the window is sandbox time around what was published.
  from = new Date(world.simClock.now().getTime() - 1_000).toISOString();
  for (const id of settledIds) {
    world.simulator.emitWebhook('TransactionSettled', 6, transactionSettledPayload({ TransactionId: id }));
  }
  await world.sandbox.bus.publish({
    ...bankEvent('FITestEvent', 'test-replay'),
    detail: { ...bankEvent('FITestEvent', 'test-replay').detail, payload: 'test me' },
  });
  await world.events();
  to = world.simClock.now().toISOString();
});
afterAll(() => world.sandbox.close());

async function clearway(argv: string[]) {
  const { context, output } = testCliContext({
    env: { CLEARWAY_GATEWAY_URL: world.sandbox.gatewayUrl },
    fetch: (url, init) => fetch(url, init),
  });
  const code = await runCli({ replay: replayCommand }, ['replay', ...argv, '--sandbox'], context);
  return { code, ...output };
}

type Listed = { detailType: string; detail: { key: string }; replayName?: string; time: string };
const replayedEvents = async (replayName: string) =>
  ((await world.events()) as Listed[]).filter((event) => event.replayName === replayName);

describe('clearway replay --sandbox re-publishes events from the local log, marked as replayed', () => {
  it('replays only the chosen detail-type, each event once, with its key and a replay name', async () => {
    const { code, out } = await clearway(['--from', from, '--to', to, '--detail-type', 'TransactionSettled']);

    expect(code).toBe(0);
    const replayName = /replay (clearway-sandbox-\S+): COMPLETED, 2 event\(s\) replayed/.exec(out)?.[1] ?? '';
    expect(replayName).not.toBe('');
    expect((await replayedEvents(replayName)).map((event) => event.detail.key).sort()).toEqual(
      settledIds.map((id) => `TransactionSettled:${id}:Credit`).sort(),
    );
  });

  it('replays every type of the window, never an earlier replay again', async () => {
    const { code, out } = await clearway(['--from', from, '--to', world.simClock.now().toISOString()]);

    expect(code).toBe(0);
    // The settlements' own records moved too (PaymentStatusChanged): every original of the window, once.
    const originals = ((await world.events()) as Listed[]).filter(
      (event) => event.replayName === undefined && event.time >= from,
    );
    const replayName =
      new RegExp(`replay (clearway-sandbox-\\S+): COMPLETED, ${originals.length} event\\(s\\)`).exec(
        out,
      )?.[1] ?? '';
    expect((await replayedEvents(replayName)).map((event) => event.detailType).sort()).toEqual(
      originals.map((event) => event.detailType).sort(),
    );
    expect(originals.map((event) => event.detailType)).toEqual(
      expect.arrayContaining(['FITestEvent', 'TransactionSettled', 'TransactionSettled']),
    );
  });

  it('refuses a window in the future in one line, exit 2', async () => {
    const later = new Date(world.simClock.now().getTime() + 3_600_000).toISOString();
    const { code, err } = await clearway(['--from', from, '--to', later]);

    expect(code).toBe(2);
    expect(err).toMatch(
      /^clearway replay: the window ends in the future \(--to .+\): only past events can be replayed\n$/,
    );
  });

  it.each([
    ['{"from":"yesterday","to":"2026-03-02T10:00:00Z"}', 'from'],
    ['{"from":"2026-03-01T10:00:00Z","to":"2026-03-02T10:00:00Z","type":"x"}', 'type'],
  ])('answers POST /gateway/local/replay %s with a 400 problem naming %s', async (body, property) => {
    const response = await world.gateway('/gateway/local/replay', jsonPost(body));

    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(property);
  });

  it('refuses a reversed window at the route too, naming the mistake', async () => {
    const response = await world.gateway(
      '/gateway/local/replay',
      jsonPost(JSON.stringify({ from: to, to: from })),
    );

    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toContain('reversed');
  });
});
