import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import {
  inboundHeldTransactionPayload,
  outboundHeldTransactionPayload,
  paymentMessageAssesmentFailedPayload,
  paymentMessageValidationFailedPayload,
  transactionRejectedPayload,
  transactionSettledPayload,
} from '#shared/webhooks/payloads/payments.js';

/**
 * The payment payload schemas accept what the bank's pages document (members it marks optional, its example
 * values) and refuse what they do not. The payloads here follow the pages' examples in shape, with our values.
 */
const settled = {
  TransactionId: 'a1b2c3d4-0000-7111-4222-333344445555', // not RFC 4122 (variant 4), as on the page
  Status: 'Settled',
  Scheme: 'Chaps',
  EndToEndTransactionId: 'e2e-1',
  Amount: 9.5,
  TimestampSettled: '2025-01-02T10:00:00.100Z',
  TimestampCreated: '2025-01-02T09:59:00.000Z',
  CurrencyCode: 'GBP',
  DebitCreditCode: 'Credit',
  Reference: 'Ref 1',
  IsReturn: false,
  Account: {
    IBAN: 'GB00TEST11223312345678',
    BBAN: 'TEST11223312345678',
    OwnerName: 'A OWNER',
    TransactionOwnerName: 'A OWNER',
    InstitutionName: 'Bank',
    Balance: '100.25',
    BalanceLastUpdatedAt: '2025-01-02T10:00:00.100Z',
  },
  CounterpartAccount: {
    IBAN: 'GB00TEST44556687654321',
    OwnerName: 'B OWNER',
    TransactionOwnerName: 'B OWNER',
    InstitutionName: 'TESTGB22XXX',
  },
  ActualEndToEndTransactionId: 'e2e-1',
  DirectDebitMandateId: 'a1b2c3d4-0000-7111-4222-333344445556',
  TransactionCode: '99',
  ServiceUserNumber: '030201',
  BacsTransactionId: 'a1b2c3d4-0000-7111-4222-333344445557',
  BacsTransactionDescription: 'CreditContraTransactionSettled',
  TransactionType: 'DirectCredit',
  TransactionSource: 'CardProcessor',
  SupplementaryData: [{ Name: '20', Value: 'X1' }],
  Iso20022XmlDocument: '<Document/>',
};

const issues = (schema: { safeParse(value: unknown): { error?: { issues: unknown[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues ?? [];

describe('TransactionSettled v6', () => {
  it('accepts every documented member, the Bacs and CHAPS ones included, and the balance as text', () => {
    expect(issues(transactionSettledPayload, settled)).toEqual([]);
  });

  it('accepts a virtual account without Balance and a payload without the optional members', () => {
    const { Balance: _b, BalanceLastUpdatedAt: _u, ...account } = settled.Account;
    const minimal = Object.fromEntries(
      Object.entries({ ...settled, Account: account }).filter(
        ([key]) =>
          !['Scheme', 'CurrencyCode', 'Reference', 'SupplementaryData', 'TransactionCode'].includes(key),
      ),
    );
    expect(issues(transactionSettledPayload, minimal)).toEqual([]);
  });

  it('refuses an undocumented member, a missing required one and a scheme outside the four', () => {
    expect(issues(transactionSettledPayload, { ...settled, Extra: 1 })).not.toEqual([]);
    const { IsReturn: _r, ...missing } = settled;
    expect(issues(transactionSettledPayload, missing)).not.toEqual([]);
    expect(issues(transactionSettledPayload, { ...settled, Scheme: 'SEPA' })).not.toEqual([]);
  });
});

describe('TransactionRejected v2', () => {
  const rejected = {
    TransactionId: 'a1b2c3d4-0000-8111-b222-333344445555',
    Status: 'Rejected',
    Scheme: 'Transfer',
    EndToEndTransactionId: 'e2e-2',
    Amount: 97.45,
    TimestampModified: '2025-01-02T10:00:00.000Z',
    CurrencyCode: 'GBP',
    DebitCreditCode: 'Credit',
    Reference: 'Ref 2',
    IsReturn: false,
    CancellationReason: 'Beneficiary account name does not match',
    CancellationCode: 'CB_AccountNameInvalid',
    Account: { IBAN: 'GB00TEST11223312345678', BBAN: 'TEST11223312345678' },
    CounterpartAccount: { IBAN: 'GB00TEST44556687654321', BBAN: 'TEST44556687654321' },
  };

  it('accepts a listed CancellationCode, or none', () => {
    expect(issues(transactionRejectedPayload, rejected)).toEqual([]);
    const { CancellationCode: _c, CancellationReason: _r, ...without } = rejected;
    expect(issues(transactionRejectedPayload, without)).toEqual([]);
  });

  it('refuses a CancellationCode the page does not list', () => {
    expect(issues(transactionRejectedPayload, { ...rejected, CancellationCode: 'Unreachable' })).not.toEqual(
      [],
    );
  });
});

describe('the payment message failures', () => {
  it('PaymentMessageValidationFailed with the debtor’s optional members and a creditor by IBAN only', () => {
    const payload = {
      MessageId: '00112233-4455-6677-8899-aabbccddeeff',
      PaymentMethodType: 'Transfer',
      ValidationFailure: [{ EndToEndId: 'e2e-3', Reasons: ['Creditor name contains invalid characters'] }],
      AccountIdentification: {
        Debtor: {
          IBAN: 'GB00TEST1',
          BBAN: 'TEST1',
          CUID: null,
          UPIC: null,
          AccountName: 'A',
          InstitutionName: 'B',
        },
        Creditors: [
          { Reference: 'r', Amount: 17.95, CurrencyCode: 'GBP', IBAN: 'GB00TEST2', AccountName: 'C' },
        ],
      },
    };
    expect(issues(paymentMessageValidationFailedPayload, payload)).toEqual([]);
    expect(
      issues(paymentMessageValidationFailedPayload, { ...payload, PaymentMethodType: undefined }),
    ).not.toEqual([]);
  });

  it('PaymentMessageAssesmentFailed (sic) with the failure as an array or one object, scheme optional', () => {
    const failure = { EndToEndId: 'e2e-4', Reasons: ['Insufficient Funds'] };
    const payload = {
      MessageId: 'req-1',
      AssesmentFailure: [failure],
      AccountIdentification: {
        Debtor: { IBAN: 'GB00TEST1', BBAN: 'TEST1' },
        Creditors: [{ Reference: 'r', Amount: 17.95, IBAN: 'GB00TEST2', BBAN: 'TEST2' }],
      },
    };
    expect(issues(paymentMessageAssesmentFailedPayload, payload)).toEqual([]);
    expect(issues(paymentMessageAssesmentFailedPayload, { ...payload, AssesmentFailure: failure })).toEqual(
      [],
    );
    expect(
      issues(paymentMessageAssesmentFailedPayload, { ...payload, AssessmentFailure: [failure] }),
    ).not.toEqual([]);
  });
});

describe('the holds (outbound-held-transaction-v1.mdx, inbound-held-transaction-v1.mdx)', () => {
  // The pages' examples, their annotations dropped.
  const outbound = {
    TimestampCreated: '2019-03-01T00:00:00Z',
    Scheme: 'Chaps',
    CounterpartAccount: { BBAN: 'CUBK44556687654321', IBAN: 'GB00CUBK44556687654321' },
    Account: { BBAN: 'CUBK11223312345678', IBAN: 'GB00CUBK11223312345678' },
    TransactionAmount: 88.52,
    PaymentReference: 'a6f3c732a6a0b2a8018a06e10c6ecae2',
    EndToEndTransactionId: 'b0c50dc87f86',
  };
  const inbound = {
    TimestampCreated: '2019-03-01T00:00:00Z',
    Scheme: 'Chaps',
    Account: { BBAN: 'CUBK11223312345678', IBAN: 'GB00CUBK11223312345678' },
    CounterpartAccount: { BBAN: 'CUBK44556687654321', IBAN: 'GB00CUBK44556687654321' },
    TransactionAmount: 88.52,
    PaymentReference: 'ee9a790ea56c142c6b538916c8bd6bcc',
    EndToEndTransactionId: '5e30e0b4bfb0',
  };

  it('accept the pages’ examples, and payloads with only the mandatory members', () => {
    expect(issues(outboundHeldTransactionPayload, outbound)).toEqual([]);
    expect(issues(inboundHeldTransactionPayload, inbound)).toEqual([]);
    const { Scheme, Account, CounterpartAccount } = outbound;
    expect(issues(outboundHeldTransactionPayload, { Scheme, Account, CounterpartAccount })).toEqual([]);
    // The inbound counterpart's IBAN and BBAN are each optional.
    expect(
      issues(inboundHeldTransactionPayload, { Scheme, Account, CounterpartAccount: { IBAN: 'GB00X' } }),
    ).toEqual([]);
  });

  it('refuse an undocumented member, a scheme outside the page’s list, and a missing account', () => {
    expect(issues(outboundHeldTransactionPayload, { ...outbound, Reason: 'sanctions' })).not.toEqual([]);
    expect(issues(outboundHeldTransactionPayload, { ...outbound, Scheme: 'Bacs' })).not.toEqual([]);
    expect(issues(inboundHeldTransactionPayload, { ...inbound, Scheme: 'Bacs' })).toEqual([]);
    const { Account: _a, ...accountless } = inbound;
    expect(issues(inboundHeldTransactionPayload, accountless)).not.toEqual([]);
    expect(
      issues(outboundHeldTransactionPayload, { ...outbound, EndToEndTransactionId: 'x'.repeat(36) }),
    ).not.toEqual([]);
  });

  it('are identified by their payment’s end-to-end id and the time held, or by their hash without either', () => {
    const day = new Date('2026-03-02T10:00:00Z');
    expect(webhookIdentity('OutboundHeldTransaction', 1, outbound, day)).toEqual({
      key: 'OutboundHeldTransaction:b0c50dc87f86:2019-03-01T00:00:00Z',
      basis: 'payload',
    });
    const { EndToEndTransactionId: _e, ...anonymous } = inbound;
    expect(webhookIdentity('InboundHeldTransaction', 1, anonymous, day).basis).toBe('hash');
  });

  it('leave TransactionRejected a Reference of 140 characters, as its page says', () => {
    const rejected = {
      TransactionId: 'a1b2c3d4-0000-8111-b222-333344445555',
      Status: 'Rejected',
      Scheme: 'Chaps',
      EndToEndTransactionId: 'e2e-2',
      Amount: 97.45,
      TimestampModified: '2025-01-02T10:00:00.000Z',
      DebitCreditCode: 'Debit',
      Reference: 'r'.repeat(140),
      IsReturn: false,
      CancellationCode: 'HOPRJ',
      Account: { IBAN: 'GB00TEST11223312345678', BBAN: 'TEST11223312345678' },
      CounterpartAccount: { IBAN: 'GB00TEST44556687654321', BBAN: null },
    };
    expect(issues(transactionRejectedPayload, rejected)).toEqual([]);
    expect(issues(transactionRejectedPayload, { ...rejected, Reference: 'r'.repeat(141) })).not.toEqual([]);
  });
});
