import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../../support/sandbox.js';

/**
 * `npm run demo` as a newcomer runs it: against a sandbox whose clock runs, as `npm start`'s does, started
 * at 02:20 UK time on a Saturday, then once more on the sandbox the first run used.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox({ runningClock: true });
});
afterAll(() => world.sandbox.close());

/** The demo in its own process, as `npm run demo` starts it, pointed at this sandbox's ports. */
function runDemo(env: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  const child = spawn(`${root}node_modules/.bin/tsx`, ['local/demo.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CLEARWAY_PORT: new URL(world.sandbox.gatewayUrl).port,
      CLEARWAY_SIM_PORT: new URL(world.sandbox.bankUrl).port,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, output })));
}

describe('npm run demo', () => {
  it('passes every step at night, and again on the sandbox it used', { timeout: 120_000 }, async () => {
    await world.simulator.setClock('2026-03-07T02:20:00Z');
    const first = await runDemo();
    console.log('DEMO-OUT', first.output.slice(first.output.indexOf('Savings:') - 5));
    expect(first.status, first.output.slice(-3000)).toBe(0);
    expect(first.output).toContain('sandbox clock set to 2026-03-09T09:00:00.000Z (a business-day morning)');
    const clockAfterFirst = world.simulator.clock.now();
    const second = await runDemo();
    expect(second.status, second.output.slice(-3000)).toBe(0);
    expect(world.simulator.clock.now().getTime()).toBeGreaterThan(clockAfterFirst.getTime());
  });

  it('names the one service it cannot reach when a port is wrong', async () => {
    // A port nothing listens on: one the system just gave out and took back.
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const { status, output } = await runDemo({ CLEARWAY_SIM_PORT: String(port) });
    expect(status).toBe(1);
    expect(output).toContain(`The gateway answers at ${world.sandbox.gatewayUrl}, but no simulator at`);
  });
});
