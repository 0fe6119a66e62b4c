import type { FaultSettings } from '#sim/core/faults.js';
import { RETRY_INTERVAL_MS } from '#shared/webhooks/delivery-rules.js';
import { type Figures, figuresOf } from './fault-figures.js';
import {
  type Answer,
  callerDelay,
  isDefinitive,
  isRetryable,
  type KeyedWrite,
  send,
} from './fault-caller.js';
import type { testSandbox } from './sandbox.js';
import { seededRandom } from './seeded-random.js';

export type World = Awaited<ReturnType<typeof testSandbox>>;

/**
 * 30% of bank calls fail before the bank looks at them: 500, 503 and 429 (the last two with `Retry-After`),
 * dropped connections, and answers so late that the gateway's deadline passes first (the bank still acts
 * on those). A tenth of webhooks each are duplicated, held back and sent out of order, or badly signed.
 */
export const FAULTS = {
  errorRate: 0.08,
  unavailableRate: 0.06,
  rateLimitRate: 0.06,
  dropRate: 0.05,
  slowRate: 0.05,
  retryAfterSeconds: 1,
  slowLatencyMs: 2_500,
  duplicateWebhookRate: 0.1,
  badSignatureWebhookRate: 0.1,
  outOfOrderWebhookRate: 0.1,
} satisfies FaultSettings;

/** The gateway's handlers get 3 s, so the bank client has 2 s: a slow answer costs 2 s, not 29. */
export const GATEWAY_TIMING = {
  lambdaTimeoutMs: 3_000,
  // Short backoff keeps the run quick; `Retry-After` (1 s) is still honoured in full.
  bankRetry: { baseDelayMs: 20, maxDelayMs: 200 },
};

/** Seed and concurrency of every fault run (`FAULT_SUITE_SEED`, `FAULT_SUITE_CONCURRENCY`), attempts per caller. */
export const SUITE = {
  seed: Number(process.env.FAULT_SUITE_SEED ?? 20260302),
  concurrency: Number(process.env.FAULT_SUITE_CONCURRENCY ?? 16),
  maxAttempts: 15,
};

export interface FaultRun {
  runs: KeyRun[];
  /** Whether the bank finished every request it received. */
  bankDone: boolean;
  events: Awaited<ReturnType<World['events']>>;
  figures: Figures;
}

/**
 * One whole fault run in a fresh sandbox: `keys` keyed writes (`writeOf`) under `faults`; late bank
 * requests let finish (they may still act and emit webhooks); `beforeDelivery` (e.g. the clock moved to
 * settle payments); every webhook let through; then the faults are turned off and the figures printed.
 */
export async function runFaultSuite(
  world: World,
  options: {
    keys: number;
    writeOf?: (index: number, seed: number) => KeyedWrite;
    faults?: FaultSettings;
    beforeDelivery?: () => Promise<unknown>;
  },
): Promise<FaultRun> {
  world.simulator.setFaults(options.faults ?? FAULTS);
  const started = performance.now();
  const runs = await runKeyedWrites(world, { keys: options.keys, ...SUITE }, options.writeOf);
  const bankDone = await bankFinished(world);
  await options.beforeDelivery?.();
  const clockMoves = await deliverEveryWebhook(world);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  world.simulator.setFaults({});
  const events = await world.events();
  const figures = figuresOf(world, runs, events, { ...SUITE, seconds, clockMoves });
  console.log(`fault suite ${runs[0]?.path}: ${JSON.stringify(figures)}`);
  return { runs, bankDone, events, figures };
}

export interface RunSettings {
  keys: number;
  seed: number;
  concurrency: number;
  /** Attempts per key, the first included; the run fails a key that gets no definitive answer by then. */
  maxAttempts: number;
}

/** What one caller of a key got, attempt by attempt. */
export interface CallerRun {
  answers: Answer[];
  /** The first definitive answer, if one came. */
  final: Answer | undefined;
  /** The same request sent once more after the definitive answer: the stored answer. */
  repeat: Answer | undefined;
}

export interface KeyRun {
  key: string;
  /** Where its write went (the gateway mirrors the bank's path). */
  path: string;
  /** The key's place in the run, from which its write was made. */
  index: number;
  /** One caller, or two for a job delivered twice. */
  callers: CallerRun[];
}

// Half the callers wait longer than the gateway's deadline and see its 504; the other half give up first
// and retry while their first request is still in flight, meeting 409 "Request in progress".
const PATIENT_TIMEOUT_MS = 10_000;
const IMPATIENT_TIMEOUT_MS = 1_500;
/** Every tenth key is a job delivered twice: two workers send it at once, each retrying on its own. */
export const isTwinKey = (index: number) => index % 10 === 5;

/** The keyed account create of key `index`: a real account named after its index. */
export function accountCreate(index: number, seed: number): KeyedWrite {
  return {
    path: '/v3/Accounts',
    key: `fault-suite-${seed}-${index}`,
    body: JSON.stringify({
      accountName: accountNameOf(index),
      owner: { name: 'Fault Suite Ltd' },
      sortCode: '040004',
    }),
  };
}

/**
 * The keyed writes (`writeOf(index)`, account creates unless told), `concurrency` keys at a time, each
 * retried with its key until a definitive answer.
 */
export async function runKeyedWrites(
  world: World,
  settings: RunSettings,
  writeOf: (index: number, seed: number) => KeyedWrite = accountCreate,
): Promise<KeyRun[]> {
  const jitter = seededRandom(settings.seed + 100);
  const runs: KeyRun[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < settings.keys; index = next++) {
      const write = writeOf(index, settings.seed);
      const callers = Array.from({ length: isTwinKey(index) ? 2 : 1 }, (_, caller) => {
        const timeoutMs = (index + caller) % 2 === 0 ? PATIENT_TIMEOUT_MS : IMPATIENT_TIMEOUT_MS;
        return writeUntilDefinitive(world, { ...write, timeoutMs }, settings.maxAttempts, jitter);
      });
      runs[index] = { key: write.key, path: write.path, index, callers: await Promise.all(callers) };
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  return runs;
}

async function writeUntilDefinitive(
  world: World,
  write: KeyedWrite & { timeoutMs: number },
  maxAttempts: number,
  jitter: () => number,
): Promise<CallerRun> {
  const answers: Answer[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const answer = await send(world, write);
    answers.push(answer);
    // The repeat reads the stored answer back: it waits as long as a patient caller, so a loaded machine
    // cannot turn the check of what was stored into a caller's timeout.
    if (isDefinitive(answer)) {
      return {
        answers,
        final: answer,
        repeat: await send(world, { ...write, timeoutMs: PATIENT_TIMEOUT_MS }),
      };
    }
    if (!isRetryable(answer)) break;
    await sleep(callerDelay(attempt, answer.retryAfterMs, jitter));
  }
  return { answers, final: undefined, repeat: undefined };
}

/** The callers left without a definitive answer, by key, with every answer they got. */
export function unfinishedCallers(runs: KeyRun[]): Array<[string, string[]]> {
  return runs.flatMap((run) =>
    run.callers
      .filter((caller) => caller.final === undefined)
      .map((caller): [string, string[]] => [run.key, caller.answers.map((answer) => answer.label)]),
  );
}

export const accountNameOf = (index: number) => `Fault suite account ${index}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the bank has finished every request it received: a slow one is still being held when its
 * caller has long had an answer, and it may yet act (bounded by the slow latency and a margin).
 */
export async function bankFinished(world: World): Promise<boolean> {
  const inProgress = () =>
    world.simulator.requests.some((request) => request.status === null && request.fault === null);
  for (let waited = 0; waited < FAULTS.slowLatencyMs + 2_000 && inProgress(); waited += 50) await sleep(50);
  return !inProgress();
}

/**
 * Lets the bank finish every delivery: held webhooks are released, and the clock moves 15 minutes at a
 * time so refused ones (bad signature, a late answer) are retried on the bank's schedule. Returns how
 * many times the clock moved.
 */
export async function deliverEveryWebhook(world: World, maxAdvances = 8): Promise<number> {
  for (let advances = 0; ; advances++) {
    await world.sandbox.settle();
    world.simulator.releaseHeldWebhooks();
    await world.sandbox.settle();
    const retrying = world.simulator.scheduled().some((task) => task.label.startsWith('webhook '));
    const held = world.simulator.webhooks.some((webhook) => webhook.status === 'held');
    if ((!retrying && !held) || advances === maxAdvances) return advances;
    await world.simulator.advanceClock(RETRY_INTERVAL_MS);
  }
}
