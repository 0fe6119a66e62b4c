import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { WebhookBodyStore } from '#shared/webhooks/ports.js';
import { encodeQueueMessage } from '#shared/webhooks/queue-message.js';
import { type ArmResult, compareArms, type InterleaveOptions, interleave } from './stats.js';

export interface PaymentBenchOptions {
  /** The send's arms alternate call by call (`perRound` is 1 whatever is given). */
  send: InterleaveOptions;
  /** Rounds are also bounded by the settlements the send left (its gateway calls, warm-up included). */
  processor: InterleaveOptions;
}

export interface PaymentBenchResult {
  /** `POST /v3/payments/fps` through the gateway: validation, claim in dynalite, RSA sign, bank call, settle. */
  gateway: ArmResult;
  /** The same request straight to the simulator, each body signed beforehand. */
  direct: ArmResult;
  /** The processor on a TransactionSettled for a payment the gateway sent: the payments hook moves it. */
  settled: ArmResult;
  /** The processor on a FITestEvent, which no state hook changes anything for. */
  testEvent: ArmResult;
  /** TransactionSettled messages the processor handled, warm-up included. */
  settlementsProcessed: number;
  /** PaymentStatusChanged events to Settled meanwhile: one per settlement when every hook moved its record. */
  settledStatusChanges: number;
  /** Processor calls that reported a failure (expected 0). */
  processorFailures: number;
}

const AMOUNT = 1;

/** One instruction with one credit transfer, its ids fresh, as `POST /v3/payments/fps` takes it. */
function fpsPayment(debtorIban: string, endToEndId: string): string {
  return JSON.stringify({
    paymentInstructions: [
      {
        paymentInstructionIdentification: `pi-${endToEndId}`,
        debtor: { address: '2 Bench Road' },
        debtorAccount: { identification: { iban: debtorIban } },
        creditTransfers: [
          {
            paymentIdentification: {
              endToEndIdentification: endToEndId,
              instructionIdentification: `in-${endToEndId}`,
            },
            amount: { instructedAmount: AMOUNT },
            creditor: { name: 'Bench Creditor' },
            creditorAccount: {
              identification: { other: { schemeName: { code: 'BBAN' }, identification: '20000087654321' } },
            },
            remittanceInformation: { structured: { creditorReferenceInformation: { reference: 'bench' } } },
          },
        ],
      },
    ],
  });
}

// The bodies here are small enough to travel in the message itself, so the store is never asked.
const noBodyStore: WebhookBodyStore = {
  put: () => Promise.reject(new Error('a bench webhook body should fit the queue message')),
  get: () => Promise.reject(new Error('a bench webhook body should fit the queue message')),
};

/** The queue message the receiver would make of a webhook body the simulator emitted. */
function queueMessage(body: string): Promise<string> {
  return encodeQueueMessage(
    {
      body: Buffer.from(body, 'utf8'),
      deliveryAttempt: '1',
      retryReason: undefined,
      receivedAt: new Date().toISOString(),
    },
    noBodyStore,
  );
}

/**
 * 1. `POST /v3/payments/fps` through the in-process sandbox gateway against the same request sent straight to
 * the simulator, one fresh endToEndIdentification (and Idempotency-Key) per call. 2. The webhook processor
 * on the TransactionSettled of each payment the gateway sent, against FITestEvents, on the same dynalite.
 * The institution is unsubscribed throughout: the simulator emits (and logs) its webhooks without delivering
 * them, and the bench hands their bodies to the processor one at a time.
 */
export async function paymentBench(options: PaymentBenchOptions): Promise<PaymentBenchResult> {
  // Loaded here, not at the top: run on its own, this file sets the Powertools variables first.
  const { benchSandbox } = await import('./sandbox-calls.js');
  const bench = await benchSandbox();
  const { world } = bench;
  const { sandbox, simulator } = world;
  try {
    simulator.institution.subscribedToWebhooks = false;
    const sendCalls = options.send.warmup + options.send.rounds;
    // Enough money for every call of both arms, set before the account is opened.
    const funded = await world.bank('/__sim/payments/config', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ openingBalance: String(2 * sendCalls * AMOUNT + 100) }),
    });
    if (funded.status !== 200) throw new Error(`the simulator refused the opening balance: ${funded.status}`);
    const opened = await world.gateway('/v3/Accounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ accountName: 'Bench', owner: { name: 'Bench Ltd' }, sortCode: '040004' }),
    });
    if (opened.status !== 201) throw new Error(`the account was not opened: ${await opened.text()}`);
    const { iban } = ((await opened.json()) as { account: { iban: string } }).account;

    // Every body made (and the direct ones signed) before timing; ids unique in this sandbox.
    const run = randomUUID().slice(0, 8);
    const viaGateway = Array.from({ length: sendCalls }, (_, i) => ({
      endToEndId: `g-${run}-${i}`,
      body: fpsPayment(iban, `g-${run}-${i}`),
      key: randomUUID(),
    }));
    const direct = Array.from({ length: sendCalls }, (_, i) => {
      const body = fpsPayment(iban, `d-${run}-${i}`);
      return { body, signature: bench.sign(body) };
    });
    let nextGateway = 0;
    let nextDirect = 0;
    const send = await interleave(
      {
        gateway: () => {
          const call = viaGateway[nextGateway++];
          if (!call) throw new Error('more gateway calls than bodies made');
          return bench.viaGateway('/v3/payments/fps', call.body, 202, { 'idempotency-key': call.key });
        },
        direct: () => {
          const call = direct[nextDirect++];
          if (!call) throw new Error('more direct calls than bodies made');
          return bench.direct('/v3/payments/fps', call.body, call.signature, 202);
        },
      },
      { ...options.send, perRound: 1 },
    );

    // Every accepted payment settles on the simulator's clock; unsubscribed, the webhooks are only logged.
    const sent = new Set(viaGateway.slice(0, nextGateway).map((call) => call.endToEndId));
    await simulator.advanceClock(60_000);
    const settlementBodies = simulator.webhooks
      .filter((webhook) => webhook.type === 'TransactionSettled')
      .map((webhook) => webhook.body)
      .filter((body) => {
        const payload = (JSON.parse(body) as { Payload?: { EndToEndTransactionId?: string } }).Payload;
        return sent.has(payload?.EndToEndTransactionId ?? '');
      });
    const settlements = await Promise.all(settlementBodies.map(queueMessage));
    const testEvents = await Promise.all(
      settlements.map((_, i) =>
        queueMessage(simulator.emitWebhook('FITestEvent', 1, `processor bench ${run} ${i}`).body),
      ),
    );

    const rounds = Math.min(options.processor.rounds, settlements.length - options.processor.warmup);
    if (rounds <= 0) throw new Error(`only ${settlements.length} settlements for the processor`);
    let failures = 0;
    const receive = async (message: string | undefined) => {
      if (message === undefined) throw new Error('more processor calls than messages made');
      if (!(await sandbox.queue.receiveNow(message))) failures++;
    };
    let nextSettled = 0;
    let nextTest = 0;
    // The bus stamps events with the sandbox's clock (the simulator's), and keeps those published strictly after.
    const since = new Date(simulator.clock.now().getTime() - 1);
    const processed = await interleave(
      {
        settled: () => receive(settlements[nextSettled++]),
        testEvent: () => receive(testEvents[nextTest++]),
      },
      { ...options.processor, rounds, perRound: 1 },
    );
    const settledStatusChanges = sandbox.bus
      .list({ detailType: 'PaymentStatusChanged', since })
      .filter((event) => (event.detail as { to?: string }).to === 'Settled').length;

    return {
      gateway: send.gateway,
      direct: send.direct,
      settled: processed.settled,
      testEvent: processed.testEvent,
      settlementsProcessed: nextSettled,
      settledStatusChanges,
      processorFailures: failures,
    };
  } finally {
    await bench.close();
  }
}

// On its own: `npx tsx test/bench/payments.ts`, a shorter run, a summary on stdout.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  const result = await paymentBench({
    send: { warmup: 30, rounds: 300, perRound: 1, maxMs: 10_000 },
    processor: { warmup: 20, rounds: 300, perRound: 1, maxMs: 10_000 },
  });
  const { settlementsProcessed, settledStatusChanges, processorFailures } = result;
  console.log(
    JSON.stringify(
      {
        send: compareArms(['gateway', 'direct'], result.gateway, result.direct),
        processor: compareArms(['settled', 'testEvent'], result.settled, result.testEvent),
        settlementsProcessed,
        settledStatusChanges,
        processorFailures,
      },
      null,
      2,
    ),
  );
}
