import { describe, expect, it } from 'vitest';
import { ManualClock, RealTimeClock } from '#shared/ports/clock.js';

describe('clocks that tests and the sandbox move', () => {
  it('a manual clock stands still until advanced', () => {
    const clock = new ManualClock('2026-03-29T00:30:00Z');
    expect(clock.advance(60 * 60 * 1000).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('a real-time clock follows real time, moved ahead by what it was advanced', () => {
    const clock = new RealTimeClock();
    clock.advance(25 * 60 * 60 * 1000);
    const ahead = clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(25 * 60 * 60 * 1000 - 1_000);
    expect(ahead).toBeLessThanOrEqual(25 * 60 * 60 * 1000);
  });

  it('refuses to move backwards or to a time that is not one', () => {
    expect(() => new ManualClock().advance(-1)).toThrow(RangeError);
    expect(() => new RealTimeClock().set('yesterday-ish')).toThrow(RangeError);
  });
});
