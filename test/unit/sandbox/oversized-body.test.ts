import { Agent, request } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankSimulator } from '#sim/simulator.js';
import { portOf, startGatewayServer } from '#local/gateway-server.js';
import { startTestSimulator } from '../bank-sim/helpers.js';

const LIMIT = 1024;
/** Far past the limit, so most of it is still unread when the 413 is written. */
const OVERSIZED = Buffer.alloc(1024 * 1024, 'x');
/** A stalled connection used to hang for 6 s before a reset; a healthy answer takes milliseconds. */
const PROMPTLY_MS = 2_000;

interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
}

/** One request on the agent's connections; fails when no answer comes within PROMPTLY_MS. */
function post(agent: Agent, url: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', agent, timeout: PROMPTLY_MS }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reusedSocket: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${PROMPTLY_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

let gateway: Server;
let simulator: BankSimulator;
beforeAll(async () => {
  const ok = async () => ({ statusCode: 200, body: 'ok' });
  gateway = await startGatewayServer(
    [{ method: 'POST', resource: '/v1/Test', functionName: 'test', handler: ok }],
    0,
    { maxBodyBytes: LIMIT },
  );
  simulator = await startTestSimulator({ maxBodyBytes: LIMIT });
});
afterAll(async () => {
  await simulator.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('a refused oversized body closes its connection, and the next request is served at once', () => {
  it.each([
    ['the sandbox gateway', () => `http://127.0.0.1:${portOf(gateway)}`, '/v1/Test'],
    ['the bank simulator', () => simulator.url, '/__sim/clock/advance'],
  ])('%s', async (_, origin, nextPath) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await post(agent, `${origin()}/v1/Test`, OVERSIZED);
      const next = await post(agent, `${origin()}${nextPath}`, Buffer.from('{}'));

      expect(refused).toMatchObject({ status: 413, connection: 'close' });
      expect(next).toEqual({ status: 200, connection: 'keep-alive', reusedSocket: false });
    } finally {
      agent.destroy();
    }
  });
});
