import {
  type AttributeValue,
  type DynamoDBClient,
  GetItemCommand,
  type GetItemCommandInput,
  UpdateItemCommand,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { type StateMachineDefinition, StateMachine } from 'aws-local-stepfunctions';
import type { Log } from '#shared/ports/log.js';
import type { Clock } from '#shared/ports/clock.js';
import type { EventPublisher, GatewayEvent } from '#shared/ports/events.js';
import {
  type AslDefinition,
  type AslState,
  DYNAMODB_GET_ITEM,
  DYNAMODB_UPDATE_ITEM,
  EVENTS_PUT_EVENTS,
} from '#shared/workflows/mccy-batch.js';

type ExecutionInput = Parameters<StateMachine['run']>[0];

/**
 * Runs work when the sandbox clock reaches a time: the simulator's scheduler, so moving its clock runs the
 * workflows' waits too, and the sandbox's `settle` waits for the work a timer started.
 */
export interface SandboxTimers {
  at(when: Date, label: string, work: () => Promise<unknown>): void;
  track(work: Promise<unknown>): void;
}

/** Longest delay `setTimeout` takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Real time, for a sandbox in front of another bank: no clock to move. */
export const realTimers: SandboxTimers = {
  at(when, label, work) {
    const delay = when.getTime() - Date.now();
    const timer =
      delay > MAX_TIMER_MS
        ? setTimeout(() => realTimers.at(when, label, work), MAX_TIMER_MS)
        : setTimeout(() => void work(), Math.max(0, delay));
    timer.unref();
  },
  track() {},
};

export interface ExecutionView {
  name: string;
  status: 'Running' | 'Succeeded' | 'Failed';
  startedAt: string;
  /** The states entered, in order (at most `MAX_STATES_KEPT`, the latest). */
  states: string[];
  error?: string;
}

const MAX_STATES_KEPT = 200;
/** Executions kept for `GET /gateway/local/workflows` (the oldest finished ones go first). */
const MAX_EXECUTIONS_KEPT = 1_000;
/** Wait states become local tasks; their task timeout is real time, so longer than any test or demo. */
const CLOCK_WAIT_TIMEOUT_SECONDS = 2_000_000;
const CLOCK_WAIT_RESOURCE = 'arn:aws:states:::sandbox:clockWait';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A Step Functions state machine run in the sandbox by `aws-local-stepfunctions`, from the definition the
 * stack deploys. Tasks are bound by their resource to the sandbox's adapters (DynamoDB's updateItem and
 * getItem to dynalite with the same parameters, EventBridge's putEvents to the in-memory bus). The library's
 * waits count real time, so each Wait state runs as a local task with the same Next/End that waits for the
 * sandbox clock: tests and the demo move the clock, nobody sleeps.
 */
export class LocalStateMachine {
  readonly #machine: StateMachine;
  readonly #waits: Map<string, AslState>;
  readonly #resources: Map<string, string>;
  readonly #executions = new Map<string, ExecutionView>();

  constructor(
    definition: AslDefinition,
    private readonly deps: {
      dynamo: DynamoDBClient;
      events: EventPublisher;
      clock: Clock;
      timers: SandboxTimers;
      log: Log;
    },
  ) {
    this.#waits = new Map(Object.entries(definition.States).filter(([, state]) => state.Type === 'Wait'));
    const states = Object.fromEntries(
      Object.entries(definition.States).map(([name, state]) => [
        name,
        state.Type === 'Wait' ? clockWaitTask(state) : state,
      ]),
    );
    this.#resources = new Map(
      Object.entries(definition.States).flatMap(([name, state]) =>
        state.Type === 'Task' ? [[name, state.Resource as string] as const] : [],
      ),
    );
    this.#machine = new StateMachine({ ...definition, States: states } as unknown as StateMachineDefinition, {
      validationOptions: { checkArn: false },
    });
    for (const [name, resource] of this.#resources) {
      if (!BOUND_RESOURCES.has(resource))
        throw new Error(`state ${name}: the sandbox has no binding for ${resource}`);
    }
  }

  /** Starts an execution; like Step Functions, a name already started is not started again. */
  start(name: string, input: Record<string, unknown>): void {
    if (this.#executions.has(name)) return;
    this.#forgetOldest();
    const view: ExecutionView = {
      name,
      status: 'Running',
      startedAt: this.deps.clock.now().toISOString(),
      states: [],
    };
    this.#executions.set(name, view);
    // What this execution does between two clock waits; the sandbox's settle waits for it.
    let step = deferred();
    this.deps.timers.track(step.promise);
    const until = (when: Date, label: string) =>
      new Promise<void>((resume) => {
        step.resolve();
        this.deps.timers.at(when, `${name} ${label}`, () => {
          step = deferred();
          resume();
          return step.promise;
        });
      });
    const run = this.#machine.run(input as ExecutionInput, {
      overrides: { taskResourceLocalHandlers: this.#handlers(until) },
    });
    void (async () => {
      for await (const event of run.eventLogs) {
        if (event.type === 'StateEntered') {
          view.states.push(event.state.name);
          if (view.states.length > MAX_STATES_KEPT) view.states.shift();
        }
      }
    })().catch(() => undefined);
    run.result
      .then(() => {
        view.status = 'Succeeded';
      })
      .catch((error: Error) => {
        view.status = 'Failed';
        view.error = error.message;
        this.deps.log.warn('a sandbox workflow execution failed', { execution: name, error: error.message });
      })
      .finally(() => step.resolve());
  }

  executions(): ExecutionView[] {
    return [...this.#executions.values()].map((view) => ({ ...view, states: [...view.states] }));
  }

  #forgetOldest(): void {
    if (this.#executions.size < MAX_EXECUTIONS_KEPT) return;
    for (const [name, view] of this.#executions) {
      if (view.status !== 'Running') {
        this.#executions.delete(name);
        return;
      }
    }
  }

  #handlers(until: (when: Date, label: string) => Promise<void>) {
    const handlers: Record<string, (input: never) => Promise<unknown>> = {};
    for (const [name, wait] of this.#waits) {
      handlers[name] = async (input: unknown) => {
        await until(waitEnd(wait, input, this.deps.clock.now()), name);
        return input;
      };
    }
    return new Proxy(handlers, {
      get: (target, name: string) => target[name] ?? this.#taskHandler(name),
    }) as Record<string, (input: unknown) => Promise<never>>;
  }

  #taskHandler(stateName: string) {
    return async (input: unknown) => {
      const resource = this.#resources.get(stateName);
      try {
        if (resource === DYNAMODB_UPDATE_ITEM) {
          const { $metadata: _, ...answer } = await this.deps.dynamo.send(
            new UpdateItemCommand(input as UpdateItemCommandInput),
          );
          return answer;
        }
        if (resource === DYNAMODB_GET_ITEM) {
          const { $metadata: _, ...answer } = await this.deps.dynamo.send(
            new GetItemCommand(input as GetItemCommandInput),
          );
          return answer as { Item?: Record<string, AttributeValue> };
        }
        return await this.#putEvents(input as PutEventsInput);
      } catch (error) {
        // Step Functions names a DynamoDB integration's error `DynamoDB.<ExceptionName>`.
        const named = error as Error;
        if (resource !== EVENTS_PUT_EVENTS) named.name = `DynamoDB.${named.name}`;
        throw named;
      }
    };
  }

  async #putEvents(input: PutEventsInput) {
    for (const entry of input.Entries) {
      await this.deps.events.publish({
        source: entry.Source,
        detailType: entry.DetailType,
        detail: entry.Detail,
      } as GatewayEvent);
    }
    return { Entries: input.Entries.map(() => ({ EventId: 'sandbox' })), FailedEntryCount: 0 };
  }
}

interface PutEventsInput {
  Entries: Array<{ Source: string; DetailType: string; Detail: Record<string, unknown> }>;
}

const BOUND_RESOURCES = new Set([DYNAMODB_UPDATE_ITEM, DYNAMODB_GET_ITEM, EVENTS_PUT_EVENTS]);

/** A Wait state as a local task: same input and output, same transition, its time read by `waitEnd`. */
function clockWaitTask(wait: AslState): AslState {
  const { Type: _, Seconds: _s, SecondsPath: _sp, Timestamp: _t, TimestampPath: _tp, ...rest } = wait;
  return { ...rest, Type: 'Task', Resource: CLOCK_WAIT_RESOURCE, TimeoutSeconds: CLOCK_WAIT_TIMEOUT_SECONDS };
}

/** When a Wait state entered at `now` with `input` ends, by its one field as Step Functions reads it. */
export function waitEnd(wait: AslState, input: unknown, now: Date): Date {
  if (typeof wait.Seconds === 'number') return new Date(now.getTime() + wait.Seconds * 1000);
  if (typeof wait.Timestamp === 'string') return new Date(wait.Timestamp);
  if (typeof wait.SecondsPath === 'string') {
    return new Date(now.getTime() + Number(valueAt(input, wait.SecondsPath)) * 1000);
  }
  if (typeof wait.TimestampPath === 'string') {
    const at = new Date(String(valueAt(input, wait.TimestampPath)));
    if (Number.isNaN(at.getTime())) throw new Error(`${wait.TimestampPath} is not a timestamp`);
    return at;
  }
  throw new Error('a Wait state needs Seconds, SecondsPath, Timestamp or TimestampPath');
}

/** A reference path (`$.a.b`), the only kind the workflows' waits use. */
function valueAt(input: unknown, path: string): unknown {
  if (!/^\$(\.[A-Za-z0-9_]+)+$/.test(path)) throw new Error(`unsupported path ${path}`);
  let value = input;
  for (const part of path.split('.').slice(1)) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}
