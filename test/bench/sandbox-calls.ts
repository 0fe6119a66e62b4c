import { createPrivateKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { testSandbox } from '../support/sandbox.js';

/** What the gateway benchmarks share: the in-process sandbox and what a call straight to the simulator needs. */
export interface BenchSandbox {
  world: Awaited<ReturnType<typeof testSandbox>>;
  /** Signs a body with the institution's key, as the gateway does; the direct arm signs beforehand. */
  sign(body: string): string;
  /** POST through the gateway; throws unless it answers `expected`. */
  viaGateway(path: string, body: string, expected: number, headers?: Record<string, string>): Promise<void>;
  /** The same POST straight to the simulator, as `BankClient` sends it, with a fresh X-Request-Id. */
  direct(path: string, body: string, signature: string, expected: number): Promise<void>;
  close(): Promise<void>;
}

export async function benchSandbox(): Promise<BenchSandbox> {
  const world = await testSandbox();
  const { sandbox, simulator } = world;
  const close = async () => {
    await sandbox.close();
    rmSync(dirname(sandbox.signingKeyPath), { recursive: true, force: true });
  };
  const token = simulator.institution.tokens[0]?.value;
  if (!token) {
    await close();
    throw new Error('the sandbox simulator has no token');
  }
  const signingKey: KeyObject = createPrivateKey(readFileSync(sandbox.signingKeyPath, 'utf8'));
  return {
    world,
    sign: (body) => sign('sha256', Buffer.from(body, 'utf8'), signingKey).toString('base64'),
    viaGateway: async (path, body, expected, headers = {}) => {
      const response = await fetch(`${sandbox.gatewayUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await expectStatus(response, expected, 'gateway');
    },
    direct: async (path, body, signature, expected) => {
      const response = await fetch(`${sandbox.bankUrl}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'x-request-id': randomUUID(),
          'content-type': 'application/json',
          digitalsignature: signature,
        },
        body,
      });
      await expectStatus(response, expected, 'simulator');
    },
    close,
  };
}

async function expectStatus(response: Response, expected: number, who: string): Promise<void> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${who} answered ${response.status}: ${text}`);
}
