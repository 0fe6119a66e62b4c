import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RawAnswer, sendRaw } from '../support/raw-http.js';
import { testSandbox } from '../support/sandbox.js';

/**
 * Each way a hostile caller or a faulty bank once got through the gateway core, replayed through the sandbox:
 * every one is now a specific 4xx naming what is wrong, and the bank is not called (or, where the bank did
 * act, its outcome reaches the caller). The webhook and sandbox rows live with the webhook and sandbox tests.
 */

let world: Awaited<ReturnType<typeof testSandbox>>;
let accountId: string;

beforeAll(async () => {
  world = await testSandbox();
  const created = await call('POST', '/v3/Accounts', {
    body: '{"accountName":"Hardening","owner":{"name":"Acme Ltd"},"sortCode":"040004"}',
    key: randomUUID(),
  });
  accountId = (JSON.parse(created.body) as { account: { id: string } }).account.id;
});
afterAll(() => world.sandbox.close());
beforeEach(() => world.simulator.clearRequests());

function call(
  method: string,
  path: string,
  options: { body?: string | Buffer; key?: string; contentType?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.key) headers['idempotency-key'] = options.key;
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  return sendRaw(world.sandbox.gatewayUrl, { method, path, headers, body });
}

const errorsOf = (answer: RawAnswer) =>
  (JSON.parse(answer.body) as { errors: Record<string, string[]> }).errors;
const bankCalls = () => world.simulator.requests.length;

describe('path parameters can never name another resource', () => {
  it.each(['%2E%2E', '..', '.', '%2e', '%2F', 'a%2Fb', '%5C', '%00', '%0A'])(
    'refuses virtualAccountId %s with a 400 naming it, and the real account keeps its name',
    async (segment) => {
      const answer = await call('PATCH', `/v1/Accounts/${accountId}/Virtual/${segment}`, {
        body: '{"ownerName":"Mallory"}',
      });
      expect(answer.status).toBe(400);
      expect(Object.keys(errorsOf(answer))).toEqual(['virtualAccountId']);
      expect(bankCalls()).toBe(0);
    },
  );

  it('refuses an empty segment in place of a parameter', async () => {
    const answer = await call('PATCH', `/v1/Accounts/${accountId}/Virtual//`, { body: '{}' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(bankCalls()).toBe(0);
  });
});

describe('property names of plain objects are ordinary names', () => {
  it.each(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'])(
    'answers 400 naming a body property called %s',
    async (name) => {
      const answer = await call('PATCH', `/v1/Accounts/${accountId}`, { body: `{"${name}":1}` });
      expect(answer.status).toBe(400);
      expect(errorsOf(answer)[name]).toEqual(['is not a known property']);
      expect(bankCalls()).toBe(0);
    },
  );

  it.each(['constructor', 'toString', 'valueOf', '__proto__'])(
    'answers 400 naming a query parameter called %s, on an operation without query parameters too',
    async (name) => {
      for (const path of [`/v3/Accounts/${accountId}?${name}=x`, `/v3/Accounts?${name}=x`]) {
        const answer = await call('GET', path);
        expect(answer.status).toBe(400);
        expect(Object.keys(errorsOf(answer))).toContain(name);
      }
      expect(bankCalls()).toBe(0);
    },
  );
});

describe('numbers are judged on the digits the caller wrote', () => {
  it('refuses a minimumBalance whose text has 34 decimals, though its float has 1', async () => {
    const answer = await call('PATCH', `/v1/Accounts/${accountId}`, {
      body: '{"minimumBalance":0.1000000000000000055511151231257827}',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(errorsOf(answer))).toEqual(['minimumBalance']);
    expect(bankCalls()).toBe(0);
  });

  it('refuses a property written twice, naming it, instead of signing both', async () => {
    const answer = await call('PATCH', `/v1/Accounts/${accountId}`, {
      body: '{"minimumBalance":-500,"minimumBalance":5}',
    });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).minimumBalance).toEqual(['minimumBalance appears more than once']);
    expect(bankCalls()).toBe(0);
  });

  it('forwards a valid amount exactly as written', async () => {
    const body = '{"minimumBalance":  10.50 }';
    const answer = await call('PATCH', `/v1/Accounts/${accountId}`, { body });
    expect(answer.status).toBe(204);
    expect(world.simulator.requests.map((request) => request.body)).toEqual([body]);
  });
});

describe('bodies are read as the bytes sent', () => {
  it('refuses a body that is not UTF-8 instead of rewriting it', async () => {
    const body = Buffer.concat([Buffer.from('{"ownerName":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const answer = await call('PATCH', `/v1/Accounts/${accountId}`, { body });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).$).toEqual(['the body is not valid UTF-8']);
    expect(bankCalls()).toBe(0);
  });

  it('refuses a body of white space on an operation that takes none, without a 504', async () => {
    const answer = await call('GET', '/v1/Test', { body: '   ' });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).$).toEqual(['this operation takes no body']);
    expect(bankCalls()).toBe(0);
  });

  it('refuses a form-encoded body with 415', async () => {
    const answer = await call('POST', '/v1/Test', {
      body: 'Message=hi',
      key: randomUUID(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
    expect(Object.keys(errorsOf(answer))).toEqual(['Content-Type']);
    expect(bankCalls()).toBe(0);
  });

  it('refuses a body nested 3,000 deep with a 400, not a crash', async () => {
    const body = `{"a":${'['.repeat(3_000)}${']'.repeat(3_000)}}`;
    const answer = await call('POST', '/v1/Test', { body, key: randomUUID() });
    expect(answer.status).toBe(400);
    expect(bankCalls()).toBe(0);
  });

  it('refuses a body over the size limit with 413', async () => {
    const body = `{"a":"${'x'.repeat(1_100_000)}"}`;
    const answer = await call('POST', '/v1/Test', { body, key: randomUUID() });
    expect(answer.status).toBe(413);
    expect(bankCalls()).toBe(0);
  });
});

describe("the bank's answer always reaches the caller", () => {
  it('returns a 500 KB answer in full and answers a repeat of the key with its status, not a 409', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(500 * 1024) });
    const key = randomUUID();
    const first = await call('POST', '/v1/Test', { body, key });
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(500 * 1024);
    const again = await call('POST', '/v1/Test', { body, key });
    expect(again.status).toBe(200);
    expect(again.headers['clearway-outcome']).toBe('stored-without-body');
    expect(bankCalls()).toBe(1);
  });
});

describe("the gateway's own refusals look like the bank's answers", () => {
  it('carries type, title, status, detail naming the method and path, instance, errors and an X-Request-Id', async () => {
    const path = `/v1/Accounts/${accountId}`;
    const key = randomUUID();
    const answer = await call('PATCH', path, { body: '{"ownerName":"a|b","colour":"red"}', key });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toMatch(/^cw-[0-9a-f]{64}$/);
    expect(JSON.parse(answer.body)).toMatchObject({
      type: 'about:blank',
      title: 'Validation failed',
      status: 400,
      detail: `PATCH ${path}: 2 properties break the bank's rules.`,
      instance: path,
      errors: { colour: ['is not a known property'] },
    });
    expect(bankCalls()).toBe(0);
  });
});

describe('refusal messages are sentences, not schema-library text', () => {
  it('says the body must be a JSON object when it is an array', async () => {
    const answer = await call('PATCH', `/v1/Accounts/${accountId}`, { body: '[1]' });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).$).toEqual(['The body must be a JSON object.']);
  });
});
