import { describe, expect, it } from 'vitest';
import { JsonNumber } from '#shared/json/read-json.js';
import {
  acceptedBatchFields,
  type BatchRecord,
  type BatchTransaction,
  cancelRefusal,
  earliestReceipt,
  finishedBatch,
  sendingBatch,
  transactionUpdate,
  unknownOutcomeFields,
} from '#shared/mccy-payments/records.js';

/** The batch records, pure: their schedule from the bank's 202, the cancel rule, each transaction move. */
const batchId = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
// Friday 6 March 2026, 18:00 UK (GMT): a EUR batch is processed on Monday 9 March at 08:30.
const fridayEvening = new Date('2026-03-06T18:00:00Z');

function scheduledBatch(): BatchRecord {
  const sending = sendingBatch(
    {
      batchId,
      currencyCode: 'EUR',
      transactions: [
        { endToEndId: 'a', reference: 'r', amount: new JsonNumber('10.50') },
        { endToEndId: 'b', reference: 'r', amount: new JsonNumber('2') },
      ],
    },
    'req-1',
    fridayEvening,
  );
  return { ...sending, ...acceptedBatchFields(sending, true, fridayEvening) };
}

describe('a multi-currency batch', () => {
  it('is claimed Sending with each transaction Submitted and its amount as written', () => {
    const batch = sendingBatch(
      {
        batchId,
        currencyCode: 'EUR',
        transactions: [{ endToEndId: 'a', reference: 'r', amount: new JsonNumber('10.50') }],
      },
      'req-1',
      fridayEvening,
    );
    expect(batch).toMatchObject({ status: 'Sending', openTransactions: 1, currency: 'EUR' });
    expect(batch.transactions.a).toMatchObject({ status: 'Submitted', amount: '10.50' });
  });

  it('is Scheduled for the next business day at 08:30 UK, cancellable until 07:30', () => {
    expect(scheduledBatch()).toMatchObject({
      status: 'Scheduled',
      isScheduled: true,
      processingAt: '2026-03-09T08:30:00.000Z',
      cancellationDeadline: '2026-03-09T07:30:00.000Z',
    });
  });

  it('is Processing, with no schedule, when the bank took it inside the window', () => {
    expect(acceptedBatchFields({ currency: 'CZK' }, false, fridayEvening)).toEqual({
      status: 'Processing',
      receivedAt: fridayEvening.toISOString(),
      isScheduled: false,
    });
  });

  it('follows summer time: a batch received on Friday 27 March is processed at 08:30 BST on Monday', () => {
    const fields = acceptedBatchFields({ currency: 'EUR' }, true, new Date('2026-03-27T18:00:00Z'));
    expect(fields.processingAt).toBe('2026-03-30T07:30:00.000Z');
    expect(fields.cancellationDeadline).toBe('2026-03-30T06:30:00.000Z');
  });
});

describe('the cancel rule', () => {
  const batch = scheduledBatch();
  const at = (iso: string) => new Date(iso);

  it('lets a cancel go one second before and exactly at the deadline, not one second after', () => {
    expect(cancelRefusal(batch, undefined, 'req-2', at('2026-03-09T07:29:59Z'))).toBeUndefined();
    expect(cancelRefusal(batch, undefined, 'req-2', at('2026-03-09T07:30:00Z'))).toBeUndefined();
    expect(cancelRefusal(batch, undefined, 'req-2', at('2026-03-09T07:30:01Z'))).toMatchObject({
      kind: 'too-late',
      deadline: '2026-03-09T07:30:00.000Z',
    });
  });

  it('judges the deadline in UK time across the change to summer time (07:30 BST is 06:30 UTC)', () => {
    const sending = sendingBatch(
      { batchId, currencyCode: 'EUR', transactions: [{ endToEndId: 'a', reference: 'r', amount: 1 }] },
      'req-1',
      new Date('2026-03-27T18:00:00Z'),
    );
    const summer = { ...sending, ...acceptedBatchFields(sending, true, new Date('2026-03-27T18:00:00Z')) };
    expect(cancelRefusal(summer, undefined, 'r', at('2026-03-30T06:29:59Z'))).toBeUndefined();
    expect(cancelRefusal(summer, undefined, 'r', at('2026-03-30T06:30:00Z'))).toBeUndefined();
    expect(cancelRefusal(summer, undefined, 'r', at('2026-03-30T06:30:01Z'))?.kind).toBe('too-late');
  });

  it('refuses a batch that was not scheduled, a closed window, another cancel at the bank', () => {
    const processing = { ...batch, status: 'Processing' as const, isScheduled: false };
    expect(cancelRefusal(processing, undefined, 'r', fridayEvening)?.kind).toBe('not-scheduled');
    expect(cancelRefusal({ ...batch, status: 'WindowClosed' }, undefined, 'r', fridayEvening)).toMatchObject({
      kind: 'not-cancellable',
      deadline: batch.cancellationDeadline,
    });
    const pending = { ...batch, status: 'CancelPending' as const, cancel: { requestId: 'other', at: '' } };
    expect(cancelRefusal(pending, undefined, 'r', fridayEvening)?.kind).toBe('in-progress');
    // Its own retry (the same X-Request-Id) is no second cancel.
    expect(cancelRefusal(pending, undefined, 'other', fridayEvening)).toBeUndefined();
  });

  it('refuses an unknown or already final transaction', () => {
    expect(cancelRefusal(batch, 'zzz', 'r', fridayEvening)?.kind).toBe('unknown-transaction');
    const settled = moved(batch.transactions.a!, 'Settled');
    const withSettled = { ...batch, transactions: { ...batch.transactions, a: settled } };
    expect(cancelRefusal(withSettled, 'a', 'r', fridayEvening)?.kind).toBe('not-cancellable');
  });

  it('lets the bank judge a cancel of a batch whose outcome is unknown, even past the safe deadline (row 2)', () => {
    const unknown = { ...batch, ...unknownOutcomeFields(batch, fridayEvening), isScheduled: undefined };
    expect(cancelRefusal(unknown, undefined, 'r', at('2026-03-09T07:30:01Z'))).toBeUndefined();
    expect(cancelRefusal(unknown, 'zzz', 'r', fridayEvening)?.kind).toBe('unknown-transaction');
  });

  it('refuses for now (in progress) a cancel of a batch still being sent', () => {
    const sending = sendingBatch(
      { batchId, currencyCode: 'EUR', transactions: [{ endToEndId: 'a', reference: 'r', amount: 1 }] },
      'req-1',
      fridayEvening,
    );
    expect(cancelRefusal(sending, undefined, 'r', fridayEvening)?.kind).toBe('in-progress');
  });
});

const moved = (from: BatchTransaction, to: BatchTransaction['status']) => {
  const update = transactionUpdate(batchId, 'a', from, { to, at: '2026-03-09T08:30:00Z', cause: `w-${to}` });
  if (update?.kind !== 'moved') throw new Error(`no move to ${to}`);
  return update.next;
};

describe('a transaction move', () => {
  const submitted = scheduledBatch().transactions.a!;
  const update = (from: BatchTransaction, to: BatchTransaction['status']) =>
    transactionUpdate(batchId, 'a', from, { to, at: '2026-03-09T08:31:00Z', cause: `late-${to}` });

  it.each(['Created', 'Settled', 'Cancelled', 'ValidationFailed', 'AssessmentFailed'] as const)(
    'goes Submitted -> %s',
    (to) => {
      expect(moved(submitted, to).status).toBe(to);
    },
  );

  it('goes up only: Created -> Settled, never Settled -> Created', () => {
    const settled = moved(moved(submitted, 'Created'), 'Settled');
    expect(settled.history.map((transition) => transition.to)).toEqual(['Submitted', 'Created', 'Settled']);
    expect(update(settled, 'Created')).toBeUndefined();
    expect(update(settled, 'Settled')).toBeUndefined();
  });

  // Row 1 of issue 27: a second final outcome is never silently dropped.
  it('keeps Settled when Cancelled arrives after it, and records the conflicting fact once', () => {
    const settled = moved(submitted, 'Settled');
    const conflict = update(settled, 'Cancelled');
    expect(conflict).toEqual({
      kind: 'conflict',
      transition: {
        transitionId: `${batchId}:a:Cancelled`,
        from: 'Settled',
        to: 'Cancelled',
        at: '2026-03-09T08:31:00Z',
        cause: 'late-Cancelled',
        conflict: true,
      },
    });
    const recorded = { ...settled, history: [...settled.history, conflict!.transition] };
    expect(update(recorded, 'Cancelled')).toBeUndefined();
  });
});

describe('a batch whose transactions are all final', () => {
  const endingIn = (...ends: BatchTransaction['status'][]) => {
    const batch = scheduledBatch();
    const transactions = Object.fromEntries(
      ends.map((to, index) => [`t${index}`, { ...batch.transactions.a!, status: to }]),
    );
    return { ...batch, status: 'ProcessingDue' as const, transactions };
  };

  it.each([
    [['Settled', 'Settled'], 'Completed'],
    [['Settled', 'Cancelled'], 'Completed'],
    [['Settled', 'AssessmentFailed', 'Cancelled'], 'CompletedWithFailures'],
    [['ValidationFailed', 'Cancelled'], 'Failed'],
    [['Cancelled', 'Cancelled'], 'Cancelled'],
  ] as const)('ending %j is %s', (ends, status) => {
    expect(finishedBatch(endingIn(...ends))?.status).toBe(status);
  });

  it('counts how its transactions ended', () => {
    expect(finishedBatch(endingIn('Settled', 'AssessmentFailed', 'Settled', 'ValidationFailed'))).toEqual({
      status: 'CompletedWithFailures',
      outcomes: { Settled: 2, Cancelled: 0, ValidationFailed: 1, AssessmentFailed: 1 },
    });
  });

  it('is not finished while a transaction is open, nor while its POST or a cancel awaits its answer', () => {
    expect(finishedBatch(endingIn('Settled', 'Created'))).toBeUndefined();
    for (const status of ['Sending', 'OutcomeUnknown', 'CancelPending', 'Completed'] as const)
      expect(finishedBatch({ ...endingIn('Settled'), status }), status).toBeUndefined();
  });
});

describe('the receipt time a schedule is computed from (row 9)', () => {
  const claimed = sendingBatch(
    { batchId, currencyCode: 'EUR', transactions: [{ endToEndId: 'a', reference: 'r', amount: 1 }] },
    'req-1',
    new Date('2026-03-10T08:29:58Z'),
  );

  it('is when the request id was first sent, not when the answer arrived', () => {
    const firstSent = new Date('2026-03-10T08:29:59Z');
    const receivedAt = earliestReceipt(claimed, firstSent, new Date('2026-03-10T08:30:00.200Z'));
    expect(receivedAt).toEqual(firstSent);
    expect(acceptedBatchFields(claimed, true, receivedAt).processingAt).toBe('2026-03-10T08:30:00.000Z');
  });

  it('is the claim when the first send does not lie between the claim and now on the bank clock', () => {
    const systemTime = new Date('2026-11-27T05:00:00Z');
    expect(earliestReceipt(claimed, systemTime, new Date('2026-03-10T08:30:00.200Z'))).toEqual(
      new Date('2026-03-10T08:29:58Z'),
    );
    expect(earliestReceipt(claimed, undefined, new Date('2026-03-10T08:30:00.200Z'))).toEqual(
      new Date('2026-03-10T08:29:58Z'),
    );
  });
});

describe('a batch with a repeated end-to-end id', () => {
  it('is never made into a record: two payments would merge into one entry (row 1)', () => {
    const repeat = { endToEndId: 'same', reference: 'r', amount: 1 };
    expect(() =>
      sendingBatch({ batchId, currencyCode: 'EUR', transactions: [repeat, repeat] }, 'req-1', fridayEvening),
    ).toThrow(/repeats end-to-end id same/);
  });
});
