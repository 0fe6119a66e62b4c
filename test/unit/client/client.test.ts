import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ClearwayApiError,
  type ClearwayClient,
  ClearwayConflictError,
  ClearwayConnectionError,
  ClearwayNotFoundError,
  ClearwayServerError,
  ClearwayUnprocessableError,
  ClearwayValidationError,
  createClearwayClient,
  type ClearwayClientOptions,
  type OperationAnswer,
  type OperationRequest,
} from '#client/index.js';
import { operations } from '#shared/operations/index.js';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const account = { accountName: 'Client money', owner: { name: 'Acme Ltd' }, sortCode: '040004' };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A client whose fetch answers from a script (one answer per attempt) and records what it was sent. */
function scripted(answers: Array<Response | Error>, options: Partial<ClearwayClientOptions> = {}) {
  const sent: Sent[] = [];
  const waits: number[] = [];
  const fetch = async (url: URL | string, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('the script has no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const client = createClearwayClient({
    baseUrl: 'https://abc123.execute-api.eu-west-2.amazonaws.com/prod/',
    region: 'eu-west-2',
    credentials,
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    // The jitter at its ceiling, so each wait is the backoff's cap.
    random: () => 1,
    rules: { now: () => new Date('2026-03-02T10:00:00Z') },
    ...options,
  });
  return { client, sent, waits };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      ...headers,
    },
  });

const problemOf = (status: number, title: string) => json(status, { type: 'about:blank', title, status });

describe('the client offers one typed method per operation of the registry', () => {
  it('has a method for every mirrored operation and every /gateway/ read', () => {
    const { client } = scripted([]);

    for (const operation of operations)
      expect(typeof client[operation.id as keyof ClearwayClient]).toBe('function');
    expect(Object.keys(client.gateway)).toEqual(
      expect.arrayContaining(['getPayment', 'getNameCheck', 'getFxQuote', 'getFxTrade']),
    );
  });

  it('types each method from the record: its path parameters, query and body, and the documented answer', () => {
    expectTypeOf<OperationRequest<'createAccount'>['body']['sortCode']>().toEqualTypeOf<string>();
    expectTypeOf<OperationRequest<'getAccount'>['pathParams']>().toEqualTypeOf<{ accountId: string }>();
    expectTypeOf<OperationAnswer<'getAccount'>['account']['id']>().toEqualTypeOf<string>();
    expectTypeOf<OperationAnswer<'disableVirtualAccount'>>().toBeUnknown();
    // Numbers the gateway reads as JSON numbers are written as numbers.
    expectTypeOf<
      NonNullable<
        OperationRequest<'sendFpsPayments'>['body']['paymentInstructions'][number]['creditTransfers']
      >[number]['amount']['instructedAmount']
    >().toEqualTypeOf<number>();
    expectTypeOf<Parameters<ClearwayClient['gateway']['getPayment']>[0]>().toEqualTypeOf<{
      pathParams: { endToEndId: string };
    }>();

    const { client } = scripted([]);
    const never = async () => {
      // @ts-expect-error the body is required
      await client.createAccount({});
      // @ts-expect-error an unknown member of the body
      await client.createAccount({ body: { ...account, colour: 'blue' } });
      // @ts-expect-error the path parameter is required
      await client.getAccount();
      await client.listAccounts(); // paging has defaults: no request needed
    };
    expect(never).toBeTypeOf('function');
  });

  it('finds each record of the registry exported under its id, which its typed method is named by', async () => {
    const root = join(import.meta.dirname, '../../../shared/operations');
    const files = [
      join(root, 'test.ts'),
      ...readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(root, entry.name, 'operations.ts')),
    ];
    const exported = new Map<unknown, string[]>();
    for (const file of files) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        exported.set(value, [...(exported.get(value) ?? []), name]);
    }

    const misnamed = operations.filter((operation) => !exported.get(operation)?.includes(operation.id));
    expect(misnamed.map((operation) => operation.id)).toEqual([]);
  });
});

describe('each request is signed with SigV4 for execute-api', () => {
  it('sends an Authorization header of the SigV4 shape, with X-Amz-Date, over host and x-amz-date', async () => {
    const { client, sent } = scripted([json(200, { Message: 'hi' })]);

    await client.postTest({ body: { Message: 'hi' } });

    const [request] = sent;
    expect(request?.url).toBe('https://abc123.execute-api.eu-west-2.amazonaws.com/prod/v1/Test');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/execute-api\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers.authorization).toContain('x-amz-date');
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request?.body).toBe('{"Message":"hi"}');
  });

  it('signs with the credentials a provider gives, and refuses to start without a region', async () => {
    let asked = 0;
    const { client, sent } = scripted([json(200, { accounts: [], halLinks: [] })], {
      credentials: async () => {
        asked += 1;
        return credentials;
      },
    });
    await client.listAccounts({ query: { pageSize: '10' } });

    expect(asked).toBe(1);
    expect(sent[0]?.url).toMatch(/\/v3\/Accounts\?pageSize=10$/);
    const saved = { region: process.env.AWS_REGION, fallback: process.env.AWS_DEFAULT_REGION };
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    try {
      expect(() => createClearwayClient({ baseUrl: 'http://127.0.0.1:1', credentials })).toThrow(/region/);
    } finally {
      if (saved.region !== undefined) process.env.AWS_REGION = saved.region;
      if (saved.fallback !== undefined) process.env.AWS_DEFAULT_REGION = saved.fallback;
    }
  });
});

describe('every write carries an Idempotency-Key, reused across the client’s retries', () => {
  it('generates a UUID key and sends it again, with the same bytes, after a 503', async () => {
    const { client, sent, waits } = scripted([
      problemOf(503, 'Service Unavailable'),
      json(201, { account: {}, halLinks: [] }, { 'x-request-id': 'r-1' }),
    ]);

    const answer = await client.createAccount({ body: account });

    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(waits).toEqual([250]);
    expect(answer).toMatchObject({ status: 201, idempotencyKey: first, requestId: 'r-1', attempts: 2 });
  });

  it('uses the key it is given, and none on a read', async () => {
    const { client, sent } = scripted([json(201, {}), json(200, { accounts: [] })]);

    await client.createAccount({ body: account, idempotencyKey: 'order-42' });
    await client.listAccounts();

    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual(['order-42', undefined]);
  });

  it('retries network errors, 429 and 5xx within its attempts, honouring Retry-After, but never 501', async () => {
    const retried = scripted([
      new TypeError('fetch failed'),
      problemOf(429, 'Too Many Requests'),
      json(200, { Message: 'x' }),
    ]);
    await retried.client.postTest({ body: { Message: 'x' } });
    expect(retried.waits).toEqual([250, 500]);

    const afterAsked = scripted([
      new Response('', { status: 503, headers: { 'retry-after': '2' } }),
      json(200, {}),
    ]);
    await afterAsked.client.getTest();
    expect(afterAsked.waits).toEqual([2000]);

    const notImplemented = scripted([problemOf(501, 'Not Implemented')]);
    await expect(notImplemented.client.getTest()).rejects.toBeInstanceOf(ClearwayServerError);
    expect(notImplemented.sent).toHaveLength(1);
  });

  it('gives up after its attempts: the last 5xx as a server error, network errors as a connection error', async () => {
    const failing = scripted([
      problemOf(500, 'a'),
      problemOf(502, 'b'),
      problemOf(504, 'Bank did not answer'),
    ]);
    const error = await failing.client.createAccount({ body: account }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClearwayServerError);
    expect(error).toMatchObject({ status: 504, problem: { title: 'Bank did not answer' } });
    expect((error as ClearwayApiError).idempotencyKey).toBe(failing.sent[0]?.headers['idempotency-key']);

    const down = scripted([new TypeError('a'), new TypeError('b')], { maxAttempts: 2 });
    await expect(down.client.getTest()).rejects.toBeInstanceOf(ClearwayConnectionError);
  });
});

describe('a request the gateway would refuse is refused before it is signed', () => {
  it('names the property with the gateway’s message, in the gateway’s problem shape', async () => {
    let signed = 0;
    const { client, sent } = scripted([], {
      credentials: async () => {
        signed += 1;
        return credentials;
      },
    });

    const error = await client
      .createAccount({ body: { ...account, sortCode: '04-00-04' }, idempotencyKey: 'k-1' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ClearwayValidationError);
    expect(error).toMatchObject({
      status: 400,
      sent: false,
      idempotencyKey: 'k-1',
      problem: {
        type: 'about:blank',
        title: 'Validation failed',
        status: 400,
        detail: "POST /v3/Accounts: 1 property breaks the bank's rules.",
        instance: '/v3/Accounts',
        errors: { sortCode: ['sortCode must be exactly 6 digits.'] },
      },
    });
    expect([sent.length, signed]).toEqual([0, 0]);
  });

  it('checks path parameters and the query by the same rules', async () => {
    const { client, sent } = scripted([]);

    const error = (await client
      .getAccount({ pathParams: { accountId: 'not-a-guid' } })
      .catch((caught: unknown) => caught)) as ClearwayValidationError;
    const query = (await client
      .listAccounts({ query: { pageSize: '0' } })
      .catch((caught: unknown) => caught)) as ClearwayValidationError;

    expect(Object.keys(error.errors)).toEqual(['accountId']);
    expect(error.problem.instance).toBe('/v3/Accounts/not-a-guid');
    expect(Object.keys(query.errors)).toEqual(['pageSize']);
    expect(sent).toHaveLength(0);
  });
});

describe('an error answer becomes an error of its status family, carrying the problem body', () => {
  it.each([
    [400, ClearwayValidationError],
    [404, ClearwayNotFoundError],
    [409, ClearwayConflictError],
    [422, ClearwayUnprocessableError],
    [418, ClearwayApiError],
  ])('%i', async (status, ErrorClass) => {
    const { client } = scripted([
      json(status, { type: 'about:blank', title: 'T', status, detail: 'D' }, { 'x-request-id': 'rid' }),
    ]);

    const error = await client.getTest().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).constructor).toBe(ErrorClass);
    expect(error).toMatchObject({
      status,
      message: 'D',
      requestId: 'rid',
      problem: { title: 'T', detail: 'D' },
    });
  });

  it('surfaces Clearway-Outcome on a success', async () => {
    const { client } = scripted([
      json(202, { outcome: 'already-processed' }, { 'clearway-outcome': 'already-processed' }),
    ]);

    const answer = await client.createAccount({ body: account });

    expect(answer.outcome).toBe('already-processed');
  });
});
