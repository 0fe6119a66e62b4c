import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClearwayClient,
  ClearwayNotFoundError,
  ClearwayValidationError,
  createClearwayClient,
} from '#client/index.js';
import { jsonPost, testSandbox } from '../support/sandbox.js';

/** The typed client against the sandbox: signed calls, typed answers and errors, the key kept on a retry. */
let world: Awaited<ReturnType<typeof testSandbox>>;
let client: ClearwayClient;
/** Every attempt the client made, and the waits between them. */
let attempts = 0;
let waits: Array<() => Promise<void>> = [];

const credentials = { accessKeyId: 'AKIDSANDBOX', secretAccessKey: 'sandbox-secret' };

beforeAll(async () => {
  // A short Lambda timeout (1.5 s less its 1 s margin) lets a slow bank outlast the gateway's deadline.
  world = await testSandbox({ lambdaTimeoutMs: 1_500, bankRetry: { baseDelayMs: 10, maxDelayMs: 50 } });
  const admin = (path: string, body: unknown) =>
    world.bank(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await admin('/__sim/payments/config', { openingBalance: '1000.00' })).status).toBe(200);
  client = createClearwayClient({
    baseUrl: world.sandbox.gatewayUrl,
    region: 'eu-west-2',
    credentials,
    rules: { now: () => world.simClock.now() },
    fetch: (input, init) => {
      attempts += 1;
      return fetch(input, init);
    },
    sleep: async () => {
      for (const wait of waits.splice(0)) await wait();
    },
  });
});
afterAll(() => world?.sandbox.close());

const account = { accountName: 'Client money', owner: { name: 'Acme Ltd' }, sortCode: '040004' };

describe('the typed client against the sandbox', () => {
  it('opens a sterling account and reads it back, both answers typed', async () => {
    const created = await client.createAccount({ body: account });
    const read = await client.getAccount({ pathParams: { accountId: created.body.account.id } });

    expect(created.status).toBe(201);
    expect(read.body.account).toMatchObject({ id: created.body.account.id, name: 'Client money' });
    expect(read.idempotencyKey).toBeUndefined();
  });

  it('retries a payment the gateway could not finish with the same key, and surfaces Clearway-Outcome', async () => {
    const { account: payer } = (await client.createAccount({ body: account })).body;
    // The bank answers the first attempt after the gateway's deadline (504), but processes it.
    const faults = await world.bank('/__sim/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failNext: [{ latencyMs: 800 }] }),
    });
    expect(faults.status).toBe(200);
    waits = [() => bankHasAnswered('/v3/payments/fps')];
    const endToEndId = `client-${randomUUID().slice(0, 8)}`;

    const sent = await client.sendFpsPayments({
      body: {
        paymentInstructions: [
          {
            debtor: { address: '1 High Street' },
            paymentInstructionIdentification: `pi-${endToEndId}`,
            debtorAccount: { identification: { iban: payer.iban } },
            creditTransfers: [
              {
                paymentIdentification: {
                  instructionIdentification: `i-${endToEndId}`,
                  endToEndIdentification: endToEndId,
                },
                amount: { instructedAmount: 12.5 },
                creditor: { name: 'Supplier Ltd' },
                creditorAccount: {
                  identification: {
                    other: { identification: '20000012345678', schemeName: { code: 'BBAN' } },
                  },
                },
                remittanceInformation: {
                  structured: { creditorReferenceInformation: { reference: 'Invoice 1' } },
                },
              },
            ],
          },
        ],
      },
    });

    expect(sent).toMatchObject({ status: 202, outcome: 'already-processed', attempts: 2 });
    const atBank = world.simulator.requests.filter((request) => request.path === '/v3/payments/fps');
    expect(atBank.map((request) => request.status)).toEqual([202, 409]);
    expect(new Set(atBank.map((request) => request.requestId)).size).toBe(1);
  });

  it('throws a typed 404 carrying the problem body', async () => {
    const missing = await client
      .getAccount({ pathParams: { accountId: randomUUID() } })
      .catch((caught: unknown) => caught);
    const noPayment = await client.gateway
      .getPayment({ pathParams: { endToEndId: 'never-sent' } })
      .catch((caught: unknown) => caught);

    expect(missing).toBeInstanceOf(ClearwayNotFoundError);
    expect(missing).toMatchObject({ status: 404, problem: { status: 404 } });
    expect(noPayment).toBeInstanceOf(ClearwayNotFoundError);
    expect((noPayment as ClearwayNotFoundError).problem.detail).toContain('never-sent');
  });

  it('refuses a bad request before sending it, with the problem body the gateway answers', async () => {
    const bad = { ...account, sortCode: '04-00-04', colour: 'blue' };
    const before = attempts;

    const refused = (await client
      .createAccount({ body: bad as typeof account, idempotencyKey: 'same-key' })
      .catch((caught: unknown) => caught)) as ClearwayValidationError;
    const answered = await world.gateway(
      '/v3/Accounts',
      jsonPost(JSON.stringify(bad), { 'idempotency-key': 'same-key' }),
    );

    expect(refused).toBeInstanceOf(ClearwayValidationError);
    expect(attempts).toBe(before);
    expect(refused.problem).toEqual(await answered.json());
  });

  it('signs every call it sends: the sandbox counts each as a well-formed SigV4 request', async () => {
    const signedBefore = world.sandbox.signedRequests();
    const attemptsBefore = attempts;

    await client.listAccounts({ query: { pageSize: '5' } });
    await client.postTest({ body: { Message: 'signed' } });
    const unsigned = await world.gateway('/v1/Test');
    const malformed = await world.gateway('/v1/Test', {
      headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' },
    });

    expect(attempts - attemptsBefore).toBe(2);
    expect(world.sandbox.signedRequests() - signedBefore).toBe(2);
    expect(unsigned.status).toBe(200);
    expect(malformed.status).toBe(403);
    expect(((await malformed.json()) as { detail: string }).detail).toMatch(/Credential must be/);
  });
});

/** Waits (at most 5 s, in 20 ms steps) until the bank has answered every request it received at `path`. */
async function bankHasAnswered(path: string): Promise<void> {
  for (let step = 0; step < 250; step++) {
    const requests = world.simulator.requests.filter((request) => request.path === path);
    if (requests.length > 0 && requests.every((request) => request.status !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the bank never answered ${path}`);
}
