import { describe, expect, it } from 'vitest';
import {
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
