import { describe, expect, it } from 'vitest';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { webhookPayloads, webhookRecordOf } from '#shared/webhooks/payloads/index.js';

/**
 * The Bacs item payloads (inbound payments, returns, contras, not-settled, recalls, indemnity claims) accept each
 * page's example (with the page's own JSON slips mended: missing commas, stray characters) and refuse what the
 * tables do not document. Where an example contradicts its table (a return's TransactionCode 99 or 17, a 32
 * character Reference, a debit contra without BacsTransactionId), the test says so and the table wins.
 */
const returnCreditExample = {
  SuspenseAccount: { AccountNumber: '99119911', SortCode: '001100', AccountName: 'BACS SUSPENSE ACCOUNT' },
  BeneficiaryDetails: { AccountNumber: '87654321', SortCode: '445566', AccountName: 'JANE DOE' },
  ServiceUserInformation: { AccountNumber: '12121212', SortCode: '778899', AccountName: 'UK TELECOMMS' },
  ReasonCode: '3',
  Reference: 'JADA157QWNOV2018',
  Amount: 25.5,
  // The example writes 99; the table: always RA.
  TransactionCode: 'RA',
  Source: 'Bacs',
  BacsTransactionId: 'b6bb16f4-a907-1ed8-8e1b-4e18efb1d82f',
  OriginalBacsTransactionId: 'd61b2513-f586-43da-8b72-4f6ba2e28fea',
  OriginalBacsTransactionSun: '012345',
};
const returnDebitExample = {
  PayerInformation: { AccountNumber: '43211234', SortCode: '002200', AccountName: 'MARY BROWN' },
  OriginatorInformation: { AccountNumber: '78978900', SortCode: '113344', AccountName: 'Q-MOBILE' },
  ReasonCode: 'B',
  // The example's 32-character reference; the table: at most 18.
  Reference: '2a51971a3576b2a5',
  Amount: 25.0,
  // The example writes 17; the table: U1, U7, U8 or U9.
  TransactionCode: 'U7',
  Source: 'Bacs',
  BacsTransactionId: '14a216fa-a70b-a211-3f31-47c2d992c86c',
  ProcessingDate: '2019-04-01T00:00:00Z',
  ServiceUserNumber: '030201',
  OriginalBacsTransactionId: 'd61b2513-f586-43da-8b72-4f6ba2e28fea',
  OriginalBacsTransactionSun: '012345',
};
const inboundCreditExample = {
  ServiceUserInformation: { AccountName: 'NATIONAL LOTTO', SortCode: '040400', AccountNumber: '00003179' },
  BeneficiaryDetails: { AccountName: 'MARY BROWN', SortCode: '787899', AccountNumber: '00000331' },
  Reference: 'VIR-WASPAPERTWO',
  Amount: 1.16,
  ProcessingDate: '2018-12-30T00:00:00Z',
  TransactionCode: '99',
  ServiceUserNumber: '223556',
  Source: 'Bacs',
  BacsTransactionId: '74134b3e-3ef6-c9de-23cb-08c945acf200',
};
const inboundDebitExample = {
  PayerInformation: { AccountName: 'John Doe', SortCode: '112233', AccountNumber: '12345678' },
  OriginatorInformation: { AccountName: 'UK Telecomms', SortCode: '778899', AccountNumber: '12121212' },
  Amount: 13.75,
  // The example's reference is 17 characters; the table allows 18.
  Reference: 'JODTR54PXZNOV2018',
  ProcessingDate: '2019-01-01T00:00:00Z',
  ServiceUserNumber: '010203',
  TransactionCode: '01',
  Source: 'Bacs',
  BacsTransactionId: 'd9c36960-53dc-fb00-8b4b-d35bdcd8ac03',
};
const heldExample = {
  ServiceUserInformation: { AccountName: 'UK Telecomms', SortCode: '778899', AccountNumber: '12121212' },
  BeneficiaryDetails: { AccountName: 'Jane Doe', SortCode: '445566', AccountNumber: '87654321' },
  Reference: 'd7eac213eb6143e0900c0cea2620ec8a',
  Amount: 20.5,
  ProcessingDate: '2019-04-01T00:00:00Z',
  TransactionCode: '99',
  Source: 'Bacs',
  BacsTransactionId: 'f688dfa0-584e-22b9-4444-584301077bbb',
};
const creditContraExample = {
  ServiceUserInformation: { AccountName: 'UK Telecomms', SortCode: '778899', AccountNumber: '12121212' },
  BeneficiaryDetails: { AccountName: 'Jane Doe', SortCode: '445566', AccountNumber: '87654321' },
  Reference: 'JADA157QWNOV2018',
  Amount: 25.5,
  ProcessingDate: '2019-04-01T00:00:00Z',
  TransactionCode: '17',
  Status: 'Processed',
  Source: 'Bacs',
  BacsTransactionId: '0cf25a7b-4c55-3452-d623-d22acc48320e',
};
const debitContraExample = {
  PayerInformation: { AccountName: 'Jane Doe', SortCode: '445566', AccountNumber: '87654321' },
  OriginatorInformation: { AccountName: 'UK Telecomms', SortCode: '778899', AccountNumber: '12121212' },
  Reference: 'JADA157QWNOV2018',
  Amount: 25.5,
  ProcessingDate: '2019-04-01T00:00:00Z',
  TransactionCode: '99',
  Status: 'Processed',
  Source: 'Bacs',
  // In the table, not in the example.
  BacsTransactionId: '5c0e7a9c-2f4d-4c1e-8a6b-9d3f1e2c7a51',
};
const notSettledParties = {
  DebtorInformation: { AccountName: 'UK TELECOMMS', SortCode: '778899', AccountNumber: '12121212' },
  CreditorInformation: { AccountName: 'JANE DOE', SortCode: '445566', AccountNumber: '87654321' },
  Reference: 'JADA157QWNOV2018',
  Amount: 25.5,
  ProcessingDate: '2019-04-01T00:00:00Z',
  Status: 'ContraNotReceived',
  Source: 'Bacs',
};
// The examples write 99 and 01; the tables: U1, U7, U8, U9 (credit) and RA (debit).
const creditNotSettledExample = {
  ...notSettledParties,
  TransactionCode: 'U1',
  BacsTransactionId: '003c20e5-27d0-9e81-15a5-d60e96839349',
};
const debitNotSettledExample = {
  ...notSettledParties,
  TransactionCode: 'RA',
  BacsTransactionId: '2d9695a4-6683-d640-2a51-cd271dd9012b',
};
const recalledExample = {
  CreditorInformation: { AccountNumber: '12121212', SortCode: '778899', AccountName: 'UK TELECOMMS' },
  DebtorInformation: { AccountNumber: '78978900', SortCode: '113344', AccountName: 'Q-MOBILE' },
  RecallingAccountInformation: { AccountNumber: '12345678', SortCode: '223366', AccountName: 'TT-MOBILE' },
  ServiceUserName: 'Q-MOBILE',
  ServiceUserNumber: '030201',
  Amount: 13.5,
  PaymentReference: 'DCRECALLEDTEST',
  TransactionCode: '99',
  Status: 'Recalled',
  ProcessingDate: '2018-11-01T00:00:00',
  SettlementDate: '2018-11-01T00:00:00',
  TransactionType: 'DirectCredit',
  Source: 'Portal',
  BacsTransactionId: '37090806-87b5-2f35-f022-717164d11fe1',
  SuspenseAccountId: '37090806-87b5-2f35-f022-717164d11fe1',
  RecallReference: 'NewRecalledReferen',
};
const indemnityExample = {
  CreditorInformation: { AccountName: 'UK TELECOMMS', SortCode: '778899', AccountNumber: '12121212' },
  DebtorInformation: { AccountName: 'JANE DOE', SortCode: '445566', AccountNumber: '87654321' },
  Reference: 'JADA157QWNOV2018',
  Amount: 25.5,
  ProcessingDate: '2019-04-01T00:00:00Z',
  TransactionCode: '17',
  Status: 'Processed',
  ServiceUserNumber: '010203',
  ReasonCode: '5',
  SettlementDate: '2018-08-01T00:00:00Z',
  Source: 'Bacs',
  BacsTransactionId: '6df46804-65fd-3653-2a5f-a69631687d14',
};

/** Type, Version, the page's example payload. Each is keyed by its own BacsTransactionId. */
const examples: [string, number, Record<string, unknown>][] = [
  ['BacsDirectCreditReturnCreated', 4, returnCreditExample],
  ['BacsDirectDebitReturnCreated', 4, returnDebitExample],
  ['BacsDirectCreditInboundPaymentCreated', 2, inboundCreditExample],
  ['BacsDirectDebitInboundPaymentCreated', 2, inboundDebitExample],
  ['BacsDirectCreditInboundPaymentHeld', 3, heldExample],
  ['BacsCreditContraReceived', 3, creditContraExample],
  ['BacsDebitContraReceived', 3, debitContraExample],
  ['BacsCreditPaymentNotSettled', 3, creditNotSettledExample],
  ['BacsDebitPaymentNotSettled', 3, debitNotSettledExample],
  ['BacsDirectCreditRecalled', 1, recalledExample],
  ['BacsDirectDebitIndemnityClaimReceived', 3, indemnityExample],
  ['BacsDirectDebitIndemnityClaimReceivedEvent', 3, indemnityExample],
];

const issuesOf = (type: string, version: number, payload: unknown) => {
  const schema = webhookPayloads[type]?.[version];
  if (!schema) throw new Error(`no payload registered for ${type} v${version}`);
  return schema.safeParse(payload).error?.issues.map((issue) => issue.path.join('.')) ?? [];
};

describe('Bacs item webhook payloads', () => {
  it.each(examples)(
    '%s v%i: the page example passes, keyed by its BacsTransactionId',
    (type, version, payload) => {
      expect(issuesOf(type, version, payload)).toEqual([]);
      expect(webhookIdentity(type, version, payload, new Date()).key).toBe(
        `${type}:${payload.BacsTransactionId as string}`,
      );
      expect(issuesOf(`${type}V${version}`, version, payload)).toEqual([]);
    },
  );

  it.each(examples)(
    '%s v%i: an undocumented member fails, and so does a missing one',
    (type, version, payload) => {
      expect(issuesOf(type, version, { ...payload, Extra: 1 })).not.toEqual([]);
      const { BacsTransactionId: _dropped, ...without } = payload;
      expect(issuesOf(type, version, without)).toEqual(['BacsTransactionId']);
    },
  );

  it('holds the tables where the examples stray', () => {
    expect(
      issuesOf('BacsDirectCreditReturnCreated', 4, { ...returnCreditExample, TransactionCode: '99' }),
    ).toEqual(['TransactionCode']);
    expect(issuesOf('BacsDirectCreditReturnCreated', 4, { ...returnCreditExample, ReasonCode: '9' })).toEqual(
      ['ReasonCode'],
    );
    expect(
      issuesOf('BacsDirectDebitReturnCreated', 4, { ...returnDebitExample, TransactionCode: '17' }),
    ).toEqual(['TransactionCode']);
    expect(
      issuesOf('BacsDirectDebitReturnCreated', 4, {
        ...returnDebitExample,
        Reference: '2a51971a3576b2a5960ff65202e1539d',
      }),
    ).toEqual(['Reference']);
    expect(
      issuesOf('BacsDirectCreditReturnCreated', 4, {
        ...returnCreditExample,
        ServiceUserInformation: { AccountNumber: '1212', SortCode: '778899', AccountName: 'UK' },
      }),
    ).toEqual(['ServiceUserInformation.AccountNumber']);
    expect(
      issuesOf('BacsDebitPaymentNotSettled', 3, { ...debitNotSettledExample, TransactionCode: 'U1' }),
    ).toEqual(['TransactionCode']);
    expect(
      issuesOf('BacsDirectDebitIndemnityClaimReceived', 3, { ...indemnityExample, ReasonCode: '9' }),
    ).toEqual(['ReasonCode']);
    expect(
      issuesOf('BacsDirectDebitIndemnityClaimReceived', 3, { ...indemnityExample, Source: 'Api' }),
    ).toEqual(['Source']);
  });

  it('orders returns with the item they return, and every other item by its own id', () => {
    expect(webhookRecordOf('BacsDirectCreditReturnCreated')?.subject).toEqual(['OriginalBacsTransactionId']);
    expect(webhookRecordOf('BacsDirectDebitReturnCreatedV4')?.subject).toEqual(['OriginalBacsTransactionId']);
    expect(webhookRecordOf('BacsDirectCreditRecalled')?.subject).toEqual(['BacsTransactionId']);
  });
});
