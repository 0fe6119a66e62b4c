import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';

/**
 * The multi-currency payment payload schemas accept the examples of the bank's pages (as written there,
 * timestamps included) and refuse what the tables do not allow; each type is registered under Version 1.
 */
const created = {
  TransactionId: 'fd7f3082-72d4-46b3-8e0e-1f66e4a91e13',
  BatchId: 'ab55f54a-26c3-4333-93cd-f917bb51ecad',
  EndToEndId: '08c2c49c9e094df59f342a27cb64395c',
  SchemeEndToEndId: '4026da87bb0f4a5',
  AccountId: '50daac8a-72c3-4ae5-a6e3-e71b6187dbef',
  Reference: 'My payment reference 12345',
  UltimateCreditorName: 'John Baker',
  UltimateCreditorAccountIdentifiers: [
    { Kind: 'AccountId', Identifier: 'fd75710b-4c0a-406d-a962-ef5c98836d3f' },
  ],
  UltimateDebtorName: 'Clark Kent',
  UltimateDebtorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: 'GB33BUKB20201555555555' }],
  InstructedAmount: 100.55,
  InstructedCurrency: 'EUR',
  SchemePaymentMethod: 'Partner 1',
  TimestampCreated: '2021-05-22T00:00:00',
  Identifiers: [{ Scope: 'MCCYOutboundPayments', Name: 'SchemeEndToEndId', Identifier: '4026da87bb0f4a5' }],
  AdditionalProperties: [
    { Key: 'DebtorName', Value: 'Acme Studios' },
    { Key: 'DebtorCountry', Value: 'GB' },
  ],
};
const settled = {
  ...created,
  TimestampSettled: '2020-09-13T012:22:17.4',
  TimestampSubmitted: '2020-09-13T011:26:15.1',
};
const cancelled = {
  ...created,
  TimestampCancelled: '2020-09-13T09:26:15.1762781',
  CancellationCode: 'RejectedByScheme',
  CancellationReason: 'Contact ClearBank for more details',
};
const failedPayment = {
  UltimateDebtorName: 'Richard Douglas',
  UltimateDebtorAccount: '57d06e62-efca-49e7-a71f-8eb18d72c162',
  UltimateDebtorAccountIdentifier: 'AccountId',
  UltimateDebtorAddressLine1: '4th Floor, Prologue Works',
  UltimateDebtorAddressLine2: '25 Marsh St',
  UltimateDebtorAddressLine3: 'Bristol',
  UltimateDebtorPostCode: 'BS1 4AX',
  UltimateDebtorCountryCode: 'GB',
  InstructedAmount: 100.55,
  InstructedCurrency: 'EUR',
  Reference: 'My payment reference 12345',
  BatchId: 'ab55f54a-26c3-4333-93cd-f917bb51ecad',
  EndToEndId: '08c2c49c9e094df59f342a27cb64395c',
  SchemeEndToEndId: '4026da87bb0f4a5',
  UltimateCreditorIBAN: 'GB33BUKB20201555555555',
  UltimateCreditorAccountNumber: null,
  UltimateCreditorBic: 'IIIGGB22',
  UltimateCreditorName: 'John Baker',
  UltimateCreditorAddressLine1: 'Buckingham Palace',
  UltimateCreditorAddressLine2: 'London',
  UltimateCreditorAddressLine3: null,
  UltimateCreditorPostCode: 'SW1A 1AA',
  UltimateCreditorCountryCode: 'GB',
  TransactionId: 'fd7f3082-72d4-46b3-8e0e-1f66e4a91e13',
};
const validationFailed = {
  ...failedPayment,
  Errors: [
    'Account is not enabled',
    'EndToEndId already exists.',
    'Account does not belong to this institution',
  ],
};
const assessmentFailed = { ...failedPayment, Error: 'Insufficient funds or other failure' };

const examples: Record<string, Record<string, unknown>> = {
  'Payments.Mccy.TransactionCreated': created,
  'Payments.Mccy.TransactionSettled': settled,
  'Payments.Mccy.TransactionCancelled': cancelled,
  'Payments.Mccy.PaymentValidationFailed': validationFailed,
  'Payments.Mccy.PaymentAssessmentFailed': assessmentFailed,
};

const schemaOf = (type: string) => webhookPayloads[type]?.[1];

describe('multi-currency payment webhook payloads', () => {
  it.each(Object.keys(examples))('%s accepts the example of its page', (type) => {
    expect(schemaOf(type)?.safeParse(examples[type]).success).toBe(true);
  });

  it.each(Object.keys(examples))('%s refuses an undocumented member', (type) => {
    expect(schemaOf(type)?.safeParse({ ...examples[type], Extra: 1 }).success).toBe(false);
  });

  it.each(Object.keys(examples))('%s refuses a payload without its BatchId', (type) => {
    const { BatchId: _omitted, ...rest } = examples[type] as { BatchId: string };
    expect(schemaOf(type)?.safeParse(rest).success).toBe(false);
  });

  it('a settled transaction needs its settlement time; a cancelled one its reason', () => {
    const { TimestampSettled: _s, ...unsettled } = settled;
    const { CancellationReason: _r, ...unexplained } = cancelled;
    expect(schemaOf('Payments.Mccy.TransactionSettled')?.safeParse(unsettled).success).toBe(false);
    expect(schemaOf('Payments.Mccy.TransactionCancelled')?.safeParse(unexplained).success).toBe(false);
  });

  it('a validation failure names at least one error', () => {
    expect(
      schemaOf('Payments.Mccy.PaymentValidationFailed')?.safeParse({ ...validationFailed, Errors: [] })
        .success,
    ).toBe(false);
  });

  it('transactions are keyed by TransactionId, failures by batch and end-to-end id', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    expect(webhookIdentity('Payments.Mccy.TransactionSettled', 1, settled, at).key).toContain(
      created.TransactionId,
    );
    expect(webhookIdentity('Payments.Mccy.PaymentAssessmentFailed', 1, assessmentFailed, at).key).toContain(
      failedPayment.EndToEndId,
    );
  });
});
