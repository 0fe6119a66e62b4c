import { describe, expect, it } from 'vitest';
import type { TrackedCall } from '#shared/gateway/tracker.js';
import { JsonNumber } from '#shared/json/read-json.js';
import type { NameCheckRecord } from '#shared/name-checks/outcome.js';
import type { NameCheckPolicy } from '#shared/name-checks/policy.js';
import { paymentsTracker } from '#shared/payments/track.js';
import type { PaymentRecord } from '#shared/payments/status.js';
import { MemoryPaymentStore } from '../payments/memory-store.js';

const at = new Date('2026-03-02T09:00:00Z');

const check = (
  endToEndId: string,
  reasonCode?: string,
  expiresAt = at.getTime() / 1000 + 3600,
): NameCheckRecord => ({
  endToEndId,
  outcome: reasonCode ?? 'Matched',
  matched: reasonCode === undefined,
  ...(reasonCode !== undefined && { reasonCode }),
  responseWithinSla: true,
  account: '****4321',
  checkedAt: '2026-03-02T08:59:00.000Z',
  requestId: 'cw-check',
  expiresAt,
});

/** The creditor account of every payment here, and another account. */
const CREDITOR = '12345687654321';
const ANOTHER_ACCOUNT = '20000012345678';

/** A check as the store keeps it: against the payments' creditor unless another account is named. */
type Kept = NameCheckRecord | [NameCheckRecord, string];

/** A v3 bulk body: one credit transfer per end-to-end id, with its amount. */
const body = (transfers: Record<string, string>) => ({
  paymentInstructions: [
    {
      debtorAccount: { identification: { iban: 'GB33BUKB20201555555555' } },
      creditTransfers: Object.entries(transfers).map(([endToEndIdentification, amount]) => ({
        paymentIdentification: { endToEndIdentification },
        amount: { currency: 'GBP', instructedAmount: new JsonNumber(amount) },
        creditorAccount: { identification: { other: { identification: CREDITOR } } },
      })),
    },
  ],
});

function setup(policy: NameCheckPolicy, checks: Kept[], options: { failReads?: boolean } = {}) {
  const store = new MemoryPaymentStore();
  const stored = new Map(
    checks.map((kept) => {
      const [record, account] = Array.isArray(kept) ? kept : [kept, CREDITOR];
      return [`${record.endToEndId}|${account}`, record];
    }),
  );
  const warnings: string[] = [];
  const tracker = paymentsTracker({
    store,
    events: { publish: async () => {} },
    log: { debug() {}, info() {}, warn: (message: string) => warnings.push(message), error() {} },
    nameChecks: {
      store: {
        getForEach: async (checks) => {
          if (options.failReads) throw new Error('DynamoDB unavailable');
          return checks.map(({ endToEndId, account }) => stored.get(`${endToEndId}|${account}`));
        },
      },
      policy,
    },
  });
  const claim = (transfers: Record<string, string>, requestId = 'cw-pay') =>
    tracker.claim({
      operationId: 'sendFpsPayments',
      body: body(transfers),
      requestId,
      now: at,
    } as TrackedCall);
  const record = (endToEndId: string) => store.records.get(endToEndId) as PaymentRecord | undefined;
  return { claim, record, store, warnings };
}

const off: NameCheckPolicy = { mode: 'off' };
const refuseNoMatch: NameCheckPolicy = { mode: 'refuse-no-match' };

describe('a payment carries the name check of its end-to-end id', () => {
  it('keeps the outcome in the claimed record, without the check’s request id or expiry', async () => {
    const { claim, record } = setup(off, [check('E2E-1', 'MBAM')]);
    expect(await claim({ 'E2E-1': '10.00' })).toBeUndefined();
    expect(record('E2E-1')?.nameCheck).toEqual({
      outcome: 'MBAM',
      matched: false,
      reasonCode: 'MBAM',
      responseWithinSla: true,
      account: '****4321',
      checkedAt: '2026-03-02T08:59:00.000Z',
    });
  });

  it('carries nothing when the id was never checked, or its check expired', async () => {
    const { claim, record } = setup(off, [check('E2E-OLD', 'ANNM', at.getTime() / 1000)]);
    await claim({ 'E2E-NEW': '10.00', 'E2E-OLD': '10.00' });
    expect(record('E2E-NEW')?.nameCheck).toBeUndefined();
    expect(record('E2E-OLD')?.nameCheck).toBeUndefined();
    expect(record('E2E-OLD')?.status).toBe('Submitted');
  });

  it('with the policy off, sends a payment checked with no match, the outcome on its record', async () => {
    const { claim, record } = setup(off, [check('E2E-1', 'ANNM')]);
    expect(await claim({ 'E2E-1': '10.00' })).toBeUndefined();
    expect(record('E2E-1')).toMatchObject({ status: 'Submitted', nameCheck: { outcome: 'ANNM' } });
  });

  it('with the policy off, a check that cannot be read is logged and the payment goes on', async () => {
    const { claim, record, warnings } = setup(off, [], { failReads: true });
    expect(await claim({ 'E2E-1': '10.00' })).toBeUndefined();
    expect(record('E2E-1')?.status).toBe('Submitted');
    expect(warnings).toEqual(['the name checks could not be read; the payments go on without them']);
  });
});

describe('the refuse-no-match policy', () => {
  it('refuses a request with a payment checked with no match: 422 naming its end-to-end id and outcome, nothing claimed', async () => {
    const { claim, store } = setup(refuseNoMatch, [check('E2E-2', 'ANNM')]);
    const refused = await claim({ 'E2E-1': '10.00', 'E2E-2': '10.00' });
    expect(refused?.status).toBe(422);
    expect(refused?.headers['x-request-id']).toBe('cw-pay');
    const problem = JSON.parse(refused?.body ?? '{}');
    expect(problem).toMatchObject({
      status: 422,
      instance: '/gateway/name-checks/E2E-2',
      errors: { endToEndIdentification: ['E2E-2 was name-checked with outcome ANNM'] },
    });
    expect(problem.detail).toContain('E2E-2');
    expect(store.records.size).toBe(0);
    expect(store.requests.size).toBe(0);
  });

  it('lets a matched, a close-matched and an unchecked payment go', async () => {
    const { claim, record } = setup(refuseNoMatch, [check('E2E-1'), check('E2E-2', 'MBAM')]);
    expect(await claim({ 'E2E-1': '10.00', 'E2E-2': '10.00', 'E2E-3': '5000000' })).toBeUndefined();
    expect(record('E2E-1')?.nameCheck?.outcome).toBe('Matched');
    expect(record('E2E-2')?.nameCheck?.outcome).toBe('MBAM');
    expect(record('E2E-3')?.nameCheck).toBeUndefined();
  });

  it('with requireAbove, refuses an unchecked payment above the amount and lets one at it go', async () => {
    const { claim, record } = setup({ mode: 'refuse-no-match', requireAbove: '250' }, [check('E2E-C')]);
    const refused = await claim({ 'E2E-A': '250.01' });
    expect(refused?.status).toBe(422);
    expect(JSON.parse(refused?.body ?? '{}').errors).toEqual({
      endToEndIdentification: [
        'E2E-A has no name check of its creditor account (policy refuse-no-match, requireAbove)',
      ],
    });
    expect(record('E2E-A')).toBeUndefined();
    expect(await claim({ 'E2E-B': '250.00', 'E2E-C': '9999' }, 'cw-2')).toBeUndefined();
  });

  it('fails the request (nothing sent) when the check cannot be read', async () => {
    const { claim, store } = setup(refuseNoMatch, [], { failReads: true });
    await expect(claim({ 'E2E-1': '10.00' })).rejects.toThrow('DynamoDB unavailable');
    expect(store.records.size).toBe(0);
  });

  it('row 3 (issue 27): counts only the check of the payment’s creditor account: a no match there refuses though the latest check of the id, of another account, matched', async () => {
    const { claim, store } = setup(refuseNoMatch, [
      check('E2E-X', 'ANNM'),
      [check('E2E-X'), ANOTHER_ACCOUNT],
    ]);
    const refused = await claim({ 'E2E-X': '10.00' });
    expect(refused?.status).toBe(422);
    expect(JSON.parse(refused?.body ?? '{}').errors).toEqual({
      endToEndIdentification: ['E2E-X was name-checked with outcome ANNM'],
    });
    expect(store.records.size).toBe(0);
  });

  it('row 3 (issue 27): a check of another account leaves the payment unchecked: requireAbove refuses it, the record carries no check', async () => {
    const strict = setup({ mode: 'refuse-no-match', requireAbove: '250' }, [
      [check('E2E-Y'), ANOTHER_ACCOUNT],
    ]);
    expect((await strict.claim({ 'E2E-Y': '250.01' }))?.status).toBe(422);
    const lenient = setup(off, [[check('E2E-Y', 'ANNM'), ANOTHER_ACCOUNT]]);
    expect(await lenient.claim({ 'E2E-Y': '250.01' })).toBeUndefined();
    expect(lenient.record('E2E-Y')?.nameCheck).toBeUndefined();
  });

  it('a re-claim after a refusal carries the check read then, not the earlier one', async () => {
    const earlier = setup(off, [check('E2E-1', 'ANNM')]);
    await earlier.claim({ 'E2E-1': '10.00' });
    const refused = { ...(earlier.record('E2E-1') as PaymentRecord), status: 'Refused' as const };
    expect(refused.nameCheck?.outcome).toBe('ANNM');
    const later = setup(off, []);
    later.store.records.set('E2E-1', refused);
    expect(await later.claim({ 'E2E-1': '10.00' }, 'cw-3')).toBeUndefined();
    expect(later.record('E2E-1')).toMatchObject({ generation: 2, status: 'Submitted' });
    expect(later.record('E2E-1')?.nameCheck).toBeUndefined();
  });
});
