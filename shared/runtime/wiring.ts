import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Log } from '../ports/log.js';
import type { TableDefinition } from '../config/tables.js';
import type { Attention } from '../gateway/attention.js';
import type { OperationTracker } from '../gateway/tracker.js';
import { metrics } from '../observability.js';
import type { Operation } from '../operations/operation.js';
import type { Clock } from '../ports/clock.js';
import type { EventPublisher } from '../ports/events.js';

/**
 * What every family's definition (`shared/<family>/wiring.ts`) is built from. The AWS composition roots pass
 * AWS adapters and the function's environment, the sandbox its local ones, so both wire a family the same way.
 * Each definition asks only for the ports it uses: a function without a bus (name checks) is given none.
 */
export interface FamilyPorts {
  dynamo: DynamoDBClient;
  /** A table's physical name: from the function's environment on AWS, dynalite's in the sandbox. */
  tableName(table: TableDefinition): string;
  events: EventPublisher;
  /** The bank's time: the system clock on AWS, the simulator's in the sandbox. */
  clock: Clock;
  log: Log;
  /** Counts one occurrence of a named metric. */
  count(metric: string): void;
  /**
   * Records waiting for the bank's word (shared/gateway/attention.ts): given where a family's tracker or
   * hook raises items (the AWS roots pass it with the attention table, the sandbox always).
   */
  attention?: Attention;
}

/** `FamilyPorts.count` on AWS and in the sandbox alike: Powertools Metrics, flushed by the handlers. */
export function countMetric(metric: string): void {
  metrics.addMetric(metric, MetricUnit.Count, 1);
}

/**
 * The trackers a function's operations name (`Operation.tracker`): the one declaration of which trackers an
 * operation function carries, read by the AWS roots (their own records) and the sandbox (`operationsOf(fn)`).
 */
export function trackerNamesOf(operations: readonly Operation[]): string[] {
  return [...new Set(operations.flatMap((operation) => operation.tracker ?? []))].sort();
}

/**
 * Exactly the trackers `operations` name, each built by its builder: an AWS root passes its own family's
 * builders, the sandbox all of them, so a sandbox handler carries what its function carries on AWS. A tracker
 * named without a builder fails where the root is built (the cold start), naming it.
 */
export function trackersFor(
  operations: readonly Operation[],
  builders: Readonly<Record<string, () => OperationTracker>>,
): Record<string, OperationTracker> {
  return Object.fromEntries(
    trackerNamesOf(operations).map((name) => {
      const build = builders[name];
      if (build === undefined) {
        const named = operations.filter((operation) => operation.tracker === name).map(({ id }) => id);
        throw new Error(`the "${name}" tracker, named by ${named.join(', ')}, is not wired here`);
      }
      return [name, build()];
    }),
  );
}
