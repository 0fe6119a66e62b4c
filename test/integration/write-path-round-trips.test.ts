import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../support/sandbox.js';
import { measureWritePaths, type WritePath, type WritePathCost } from '../support/write-paths.js';

/**
 * What a money-moving request waits for in DynamoDB, counted on the sandbox's dynalite: every call with its
 * start and end, and the longest chain of calls each started after the previous one ended. The floor is
 * three: the Idempotency-Key's claim; the send's record beside the tracker's claims; the outcome beside the
 * stored answer. A webhook's is three too: the inbox claim, the state move, the inbox mark.
 */
let costs: Map<WritePath, WritePathCost>;
let world: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  world = await testSandbox();
  costs = new Map((await measureWritePaths(world)).map((cost) => [cost.request, cost]));
});
afterAll(() => world.sandbox.close());

const cost = (request: WritePath) => costs.get(request) as WritePathCost;

describe('a keyed write waits for at most three DynamoDB round trips, whatever its size', () => {
  it.each<[WritePath, number]>([
    ['keyed POST /v3/Accounts', 201],
    ['POST /v3/payments/fps, 1 transfer', 202],
    ['POST /v1/mccy/payments, 100 transactions', 202],
    ['POST /fx/v1/quote', 200],
    ['POST /fx/v1/ExecuteQuote', 202],
    ['POST /open-banking/outbound/v1/name-verification', 200],
    ['POST /v1/accounts/{accountId}/closure', 202],
  ])('%s', (request, status) => {
    expect(cost(request).status).toBe(status);
    expect(cost(request).sequential).toBeLessThanOrEqual(3);
  });

  it('an FPS payment of 10 transfers waits no longer than one of 1 (one pair that happens not to overlap aside)', () => {
    const one = cost('POST /v3/payments/fps, 1 transfer');
    const ten = cost('POST /v3/payments/fps, 10 transfers');
    expect(ten.status).toBe(202);
    expect(ten.sequential).toBeLessThanOrEqual(Math.min(4, one.sequential + 1));
    // Its calls grow with the transfers (a claim and a move each), one behind another no longer.
    expect(ten.calls).toBeGreaterThan(one.calls + 2 * 9 - 1);
  });

  it('a batch of 100 transactions costs the calls of a batch of one', () => {
    expect(cost('POST /v1/mccy/payments, 100 transactions').calls).toBeLessThanOrEqual(6);
  });

  it('a confirmed cancel of a batch waits for four: its events are listed on the batch, published, then marked', () => {
    const cancel = cost('DELETE /v1/mccy/payments/{batchId}');
    expect(cancel.status).toBe(204);
    expect(cancel.sequential).toBeLessThanOrEqual(4);
  });
});

describe('a webhook that moves the gateway’s state waits for three: inbox claim, state move, inbox mark', () => {
  it.each<WritePath>([
    'processor: TransactionSettled of a gateway payment',
    'processor: Fx.Trade.Executed of a gateway execution',
    'processor: Payments.Mccy.TransactionSettled of a gateway batch',
    'processor: AccountClosureCompleted of a gateway closure',
  ])('%s', (request) => {
    expect(cost(request).status).toBe(200);
    // The hook did write: the state move is among the calls.
    expect(cost(request).calls).toBeGreaterThanOrEqual(3);
    expect(cost(request).sequential).toBeLessThanOrEqual(3);
  });
});
