import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { createOperationHandler } from '#functions/http/operation-handler.js';
import { BankClient } from '#shared/bank/client.js';
import { type TokenSource, TokenConfigurationError } from '#shared/bank/token-source.js';
import { metrics } from '#shared/observability.js';
import { testOperations } from '#shared/operations/test.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const context = { getRemainingTimeInMillis: () => 10_000, awsRequestId: 'lambda-req-1' } as Context;

function handlerWith(tokens: TokenSource, sent: string[] = [], answer = '{"Message":"hi"}') {
  const bank = new BankClient({
    baseUrl: 'https://bank.test',
    tokens,
    signer: { sign: async () => 'sig', publicKeyPem: async () => '' },
    fetch: async (url) => {
      sent.push(String(url));
      return new Response(answer, { status: 200, headers: { 'x-correlation-id': 'c-1' } });
    },
  });
  return createOperationHandler(testOperations, () => ({
    bank,
    runOnce: async (_call, work) => work(),
    attempts: {
      recordSend: async (_id: string, now: Date) => ({ sentBefore: false, firstSentAt: now }),
      forget: async () => undefined,
    },
    log: silent,
    institution: { overdraftAgreement: false },
    environment: 'simulation' as const,
  }));
}

const event = (overrides: Partial<APIGatewayProxyEvent>) =>
  ({
    httpMethod: 'GET',
    resource: '/v1/Test',
    path: '/v1/Test',
    headers: {},
    body: null,
    isBase64Encoded: false,
    pathParameters: null,
    queryStringParameters: null,
    requestContext: { identity: { userArn: 'arn:aws:iam::1:role/caller' } },
    ...overrides,
  }) as unknown as APIGatewayProxyEvent;

describe('the operation Lambda maps API Gateway events to the gateway use case', () => {
  it('mirrors GET /v1/Test to the bank and answers with its body and trace headers', async () => {
    const sent: string[] = [];
    const answer = await handlerWith({ token: async () => 't' }, sent)(event({}), context);
    expect(sent).toEqual(['https://bank.test/v1/Test']);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"Message":"hi"}');
    expect(answer.headers?.['x-correlation-id']).toBe('c-1');
  });

  it('answers 404 for a path this function does not serve, and 405 naming the methods for one it does', async () => {
    const handler = handlerWith({ token: async () => 't' });
    const notFound = await handler(event({ resource: '/{proxy+}', path: '/v9/Nope' }), context);
    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(notFound.body).detail).toBe('GET /v9/Nope is not served here.');
    const wrongMethod = await handler(event({ httpMethod: 'PUT' }), context);
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers?.allow).toBe('GET, POST');
  });

  it('serves a call a mount brought (`{proxy+}`) by the path the caller used', async () => {
    const sent: string[] = [];
    const answer = await handlerWith({ token: async () => 't' }, sent)(
      event({ resource: '/v1/{proxy+}', pathParameters: { proxy: 'Test' } }),
      context,
    );
    expect(answer.statusCode).toBe(200);
    expect(sent).toEqual(['https://bank.test/v1/Test']);
  });

  it("points the bank's links at the gateway address the caller used: the stage on execute-api, none on a custom domain", async () => {
    const handler = handlerWith(
      { token: async () => 't' },
      [],
      '{"halLinks":[{"name":"self","href":"https://bank.test/v1/Test?x=1"}]}',
    );
    const hrefOf = async (
      requestContext: Pick<APIGatewayProxyEvent['requestContext'], 'domainName' | 'stage' | 'path'>,
    ) => {
      const answer = await handler(
        event({ requestContext: requestContext as APIGatewayProxyEvent['requestContext'] }),
        context,
      );
      return (JSON.parse(answer.body) as { halLinks: Array<{ href: string }> }).halLinks[0]?.href;
    };

    // API Gateway's path keeps the stage (`/live/v1/Test`); the event's path, which routes, does not.
    expect(
      await hrefOf({
        domainName: 'abc123.execute-api.eu-west-2.amazonaws.com',
        stage: 'live',
        path: '/live/v1/Test',
      }),
    ).toBe('https://abc123.execute-api.eu-west-2.amazonaws.com/live/v1/Test?x=1');
    expect(await hrefOf({ domainName: 'bank-api.example.com', stage: 'live', path: '/v1/Test' })).toBe(
      'https://bank-api.example.com/v1/Test?x=1',
    );
  });

  it('answers an unexpected failure as a 500 problem with a reference, not the error text', async () => {
    const expired: TokenSource = {
      token: async () => {
        throw new TokenConfigurationError('the API token in secret-x expired at 1970-01-01');
      },
    };
    const answer = await handlerWith(expired)(event({}), context);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers?.['content-type']).toBe('application/problem+json');
    expect(answer.body).toContain('lambda-req-1');
    expect(answer.body).not.toContain('secret-x');
  });

  it("keeps the bank's answer when recording metrics fails after it", async () => {
    const sent: string[] = [];
    const failing = vi.spyOn(metrics, 'addMetric').mockImplementation(() => {
      throw new Error('metrics unavailable');
    });
    try {
      const answer = await handlerWith({ token: async () => 't' }, sent)(event({}), context);
      expect(sent).toHaveLength(1);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('{"Message":"hi"}');
    } finally {
      failing.mockRestore();
    }
  });
});
