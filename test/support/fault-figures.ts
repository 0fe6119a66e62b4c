import type { KeyRun, World } from './fault-run.js';

/** What a fault run did, counted from the caller's answers, the simulator's logs and the event bus. */
export interface Figures {
  keys: number;
  seed: number;
  concurrency: number;
  seconds: number;
  /** Keys sent by two callers at once (a job delivered twice). */
  twinKeys: number;
  /** Caller requests until each key's definitive answer (the repeat after it not counted). */
  callerAttempts: number;
  outcomes: Record<string, number>;
  repeats: Record<string, number>;
  bankRequests: number;
  /** Each bank request by the fault it met (`fault 503`, `drop`, `slow, then 201`) or the bank's status. */
  bank: Record<string, number>;
  webhooks: {
    emitted: number;
    delivered: number;
    duplicated: number;
    outOfOrder: number;
    badlySigned: number;
    deliveries: number;
    accepted: number;
    refused: Record<string, number>;
    clockMoves: number;
  };
  events: number;
  deadLetters: number;
}

export function figuresOf(
  world: World,
  runs: KeyRun[],
  events: readonly unknown[],
  facts: { seed: number; concurrency: number; seconds: number; clockMoves: number },
): Figures {
  const { simulator } = world;
  const callers = runs.flatMap((run) => run.callers);
  const paths = new Set(runs.map((run) => run.path));
  const writes = simulator.requests.filter((request) => paths.has(request.path));
  const webhooks = simulator.webhooks;
  const deliveries = simulator.deliveries;
  const refused = deliveries.filter((delivery) => delivery.outcome !== 'accepted');
  const withFault = (fault: string) => webhooks.filter((webhook) => webhook.faults.some((f) => f === fault));
  return {
    keys: runs.length,
    seed: facts.seed,
    concurrency: facts.concurrency,
    seconds: facts.seconds,
    twinKeys: runs.filter((run) => run.callers.length > 1).length,
    callerAttempts: callers.reduce((sum, caller) => sum + caller.answers.length, 0),
    outcomes: countBy(callers.flatMap((caller) => caller.answers.map((answer) => answer.label))),
    repeats: countBy(callers.flatMap((caller) => (caller.repeat ? [caller.repeat.label] : []))),
    bankRequests: writes.length,
    bank: countBy(
      writes.map((request) => {
        if (request.fault === 'slow') return `slow, then ${request.status}`;
        return request.fault === null ? String(request.status) : `fault ${request.fault}`;
      }),
    ),
    webhooks: {
      emitted: webhooks.length,
      delivered: webhooks.filter((webhook) => webhook.status === 'delivered').length,
      duplicated: withFault('duplicate').length,
      outOfOrder: withFault('out-of-order').length,
      badlySigned: withFault('bad-signature').length,
      deliveries: deliveries.length,
      accepted: deliveries.length - refused.length,
      refused: countBy(refused.map((delivery) => `${delivery.outcome} ${delivery.status ?? ''}`.trim())),
      clockMoves: facts.clockMoves,
    },
    events: events.length,
    deadLetters: world.sandbox.queue.deadLetters.length,
  };
}

/** Bank requests that met a fault (an error answer, a drop, or an answer past the gateway's deadline). */
export function faultedBankRequests(figures: Figures): number {
  return Object.entries(figures.bank)
    .filter(([label]) => label.startsWith('fault') || label.startsWith('slow'))
    .reduce((sum, [, n]) => sum + n, 0);
}

export function countBy(labels: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
