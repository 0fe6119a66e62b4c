/** Summary of one series of timings, in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Percentile with linear interpolation between the closest ranks (`p` in 0..100) of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] ?? Number.NaN;
  const highValue = sorted[high] ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** One thing to time: resolves (or returns) when one operation is done. */
export type Operation = () => unknown;

export interface ArmResult {
  samples: number[];
  /** Sum of the timed operations, for throughput at concurrency 1. */
  busyMs: number;
}

export interface InterleaveOptions {
  /** Untimed calls of each arm before timing starts (JIT, caches, connection pools). */
  warmup: number;
  /** Rounds; each round runs `perRound` timed calls of every arm in turn, so drift hits all arms alike. */
  rounds: number;
  perRound: number;
  /** Hard bound on the timed part: stops after the round in which this much time has passed. */
  maxMs: number;
  /** Called once between warm-up and timing (e.g. to drop split timings the warm-up recorded). */
  afterWarmup?: () => void;
}

/**
 * Times several arms on the same (noisy) machine by alternating them in short blocks, so a slow spell of
 * the host spreads over every arm instead of falling on one. Every loop is bounded by counts and `maxMs`.
 */
export async function interleave<K extends string>(
  arms: Record<K, Operation>,
  options: InterleaveOptions,
): Promise<Record<K, ArmResult>> {
  const names = Object.keys(arms) as K[];
  const results = Object.fromEntries(
    names.map((name): [K, ArmResult] => [name, { samples: [], busyMs: 0 }]),
  ) as Record<K, ArmResult>;
  for (const name of names) {
    for (let i = 0; i < options.warmup; i++) await arms[name]();
  }
  options.afterWarmup?.();
  const started = performance.now();
  for (let round = 0; round < options.rounds; round++) {
    for (const name of names) {
      const operation = arms[name];
      const result = results[name];
      for (let i = 0; i < options.perRound; i++) {
        const t0 = performance.now();
        await operation();
        const elapsed = performance.now() - t0;
        result.samples.push(elapsed);
        result.busyMs += elapsed;
      }
    }
    if (performance.now() - started > options.maxMs) break;
  }
  return results;
}

/** Operations per second at concurrency 1: timed calls over the time they took. */
export function perSecond(result: ArmResult): number {
  return result.busyMs > 0 ? (result.samples.length * 1000) / result.busyMs : Number.NaN;
}

/** `a` minus `b` per adjacent pair of calls, when the two arms alternate one call at a time. */
export function pairedDifferences(a: ArmResult, b: ArmResult): number[] {
  const pairs = Math.min(a.samples.length, b.samples.length);
  return Array.from({ length: pairs }, (_, i) => (a.samples[i] ?? 0) - (b.samples[i] ?? 0));
}

/** Two arms that alternated call by call, side by side, as `compareArms` makes it. */
export type Comparison<A extends string, B extends string> = Record<A | B, Summary> & {
  perSecond: Record<A | B, number>;
  differenceP50: number;
  differenceP99: number;
  pairedDifference: Summary;
  ratioP50: number;
  ratioP99: number;
};

/**
 * For the JSON file and the table: each arm's summary (rounded) and rate, `a` minus `b` and `a` over `b` at
 * p50 and p99, and the summary of the paired differences.
 */
export function compareArms<A extends string, B extends string>(
  names: readonly [A, B],
  a: ArmResult,
  b: ArmResult,
): Comparison<A, B> {
  const [first, second] = [summarize(a.samples), summarize(b.samples)];
  const arms = { [names[0]]: roundSummary(first), [names[1]]: roundSummary(second) } as Record<
    A | B,
    Summary
  >;
  const rates = { [names[0]]: Math.round(perSecond(a)), [names[1]]: Math.round(perSecond(b)) };
  return {
    ...arms,
    perSecond: rates as Record<A | B, number>,
    differenceP50: round(first.p50 - second.p50),
    differenceP99: round(first.p99 - second.p99),
    pairedDifference: roundSummary(summarize(pairedDifferences(a, b))),
    ratioP50: round(first.p50 / second.p50, 2),
    ratioP99: round(first.p99 / second.p99, 2),
  };
}

/** Rounds to a few significant decimals for the JSON file and the table. */
export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function roundSummary(summary: Summary): Summary {
  return {
    n: summary.n,
    p50: round(summary.p50),
    p90: round(summary.p90),
    p99: round(summary.p99),
    mean: round(summary.mean),
    min: round(summary.min),
    max: round(summary.max),
  };
}
