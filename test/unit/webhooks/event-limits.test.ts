import { describe, expect, it } from 'vitest';
import { readJson } from '#shared/json/read-json.js';
import {
  eventProblem,
  MAX_DETAIL_DEPTH,
  MAX_DETAIL_TYPE_LENGTH,
  MAX_ENTRY_BYTES,
} from '#shared/webhooks/event-limits.js';
import type { BankEvent } from '#shared/ports/events.js';

const event = (detailType: string, payload: unknown): BankEvent => ({
  source: 'clearway.bank',
  detailType,
  detail: {
    type: detailType,
    version: 1,
    key: 'k',
    receivedAt: '2026-03-02T08:00:00Z',
    deliveryAttempt: 1,
    payload,
  },
});

/** A payload of nested arrays, `depth` deep. */
const nested = (depth: number) =>
  readJson(`${'['.repeat(depth)}${']'.repeat(depth)}`, {
    maxBytes: Number.POSITIVE_INFINITY,
    maxDepth: Number.POSITIVE_INFINITY,
  });

/** The entry's size in bytes with an ASCII payload string of `size` characters. */
const entryBytes = (size: number) =>
  Buffer.byteLength(`clearway.bankX${JSON.stringify(event('X', 'p'.repeat(size)).detail)}`);

describe('what EventBridge takes, checked before publishing', () => {
  it('takes a detail-type of 128 characters and names the limit for 129', () => {
    expect(eventProblem(event('T'.repeat(MAX_DETAIL_TYPE_LENGTH), {}))).toBeUndefined();
    expect(eventProblem(event('T'.repeat(MAX_DETAIL_TYPE_LENGTH + 1), {}))).toBe(
      'the Type is 129 characters long; an EventBridge detail-type takes at most 128',
    );
  });

  it('takes a detail nested 1,000 deep and refuses 1,001', () => {
    expect(eventProblem(event('X', nested(MAX_DETAIL_DEPTH - 1)))).toBeUndefined();
    expect(eventProblem(event('X', nested(MAX_DETAIL_DEPTH)))).toMatch(/nests 1001 levels deep/);
  });

  it('takes an entry one byte under 256 KB and refuses one of exactly 256 KB', () => {
    const fits = MAX_ENTRY_BYTES - 1 - entryBytes(0);
    expect(entryBytes(fits)).toBe(MAX_ENTRY_BYTES - 1);
    expect(eventProblem(event('X', 'p'.repeat(fits)))).toBeUndefined();
    expect(eventProblem(event('X', 'p'.repeat(fits + 1)))).toBe(
      'the event entry is 262144 bytes; EventBridge takes less than 262144',
    );
  });
});
