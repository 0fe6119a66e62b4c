import type { Decimal } from 'decimal.js';
import { type FxCurrency, MAX_TRADE_SIZES, maxTradeSize } from '#shared/domain/fx.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { defineState, type SimState } from '#sim/core/state.js';

/**
 * The simulated bank's rate table: one mid rate per pair of `MAX_TRADE_SIZES` (the pairs the bank trades),
 * written as the pair is (`EUR/USD` 1.08: US dollars for one euro). A rate moves a little on the simulated
 * clock: every minute it takes a new offset within `driftPercent` of its base, drawn from the seed, the pair
 * and the minute, so the same seed gives the same rates at the same simulated times. A rate set through the
 * admin route stays still unless asked to move.
 */

/** Plausible mid rates; only their order of magnitude matters to the simulation. */
const BASE_RATES: Readonly<Record<string, string>> = {
  'EUR/CAD': '1.47',
  'EUR/CHF': '0.94',
  'EUR/DKK': '7.46',
  'EUR/NOK': '11.6',
  'EUR/SEK': '11.3',
  'EUR/GBP': '0.85',
  'EUR/USD': '1.08',
  'GBP/CAD': '1.73',
  'GBP/USD': '1.27',
  'GBP/CHF': '1.11',
  'GBP/DKK': '8.77',
  'GBP/NOK': '13.6',
  'GBP/SEK': '13.3',
  'USD/CAD': '1.36',
  'USD/CHF': '0.87',
  'USD/DKK': '6.9',
  'USD/NOK': '10.7',
  'USD/SEK': '10.5',
};

export const RATE_STEP_MS = 60_000;
/** Decimal places of a quoted rate (both directions). */
export const RATE_DECIMAL_PLACES = 6;

export interface PairRate {
  base: Decimal;
  moving: boolean;
}

export const fxRates = defineState('fx-rates', () => ({
  config: { seed: 17, driftPercent: '0.2' },
  pairs: new Map<string, PairRate>(
    MAX_TRADE_SIZES.map(({ pair }) => {
      const name = pair.join('/');
      return [name, { base: new MoneyDecimal(BASE_RATES[name] ?? '1'), moving: true }];
    }),
  ),
}));

/** The pair as the table writes it (`EUR/USD` for a trade either way). Throws FxRuleError for a pair it lacks. */
export function symbolOf(sell: string, buy: string): string {
  const { currency } = maxTradeSize(sell, buy);
  return currency === sell ? `${sell}/${buy}` : `${buy}/${sell}`;
}

/** A draw in [-1, 1) from 32-bit integers (mulberry32 over an FNV-1a hash): deterministic for its inputs. */
function draw(seed: number, pair: string, step: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of `${pair}:${step}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
}

/** The mid rate of a pair as the table writes it, at `at`. */
export function pairRate(state: SimState, symbol: string, at: Date): Decimal {
  const table = state.get(fxRates);
  const entry = table.pairs.get(symbol);
  if (!entry) throw new Error(`no rate for ${symbol}`);
  if (!entry.moving) return entry.base;
  const step = Math.floor(at.getTime() / RATE_STEP_MS);
  // The draw is a float but only picks the offset; the rate itself is decimal arithmetic, rounded.
  const offset = new MoneyDecimal(draw(table.config.seed, symbol, step).toFixed(6))
    .times(table.config.driftPercent)
    .dividedBy(100);
  return entry.base.times(offset.plus(1)).toDecimalPlaces(RATE_DECIMAL_PLACES);
}

/** The rate of a trade: buy-currency units for one sell-currency unit (what `settlementAmounts` takes). */
export function tradeRate(state: SimState, sell: FxCurrency, buy: FxCurrency, at: Date): Decimal {
  const symbol = symbolOf(sell, buy);
  const mid = pairRate(state, symbol, at);
  return symbol.startsWith(sell)
    ? mid
    : new MoneyDecimal(1).dividedBy(mid).toDecimalPlaces(RATE_DECIMAL_PLACES);
}

/** The table as the admin route shows it. */
export function ratesView(state: SimState, at: Date) {
  const table = state.get(fxRates);
  return {
    config: table.config,
    at: at.toISOString(),
    rates: [...table.pairs.entries()].map(([pair, entry]) => ({
      pair,
      rate: pairRate(state, pair, at).toString(),
      base: entry.base.toString(),
      moving: entry.moving,
    })),
  };
}
