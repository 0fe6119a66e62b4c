import type { Clock } from '#shared/ports/clock.js';

interface Task {
  at: number;
  seq: number;
  label: string;
  run: () => void;
  saved?: Pick<SavedTask, 'task' | 'args'>;
}

/** A waiting task as data: the named task (`defineTask`) and its arguments. */
export interface SavedTask {
  at: Date;
  label: string;
  task: string;
  args: unknown[];
}

/** More due tasks than this in one pass means a task keeps rescheduling itself in the past. */
const MAX_TASKS_PER_PASS = 10_000;

/**
 * Work that happens later in simulated time (webhook retries, products' outcomes). Nothing runs by itself:
 * `runDue` runs what the clock has reached, and the simulator calls it whenever the clock may have moved
 * (clock endpoints, `advanceClock`, each incoming request, `idle`).
 */
export class ClockScheduler {
  readonly #tasks: Task[] = [];
  #seq = 0;

  constructor(
    private readonly clock: Clock,
    private readonly onError: (error: unknown, where: string) => void,
  ) {}

  /** `saved` describes the task as data; without it (the sandbox's workflow waits) the task is not saved. */
  at(when: Date, label: string, run: () => void, saved?: Pick<SavedTask, 'task' | 'args'>): void {
    const at = when.getTime();
    if (Number.isNaN(at)) throw new RangeError(`cannot schedule ${label} at an invalid time`);
    const task = { at, seq: this.#seq++, label, run, saved };
    const index = this.#tasks.findIndex((other) => other.at > at);
    this.#tasks.splice(index === -1 ? this.#tasks.length : index, 0, task);
  }

  /** Runs every task due by now, earliest first; tasks a task schedules for now run in the same pass. */
  runDue(): number {
    let ran = 0;
    for (; ran < MAX_TASKS_PER_PASS; ran++) {
      const next = this.#tasks[0];
      if (!next || next.at > this.clock.now().getTime()) return ran;
      this.#tasks.shift();
      try {
        next.run();
      } catch (error) {
        this.onError(error, `scheduled task ${next.label}`);
      }
    }
    this.onError(new Error(`more than ${MAX_TASKS_PER_PASS} tasks due at once`), 'scheduler');
    return ran;
  }

  pending(): { at: string; label: string }[] {
    return this.#tasks.map((task) => ({ at: new Date(task.at).toISOString(), label: task.label }));
  }

  /** The waiting tasks that can be saved, earliest first. */
  saved(): SavedTask[] {
    return this.#tasks.flatMap(({ at, label, saved }) =>
      saved ? [{ at: new Date(at), label, ...saved }] : [],
    );
  }

  clear(): void {
    this.#tasks.length = 0;
  }
}

/** Promises of work started in the background (webhook deliveries), so tests can wait until all settle. */
export class InFlight {
  readonly #promises = new Set<Promise<unknown>>();

  track(promise: Promise<unknown>): void {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#promises.add(settled);
    void settled.then(() => this.#promises.delete(settled));
  }

  /**
   * Waits until nothing is in flight. Settling work may start more (a duplicate copy, a product's task), so
   * this waits in rounds, at most `maxRounds`; `between` runs before each round (due scheduled tasks).
   */
  async settle(between: () => void = () => {}, maxRounds = 100): Promise<boolean> {
    for (let round = 0; round < maxRounds; round++) {
      between();
      if (this.#promises.size === 0) return true;
      await Promise.all([...this.#promises]);
    }
    return this.#promises.size === 0;
  }
}
