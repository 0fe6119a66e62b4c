import { describe, expect, it } from 'vitest';
import { CAMT053_MESSAGES, oldestCamt053Start } from '#shared/domain/camt053-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import { getCamt053StatementPage, requestCamt053Statement } from '#shared/operations/camt053/operations.js';
import type { Operation } from '#shared/operations/operation.js';

/** 1 July 2024, 10:00 UTC: the guide's example day (statements back to and including 1 January 2024). */
const NOW = new Date('2024-07-01T10:00:00Z');
const MESSAGE_ID = 'CAMT053_20240701_04595900_a1B2c3D4';

function errorsOf(
  operation: Operation,
  request: { body?: unknown; query?: Record<string, string>; pathParams?: Record<string, string> } = {},
) {
  const result = checkRequest(
    operation,
    {
      pathParams:
        request.pathParams ?? (operation.path.includes('{messageId}') ? { messageId: MESSAGE_ID } : {}),
      query: request.query ?? {},
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
      contentType: 'application/json',
      idempotencyKey: 'key-1',
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: NOW },
  );
  return result.ok ? {} : result.errors;
}

const window = (startDateTimeUtc: string, endDateTimeUtc: string) =>
  errorsOf(requestCamt053Statement, { body: { startDateTimeUtc, endDateTimeUtc } });

describe('a camt.053 statement window is refused where the bank refuses it, naming the property', () => {
  it('accepts a UK summer day (23:00Z to 23:00Z) and the 25-hour day the clocks go back', () => {
    expect(window('2024-06-29T23:00:00Z', '2024-06-30T23:00:00Z')).toEqual({});
    expect(window('2024-03-30T23:00:00Z', '2024-03-31T23:00:00Z')).toEqual({});
    // Exactly 25 hours is allowed.
    expect(window('2024-06-29T22:00:00Z', '2024-06-30T23:00:00Z')).toEqual({});
  });

  it('refuses a window longer than 25 hours on endDateTimeUtc', () => {
    expect(window('2024-06-29T21:59:59Z', '2024-06-30T23:00:00Z')).toEqual({
      endDateTimeUtc: [CAMT053_MESSAGES.tooLong],
    });
  });

  it('refuses an end not after the start', () => {
    expect(window('2024-06-30T00:00:00Z', '2024-06-30T00:00:00Z')).toEqual({
      endDateTimeUtc: [CAMT053_MESSAGES.endNotAfterStart],
    });
  });

  it('refuses a window that is not yet over (the end later than now), or starts in the future', () => {
    expect(window('2024-06-30T23:00:00Z', '2024-07-01T10:00:01Z')).toEqual({
      endDateTimeUtc: [CAMT053_MESSAGES.endInFuture],
    });
    expect(window('2024-07-01T11:00:00Z', '2024-07-01T12:00:00Z')).toEqual({
      startDateTimeUtc: [CAMT053_MESSAGES.startInFuture],
      endDateTimeUtc: [CAMT053_MESSAGES.endInFuture],
    });
  });

  it('accepts a start on the day six months back and refuses one before it', () => {
    expect(oldestCamt053Start(NOW).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(oldestCamt053Start(new Date('2024-08-31T12:00:00Z')).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(window('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')).toEqual({});
    expect(window('2023-12-31T23:59:59Z', '2024-01-01T00:00:00Z')).toEqual({
      startDateTimeUtc: [CAMT053_MESSAGES.tooOld],
    });
  });

  it('refuses other forms than yyyy-MM-ddTHH:mm:ssZ, impossible dates, missing and unknown members', () => {
    for (const bad of [
      '2024-06-30',
      '2024-06-30T00:00:00+01:00',
      '2024-06-30T00:00:00.000Z',
      '2024-02-30T00:00:00Z',
    ]) {
      expect(window(bad, '2024-06-30T23:00:00Z'), bad).toEqual({
        startDateTimeUtc: [CAMT053_MESSAGES.startDateTimeUtc],
      });
    }
    const missing = errorsOf(requestCamt053Statement, { body: { startDateTimeUtc: '2024-06-30T00:00:00Z' } });
    expect(Object.keys(missing)).toEqual(['endDateTimeUtc']);
    const unknown = errorsOf(requestCamt053Statement, {
      body: {
        startDateTimeUtc: '2024-06-30T00:00:00Z',
        endDateTimeUtc: '2024-06-30T23:00:00Z',
        accountId: 'x',
      },
    });
    expect(Object.keys(unknown)).toEqual(['accountId']);
  });
});

describe('a camt.053 page download names a statement and a page', () => {
  it('accepts the MsgId shape and a page from 1', () => {
    expect(errorsOf(getCamt053StatementPage, { query: { pageNumber: '3' } })).toEqual({});
  });

  it('refuses another messageId shape and a missing, zero or fractional page', () => {
    expect(
      errorsOf(getCamt053StatementPage, {
        pathParams: { messageId: 'CAMT053_2024_x' },
        query: { pageNumber: '1' },
      }),
    ).toEqual({ messageId: [CAMT053_MESSAGES.messageId] });
    for (const query of [{}, { pageNumber: '0' }, { pageNumber: '1.5' }] as Record<string, string>[]) {
      expect(Object.keys(errorsOf(getCamt053StatementPage, { query })), JSON.stringify(query)).toEqual([
        'pageNumber',
      ]);
    }
  });
});
