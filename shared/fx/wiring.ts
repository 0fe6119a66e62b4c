import { fxTable } from './table.js';
import type { Attention } from '../gateway/attention.js';
import type { FamilyPorts } from '../families/ports.js';
import type { StateHook } from '../webhooks/process.js';
import { DynamoDbFxStore } from './dynamodb-store.js';
import type { FxDependencies } from './ports.js';
import { fxWebhookHook } from './webhook-hook.js';

/**
 * The FX family as the AWS roots and the sandbox both wire it: its table and the processor's hook. The
 * operation function's tracker is in `tracker-wiring.ts`, apart, because it loads the FX request schemas,
 * which the processor and the reads must not carry.
 */
export type FxPorts = Pick<FamilyPorts, 'dynamo' | 'tableName' | 'events' | 'clock' | 'log' | 'count'> & {
  /** Where records whose outcome is unknown are raised until the bank's word clears them. */
  attention?: Attention;
};

export function fxStoreOf(ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>): DynamoDbFxStore {
  return new DynamoDbFxStore(ports.dynamo, ports.tableName(fxTable));
}

/** What the tracker and the hook both need, from the family's ports. */
export function fxDependenciesOf(ports: FxPorts): FxDependencies {
  return {
    store: fxStoreOf(ports),
    events: ports.events,
    log: ports.log,
    clock: ports.clock,
    count: ports.count,
    ...(ports.attention && { attention: ports.attention }),
  };
}

export function fxHookOf(ports: FxPorts): StateHook {
  return fxWebhookHook(fxDependenciesOf(ports));
}
