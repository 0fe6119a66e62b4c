import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { AttemptLog } from '#shared/gateway/attempt-log.js';
import { forwardOperation } from '#shared/gateway/forward-operation.js';
import { idempotencyScope, requestIdFor, type RunOnce } from '#shared/gateway/idempotency.js';
import type { NameCheckRecord } from '#shared/name-checks/outcome.js';
import { NAME_CHECKS_TRACKER, nameChecksTracker } from '#shared/name-checks/track.js';
import type { Operation } from '#shared/operations/operation.js';
import { scriptedBank } from '#test/support/gateway.js';

/** A stand-in for the name-checks domain's record (another engineer's): a check tracked by `name-checks`. */
const verifyPayeeName: Operation = {
  id: 'verifyPayeeName',
  method: 'POST',
  path: '/open-banking/outbound/v1/name-verification',
  fn: 'name-checks',
  body: z.looseObject({ EndToEndIdentification: z.optional(z.string()) }),
  tracker: NAME_CHECKS_TRACKER,
};

const caller = 'arn:aws:iam::1:role/caller';
const at = Date.parse('2026-03-02T09:00:00Z');
const noMatch = JSON.stringify({
  Data: {
    VerificationReport: {
      Matched: false,
      ReasonCode: 'ANNM',
      Name: null,
      MatchedBank: 'Other Bank',
      ResponseWithinSla: true,
    },
  },
});

function gateway(answer: () => Response, options: { failStore?: boolean } = {}) {
  const stored: NameCheckRecord[] = [];
  const accounts: string[] = [];
  const sent: Array<{ requestId: string | null }> = [];
  const errors: string[] = [];
  const runs: string[] = [];
  const log = { debug() {}, info() {}, warn() {}, error: (message: string) => errors.push(message) };
  const bank = scriptedBank(async (_url, init) => {
    sent.push({ requestId: new Headers(init?.headers).get('x-request-id') });
    return answer();
  }, 1);
  const runOnce: RunOnce = async (call, work) => {
    runs.push(call.key);
    return work();
  };
  const attempts: AttemptLog = {
    recordSend: async (_id: string, now: Date) => ({ sentBefore: false, firstSentAt: now }),
    forget: async () => undefined,
  };
  const tracker = nameChecksTracker({
    store: {
      put: async (record, account) => {
        if (options.failStore) throw new Error('DynamoDB unavailable');
        stored.push(record);
        accounts.push(account);
      },
    },
    log,
    ttlHours: 24,
  });
  const call = (idempotencyKey: string | undefined, body: unknown) =>
    forwardOperation(
      verifyPayeeName,
      {
        pathParams: {},
        query: {},
        body: Buffer.from(JSON.stringify(body)),
        contentType: 'application/json',
        idempotencyKey,
        caller,
        deadline: at + 10_000,
      },
      {
        bank,
        runOnce,
        attempts,
        log,
        institution: { overdraftAgreement: false },
        environment: 'simulation' as const,
        trackers: { [NAME_CHECKS_TRACKER]: tracker },
        now: () => at,
      },
    );
  return { call, stored, accounts, sent, errors, runs };
}

const ok = (body = noMatch) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
const check = { Identification: '04000412345678', EndToEndIdentification: 'E2E-9' };

describe('the name-checks tracker on the operation path', () => {
  it('records a check sent without an Idempotency-Key (a check moves no money), with the X-Request-Id the bank saw', async () => {
    const { call, stored, accounts, sent, runs } = gateway(() => ok());
    const result = await call(undefined, check);
    expect(result.status).toBe(200);
    expect(result.body).toBe(noMatch);
    expect(runs).toEqual([]);
    expect(stored).toEqual([
      expect.objectContaining({
        endToEndId: 'E2E-9',
        outcome: 'ANNM',
        account: '****5678',
        requestId: sent[0]?.requestId,
        checkedAt: new Date(at).toISOString(),
      }),
    ]);
    // Row 3 (issue 27): kept with the account it checked, for payments to compare; the record shows it masked.
    expect(accounts).toEqual(['04000412345678']);
    expect(JSON.stringify(stored)).not.toContain('12345678');
  });

  it('records a check sent with a key inside its single run, under the derived X-Request-Id', async () => {
    const { call, stored, runs } = gateway(() => ok());
    await call('key-1', check);
    expect(runs).toEqual(['key-1']);
    expect(stored[0]?.requestId).toBe(requestIdFor(idempotencyScope(caller), 'key-1'));
  });

  it('records nothing for a check without an end-to-end id, nor for a 424', async () => {
    const plain = gateway(() => ok());
    await plain.call(undefined, { Identification: '04000412345678' });
    expect(plain.stored).toEqual([]);
    const down = gateway(
      () =>
        new Response('{"Error":{"Reason":"down"}}', {
          status: 424,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect((await down.call(undefined, check)).status).toBe(424);
    expect(down.stored).toEqual([]);
  });

  it('still answers the bank’s outcome when it cannot be recorded, and logs it', async () => {
    const { call, errors } = gateway(() => ok(), { failStore: true });
    const result = await call(undefined, check);
    expect(result.status).toBe(200);
    expect(errors).toEqual(['the tracker could not record the outcome; the answer is returned as it is']);
  });
});
