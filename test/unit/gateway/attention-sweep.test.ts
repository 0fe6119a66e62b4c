import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '#shared/gateway/attention.js';
import { sweepAttention } from '#shared/gateway/attention-sweep.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const item = (over: Partial<AttentionItem>): AttentionItem => ({
  kind: 'payment',
  id: 'e2e-1',
  reason: 'outcome-unknown',
  since: '2026-03-02T10:00:00Z',
  path: '/gateway/payments/e2e-1',
  detail: 'lost answer',
  ...over,
});

describe('the attention sweep', () => {
  it('counts only the items older than the bound, and logs each', async () => {
    const logged: unknown[] = [];
    const counted: number[] = [];

    const overdue = await sweepAttention({
      list: async () => [item({}), item({ id: 'e2e-2', since: '2026-03-02T10:50:00Z' })],
      now: () => new Date('2026-03-02T11:00:00Z'),
      afterMinutes: 30,
      log: { ...silent, warn: (_message: string, detail?: unknown) => logged.push(detail) },
      recordOverdue: (count) => counted.push(count),
    });

    expect(overdue.map(({ id }) => id)).toEqual(['e2e-1']);
    expect(counted).toEqual([1]);
    expect(logged).toEqual([expect.objectContaining({ id: 'e2e-1', path: '/gateway/payments/e2e-1' })]);
  });

  it('publishes a record’s events again and counts it only when some are still left', async () => {
    const republished: string[] = [];
    const stuck = { kind: 'mccy-batch', reason: 'unpublished-event' };

    const overdue = await sweepAttention({
      list: async () => [item({ ...stuck, id: 'b-done' }), item({ ...stuck, id: 'b-left' })],
      now: () => new Date('2026-03-02T11:00:00Z'),
      afterMinutes: 30,
      log: silent,
      recordOverdue: () => undefined,
      republish: {
        'mccy-batch': async (id) => {
          republished.push(id);
          return id === 'b-left' ? 1 : 0;
        },
      },
    });

    expect(republished).toEqual(['b-done', 'b-left']);
    expect(overdue.map(({ id }) => id)).toEqual(['b-left']);
  });
});
