import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { BankClient } from '../bank/client.js';
import type { EnvName } from '../config/function-environment.js';
import type { TableDefinition } from '../config/tables.js';
import type { Attention } from '../gateway/attention.js';
import type { BatchWorkflows } from '../mccy-payments/ports.js';
import type { Clock } from '../ports/clock.js';
import type { EventPublisher } from '../ports/events.js';
import type { Log } from '../ports/log.js';
import type { ObjectStore } from '../ports/object-store.js';

/**
 * What every family is built from (`FamilyDefinition`'s loaders). The AWS composition roots pass AWS adapters
 * and the function's environment, the sandbox its local ones, so both build a family the same way. Each
 * builder takes only the ports it uses.
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
   * hook raises items (the AWS roots of the roles the definition names, the sandbox always).
   */
  attention?: Attention;
}

/** What an operation function's trackers are built from, beyond the family's ports. */
export interface TrackerPorts extends FamilyPorts {
  bank: Pick<BankClient, 'send'>;
  /** A setting of `FamilyDefinition.settings`: the function's environment on AWS, the sandbox's config. */
  setting(name: EnvName): string | undefined;
  /** The workflows of scheduled batches (Step Functions on AWS, loaded on first use; the sandbox's own). */
  workflows(): BatchWorkflows;
}

/** What the processor's hooks are built from, beyond the family's ports. */
export interface HookPorts extends FamilyPorts {
  /** Where statements are kept: the statements bucket on AWS, a folder in the sandbox. */
  statements: ObjectStore;
  /** The bank, the one host (besides its statement storage) a statement link may name. */
  bankBaseUrl: string;
  /** The bank client, loaded on first use: the camt.053 statement pages are downloaded from the bank's API. */
  bank?: () => Promise<Pick<BankClient, 'send'>>;
}
