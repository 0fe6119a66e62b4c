/**
 * A named, typed piece of simulator state. Products define their slots at module level and read them
 * through `context.state.get(slot)`, so each simulator instance (one per test) starts empty.
 */
export interface StateSlot<T> {
  readonly name: string;
  readonly init: () => T;
}

export function defineState<T>(name: string, init: () => T): StateSlot<T> {
  return { name, init };
}

/** The state of one simulator: slots are created on first use. */
export class SimState {
  readonly #values = new Map<StateSlot<unknown>, unknown>();

  get<T>(slot: StateSlot<T>): T {
    if (!this.#values.has(slot)) this.#values.set(slot, slot.init());
    return this.#values.get(slot) as T;
  }
}
