/**
 * A named, typed piece of simulator state. Products define their slots at module level and read them
 * through `context.state.get(slot)`, so each simulator instance (one per test) starts empty. A slot holds
 * plain data (objects, arrays, Maps, Sets, Dates, Decimals): the sandbox saves it by name and restores it.
 */
export interface StateSlot<T> {
  readonly name: string;
  readonly init: () => T;
}

/** A slot; its name is unique among slots, as saved state is found again by it. */
export function defineState<T>(name: string, init: () => T): StateSlot<T> {
  return { name, init };
}

/** The state of one simulator, by slot name: slots are created on first use, or start from saved values. */
export class SimState {
  readonly #values: Map<string, unknown>;

  constructor(saved: ReadonlyMap<string, unknown> = new Map()) {
    this.#values = new Map(saved);
  }

  get<T>(slot: StateSlot<T>): T {
    if (!this.#values.has(slot.name)) this.#values.set(slot.name, slot.init());
    return this.#values.get(slot.name) as T;
  }

  /** Every slot's value by name, to save. */
  entries(): ReadonlyMap<string, unknown> {
    return this.#values;
  }
}
