import { describe, expect, it } from 'vitest';
import { readJson } from '#shared/json/read-json.js';
import { readableType } from '#shared/webhooks/envelope.js';
import { canonicalJson, MAX_KEY_LENGTH, webhookIdentity } from '#shared/webhooks/identity.js';

const unlimited = { maxBytes: Number.POSITIVE_INFINITY, maxDepth: Number.POSITIVE_INFINITY };

const day = new Date('2026-03-02T10:00:00Z');

describe('a webhook is identified by its payload as webhooks.md lists, never by its nonce', () => {
  it.each([
    [
      'TransactionSettled',
      { TransactionId: 't-1', DebitCreditCode: 'Credit' },
      'TransactionSettled:t-1:Credit',
    ],
    [
      'BacsMandateInitiationFailed',
      { ServiceUserNumber: '010203', Reference: 'MBQZRTF12345', EventDate: '2019-03-01T00:00:00Z' },
      'BacsMandateInitiationFailed:010203:MBQZRTF12345:2019-03-01T00:00:00Z',
    ],
    [
      'BacsMandateReturnFailed',
      { MandateId: 'm-1', EventDate: '2019-03-01T00:00:00Z' },
      'BacsMandateReturnFailed:m-1:2019-03-01T00:00:00Z',
    ],
    ['BacsMandateMigratedV2', { MandateId: 'm-1' }, 'BacsMandateMigrated:m-1'],
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

  it.each(['constructor', 'toString', '__proto__'])(
    'keys a Type named like an object member (%s) as an unknown type, by its hash',
    (type) => {
      expect(webhookIdentity(type, 1, { a: 1 }, day)).toEqual({
        key: expect.stringMatching(new RegExp(`^${type}:sha256:[0-9a-f]{64}$`)),
        basis: 'hash',
      });
    },
  );

  it('keeps versions of an unknown type apart', () => {
    const v1 = webhookIdentity('Brand.New', 1, { a: 1 }, day);
    const v2 = webhookIdentity('Brand.New', 2, { a: 1 }, day);
    expect(v1.key).not.toBe(v2.key);
  });
});

describe('the two sides of one settled transaction are two webhooks', () => {
  it('keys a TransactionSettled on the transaction and its side, as an internal transfer settles both', () => {
    const debit = webhookIdentity(
      'TransactionSettled',
      6,
      { TransactionId: 't-7', DebitCreditCode: 'Debit' },
      day,
    );
    const credit = webhookIdentity(
      'TransactionSettled',
      6,
      { TransactionId: 't-7', DebitCreditCode: 'Credit' },
      day,
    );
    expect([debit.key, credit.key]).toEqual([
      'TransactionSettled:t-7:Debit',
      'TransactionSettled:t-7:Credit',
    ]);
  });
});

describe('issue 27 row 4: an FX settlement failure the bank will retry is not the final one', () => {
  const failure = (WillBeRetried: unknown, CancellationReason = 'Insufficient funds') =>
    webhookIdentity(
      'Fx.Trade.Settlement.Failed',
      1,
      { EndToEndId: 'fx-1', CancellationCode: '1', CancellationReason, WillBeRetried, ReversalFee: 2.5 },
      day,
    ).key;

  it('keeps the final failure’s key and gives a retried one its own, as a boolean or as text', () => {
    expect(failure(false)).toBe('Fx.Trade.Settlement.Failed:fx-1');
    expect(failure('false')).toBe('Fx.Trade.Settlement.Failed:fx-1');
    expect(failure(undefined)).toBe('Fx.Trade.Settlement.Failed:fx-1');
    expect(failure(true)).toMatch(/^Fx\.Trade\.Settlement\.Failed:fx-1:retried:[0-9a-f]{64}$/);
    expect(failure('true')).toMatch(/^Fx\.Trade\.Settlement\.Failed:fx-1:retried:/);
  });

  it('tells two retried failures apart by what they say, and a redelivery of one stays one', () => {
    expect(failure(true)).toBe(failure(true));
    expect(failure(true, 'Insufficient funds')).not.toBe(failure(true, 'Account validation failed'));
  });
});

describe('two events of one bank object that the same fields would merge (issue 27 row 4 review)', () => {
  it('keys a TransactionRejected on its side too, as for a settlement', () => {
    const side = (DebitCreditCode: string) =>
      webhookIdentity('TransactionRejected', 2, { TransactionId: 't-9', DebitCreditCode }, day).key;
    expect([side('Debit'), side('Credit')]).toEqual([
      'TransactionRejected:t-9:Debit',
      'TransactionRejected:t-9:Credit',
    ]);
  });

  it.each(['Payments.Mccy.PaymentValidationFailed', 'Payments.Mccy.PaymentAssessmentFailed'])(
    'keys a %s on its TransactionId too: one batch may fail one end-to-end id twice',
    (type) => {
      const failed = (TransactionId: string) =>
        webhookIdentity(type, 1, { BatchId: 'b-1', EndToEndId: 'e-1', TransactionId }, day).key;
      expect(failed('t-1')).toBe(`${type}:b-1:e-1:t-1`);
      expect(failed('t-1')).not.toBe(failed('t-2'));
    },
  );
});

describe('the failure messages of one request are one webhook per instruction', () => {
  it('keys a payment message failure on its MessageId and the end-to-end ids it names, in any order', () => {
    const failed = (ids: string[]) =>
      webhookIdentity(
        'PaymentMessageAssesmentFailed',
        1,
        { MessageId: 'req-1', AssesmentFailure: ids.map((EndToEndId) => ({ EndToEndId, Reasons: [] })) },
        day,
      ).key;
    expect(failed(['e-2', 'e-1'])).toBe('PaymentMessageAssesmentFailed:req-1:e-1,e-2');
    expect(failed(['e-1', 'e-2'])).toBe(failed(['e-2', 'e-1']));
    expect(failed(['e-3'])).not.toBe(failed(['e-1', 'e-2']));
    expect(webhookIdentity('PaymentMessageValidationFailed', 1, { MessageId: 'req-1' }, day).key).toBe(
      'PaymentMessageValidationFailed:req-1',
    );
  });
});

describe('an identity key stays short whatever the webhook holds', () => {
  it('keeps a short key readable and hashes a long one under its type', () => {
    const short = webhookIdentity(
      'TransactionSettled',
      6,
      { TransactionId: 't-1', DebitCreditCode: 'Debit' },
      day,
    );
    const long = webhookIdentity(
      'TransactionSettled',
      6,
      { TransactionId: 'x'.repeat(1024 * 1024), DebitCreditCode: 'Debit' },
      day,
    );
    const otherLong = webhookIdentity(
      'TransactionSettled',
      6,
      { TransactionId: `${'x'.repeat(1024 * 1024)}y`, DebitCreditCode: 'Debit' },
      day,
    );
    expect(short.key).toBe('TransactionSettled:t-1:Debit');
    expect(long).toEqual({
      key: expect.stringMatching(/^TransactionSettled:sha256:[0-9a-f]{64}$/),
      basis: 'payload',
    });
    expect(long.key).not.toBe(otherLong.key);
  });

  it('keeps at most the first 100 characters of a 1 MB type, unknown or known', () => {
    for (const type of [`Brand.New${'T'.repeat(1024 * 1024)}`, `${'T'.repeat(1024 * 1024)}V2`]) {
      const { key } = webhookIdentity(type, 1, { a: 1 }, day);
      expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH);
      expect(key.startsWith(`${type.slice(0, 100)}:sha256:`)).toBe(true);
    }
  });

  it('never cuts a surrogate pair in half when it shortens a type', () => {
    expect(readableType(`${'a'.repeat(99)}😀${'b'.repeat(10)}`)).toBe('a'.repeat(99));
  });

  it('hashes a payload nested 100,000 deep, equal payloads equally', () => {
    const deep = readJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, unlimited);
    const same = readJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, unlimited);
    const first = webhookIdentity('Deep.Thing', 1, deep, day);
    expect(first.basis).toBe('hash');
    expect(webhookIdentity('Deep.Thing', 1, same, day).key).toBe(first.key);
  });

  it('keys a number field by the digits the bank wrote', () => {
    const payload = readJson('{"Year":2026,"Month":2,"Currency":"EUR"}', unlimited);
    expect(webhookIdentity('MCCY.Statements.InstitutionStatement', 1, payload, day).key).toBe(
      'MCCY.Statements.InstitutionStatement:2026:2:EUR',
    );
  });
});

describe('the canonical JSON that unknown types are hashed on', () => {
  it('sorts keys at every level and keeps numbers as written', () => {
    const payload = readJson('{"b":[{"d":1.50,"c":null}],"a":"x"}', unlimited);
    expect(canonicalJson(payload)).toBe('{"a":"x","b":[{"c":null,"d":1.50}]}');
  });
});
