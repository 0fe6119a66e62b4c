import type { SimHost, SimTask } from './types.js';

/** Every task by name, so a saved one (its name and arguments) can be run again after a restart. */
const tasks = new Map<string, SimTask<never>>();

/**
 * A task of the simulator's clock; its name is unique among tasks, as a saved task is found again by it. A
 * module evaluated again (a test runner's watch mode) replaces its own tasks.
 */
export function defineTask<Args extends unknown[]>(
  name: string,
  run: (host: SimHost, ...args: Args) => void,
): SimTask<Args> {
  const task = { name, run };
  tasks.set(name, task as SimTask<never>);
  return task;
}

export function taskNamed(name: string): SimTask<unknown[]> | undefined {
  return tasks.get(name) as SimTask<unknown[]> | undefined;
}
