import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '#shared/domain/money.js';
import { fromSnapshotJson, toSnapshotJson } from '#sim/core/snapshot-json.js';

/** Through JSON text and back, as the sandbox's snapshot file takes it. */
const roundTrip = (value: unknown) => fromSnapshotJson(JSON.parse(JSON.stringify(toSnapshotJson(value))));

describe("the simulator's state as JSON", () => {
  it('reads back Maps, Sets, Dates, Decimals, bytes and undefined members as they were', () => {
    const state = {
      accounts: new Map([
        ['a-1', { balance: new MoneyDecimal('1000000.01'), opened: new Date('2026-03-02T10:00:00Z') }],
      ]),
      currencies: new Set(['EUR', 'USD']),
      body: Buffer.from('{"Nonce":42}'),
      returned: undefined,
      nothing: null,
    };

    const read = roundTrip(state) as typeof state;

    expect(read).toEqual(state);
    expect('returned' in read).toBe(true);
    expect(read.accounts.get('a-1')?.balance.plus('0.000000000000000000000001').toString()).toBe(
      '1000000.010000000000000000000001',
    );
  });

  it('keeps an object met twice as one object, cycles included', () => {
    const trade: { id: string; self?: unknown } = { id: 'fx-1' };
    trade.self = trade;
    const saved = { trades: new Map([['fx-1', trade]]), waiting: [{ task: 'settle', args: [trade] }] };

    const read = roundTrip(saved) as typeof saved;

    const restored = read.trades.get('fx-1');
    expect(read.waiting[0]?.args[0]).toBe(restored);
    expect(restored?.self).toBe(restored);
  });

  it('keeps a member named __proto__ (from a request body) an ordinary member', () => {
    const payload = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;

    const read = roundTrip({ payload }) as { payload: Record<string, unknown> };

    expect(Object.getPrototypeOf(read.payload)).toBe(Object.prototype);
    expect(Object.keys(read.payload)).toEqual(['__proto__']);
  });

  it.each([
    ['a function', { later: { run: () => undefined } }, 'cannot save a function at $.later.run'],
    ['a class instance', { when: [new (class Timer {})()] }, 'cannot save a Timer at $.when[0]'],
    ['a number JSON cannot hold', { rate: Number.NaN }, 'cannot save NaN at $.rate'],
  ])('refuses %s, naming where it is', (_what, value, message) => {
    expect(() => toSnapshotJson(value)).toThrow(message);
  });

  it.each([
    ['not a list', { version: 1 }],
    ['a reference to no node', [{ a: 7 }]],
    ['an unknown tag', [['Promise']]],
  ])('refuses JSON it could not have written: %s', (_what, json) => {
    expect(() => fromSnapshotJson(json)).toThrow(TypeError);
  });
});
