import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankEvent } from '../support/events.js';
import { testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  // The listing is under test, not the events: they are stand-ins without the documented payloads.
  world = await testSandbox({ eventLimit: 2, checkEvents: false });
  for (const [detailType, key] of [
    ['FITestEvent', 'dropped'],
    ['FITestEvent', 'test'],
    ['TransactionSettled', 'settled'],
  ] as const) {
    await world.sandbox.bus.publish(bankEvent(detailType, key));
  }
});
afterAll(() => world.sandbox.close());

async function listed(query: string) {
  const response = await world.gateway(`/gateway/local/events${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: Array<{ detail: { key: string }; time: string }> }).events;
}

describe('GET /gateway/local/events keeps the newest events and filters them', () => {
  it('keeps only as many events as the configured limit, oldest first', async () => {
    expect((await listed('')).map((listedEvent) => listedEvent.detail.key)).toEqual(['test', 'settled']);
  });

  it('filters by exact detail-type', async () => {
    const events = await listed('?detailType=TransactionSettled');

    expect(events.map((listedEvent) => listedEvent.detail.key)).toEqual(['settled']);
  });

  it('filters by time, strictly after `since`', async () => {
    const newest = (await listed('')).at(-1)?.time ?? '';
    const anHourAgo = new Date(world.simClock.now().getTime() - 3_600_000).toISOString();

    expect(await listed(`?since=${encodeURIComponent(newest)}`)).toEqual([]);
    expect(await listed(`?since=${encodeURIComponent(anHourAgo)}`)).toHaveLength(2);
  });

  it.each([
    ['?since=yesterday', 'since'],
    ['?detailtype=FITestEvent', 'detailtype'],
  ])('answers %s with a 400 problem naming %s', async (query, parameter) => {
    const response = await world.gateway(`/gateway/local/events${query}`);

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(
      parameter,
    );
  });
});
