import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperationHandler } from '#functions/http/operation-handler.js';
import { BankClient } from '#shared/bank/client.js';
import { mccyAccountOperations } from '#shared/operations/mccy-accounts/operations.js';
import { testSandbox } from '../support/sandbox.js';

let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
});
afterAll(() => world.sandbox.close());

const ACCOUNT_ID = '98efba88-c43e-41c5-9d47-0938f2fe7192';

const send = (method: string, path: string, body?: unknown) =>
  world.gateway(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** What reached the simulated bank in this family. */
const mccyRequests = async () =>
  (
    (await (await world.bank('/__sim/requests')).json()) as Array<{
      path: string;
      headers: Record<string, string>;
    }>
  ).filter((request) => /^\/(mccy|v1\/mccy)\//i.test(request.path));

const inboundPayment = {
  instructedCurrency: 'EUR',
  instructedAmount: 250,
  reference: 'Funding',
  ultimateCreditor: { iban: 'DE89370400440532013000', name: 'Eco Bank' },
};

describe('multi-currency requests that break a rule are refused by the gateway, the bank never called', () => {
  it.each([
    [
      'a GBP account',
      'POST',
      '/mccy/v2/Accounts',
      {
        label: 'Funds',
        owner: 'Eco Bank',
        kind: 'GeneralSegregated',
        currencies: ['EUR', 'GBP'],
        bankIdentifierCode: 'CLRBGB99',
        routingCode: '010203',
      },
      'currencies.1',
    ],
    [
      'a GBP currency add',
      'POST',
      `/mccy/v1/Accounts/${ACCOUNT_ID}/currencies`,
      { currency: 'GBP' },
      'currency',
    ],
    [
      'a GBP transaction list',
      'GET',
      `/mccy/v1/Accounts/${ACCOUNT_ID}/transactions?Currency=GBP`,
      undefined,
      'Currency',
    ],
    [
      'a PageSize of 1001',
      'GET',
      `/mccy/v1/VirtualAccounts/${ACCOUNT_ID}/transactions?Currency=EUR&PageSize=1001`,
      undefined,
      'PageSize',
    ],
    [
      'a statement more than 24 months back',
      'POST',
      '/mccy/v1/StatementRequests',
      { year: 2019, month: 1, format: 'csv', currency: 'EUR' },
      'year',
    ],
    [
      'a statement for month 13',
      'POST',
      '/mccy/v1/StatementRequests/account/DE89370400440532013000',
      { year: 2026, month: 13, format: 'csv', currency: 'EUR' },
      'month',
    ],
    [
      'a GBP internal transfer',
      'POST',
      '/v1/mccy/internaltransfers',
      {
        debitAccountIban: 'DE89370400440532013000',
        creditAccountIban: 'GB82WEST12345698765432',
        instructedAmount: 10,
        instructedCurrency: 'GBP',
        endToEndId: 'E2E1',
      },
      'instructedCurrency',
    ],
  ])('refuses %s with 400 naming the property', async (_name, method, path, body, property) => {
    const response = await send(method, path, body);

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors)).toEqual([property]);
    expect(await mccyRequests()).toEqual([]);
  });
});

describe('the simulated inbound payment is served in simulation only', () => {
  const event = {
    httpMethod: 'POST',
    resource: '/v1/mccy/inboundpayment/{accountUniqueId}',
    path: '/v1/mccy/inboundpayment/EUR',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'inbound-1' },
    body: JSON.stringify(inboundPayment),
    isBase64Encoded: false,
    pathParameters: { accountUniqueId: 'EUR' },
    queryStringParameters: null,
    requestContext: { identity: { userArn: 'arn:aws:iam::1:role/caller' } },
  } as unknown as APIGatewayProxyEvent;
  const context = { getRemainingTimeInMillis: () => 10_000, awsRequestId: 'lambda-req-1' } as Context;

  it('refuses it with a 404 naming the environment when the function runs in production, nothing sent', async () => {
    // The function as deployed to production, pointed at the sandbox's bank.
    const production = createOperationHandler(mccyAccountOperations, () => ({
      bank: new BankClient({
        baseUrl: world.sandbox.bankUrl,
        tokens: { token: async () => 'unused' },
        signer: { sign: async () => 'unused', publicKeyPem: async () => '' },
      }),
      runOnce: async (_call, work) => work(),
      attempts: {
        recordSend: async (_id: string, now: Date) => ({ sentBefore: false, firstSentAt: now }),
        forget: async () => undefined,
      },
      log: { debug() {}, info() {}, warn() {}, error() {} },
      institution: { overdraftAgreement: false },
      environment: 'production' as const,
    }));

    const answer = await production(event, context);

    expect(answer.statusCode).toBe(404);
    expect(answer.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body) as { detail: string }).toMatchObject({
      status: 404,
      detail: expect.stringContaining('only in the simulation environment') as string,
    });
    expect(await mccyRequests()).toEqual([]);
  });

  it('passes it to the bank in the sandbox, which stands in for the simulation environment', async () => {
    await send('POST', '/v1/mccy/inboundpayment/EUR', inboundPayment);

    const sent = await mccyRequests();
    expect(sent.map((request) => request.path)).toEqual(['/v1/mccy/inboundpayment/EUR']);
    // The emulator's documented media type; the signed bytes are the JSON the caller sent.
    expect(sent[0]?.headers['content-type']).toBe('application/json-patch+json');
  });
});
