import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  checkBatchSize,
  checkCancellation,
  isCancellationInTime,
  isPaymentWindowOpen,
  multiCurrencyPaymentCurrency,
  multiCurrencyPaymentTransactions,
  PaymentScheduleError,
  paymentSchedule,
  scheduledProcessingTime,
} from '#shared/domain/index.js';

// Behaviour pinned down: when a multi-currency payment the bank scheduled is processed (08:20 UK for CZK and
// RON, 08:30 for the others, on the next business day), until when it can be cancelled (one hour before),
// and which currencies and batch sizes a payment request may have.

function scheduled(receivedAt: string, currency: string) {
  const schedule = paymentSchedule({ receivedAt: new Date(receivedAt), currency, isScheduled: true });
  if (!schedule.isScheduled) throw new Error('expected a scheduled payment');
  return {
    processingAt: schedule.processingAt.toISOString(),
    cancellationDeadline: schedule.cancellationDeadline.toISOString(),
  };
}

describe('the processing time of a scheduled multi-currency payment', () => {
  it('is that morning for a request received before the window opens on a business day', () => {
    expect(scheduled('2024-01-09T06:00:00Z', 'EUR')).toEqual({
      processingAt: '2024-01-09T08:30:00.000Z',
      cancellationDeadline: '2024-01-09T07:30:00.000Z',
    });
  });

  it.each([
    ['CZK', '2024-07-08T07:20:00.000Z'],
    ['RON', '2024-07-08T07:20:00.000Z'],
    ['EUR', '2024-07-08T07:30:00.000Z'],
    ['USD', '2024-07-08T07:30:00.000Z'],
    ['HUF', '2024-07-08T07:30:00.000Z'],
    ['PLN', '2024-07-08T07:30:00.000Z'],
  ])('is %s at its own slot (%s is 08:20 or 08:30 BST)', (currency, processingAt) => {
    expect(scheduled('2024-07-08T05:00:00Z', currency).processingAt).toBe(processingAt);
  });

  it('is Monday 08:30 for a request on a Friday evening, cancellable until 07:30', () => {
    expect(scheduled('2024-03-08T18:00:00Z', 'USD')).toEqual({
      processingAt: '2024-03-11T08:30:00.000Z',
      cancellationDeadline: '2024-03-11T07:30:00.000Z',
    });
  });

  it('is Monday 08:20 BST for a CZK request on a summer Friday evening, cancellable until 07:20 BST', () => {
    expect(scheduled('2024-07-12T17:00:00Z', 'CZK')).toEqual({
      processingAt: '2024-07-15T07:20:00.000Z',
      cancellationDeadline: '2024-07-15T06:20:00.000Z',
    });
  });

  it('is Friday 27 December for a request on Christmas Eve 2024 (a Tuesday)', () => {
    expect(scheduled('2024-12-24T16:00:00Z', 'SEK')).toEqual({
      processingAt: '2024-12-27T08:30:00.000Z',
      cancellationDeadline: '2024-12-27T07:30:00.000Z',
    });
  });

  it('is Wednesday 29 December for a RON request on Christmas Eve 2021, a Friday before two substitute days', () => {
    expect(scheduled('2021-12-24T18:00:00Z', 'RON')).toEqual({
      processingAt: '2021-12-29T08:20:00.000Z',
      cancellationDeadline: '2021-12-29T07:20:00.000Z',
    });
  });

  it('is Wednesday 28 December for a request on Christmas Eve 2022, a Saturday', () => {
    expect(scheduled('2022-12-24T10:00:00Z', 'EUR').processingAt).toBe('2022-12-28T08:30:00.000Z');
  });

  it('skips 1 May for the euro (T2 is closed) but not for the dollar', () => {
    expect(scheduled('2024-04-30T16:00:00Z', 'EUR').processingAt).toBe('2024-05-02T07:30:00.000Z');
    expect(scheduled('2024-04-30T16:00:00Z', 'USD').processingAt).toBe('2024-05-01T07:30:00.000Z');
  });

  it('is the slot itself for a request received exactly at the slot, the earlier and safer answer', () => {
    expect(scheduled('2024-01-09T08:30:00Z', 'EUR').processingAt).toBe('2024-01-09T08:30:00.000Z');
  });

  it('is the next business day for a request received one millisecond after the slot', () => {
    expect(scheduled('2024-01-09T08:30:00.001Z', 'EUR').processingAt).toBe('2024-01-10T08:30:00.000Z');
  });
});

describe('the processing time on the Sundays the clocks change', () => {
  // Spring: UK clocks go from 01:00 GMT to 02:00 BST, so 01:30 UTC shows 02:30 BST and 01:30 UK time does not
  // exist. Autumn: they go from 02:00 BST back to 01:00 GMT, so 01:30 UK time happens twice.
  it.each([
    [
      'spring 2024, 00:30 GMT',
      '2024-03-31T00:30:00Z',
      '2024-04-02T07:30:00.000Z',
      '2024-04-02T06:30:00.000Z',
    ],
    [
      'spring 2024, 01:30 UTC (02:30 BST)',
      '2024-03-31T01:30:00Z',
      '2024-04-02T07:30:00.000Z',
      '2024-04-02T06:30:00.000Z',
    ],
    [
      'spring 2025, 00:30 GMT',
      '2025-03-30T00:30:00Z',
      '2025-03-31T07:30:00.000Z',
      '2025-03-31T06:30:00.000Z',
    ],
    [
      'spring 2025, 01:30 UTC (02:30 BST)',
      '2025-03-30T01:30:00Z',
      '2025-03-31T07:30:00.000Z',
      '2025-03-31T06:30:00.000Z',
    ],
    [
      'spring 2026, 00:30 GMT',
      '2026-03-29T00:30:00Z',
      '2026-03-30T07:30:00.000Z',
      '2026-03-30T06:30:00.000Z',
    ],
    [
      'spring 2026, 01:30 UTC (02:30 BST)',
      '2026-03-29T01:30:00Z',
      '2026-03-30T07:30:00.000Z',
      '2026-03-30T06:30:00.000Z',
    ],
    [
      'autumn 2024, 00:30 BST',
      '2024-10-26T23:30:00Z',
      '2024-10-28T08:30:00.000Z',
      '2024-10-28T07:30:00.000Z',
    ],
    [
      'autumn 2024, first 01:30 (BST)',
      '2024-10-27T00:30:00Z',
      '2024-10-28T08:30:00.000Z',
      '2024-10-28T07:30:00.000Z',
    ],
    [
      'autumn 2024, second 01:30 (GMT)',
      '2024-10-27T01:30:00Z',
      '2024-10-28T08:30:00.000Z',
      '2024-10-28T07:30:00.000Z',
    ],
    [
      'autumn 2025, 00:30 BST',
      '2025-10-25T23:30:00Z',
      '2025-10-27T08:30:00.000Z',
      '2025-10-27T07:30:00.000Z',
    ],
    [
      'autumn 2025, second 01:30 (GMT)',
      '2025-10-26T01:30:00Z',
      '2025-10-27T08:30:00.000Z',
      '2025-10-27T07:30:00.000Z',
    ],
    [
      'autumn 2026, 00:30 BST',
      '2026-10-24T23:30:00Z',
      '2026-10-26T08:30:00.000Z',
      '2026-10-26T07:30:00.000Z',
    ],
    [
      'autumn 2026, first 01:30 (BST)',
      '2026-10-25T00:30:00Z',
      '2026-10-26T08:30:00.000Z',
      '2026-10-26T07:30:00.000Z',
    ],
  ])('a EUR request in %s is processed at %s', (_when, receivedAt, processingAt, cancellationDeadline) => {
    expect(scheduled(receivedAt, 'EUR')).toEqual({ processingAt, cancellationDeadline });
  });

  it('moves the spring 2024 request past Easter Monday 1 April to Tuesday 2 April', () => {
    expect(scheduledProcessingTime(new Date('2024-03-31T00:30:00Z'), 'USD').toISOString()).toBe(
      '2024-04-02T07:30:00.000Z',
    );
  });
});

describe('a payment the bank did not schedule', () => {
  it('has no processing slot and cannot be cancelled', () => {
    const schedule = paymentSchedule({
      receivedAt: new Date('2024-01-09T10:00:00Z'),
      currency: 'EUR',
      isScheduled: false,
    });
    expect(schedule).toEqual({ isScheduled: false, receivedAt: new Date('2024-01-09T10:00:00Z') });
    expect(isCancellationInTime(schedule, new Date('2024-01-09T10:00:01Z'))).toBe(false);
    expect(() => checkCancellation(schedule, 'batch-1', new Date('2024-01-09T10:00:01Z'))).toThrow(
      expect.objectContaining({ rule: 'not-scheduled' }),
    );
  });
});

describe('cancelling a scheduled payment', () => {
  const schedule = paymentSchedule({
    receivedAt: new Date('2024-03-08T18:00:00Z'),
    currency: 'EUR',
    isScheduled: true,
  });

  it('is allowed at exactly one hour before processing', () => {
    expect(isCancellationInTime(schedule, new Date('2024-03-11T07:30:00Z'))).toBe(true);
    expect(() => checkCancellation(schedule, 'batch-1', new Date('2024-03-11T07:30:00Z'))).not.toThrow();
  });

  it('is refused one millisecond later', () => {
    expect(isCancellationInTime(schedule, new Date('2024-03-11T07:30:00.001Z'))).toBe(false);
    expect(() => checkCancellation(schedule, 'batch-1', new Date('2024-03-11T07:30:00.001Z'))).toThrow(
      expect.objectContaining({ rule: 'cancel-too-late', field: 'cancelledAt' }),
    );
  });

  it('is refused when the original request had no batchId', () => {
    expect(() => checkCancellation(schedule, undefined, new Date('2024-03-09T10:00:00Z'))).toThrow(
      expect.objectContaining({ rule: 'cancel-needs-batch-id', field: 'batchId' }),
    );
  });
});

describe('the payment window', () => {
  it('opens at the processing slot and closes at the configured time on business days', () => {
    expect(isPaymentWindowOpen(new Date('2024-01-09T08:29:59Z'), 'EUR', '16:00')).toBe(false);
    expect(isPaymentWindowOpen(new Date('2024-01-09T08:30:00Z'), 'EUR', '16:00')).toBe(true);
    expect(isPaymentWindowOpen(new Date('2024-01-09T15:59:59Z'), 'EUR', '16:00')).toBe(true);
    expect(isPaymentWindowOpen(new Date('2024-01-09T16:00:00Z'), 'EUR', '16:00')).toBe(false);
  });

  it('opens at 08:20 for CZK and follows BST in summer', () => {
    expect(isPaymentWindowOpen(new Date('2024-07-09T07:20:00Z'), 'CZK', '16:00')).toBe(true);
    expect(isPaymentWindowOpen(new Date('2024-07-09T07:19:59Z'), 'CZK', '16:00')).toBe(false);
  });

  it('stays shut at weekends and on bank holidays', () => {
    expect(isPaymentWindowOpen(new Date('2024-01-13T10:00:00Z'), 'EUR', '16:00')).toBe(false);
    expect(isPaymentWindowOpen(new Date('2024-12-26T10:00:00Z'), 'USD', '16:00')).toBe(false);
  });

  it('refuses a closing time before the opening', () => {
    expect(() => isPaymentWindowOpen(new Date('2024-01-09T10:00:00Z'), 'EUR', '08:00')).toThrow(
      PaymentScheduleError,
    );
  });
});

describe('the currency and size of a multi-currency payment request', () => {
  it('refuses GBP with its own message', () => {
    expect(() => scheduledProcessingTime(new Date('2024-01-09T06:00:00Z'), 'GBP')).toThrow(
      expect.objectContaining({ rule: 'gbp-refused' }),
    );
    expect(multiCurrencyPaymentCurrency.safeParse('GBP').error?.issues.map((issue) => issue.message)).toEqual(
      ['GBP payments cannot be made from a multi-currency account.'],
    );
  });

  it.each(['CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'HUF', 'NOK', 'PLN', 'RON', 'SEK', 'USD'])(
    'accepts %s',
    (currency) => {
      expect(multiCurrencyPaymentCurrency.safeParse(currency).success).toBe(true);
    },
  );

  it.each(['JPY', 'EU', 'eur', 42])('refuses %j', (currency) => {
    expect(multiCurrencyPaymentCurrency.safeParse(currency).success).toBe(false);
  });

  it('takes 1 to 100 payments in a batch', () => {
    expect(() => checkBatchSize(1)).not.toThrow();
    expect(() => checkBatchSize(100)).not.toThrow();
    expect(() => checkBatchSize(0)).toThrow(expect.objectContaining({ rule: 'batch-size' }));
    expect(() => checkBatchSize(101)).toThrow(expect.objectContaining({ rule: 'batch-size' }));
  });

  it('gives the batch size rule as a schema for the transactions array', () => {
    const transactions = multiCurrencyPaymentTransactions(z.object({ endToEndId: z.string() }));
    const payment = { endToEndId: 'e2e' };
    expect(transactions.safeParse(Array(100).fill(payment)).success).toBe(true);
    expect(transactions.safeParse(Array(101).fill(payment)).error?.issues[0]?.message).toBe(
      'transactions must hold 1 to 100 payments.',
    );
    expect(transactions.safeParse([]).success).toBe(false);
  });
});
