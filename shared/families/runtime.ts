import type { OperationTracker } from '../gateway/tracker.js';
import type { Operation } from '../operations/operation.js';
import type { StateHook } from '../webhooks/process.js';
import type { FamilyDefinition } from './definition.js';
import type { FamilyPorts, HookPorts, TrackerPorts } from './ports.js';

/**
 * The trackers `operations` name (`Operation.tracker`, a family's name), each built by its family in
 * `list`: an AWS entry passes its own function's operations and families (so its bundle carries no other
 * family's code), the sandbox each function's operations and every family. A tracker named by no family in
 * the list fails where the root is built (the cold start).
 */
export async function trackersFor(
  operations: readonly Operation[],
  ports: TrackerPorts,
  list: readonly FamilyDefinition[],
): Promise<Record<string, OperationTracker>> {
  const names = [...new Set(operations.flatMap((operation) => operation.tracker ?? []))].sort();
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const load = list.find((family) => family.name === name)?.tracker;
        if (load === undefined) {
          const named = operations.filter((operation) => operation.tracker === name).map(({ id }) => id);
          throw new Error(`the "${name}" tracker, named by ${named.join(', ')}, is no family's tracker`);
        }
        return [name, (await load())(ports)] as const;
      }),
    ),
  );
}

/** The webhook processor's state hooks, one per family that webhooks move, in the families' order. */
export async function processorHooks(
  ports: HookPorts,
  list: readonly FamilyDefinition[],
): Promise<StateHook[]> {
  return Promise.all(list.flatMap((family) => family.hook ?? []).map(async (load) => (await load())(ports)));
}

/** What the attention sweep publishes again, by attention kind. */
export async function republishers(
  ports: FamilyPorts,
  list: readonly FamilyDefinition[],
): Promise<Record<string, (id: string) => Promise<number>>> {
  return Object.fromEntries(
    await Promise.all(
      list
        .flatMap((family) => family.republish ?? [])
        .map(async ({ kind, load }) => [kind, (await load())(ports)] as const),
    ),
  );
}

/** A family's store, for its reads. */
export async function storeOf<Store>(
  family: FamilyDefinition<Store>,
  ports: Pick<FamilyPorts, 'dynamo' | 'tableName'>,
): Promise<Store> {
  if (family.store === undefined) throw new Error(`the ${family.name} family keeps no store`);
  return (await family.store())(ports);
}
