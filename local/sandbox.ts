import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { createSigningKeyHandler } from '#functions/gateway-signing-key.js';
import { createGatewayReadHandler } from '#functions/http/gateway-read-handler.js';
import { createOperationHandler } from '#functions/http/operation-handler.js';
import { createWebhookProcessor } from '#functions/webhook-processor.js';
import { createWebhookReceiver } from '#functions/webhook-receiver.js';
import { BankClient } from '#shared/bank/client.js';
import { families } from '#shared/families/index.js';
import type { FamilyPorts, TrackerPorts } from '#shared/families/ports.js';
import { processorHooks, storeOf, trackersFor } from '#shared/families/runtime.js';
import { nameCheckVariables } from '#shared/name-checks/policy.js';
import { countMetric, logger } from '#shared/observability.js';
import type { RetryPolicy } from '#shared/bank/retry.js';
import { StaticTokenSource } from '#shared/bank/token-source.js';
import { attentionTable, idempotencyTable, webhookInboxTable } from '#shared/config/tables.js';
import { mccyBatchesTable } from '#shared/mccy-payments/table.js';
import { DynamoDbAttemptLog } from '#shared/gateway/attempt-log.js';
import { DynamoDbAttention } from '#shared/gateway/dynamodb-attention.js';
import type { ForwardDependencies } from '#shared/gateway/forward-operation.js';
import { powertoolsRunOnce } from '#shared/gateway/powertools-run-once.js';
import { operations, operationsOf } from '#shared/operations/index.js';
import type { BatchWorkflowInput, BatchWorkflows } from '#shared/mccy-payments/ports.js';
import { mccyBatchWorkflow } from '#shared/workflows/mccy-batch.js';
import { type Clock, type ManualClock, RealTimeClock, systemClock } from '#shared/ports/clock.js';
import { once } from '#shared/runtime/aws-common.js';
import { PemSigner } from '#shared/signing/pem-signer.js';
import { SignatureVerifier, splitPemBundle } from '#shared/signing/verifier.js';
import { fixedBankKeys } from '#shared/webhooks/bank-keys.js';
import { DynamoDbWebhookInbox } from '#shared/webhooks/dynamodb-inbox.js';
import { FolderBodyStore } from './adapters/folder-body-store.js';
import { FolderObjectStore } from './adapters/folder-object-store.js';
import { InMemoryEventBus } from './adapters/in-memory-bus.js';
import { eventViolation } from '#shared/events/catalogue.js';
import { InProcessQueue } from './adapters/in-process-queue.js';
import { ResumeError } from './bank-sim/core/simulator.js';
import { type BankSimulator, startBankSimulator } from './bank-sim/simulator.js';
import type { SandboxConfig } from './config.js';
import { type LocalDynamo, startLocalDynamo } from './dynamo.js';
import {
  operationRoutes,
  type ProxyHandler,
  portOf,
  type Route,
  startGatewayServer,
} from './gateway-server.js';
import { ensureKeyPair, ensureSandboxToken, readPem } from './keys.js';
import { localOnlyRoutes } from './local-routes.js';
import {
  forgetState,
  keepState,
  lockHome,
  readSnapshot,
  resumedTime,
  SNAPSHOT_FILE,
  STATE_FOLDER,
  SnapshotError,
} from './sandbox-state.js';
import { LocalStateMachine, realTimers } from './workflows.js';

export interface Sandbox {
  gatewayUrl: string;
  bankUrl: string;
  /** Present unless the sandbox talks to another bank. */
  simulator: BankSimulator | undefined;
  bus: InMemoryEventBus;
  queue: InProcessQueue;
  dynamo: LocalDynamo;
  signingKeyPath: string;
  bankPublicKeyPath: string;
  /** How many requests came with a well-formed SigV4 `Authorization` header (the typed client's). */
  signedRequests(): number;
  /** Where the state is kept across restarts (`npm start`), and the sandbox time it resumed from, if any. */
  keptState: { folder: string; resumedFrom: string | undefined } | undefined;
  /** Waits until the simulator has no delivery in flight and the queue is empty. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/** What tests change; `npm start` sets only `state`. */
export interface SandboxOptions {
  simClock?: ManualClock;
  webhookTimeoutMs?: number;
  queueRetryDelayMs?: number;
  /** The Lambda timeout the gateway's handlers run under (default 29 s, API Gateway's limit). */
  lambdaTimeoutMs?: number;
  /** The bank client's retries (default `defaultRetryPolicy`): tests shorten the waits. */
  bankRetry?: Partial<RetryPolicy>;
  /** Seeded draws, so a test run repeats: the simulator's fault rates and nonces, the retry jitter. */
  draws?: { simFaults?: () => number; simNonce?: () => string; retryJitter?: () => number };
  /** Checks every published event against its schema (`bus.violations`); the tests' sandboxes do. */
  checkEvents?: boolean;
  /**
   * Keeps the state (the simulator's book, the tables, the events, the clock) in `$CLEARWAY_HOME/state`
   * across restarts, as `npm start` does: `resume` starts from what is kept, `fresh` forgets it first (and
   * the statements and webhook bodies). Unset, as in the tests: in memory and temporary folders only.
   */
  state?: 'resume' | 'fresh';
}

/** The sandbox's statements bucket: `$CLEARWAY_HOME/statements/<object key>`. */
export const STATEMENTS_FOLDER = 'statements';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Idempotency records live 24 hours and inbox keys 7 days, so a purge a minute keeps up with any traffic. */
const PURGE_EVERY_MS = 60_000;

/** Starts dynalite, the simulator (unless `bankUrl` is set) and the gateway with the real handlers. */
export async function startSandbox(config: SandboxConfig, options: SandboxOptions = {}): Promise<Sandbox> {
  const institutionKey = config.signingKeyPath
    ? { privateKeyPath: config.signingKeyPath }
    : ensureKeyPair(config.home, 'institution-signing');
  const signer = new PemSigner(
    readPem(institutionKey.privateKeyPath, 'CLEARWAY_SIGNING_KEY'),
    `CLEARWAY_SIGNING_KEY (${institutionKey.privateKeyPath})`,
  );
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    const stateFolder = join(config.home, STATE_FOLDER);
    if (options.state) {
      const unlock = lockHome(config.home);
      closers.push(async () => unlock());
    }
    if (options.state === 'fresh') forgetState(config.home);
    const saved = options.state ? readSnapshot(stateFolder) : undefined;
    let simulator: BankSimulator | undefined;
    // The bank's time: the simulator's clock, or the real one for another bank.
    let bankClock: Clock = systemClock;
    let bankUrl = config.bankUrl;
    let bankPublicKeyPath = config.bankPublicKeyPath;
    let token = config.apiToken;
    if (!bankUrl) {
      const bankKey = ensureKeyPair(config.home, 'bank-sim-webhook');
      bankPublicKeyPath ??= bankKey.publicKeyPath;
      token ??= ensureSandboxToken(config.home);
      const clock = options.simClock ?? new RealTimeClock();
      if (saved?.clock) clock.set(resumedTime(saved.clock, saved.savedAt, clock instanceof RealTimeClock));
      bankClock = clock;
      const institutionPublicKeyPem = await signer.publicKeyPem();
      simulator = await listenOn(config.simPort, 'CLEARWAY_SIM_PORT', () =>
        startBankSimulator({
          clock,
          port: config.simPort,
          webhookSigningKeyPem: readPem(bankKey.privateKeyPath, 'the simulator key'),
          webhookTimeoutMs: options.webhookTimeoutMs,
          random: options.draws?.simFaults,
          nonce: options.draws?.simNonce,
          pathSignature: config.pathSignature,
          institution: {
            tokens: [
              { value: token as string, expiresAt: new Date(clock.now().getTime() + YEAR_MS).toISOString() },
            ],
            publicKeyPem: institutionPublicKeyPem,
            overdraftAgreement: config.overdraftAgreement,
          },
          resumeFrom: saved?.simulator ?? undefined,
        }),
      ).catch((error: unknown) => {
        if (error instanceof ResumeError)
          throw new SnapshotError(join(stateFolder, SNAPSHOT_FILE), error.message);
        throw error;
      });
      closers.push(() => (simulator as BankSimulator).close());
      bankUrl = simulator.url;
    }
    const verifier = new SignatureVerifier(
      splitPemBundle(readPem(bankPublicKeyPath as string, 'CLEARWAY_BANK_PUBLIC_KEY')),
      `CLEARWAY_BANK_PUBLIC_KEY (${bankPublicKeyPath})`,
    );

    const dynamo = await startLocalDynamo('clearway-', options.state && join(stateFolder, 'dynamo'));
    closers.push(() => dynamo.close());
    // Powertools stamps the idempotency table's expiry from Date.now(), and the send log beside it follows;
    // every other table is stamped from the sandbox clock.
    const purger = every(PURGE_EVERY_MS, () =>
      dynamo.purgeExpired((table) => (table === idempotencyTable ? systemClock : bankClock).now()),
    );
    closers.push(async () => clearInterval(purger));
    const bank = new BankClient({
      baseUrl: bankUrl,
      tokens: new StaticTokenSource(token as string),
      signer,
      log: logger,
      retry: options.bankRetry,
      random: options.draws?.retryJitter,
      pathSignature: config.pathSignature,
      // X-Request-Time from the built-in bank's clock, which tests and the demo move; another bank: real time.
      ...(simulator && { requestClock: () => (simulator as BankSimulator).clock.now().getTime() }),
    });
    const store = new DynamoDBPersistenceLayer({
      tableName: dynamo.tableName(idempotencyTable),
      awsSdkV3Client: dynamo.client,
    });
    // The same attention list as on AWS; the sandbox lists it (GET /gateway/local/attention).
    const attention = new DynamoDbAttention(dynamo.client, dynamo.tableName(attentionTable));
    const bus = new InMemoryEventBus(
      config.eventLimit,
      bankClock,
      options.checkEvents ? eventViolation : undefined,
    );
    if (saved) bus.restore(saved.events);
    if (options.state) {
      const kept = keepState(stateFolder, { clock: simulator?.clock, simulator, bus });
      closers.push(() => kept.close());
    }
    // Every family is built from its definition (shared/families/), as the AWS roots build it, from the
    // sandbox's adapters: dynalite, the in-memory bus, the bank's clock.
    const ports: FamilyPorts = {
      dynamo: dynamo.client,
      tableName: dynamo.tableName,
      events: bus,
      clock: bankClock,
      log: logger,
      count: countMetric,
      attention,
    };
    // The state machine the stack deploys, run here on the sandbox clock (the simulator's scheduler).
    const batchMachine = new LocalStateMachine(
      mccyBatchWorkflow({ tableName: dynamo.tableName(mccyBatchesTable), eventBusName: 'sandbox' }),
      { dynamo: dynamo.client, events: bus, clock: bankClock, timers: simulator ?? realTimers, log: logger },
    );
    const batchWorkflows: BatchWorkflows = {
      start: async (input: BatchWorkflowInput) => batchMachine.start(input.batchId, { ...input }),
    };
    // The settings the stack gives the operation functions, from the sandbox's configuration.
    const settings = nameCheckVariables(config.nameChecks);
    const trackerPorts: TrackerPorts = {
      ...ports,
      bank,
      setting: (name) => settings[name],
      workflows: () => batchWorkflows,
    };
    const forward: ForwardDependencies = {
      bank,
      runOnce: powertoolsRunOnce(store),
      attempts: new DynamoDbAttemptLog(dynamo.client, dynamo.tableName(idempotencyTable)),
      log: logger,
      institution: { overdraftAgreement: config.overdraftAgreement },
      // The sandbox stands in for the bank's simulation environment, and its rules run on the bank's clock.
      environment: 'simulation',
      bankClock,
      ...(simulator && {
        clockHint: `That is the sandbox clock: move it on with POST ${simulator.url}/__sim/clock/advance (for example {"hours": 8}) or POST ${simulator.url}/__sim/clock/set ({"to": "<a later ISO time>"}).`,
      }),
    };
    const queue = new InProcessQueue({ retryDelayMs: options.queueRetryDelayMs });
    const bodies = new FolderBodyStore(join(config.home, 'webhook-bodies'));
    // Built once, as the AWS composition roots are: the handlers ask for them on every event.
    const processing = {
      hooks: await processorHooks(
        {
          ...ports,
          statements: new FolderObjectStore(join(config.home, STATEMENTS_FOLDER)),
          bankBaseUrl: bankUrl as string,
          bank: async () => bank,
        },
        families,
      ),
      inbox: new DynamoDbWebhookInbox(dynamo.client, dynamo.tableName(webhookInboxTable)),
      events: bus,
      quarantine: queue,
      bodies,
      clock: bankClock,
      log: logger,
    };
    const receiving = {
      verifySignature: fixedBankKeys(verifier),
      queue,
      quarantine: queue,
      bodies,
      signer,
      clock: bankClock,
      log: logger,
    };
    queue.attach(createWebhookProcessor(() => processing));

    // Each function's handler carries the trackers its operations name, as on AWS.
    const handlers = new Map<string, ProxyHandler>();
    const handlerOf = (fn: string) => {
      if (!handlers.has(fn)) {
        const ownOperations = operationsOf(fn);
        const dependencies = once(async () => ({
          ...forward,
          trackers: await trackersFor(ownOperations, trackerPorts, families),
        }));
        handlers.set(fn, createOperationHandler(ownOperations, dependencies));
      }
      return handlers.get(fn) as ProxyHandler;
    };
    // Every family's `/gateway/` reads, on its store, as its reader function serves them on AWS.
    const readRoutes: Route[] = [];
    for (const family of families) {
      const functionName = family.readerFunction;
      if (functionName === undefined) continue;
      const store = await storeOf(family, ports);
      const handler = createGatewayReadHandler(
        family,
        async () => store,
        () => bankClock.now(),
      );
      for (const read of family.reads)
        readRoutes.push({ method: 'GET', resource: read.path, functionName, handler });
    }
    const routes: Route[] = [
      ...operationRoutes(operations, handlerOf),
      {
        method: 'POST',
        resource: '/webhooks',
        functionName: 'webhook-receiver',
        handler: createWebhookReceiver(() => receiving),
      },
      {
        method: 'GET',
        resource: '/gateway/signing-key',
        functionName: 'gateway-signing-key',
        handler: createSigningKeyHandler(() => signer),
      },
      ...readRoutes,
      ...localOnlyRoutes(bus, queue, batchMachine, attention, bankClock),
    ];
    let signedRequests = 0;
    const server: Server = await listenOn(config.port, 'CLEARWAY_PORT', () =>
      startGatewayServer(routes, config.port, {
        lambdaTimeoutMs: options.lambdaTimeoutMs,
        onSignedRequest: () => {
          signedRequests += 1;
        },
      }),
    );
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const gatewayUrl = `http://127.0.0.1:${portOf(server)}`;
    simulator?.setWebhookUrl(`${gatewayUrl}/webhooks`);
    if (simulator && !options.simClock) {
      // With a clock that moves by itself, what falls due (settlements, webhook retries, what fell due while
      // a kept sandbox was stopped) happens within a second, once the gateway takes its webhooks.
      const ticker = every(1_000, async () => simulator?.tick());
      closers.push(async () => clearInterval(ticker));
    }

    const settle = async () => {
      // A delivery may enqueue, and processing never triggers a delivery, so one pass of each suffices.
      await simulator?.idle();
      await queue.idle();
    };
    return {
      gatewayUrl,
      bankUrl,
      simulator,
      bus,
      queue,
      dynamo,
      signingKeyPath: institutionKey.privateKeyPath,
      bankPublicKeyPath: bankPublicKeyPath as string,
      signedRequests: () => signedRequests,
      keptState: options.state && { folder: stateFolder, resumedFrom: saved?.clock ?? saved?.savedAt },
      settle,
      // Work in flight (a delivery, a queued webhook) finishes before the tables it writes are closed.
      close: async () => {
        await settle().catch(() => undefined);
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `task` every `ms` (never two at once) without keeping the process alive. */
function every(ms: number, task: () => Promise<unknown>): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: Error) => logger.warn('a periodic sandbox task failed', error))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return timer;
}

async function listenOn<T>(port: number, variable: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(`port ${port} is already in use; choose another with ${variable}=<port>`);
    }
    throw error;
  }
}
