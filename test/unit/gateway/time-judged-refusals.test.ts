import { describe, expect, it } from 'vitest';
import { checkRequest, type GatewayRequest, refusalProblem } from '#shared/gateway/request.js';
import { operations } from '#shared/operations/index.js';

const operation = (id: string) => {
  const found = operations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

const request = (body: unknown): GatewayRequest => ({
  path: '/v1/fx/quotes',
  pathParams: {},
  query: {},
  body: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  idempotencyKey: 'k-1',
  caller: 'test',
  deadline: Number.POSITIVE_INFINITY,
});

const quote = {
  valueDate: '2026-12-01T00:00:00Z',
  instructedAmount: 1000,
  fixedSide: 'sell',
  sellCurrency: 'EUR',
  buyCurrency: 'USD',
  margin: 0.01,
};

/** 02:20 on a Monday, UK time: before the FX desk opens at 07:00. */
const NIGHT = new Date('2026-11-30T02:20:00Z');
const HINT = 'Move the clock with POST /__sim/clock/advance.';

const refusalDetail = (body: unknown, now: Date) => {
  const fx = operation('createFxQuote');
  const checked = checkRequest(fx, request(body), { overdraftAgreement: true, now });
  if (checked.ok) throw new Error('expected a refusal');
  const answer = refusalProblem(fx.method, fx.path, checked, {}, HINT);
  return (JSON.parse(answer.body) as { detail: string }).detail;
};

describe('a refusal that depends on the time names the time it was judged at', () => {
  it('says the bank time, in UTC and in UK time, and how to move it', () => {
    const detail = refusalDetail(quote, NIGHT);
    expect(detail).toContain('judged at 2026-11-30T02:20:00.000Z (Monday 30 November at 02:20 UK time).');
    expect(detail).toContain(HINT);
  });

  it('says nothing of the time when no rule read it', () => {
    const detail = refusalDetail({ ...quote, sellCurrency: 5 }, NIGHT);
    expect(detail).not.toContain('judged at');
    expect(detail).not.toContain(HINT);
  });

  it('passes the same request in the morning', () => {
    const checked = checkRequest(operation('createFxQuote'), request(quote), {
      overdraftAgreement: true,
      now: new Date('2026-11-30T09:00:00Z'),
    });
    expect(checked.ok).toBe(true);
  });
});
