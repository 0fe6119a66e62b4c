import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../local/sandbox.js';
import { ManualClock } from '../../shared/ports/clock.js';

/** The whole sandbox in-process on free loopback ports, with fresh keys and a controllable bank clock. */
export async function testSandbox(options: { webhookTimeoutMs?: number; eventLimit?: number } = {}) {
  const simClock = new ManualClock('2026-03-02T10:00:00Z');
  const sandbox = await startSandbox(
    {
      bankUrl: undefined,
      apiToken: undefined,
      signingKeyPath: undefined,
      bankPublicKeyPath: undefined,
      port: 0,
      simPort: 0,
      overdraftAgreement: false,
      home: mkdtempSync(join(tmpdir(), 'clearway-sandbox-')),
      eventLimit: options.eventLimit ?? 10_000,
    },
    { simClock, webhookTimeoutMs: options.webhookTimeoutMs ?? 2_000, queueRetryDelayMs: 10 },
  );
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
  return { sandbox, simulator, simClock, gateway, bank, events };
}

export const jsonPost = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});
