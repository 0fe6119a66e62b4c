import { describe, expect, it } from 'vitest';
import { fxRates, pairRate, RATE_STEP_MS, symbolOf, tradeRate } from '#sim/products/fx/rates.js';
import { SimState } from '#sim/core/state.js';
import { MoneyDecimal } from '#shared/domain/money.js';

describe('the simulated rate table', () => {
  const at = new Date('2026-01-05T09:00:00Z');

  it('moves a little each minute, the same way for the same seed', () => {
    const one = new SimState();
    const two = new SimState();
    const series = (state: SimState) =>
      Array.from({ length: 20 }, (_, i) =>
        pairRate(state, 'EUR/USD', new Date(at.getTime() + i * RATE_STEP_MS)).toString(),
      );
    expect(series(one)).toEqual(series(two));
    expect(new Set(series(one)).size).toBeGreaterThan(10);
    for (const rate of series(one)) expect(Math.abs(Number(rate) / 1.08 - 1)).toBeLessThanOrEqual(0.002);
    // Still within a minute.
    expect(pairRate(one, 'EUR/USD', new Date(at.getTime() + 59_999))).toEqual(pairRate(one, 'EUR/USD', at));

    two.get(fxRates).config.seed = 18;
    expect(series(two)).not.toEqual(series(one));
  });

  it('quotes either direction of a pair, and names it as the table does', () => {
    const state = new SimState();
    const entry = state.get(fxRates).pairs.get('EUR/GBP');
    if (!entry) throw new Error('no EUR/GBP');
    entry.base = new MoneyDecimal('0.8');
    entry.moving = false;
    expect(symbolOf('GBP', 'EUR')).toBe('EUR/GBP');
    expect(tradeRate(state, 'EUR', 'GBP', at).toString()).toBe('0.8');
    expect(tradeRate(state, 'GBP', 'EUR', at).toString()).toBe('1.25');
  });
});
