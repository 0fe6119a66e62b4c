import { describe, expect, it } from 'vitest';
import { BankClient, type BankClientOptions } from '#shared/bank/client.js';
import {
  BankBadRequestError,
  BankServerError,
  BankUnavailableError,
  BankUnreachableError,
} from '#shared/bank/errors.js';
import { StaticTokenSource } from '#shared/bank/token-source.js';
import type { Signer } from '#shared/signing/signer.js';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = Response | Error;

/** A bank double answering from a script, recording what was sent, on a virtual clock. */
function scriptedBank(answers: Answer[], options: Partial<BankClientOptions> = {}) {
  const sent: Sent[] = [];
  const sleeps: number[] = [];
  let now = 1_000_000;
  const signer: Signer = {
    sign: async (bytes) => `sig(${Buffer.from(bytes).toString('utf8')})`,
    publicKeyPem: async () => '',
  };
  const client = new BankClient({
    baseUrl: 'https://bank.test/',
    tokens: new StaticTokenSource('secret-token'),
    signer,
    random: () => 1,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    fetch: async (url, init) => {
      sent.push({
        url: String(url),
        headers: init?.headers as Record<string, string>,
        body: init?.body ? Buffer.from(init.body as Uint8Array).toString('utf8') : undefined,
      });
      const answer = answers.shift();
      if (!answer) throw new Error('the script ran out of answers');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    ...options,
  });
  return { client, sent, sleeps, advance: (ms: number) => (now += ms), now: () => now };
}

const ok = (body: unknown = { Message: 'ok' }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'x-correlation-id': 'corr-1' } });
const status = (code: number, headers: Record<string, string> = {}, body?: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status: code, headers });
const networkError = () => new TypeError('fetch failed');
const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

describe('the bank client sends every request signed and traceable', () => {
  it('sends the bearer token, an X-Request-Id and the signature of the exact body bytes', async () => {
    const bank = scriptedBank([ok()]);
    const body = '{ "Message": "Hello World" }';
    const response = await bank.client.send({ method: 'POST', path: '/v1/Test', body, requestId: 'req-1' });
    const [request] = bank.sent;
    expect(request?.url).toBe('https://bank.test/v1/Test');
    expect(request?.headers.authorization).toBe('Bearer secret-token');
    expect(request?.headers['x-request-id']).toBe('req-1');
    expect(request?.body).toBe(body);
    expect(request?.headers.digitalsignature).toBe(`sig(${body})`);
    expect(response).toMatchObject({
      outcome: 'completed',
      status: 200,
      correlationId: 'corr-1',
      requestId: 'req-1',
    });
  });

  it('serialises an object body once and signs those same bytes', async () => {
    const bank = scriptedBank([ok()]);
    await bank.client.send({ method: 'POST', path: '/v1/Test', body: { a: 1 } });
    expect(bank.sent[0]?.body).toBe('{"a":1}');
    expect(bank.sent[0]?.headers.digitalsignature).toBe('sig({"a":1})');
  });

  it('signs a DELETE that has a body and leaves a GET unsigned', async () => {
    const bank = scriptedBank([ok(), ok()]);
    await bank.client.send({
      method: 'DELETE',
      path: '/v1/Accounts/a/Mandates/m',
      body: { reasonCode: '1' },
    });
    await bank.client.send({ method: 'GET', path: '/v1/Test' });
    expect(bank.sent[0]?.headers.digitalsignature).toBe('sig({"reasonCode":"1"})');
    expect(bank.sent[1]?.headers.digitalsignature).toBeUndefined();
    expect(bank.sent[1]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an X-Request-Id longer than 83 characters before sending anything', async () => {
    const bank = scriptedBank([ok()]);
    await expect(
      bank.client.send({ method: 'GET', path: '/v1/Test', requestId: 'x'.repeat(84) }),
    ).rejects.toThrow(/X-Request-Id must be 1 to 83/);
    expect(bank.sent).toHaveLength(0);
  });
});

describe('the bank client retries only what is safe, with the same id and bytes', () => {
  it.each([
    ['a network error', networkError()],
    ['a timeout', timeout()],
    ['a 500', status(500)],
    ['a 502', status(502)],
    ['a 429', status(429)],
    ['a 503', status(503)],
  ])('retries after %s and reuses the X-Request-Id and the body', async (_, failure) => {
    const bank = scriptedBank([failure, ok()]);
    const response = await bank.client.send({ method: 'POST', path: '/v1/Test', body: '{"n":1}' });
    expect(response.attempts).toBe(2);
    expect(bank.sent).toHaveLength(2);
    expect(bank.sent[1]?.headers['x-request-id']).toBe(bank.sent[0]?.headers['x-request-id']);
    expect(bank.sent[1]?.body).toBe(bank.sent[0]?.body);
    expect(bank.sent[1]?.headers.digitalsignature).toBe(bank.sent[0]?.headers.digitalsignature);
  });

  it.each([400, 401, 403, 404, 409, 422, 423])('does not retry a %i', async (code) => {
    const bank = scriptedBank([status(code, {}, { title: 'no' }), ok()]);
    await expect(bank.client.send({ method: 'POST', path: '/v1/Test', body: '{}' })).rejects.toMatchObject({
      status: code,
    });
    expect(bank.sent).toHaveLength(1);
  });

  it('waits at least the Retry-After seconds of a 503', async () => {
    const bank = scriptedBank([status(503, { 'retry-after': '3' }), ok()], { random: () => 0 });
    await bank.client.send({ method: 'GET', path: '/v1/Test' });
    expect(bank.sleeps).toEqual([3000]);
  });

  it('backs off exponentially with a cap', async () => {
    const bank = scriptedBank([status(500), status(500), status(500), status(500), status(500), ok()], {
      retry: { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 500 },
    });
    await bank.client.send({ method: 'GET', path: '/v1/Test', deadline: bank.now() + 60_000 });
    expect(bank.sleeps).toEqual([100, 200, 400, 500, 500]);
  });

  it('gives up when the next wait would pass the caller deadline, with the last failure', async () => {
    const bank = scriptedBank([status(503, { 'retry-after': '10' }), ok()]);
    const attempt = bank.client.send({ method: 'GET', path: '/v1/Test', deadline: bank.now() + 5_000 });
    await expect(attempt).rejects.toBeInstanceOf(BankUnavailableError);
    expect(bank.sent).toHaveLength(1);
  });

  it('stops after the maximum number of attempts', async () => {
    const bank = scriptedBank([status(500), status(500), status(500)], { retry: { maxAttempts: 3 } });
    await expect(bank.client.send({ method: 'GET', path: '/v1/Test' })).rejects.toBeInstanceOf(
      BankServerError,
    );
    expect(bank.sent).toHaveLength(3);
  });

  it('reports an unreachable bank when no attempt got an answer', async () => {
    const bank = scriptedBank([networkError(), networkError()], { retry: { maxAttempts: 2 } });
    const failure = bank.client.send({ method: 'GET', path: '/v1/Test', requestId: 'r-9' });
    await expect(failure).rejects.toBeInstanceOf(BankUnreachableError);
    await expect(failure).rejects.toMatchObject({ requestId: 'r-9', attempts: 2 });
  });

  it('reports a duplicate-request 409 on a retry as already processed, not as a failure', async () => {
    const bank = scriptedBank([
      timeout(),
      status(409, { 'x-correlation-id': 'c-2' }, { title: 'Duplicate X-Request-Id' }),
    ]);
    const response = await bank.client.send({
      method: 'POST',
      path: '/v1/Test',
      body: '{}',
      requestId: 'r-1',
    });
    expect(response).toMatchObject({
      outcome: 'already-processed',
      status: 409,
      requestId: 'r-1',
      attempts: 2,
    });
  });

  it('keeps a state-conflict 409 on a retry a conflict: the first attempt may never have arrived', async () => {
    const bank = scriptedBank([
      timeout(),
      status(409, {}, { title: 'Conflict', detail: 'the account is Closed' }),
    ]);
    await expect(
      bank.client.send({ method: 'PATCH', path: '/v1/Accounts/a', body: '{}', requestId: 'r-2' }),
    ).rejects.toMatchObject({ name: 'BankConflictError' });
  });

  it('reports a duplicate-request 409 on the first attempt as already processed when an earlier call sent the id', async () => {
    const bank = scriptedBank([status(409, {}, { title: 'Duplicate X-Request-Id' })]);
    const response = await bank.client.send({
      method: 'POST',
      path: '/v3/Accounts',
      body: '{}',
      requestId: 'r-3',
      sentBefore: true,
    });
    expect(response).toMatchObject({ outcome: 'already-processed', attempts: 1 });
  });

  it('keeps a duplicate-request 409 a conflict when no attempt with the id was ever sent', async () => {
    const bank = scriptedBank([status(409, {}, { title: 'Duplicate X-Request-Id' })]);
    await expect(
      bank.client.send({ method: 'POST', path: '/v3/Accounts', body: '{}', requestId: 'r-4' }),
    ).rejects.toMatchObject({ name: 'BankConflictError' });
  });

  it('does not take a request fetch refuses to send for a network failure', async () => {
    const bank = scriptedBank([new TypeError('Request with GET/HEAD method cannot have body.')]);
    await expect(bank.client.send({ method: 'GET', path: '/v1/Test' })).rejects.toThrow('cannot have body');
    expect(bank.sent).toHaveLength(1);
  });

  it('treats a 409 on the first attempt as a conflict error', async () => {
    const bank = scriptedBank([status(409, {}, { title: 'Conflict' })]);
    await expect(bank.client.send({ method: 'POST', path: '/v1/Test', body: '{}' })).rejects.toMatchObject({
      name: 'BankConflictError',
    });
  });

  it('keeps the problem details, correlation id and request id on a bank error', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad',
      status: 400,
      detail: 'd',
      errors: { sortCode: ['bad'] },
    };
    const bank = scriptedBank([status(400, { 'x-correlation-id': 'corr-400' }, problem)]);
    const failure = bank.client.send({
      method: 'POST',
      path: '/v3/Accounts',
      body: '{}',
      requestId: 'r-400',
    });
    await expect(failure).rejects.toBeInstanceOf(BankBadRequestError);
    await expect(failure).rejects.toMatchObject({ problem, correlationId: 'corr-400', requestId: 'r-400' });
  });
});

describe('every bank answer is told to onAnswer, for the BankAnswers metrics', () => {
  it('reports each attempt with its status, a retried 503 and the 200 after it', async () => {
    const answers: { status: number; ms: number }[] = [];
    const { client } = scriptedBank([status(503), ok()], { onAnswer: (answer) => answers.push(answer) });

    await client.send({ method: 'GET', path: '/v1/Test' });

    expect(answers.map((answer) => answer.status)).toEqual([503, 200]);
    expect(answers.every((answer) => answer.ms >= 0)).toBe(true);
  });
});
