import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxConfig } from '#local/config.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '#local/sandbox.js';
import { ManualClock } from '#shared/ports/clock.js';
import { seededRandom } from './seeded-random.js';

export interface TestSandboxOptions extends Pick<SandboxOptions, 'lambdaTimeoutMs' | 'bankRetry' | 'state'> {
  webhookTimeoutMs?: number;
  eventLimit?: number;
  /** Name-check TTL and policy (default: 24 hours, policy off). */
  nameChecks?: SandboxConfig['nameChecks'];
  /** The path-based signature (`CLEARWAY_PATH_SIGNATURE`): the gateway sends it, the simulator requires it. */
  pathSignature?: boolean;
  /** Seeds every draw of the sandbox (fault rates, nonces, retry jitter), each from its own stream. */
  seed?: number;
  /**
   * Whether closing the sandbox fails when an event it published did not match its schema (default true):
   * only a test that makes the bank send what it does not document turns it off.
   */
  checkEvents?: boolean;
  /** A sandbox clock that runs with real time from its start, as `npm start`'s does (default: one tests move). */
  runningClock?: boolean;
  /** The sandbox's home (default: a new temporary folder), e.g. to start again on what a closed one kept. */
  home?: string;
}

/** The whole sandbox in-process on free loopback ports, with fresh keys and a controllable bank clock. */
export async function testSandbox(options: TestSandboxOptions = {}) {
  const simClock = new ManualClock('2026-03-02T10:00:00Z');
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'clearway-sandbox-'));
  const sandbox = await startSandbox(
    {
      bankUrl: undefined,
      apiToken: undefined,
      signingKeyPath: undefined,
      bankPublicKeyPath: undefined,
      port: 0,
      simPort: 0,
      overdraftAgreement: false,
      home,
      eventLimit: options.eventLimit ?? 10_000,
      nameChecks: options.nameChecks ?? { ttlHours: 24, policy: { mode: 'off' } },
      pathSignature: options.pathSignature ?? false,
    },
    {
      ...(options.runningClock !== true && { simClock }),
      webhookTimeoutMs: options.webhookTimeoutMs ?? 2_000,
      queueRetryDelayMs: 10,
      lambdaTimeoutMs: options.lambdaTimeoutMs,
      bankRetry: options.bankRetry,
      draws: options.seed === undefined ? undefined : seededDraws(options.seed),
      checkEvents: options.checkEvents ?? true,
      state: options.state,
    },
  );
  failOnEventViolations(sandbox);
  failOnUnsavableState(sandbox);
  const simulator = sandbox.simulator;
  if (!simulator) throw new Error('the test sandbox always runs the simulator');
  const gateway = (path: string, init: RequestInit = {}) => fetch(`${sandbox.gatewayUrl}${path}`, init);
  const bank = (path: string, init: RequestInit = {}) => fetch(`${sandbox.bankUrl}${path}`, init);
  const events = async () => {
    await sandbox.settle();
    const response = await gateway('/gateway/local/events');
    return ((await response.json()) as { events: Array<{ detailType: string; detail: { key: string } }> })
      .events;
  };
  /** The sandbox's dead letters: failed after every retry, or quarantined with a reason. */
  const deadLetters = async () => {
    await sandbox.settle();
    const response = await gateway('/gateway/local/dlq');
    return ((await response.json()) as { messages: Array<{ body: string; reason?: string }> }).messages;
  };
  return { sandbox, simulator, simClock, gateway, bank, events, deadLetters, home };
}

export const jsonPost = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

/** One stream per consumer, so a change in how often one draws leaves the others' sequences alone. */
function seededDraws(seed: number): SandboxOptions['draws'] {
  const nonce = seededRandom(seed + 2);
  return {
    simFaults: seededRandom(seed),
    retryJitter: seededRandom(seed + 1),
    // The bank's range: 1 to 2^32.
    simNonce: () => String(1 + Math.floor(nonce() * 2 ** 32)),
  };
}

/**
 * Every event a test sandbox publishes must match its schema (`shared/events/`): closing the sandbox (each
 * test file's afterAll) fails naming the first events that did not.
 */
function failOnEventViolations(sandbox: Sandbox): void {
  const close = sandbox.close.bind(sandbox);
  sandbox.close = async () => {
    await close();
    const { count, first } = sandbox.bus.violations;
    if (count > 0) {
      throw new Error(`${count} published event(s) did not match their schema:\n${first.join('\n')}`);
    }
  };
}

/**
 * What a test sandbox's simulator holds must be savable, as `npm start` keeps it across restarts: closing it
 * (each test file's afterAll) fails naming what could not be saved, e.g. a function in a product's state.
 */
function failOnUnsavableState(sandbox: Sandbox): void {
  const close = sandbox.close.bind(sandbox);
  sandbox.close = async () => {
    try {
      await sandbox.settle();
      sandbox.simulator?.snapshot();
    } finally {
      await close();
    }
  };
}
