import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createGatewayReadHandler } from '#functions/http/gateway-read-handler.js';
import { paymentsFamily } from '#shared/payments/family.js';
import { createdRecord } from '#shared/payments/status.js';
import { MemoryPaymentStore } from './memory-store.js';

const context = { awsRequestId: 'req', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function read(store: MemoryPaymentStore, endToEndId: string) {
  const handler = createGatewayReadHandler(paymentsFamily, async () => store);
  return handler(
    {
      httpMethod: 'GET',
      resource: '/gateway/payments/{endToEndId}',
      path: `/gateway/payments/${endToEndId}`,
      pathParameters: { endToEndId },
    } as unknown as APIGatewayProxyEvent,
    context,
  );
}

describe('GET /gateway/payments/{endToEndId}', () => {
  it('answers the record with its history', async () => {
    const store = new MemoryPaymentStore();
    const record = createdRecord(
      'E2E-1',
      'Outbound',
      { amount: '1.00' },
      { to: 'Submitted', at: new Date(0), cause: 'claim' },
      'cw-1',
    );
    await store.create(record);
    const answer = await read(store, 'E2E-1');
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(record);
  });

  it('answers 404 problem for an unknown payment', async () => {
    const answer = await read(new MemoryPaymentStore(), 'nobody');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers?.['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 404, instance: '/gateway/payments/nobody' });
  });

  it.each(['..', '.', 'a'.repeat(36), 'a b', 'a%2Fb', 'a\\b', 'é'])(
    'answers 400 naming endToEndId for %j',
    async (id) => {
      const answer = await read(new MemoryPaymentStore(), id);
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ errors: { endToEndId: [expect.any(String)] } });
    },
  );

  it('answers 404 for the collection itself: no id, no read', async () => {
    const answer = await read(new MemoryPaymentStore(), '');
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body).detail).toBe('GET /gateway/payments/ is not served here.');
  });

  it('accepts 35 safe characters', async () => {
    const answer = await read(new MemoryPaymentStore(), `${'a'.repeat(33)}:-`);
    expect(answer.statusCode).toBe(404);
  });
});
