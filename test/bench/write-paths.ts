import { testSandbox } from '../support/sandbox.js';
import { measureWritePaths, type WritePath, type WritePathCost } from '../support/write-paths.js';

/**
 * A DynamoDB round trip from Lambda in the same region, as this estimate states it: single-digit
 * milliseconds at the median, tens at the tail (the figures are assumptions of the estimate, not measured).
 */
export const ON_AWS_ROUND_TRIP_MS = { median: 5, tail: 25 } as const;

export interface WritePathRow extends WritePathCost {
  /** What the DynamoDB round trips add to the request on AWS, one behind another, at the stated latencies. */
  onAwsMs: { median: number; tail: number };
}

/**
 * Each money-moving request of `WRITE_PATHS` once through a fresh sandbox: its DynamoDB calls (counted, not
 * timed), the longest chain of them one behind another, the capacity units they consumed, and the estimate.
 */
export async function writePathCosts(): Promise<Map<WritePath, WritePathRow>> {
  const world = await testSandbox();
  try {
    const costs = await measureWritePaths(world);
    return new Map(
      costs.map((cost) => [
        cost.request,
        {
          ...cost,
          onAwsMs: {
            median: cost.sequential * ON_AWS_ROUND_TRIP_MS.median,
            tail: cost.sequential * ON_AWS_ROUND_TRIP_MS.tail,
          },
        },
      ]),
    );
  } finally {
    await world.sandbox.close();
  }
}
