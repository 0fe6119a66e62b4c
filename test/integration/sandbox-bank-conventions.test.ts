import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignatureVerifier } from '#shared/signing/verifier.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;
let token: string;

beforeAll(async () => {
  world = await testSandbox({ webhookTimeoutMs: 300 });
  token = world.simulator.institution.tokens[0]?.value ?? '';
});
afterAll(() => world.sandbox.close());
beforeEach(() => {
  world.simulator.clearRequests();
  world.simulator.setFaults({});
});

const bankHeaders = (requestId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(requestId && { 'x-request-id': requestId }),
});

describe('a call through the gateway reaches the bank signed and traceable', () => {
  it('arrives with a valid DigitalSignature over the exact bytes and an X-Request-Id', async () => {
    const body = '{ "Message": "Hello World" }';
    const response = await world.gateway('/v1/Test', jsonPost(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('Message');
    const [received] = world.simulator.requests;
    expect(received?.body).toBe(body);
    expect(received?.requestId).toMatch(/^.{1,83}$/);
    const institutionKey = readFileSync(world.sandbox.signingKeyPath, 'utf8');
    const verifier = new SignatureVerifier([await publicKeyOf(institutionKey)]);
    expect(verifier.isValid(Buffer.from(body), received?.headers.digitalsignature)).toBe(true);
    expect(response.headers.get('x-correlation-id')).toBe(received?.correlationId);
  });

  it('retries a 503 with Retry-After once, with the same X-Request-Id and bytes, and answers one success', async () => {
    world.simulator.setFaults({ failNext: [{ status: 503, retryAfter: 1 }] });
    const response = await world.gateway(
      '/v1/Test',
      jsonPost('{"n":1}', { 'idempotency-key': `k-${Date.now()}` }),
    );
    expect(response.status).toBe(200);
    const attempts = world.simulator.requests;
    expect(attempts.map((request) => request.status)).toEqual([503, 200]);
    expect(attempts[1]?.requestId).toBe(attempts[0]?.requestId);
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
    expect(attempts[1]?.headers.digitalsignature).toBe(attempts[0]?.headers.digitalsignature);
  });

  it('refuses a rule-breaking request without calling the bank', async () => {
    const response = await world.gateway('/v1/Test', jsonPost('[1,2]'));
    expect(response.status).toBe(400);
    expect(world.simulator.requests).toHaveLength(0);
  });
});

describe('the simulated bank enforces the conventions with the spec titles', () => {
  it('refuses a tampered body with 400 Invalid DigitalSignature Header and keeps its X-Request-Id unused', async () => {
    await world.gateway('/v1/Test', jsonPost('{"Message":"original"}'));
    const original = world.simulator.requests[0];
    const resend = (body: string) =>
      world.bank('/v1/Test', {
        method: 'POST',
        headers: {
          ...bankHeaders(`tamper-${Date.now()}`),
          'content-type': 'application/json',
          digitalsignature: original?.headers.digitalsignature ?? '',
        },
        body,
      });
    const tampered = await resend('{"Message":"tampered"}');
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as { title: string }).title).toBe('Invalid DigitalSignature Header');
  });

  it('refuses a POST without X-Request-Id with 400 Missing X-Request-Id Header', async () => {
    const response = await world.bank('/v1/Test', jsonPost('{}', bankHeaders()));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { title: string }).title).toBe('Missing X-Request-Id Header');
  });

  it('refuses a bad token with 403', async () => {
    const response = await world.bank('/v1/Test', { headers: { authorization: 'Bearer wrong' } });
    expect(response.status).toBe(403);
  });

  it('answers a reused X-Request-Id with 409, and accepts it again after 25 hours', async () => {
    await world.gateway('/v1/Test', jsonPost('{"again":true}'));
    const first = world.simulator.requests[0];
    const replay = () =>
      world.bank('/v1/Test', {
        method: 'POST',
        headers: {
          ...bankHeaders(first?.requestId ?? ''),
          'content-type': 'application/json',
          digitalsignature: first?.headers.digitalsignature ?? '',
        },
        body: first?.body,
      });
    const duplicate = await replay();
    expect(duplicate.status).toBe(409);
    await world.simulator.advanceClock(25 * 60 * 60 * 1000);
    expect((await replay()).status).toBe(200);
  });
});

describe('webhook answers that fail are retried with the matching reason', () => {
  let listener: Server;
  let behaviour: 'late' | 'unsigned' | 'wrong-nonce' = 'late';

  beforeAll(async () => {
    listener = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        const echo = `{"Nonce":${/"Nonce":(\d+)/.exec(body)?.[1]}}`;
        if (behaviour === 'late') setTimeout(() => response.end(echo), 600);
        else if (behaviour === 'unsigned') response.end(echo);
        else response.writeHead(200, { digitalsignature: 'AAAA' }).end('{"Nonce":42}');
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    world.simulator.setWebhookUrl(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/`);
  });
  afterAll(() => {
    world.simulator.setWebhookUrl(`${world.sandbox.gatewayUrl}/webhooks`);
    listener.closeAllConnections();
    return new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it.each([
    ['late', 'Timeout'],
    ['unsigned', 'Non-repudiation'],
    ['wrong-nonce', 'Payload / Response Format'],
  ] as const)(
    'an answer that is %s is retried 15 minutes later with x-retry-reason %s',
    async (kind, reason) => {
      behaviour = kind;
      const webhook = world.simulator.emitWebhook('FITestEvent', 1, `retry ${kind}`);
      await world.simulator.idle();
      await world.simulator.advanceClock(15 * 60 * 1000);
      const attempts = world.simulator.deliveries.filter((delivery) => delivery.webhookId === webhook.id);
      expect(attempts.map((delivery) => delivery.outcome)).toEqual([reason, reason]);
      expect(attempts[1]).toMatchObject({ attempt: 2, retryReason: reason });
    },
  );
});

async function publicKeyOf(privateKeyPem: string): Promise<string> {
  const { createPublicKey } = await import('node:crypto');
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
}
