import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';

/**
 * The Bacs payload schemas accept what the bank's pages document (their tables, members marked optional,
 * the example values) and refuse what they do not; each type is registered under its Type and Version and
 * has an identity taken from its payload (webhooks.md, "Key"). Payloads follow the pages' examples.
 */
const originator = { AccountName: 'Q-MOBILE', SortCode: '113344', AccountNumber: '78978900' };
const payer = { AccountName: 'MARY BROWN', SortCode: '002200', AccountNumber: '43211234' };
const instruction = {
  OriginatorInformation: originator,
  PayerInformation: payer,
  ServiceUserNumber: '030201',
  Reference: 'MBQZRTF12345',
  Source: 'Bacs',
};
const mandateId = '086ab6ec-ab78-2432-12a1-3c273d81d961';
const eventDate = '2019-03-01T00:00:00Z';
const item = {
  CreditorInformation: { AccountName: 'NAMEOFORIGINATOR  ', SortCode: '601613', AccountNumber: '31926819' },
  DebtorInformation: { AccountName: 'DEST ACCOUNT      ', SortCode: '724000', AccountNumber: '00000167' },
  Reference: 'YGRBOXDJEPWRJQVNLF',
  Amount: 2.01,
  ProcessingDate: '2021-01-10T00:00:00Z',
  Status: 'Pending',
  ServiceUserNumber: '480642',
  Source: 'Bacs',
  BacsTransactionId: '5e09a485-72a2-4acb-9c99-d2383870f96a',
};

/** Type, Version, a payload as the page documents it, and its expected identity key. */
const examples: [string, number, Record<string, unknown>, string][] = [
  [
    'BacsMandateInitiated',
    2,
    { MandateId: mandateId, ...instruction, TransactionCode: '0N' },
    `BacsMandateInitiated:${mandateId}`,
  ],
  [
    'BacsMandateInitiationFailed',
    1,
    { ReasonCode: 'I', EventDate: eventDate, ...instruction },
    `BacsMandateInitiationFailed:030201:MBQZRTF12345:${eventDate}`,
  ],
  [
    'BacsMandateCancelled',
    2,
    { MandateId: mandateId, ...instruction, TransactionCode: '0C' },
    `BacsMandateCancelled:${mandateId}`,
  ],
  [
    'BacsMandateCancellationFailed',
    1,
    { ReasonCode: '6', TransactionCode: '0C', ...instruction, EventDate: eventDate },
    `BacsMandateCancellationFailed:030201:MBQZRTF12345:${eventDate}`,
  ],
  [
    'BacsMandateReturned',
    1,
    { MandateId: mandateId, ReasonCode: 'I', ...instruction, EventDate: eventDate },
    `BacsMandateReturned:${mandateId}:${eventDate}`,
  ],
  [
    'BacsMandateReturnFailed',
    1,
    {
      MandateId: mandateId,
      ErrorMessage: 'Mandate return request is not valid',
      ...instruction,
      EventDate: eventDate,
    },
    `BacsMandateReturnFailed:${mandateId}:${eventDate}`,
  ],
  [
    'BacsMandateMigrated',
    2,
    { MandateId: mandateId, ...instruction, TransactionCode: '0S' },
    `BacsMandateMigrated:${mandateId}`,
  ],
  [
    'BacsUnpaidDirectDebitReceived',
    3,
    { ...item, TransactionCode: 'U7', ReasonCode: '0' },
    `BacsUnpaidDirectDebitReceived:${item.BacsTransactionId}`,
  ],
  [
    'BacsUnappliedCreditReceived',
    3,
    { ...item, TransactionCode: 'RA', ReasonCode: 'C' },
    `BacsUnappliedCreditReceived:${item.BacsTransactionId}`,
  ],
];

const schemaOf = (type: string, version: number) => {
  const schema = webhookPayloads[type]?.[version];
  if (!schema) throw new Error(`no payload registered for ${type} v${version}`);
  return schema;
};
const issuesOf = (type: string, version: number, payload: unknown) =>
  schemaOf(type, version)
    .safeParse(payload)
    .error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('Bacs webhook payloads', () => {
  it.each(examples)(
    '%s v%i: registered, the documented payload passes, keyed by its fields',
    (type, version, payload, key) => {
      expect(issuesOf(type, version, payload)).toEqual([]);
      expect(webhookIdentity(type, version, payload, new Date()).key).toBe(key);
    },
  );

  it.each(examples)(
    '%s v%i: an undocumented member fails, and so does a missing one',
    (type, version, payload) => {
      expect(issuesOf(type, version, { ...payload, Extra: 1 })).not.toEqual([]);
      const { Source: _dropped, ...withoutSource } = payload;
      expect(issuesOf(type, version, withoutSource)).toEqual(['Source']);
    },
  );

  it('also registers the spellings with a version suffix the pages write', () => {
    for (const type of [
      'BacsMandateInitiatedV2',
      'BacsMandateCancelledV2',
      'BacsMandateMigratedV2',
      'BacsUnpaidDirectDebitReceivedV3',
      'BacsUnappliedCreditReceivedV3',
    ]) {
      const plain = type.replace(/V\d$/, '');
      const version = Number(type.slice(-1));
      expect(webhookPayloads[type]?.[version]).toBe(webhookPayloads[plain]?.[version]);
      expect(
        webhookIdentity(type, version, { MandateId: 'm-1', BacsTransactionId: 't-1' }, new Date()).key,
      ).toMatch(new RegExp(`^${plain}:`));
    }
  });

  it('takes null where the pages allow it and the optional AUDDIS code absent', () => {
    expect(
      issuesOf('BacsMandateInitiated', 2, {
        MandateId: mandateId,
        OriginatorInformation: null,
        PayerInformation: { AccountName: null, SortCode: null, AccountNumber: null },
        ServiceUserNumber: null,
        Reference: null,
        Source: 'Api',
      }),
    ).toEqual([]);
  });

  it('refuses values outside the pages: codes, sources, lengths, GUIDs and dates', () => {
    const initiated = { MandateId: mandateId, ...instruction };
    expect(issuesOf('BacsMandateInitiated', 2, { ...initiated, TransactionCode: '0C' })).toEqual([
      'TransactionCode',
    ]);
    expect(issuesOf('BacsMandateInitiated', 2, { ...initiated, Source: 'Scheme' })).toEqual(['Source']);
    expect(issuesOf('BacsMandateInitiated', 2, { ...initiated, MandateId: 'm-1' })).toEqual(['MandateId']);
    expect(issuesOf('BacsMandateInitiated', 2, { ...initiated, Reference: 'R'.repeat(19) })).toEqual([
      'Reference',
    ]);
    expect(
      issuesOf('BacsMandateInitiated', 2, {
        ...initiated,
        PayerInformation: { ...payer, SortCode: '0022001' },
      }),
    ).toEqual(['PayerInformation.SortCode']);
    expect(
      issuesOf('BacsMandateInitiationFailed', 1, { ReasonCode: '6', EventDate: eventDate, ...instruction }),
    ).toEqual(['ReasonCode']);
    expect(
      issuesOf('BacsMandateCancellationFailed', 1, { ReasonCode: 'I', ...instruction, EventDate: eventDate }),
    ).toEqual(['ReasonCode']);
    expect(
      issuesOf('BacsMandateReturned', 1, {
        MandateId: mandateId,
        ReasonCode: '4',
        ...instruction,
        EventDate: 'today',
      }),
    ).toEqual(['ReasonCode', 'EventDate']);
    expect(
      issuesOf('BacsUnpaidDirectDebitReceived', 3, { ...item, TransactionCode: 'RA', ReasonCode: 'C' }),
    ).toEqual(['TransactionCode', 'ReasonCode']);
    expect(
      issuesOf('BacsUnappliedCreditReceived', 3, {
        ...item,
        TransactionCode: 'RA',
        ReasonCode: '7',
        Source: 'Api',
      }),
    ).toEqual(['ReasonCode', 'Source']);
    expect(
      issuesOf('BacsUnpaidDirectDebitReceived', 3, {
        ...item,
        TransactionCode: 'U1',
        ReasonCode: '0',
        DebtorInformation: { ...item.DebtorInformation, AccountName: 'A'.repeat(19) },
      }),
    ).toEqual(['DebtorInformation.AccountName']);
  });
});
