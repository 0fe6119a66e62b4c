import type { FaultSettings } from '../../local/bank-sim/faults.js';
import { RETRY_INTERVAL_MS } from '../../shared/webhooks/delivery-rules.js';
import { type Answer, callerDelay, isDefinitive, isRetryable, send } from './fault-caller.js';
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
  accountName: string;
  /** One caller, or two for a job delivered twice. */
  callers: CallerRun[];
}

// Half the callers wait longer than the gateway's deadline and see its 504; the other half give up first
// and retry while their first request is still in flight, meeting 409 "Request in progress".
const PATIENT_TIMEOUT_MS = 10_000;
const IMPATIENT_TIMEOUT_MS = 1_500;
/** Every tenth key is a job delivered twice: two workers send it at once, each retrying on its own. */
export const isTwinKey = (index: number) => index % 10 === 5;

/** The keyed writes, `concurrency` keys at a time, each retried with its key until a definitive answer. */
export async function runKeyedWrites(world: World, settings: RunSettings): Promise<KeyRun[]> {
  const jitter = seededRandom(settings.seed + 100);
  const runs: KeyRun[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < settings.keys; index = next++) {
      const key = `fault-suite-${settings.seed}-${index}`;
      const accountName = accountNameOf(index);
      const body = JSON.stringify({ accountName, owner: { name: 'Fault Suite Ltd' }, sortCode: '040004' });
      const callers = Array.from({ length: isTwinKey(index) ? 2 : 1 }, (_, caller) => {
        const timeoutMs = (index + caller) % 2 === 0 ? PATIENT_TIMEOUT_MS : IMPATIENT_TIMEOUT_MS;
        return writeUntilDefinitive(world, { key, body, timeoutMs }, settings.maxAttempts, jitter);
      });
      runs[index] = { key, accountName, callers: await Promise.all(callers) };
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  return runs;
}

async function writeUntilDefinitive(
  world: World,
  write: { key: string; body: string; timeoutMs: number },
  maxAttempts: number,
  jitter: () => number,
): Promise<CallerRun> {
  const answers: Answer[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const answer = await send(world, write);
    answers.push(answer);
    if (isDefinitive(answer)) return { answers, final: answer, repeat: await send(world, write) };
    if (!isRetryable(answer)) break;
    await sleep(callerDelay(attempt, answer.retryAfterMs, jitter));
  }
  return { answers, final: undefined, repeat: undefined };
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
