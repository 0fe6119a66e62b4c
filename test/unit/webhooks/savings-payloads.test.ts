import { describe, expect, it } from 'vitest';
import { readJson } from '#shared/json/read-json.js';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { subjectOfMessage } from '#shared/webhooks/ordering.js';
import { webhookPayloads, webhookRecordOf } from '#shared/webhooks/payloads/index.js';

/**
 * The savings webhook payloads (`account-closure-completed-webhook-v1.mdx`, `account-closure-failed-webhook-v1.mdx`,
 * `interest-paid-webhook-v1.mdx`): each page's example parses (two of them as JSON can hold them: the failed
 * closure's reasons in braces are an array, the interest example's missing comma is added), the table's members
 * pass, and wrong or undocumented members are refused.
 */
const ACCOUNT = '56de3483-a569-42eb-90cc-acf59661356f';

const completedExample = {
  AccountId: ACCOUNT,
  ClosureReason: 'AccountSwitched',
  TimestampCreated: '2024-07-19T13:31:30.8789344Z',
};
const completed = {
  AccountId: ACCOUNT,
  ClosureReason: 'AccountSwitched',
  AccountModifiedDateTime: '2024-07-19T13:31:30.8789344Z',
};
const failedExample = {
  AccountId: '45b542a0-1915-49de-96d8-f2dc906d5cc9',
  ClosureReason: 'AccountHolderBankrupt',
  ClosureFailureReasons: [
    'Account 45b542a0-1915-49de-96d8-f2dc906d5cc9 does not have a nominated account set',
  ],
  AccountModifiedDateTime: '2024-09-23T13:31:30.8789344Z',
};
const interestExample = {
  TransactionId: '13124f38-c5ea-4f99-a597-ab92b610629a',
  EndToEndTransactionId: '13124f38c5ea4f99a597ab92b610629a',
  Amount: 20.01,
  CurrencyCode: 'GBP',
  DebitCreditCode: 'Credit',
  Timestamp: '2026-01-31T11:41:07.334209Z',
  Reference: 'Interest payable for period 31st December 2025 to 31st January 2026',
  DestinationAccountId: 'a23e77aa-44c2-45fb-24a3-6c6d3f54b894',
  AccrualPeriod: { Start: '2025-12-31', End: '2026-01-31' },
};

const parses = (type: string, payload: unknown) => webhookPayloads[type]?.[1]?.safeParse(payload).success;

describe('savings webhook payloads', () => {
  it.each<[string, Record<string, unknown>]>([
    ['AccountClosureCompleted', completedExample],
    ['AccountClosureCompleted', completed],
    ['AccountClosureFailed', failedExample],
    ['InterestPaid', interestExample],
  ])('%s v1 accepts %o, read as the gateway reads it too', (type, payload) => {
    expect(parses(type, payload)).toBe(true);
    expect(parses(type, readJson(JSON.stringify(payload)))).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['AccountClosureCompleted', { ...completed, Extra: 1 }],
    ['AccountClosureCompleted', { ...completed, AccountId: 'account-1' }],
    ['AccountClosureCompleted', { ...completed, ClosureReason: '' }],
    ['AccountClosureCompleted', { ...completed, ClosureReason: 'x'.repeat(101) }],
    ['AccountClosureCompleted', { ...completed, ClosureReason: null }],
    ['AccountClosureCompleted', { AccountId: ACCOUNT, ClosureReason: 'Other' }],
    ['AccountClosureCompleted', { ...completed, AccountModifiedDateTime: '19/07/2024' }],
    ['AccountClosureFailed', { ...failedExample, ClosureFailureReasons: [] }],
    ['AccountClosureFailed', { ...failedExample, ClosureFailureReasons: [''] }],
    ['AccountClosureFailed', { ...failedExample, ClosureFailureReasons: 'No nominated account' }],
    ['AccountClosureFailed', { ...failedExample, ClosureFailureReason: ['x'] }],
    ['AccountClosureFailed', { ...failedExample, AccountModifiedDateTime: undefined }],
    ['InterestPaid', { ...interestExample, Amount: '20.01' }],
    ['InterestPaid', { ...interestExample, Amount: undefined }],
    ['InterestPaid', { ...interestExample, TransactionId: undefined }],
    ['InterestPaid', { ...interestExample, DestinationAccountId: 'acc' }],
    ['InterestPaid', { ...interestExample, DebitCreditCode: 'CRDT' }],
    ['InterestPaid', { ...interestExample, CurrencyCode: 'GB' }],
    ['InterestPaid', { ...interestExample, Reference: 'x'.repeat(141) }],
    ['InterestPaid', { ...interestExample, Reference: undefined }],
    ['InterestPaid', { ...interestExample, EndToEndTransactionId: 'x'.repeat(36) }],
    ['InterestPaid', { ...interestExample, Timestamp: '2026-01-31' }],
    ['InterestPaid', { ...interestExample, AccrualPeriod: { Start: '2025-12-31' } }],
    ['InterestPaid', { ...interestExample, AccrualPeriod: { Start: '31/12/2025', End: '2026-01-31' } }],
    ['InterestPaid', { ...interestExample, DestinationAccountID: interestExample.DestinationAccountId }],
  ])('%s v1 refuses %o', (type, payload) => {
    expect(parses(type, payload)).toBe(false);
  });

  it('takes the optional members absent or null, and the table spellings', () => {
    expect(parses('AccountClosureFailed', { ...failedExample, ClosureReason: null })).toBe(true);
    const {
      EndToEndTransactionId,
      CurrencyCode: _c,
      DebitCreditCode: _d,
      AccrualPeriod: _a,
      ...bare
    } = interestExample;
    expect(parses('InterestPaid', bare)).toBe(true);
    expect(parses('InterestPaid', { ...bare, CurrencyCode: null, AccrualPeriod: null, Reference: '' })).toBe(
      true,
    );
    expect(parses('InterestPaid', { ...bare, EndToEndTransactionID: EndToEndTransactionId })).toBe(true);
    expect(
      parses('InterestPaid', { ...bare, Amount: 0.0000001, Timestamp: '2026-01-31T11:41:07.334209' }),
    ).toBe(true);
  });

  it('keys a completed closure by its account, a failed one by its account and time, interest by its transaction', () => {
    const now = new Date();
    expect(webhookIdentity('AccountClosureCompleted', 1, completed, now).key).toBe(
      `AccountClosureCompleted:${ACCOUNT}`,
    );
    expect(webhookIdentity('AccountClosureFailed', 1, failedExample, now).key).toBe(
      `AccountClosureFailed:${failedExample.AccountId}:${failedExample.AccountModifiedDateTime}`,
    );
    expect(webhookIdentity('InterestPaid', 1, interestExample, now).key).toBe(
      `InterestPaid:${interestExample.TransactionId}`,
    );
  });

  it("handles an account's closure webhooks in one lane, by the account id", () => {
    const message = (Type: string, Payload: unknown) =>
      JSON.stringify({ body: JSON.stringify({ Type, Version: 1, Payload, Nonce: 1 }) });
    const lane = subjectOfMessage(message('AccountClosureCompleted', completed));
    expect(lane).toBe(JSON.stringify([ACCOUNT]));
    expect(subjectOfMessage(message('AccountClosureFailed', { ...failedExample, AccountId: ACCOUNT }))).toBe(
      lane,
    );
    expect(subjectOfMessage(message('InterestPaid', interestExample))).toBeUndefined();
    expect(webhookRecordOf('InterestPaid')?.subject).toBeUndefined();
  });
});
