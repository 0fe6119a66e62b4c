import type { EnvironmentName } from '../config/function-environment.js';

/**
 * How many days the bus's EventBridge archive keeps events, per environment (`lib/config.ts` reads it; the
 * sandbox, which stands in for simulation, refuses replays further back than the simulation value).
 * Simulation: a month covers a test cycle. Production: a year, so a consumer that was wrong for months
 * can be rebuilt from the events; the archive bills by the GB stored, and Clearway's events are small.
 */
export const archiveRetentionDays: Record<EnvironmentName, number> = {
  simulation: 30,
  production: 365,
};
