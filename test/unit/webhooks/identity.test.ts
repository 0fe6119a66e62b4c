import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '../../../shared/webhooks/identity.js';

const day = new Date('2026-03-02T10:00:00Z');

describe('a webhook is identified by its payload as webhooks.md lists, never by its nonce', () => {
  it.each([
    ['TransactionSettled', { TransactionId: 't-1' }, 'TransactionSettled:t-1'],
    [
      'VirtualAccountCreationFailed',
      { VirtualAccountId: 'v-1', Timestamp: '2026-03-02T10:00:00Z' },
      'VirtualAccountCreationFailed:v-1:2026-03-02T10:00:00Z',
    ],
    [
      'BacsMandateCancellationFailed',
      { ServiceUserNumber: '123456', Reference: 'REF', EventDate: '2026-03-02' },
      'BacsMandateCancellationFailed:123456:REF:2026-03-02',
    ],
    [
      'Accounts.AccountUpdated',
      { AccountId: 'a-1', TimestampModified: 'T1' },
      'Accounts.AccountUpdated:a-1:T1',
    ],
    [
      'MCCY.Statements.AccountStatement',
      { AccountIban: 'GB00X', Year: 2026, Month: 2, Currency: 'EUR' },
      'MCCY.Statements.AccountStatement:GB00X:2026:2:EUR',
    ],
    ['BacsMandateInitiatedV2', { MandateId: 'm-1' }, 'BacsMandateInitiated:m-1'],
  ])('%s is keyed by its documented fields', (type, payload, key) => {
    expect(webhookIdentity(type, 1, payload, day)).toEqual({ key, basis: 'payload' });
  });

  it('falls back to a content hash when a known type lacks its key fields, so nothing is merged or lost', () => {
    const first = webhookIdentity('TransactionSettled', 6, { Amount: 1 }, day);
    const second = webhookIdentity('TransactionSettled', 6, { Amount: 2 }, day);
    expect(first.basis).toBe('hash');
    expect(first.key).not.toBe(second.key);
  });

  it('keys a test event by its text and the day it arrived', () => {
    const morning = webhookIdentity('FITestEvent', 1, 'test me', new Date('2026-03-02T08:00:00Z'));
    const evening = webhookIdentity('FITestEvent', 1, 'test me', new Date('2026-03-02T20:00:00Z'));
    const nextDay = webhookIdentity('FITestEvent', 1, 'test me', new Date('2026-03-03T08:00:00Z'));
    expect(morning.key).toBe(evening.key);
    expect(morning.key).not.toBe(nextDay.key);
  });

  it('keeps versions of an unknown type apart', () => {
    const v1 = webhookIdentity('Brand.New', 1, { a: 1 }, day);
    const v2 = webhookIdentity('Brand.New', 2, { a: 1 }, day);
    expect(v1.key).not.toBe(v2.key);
  });
});
