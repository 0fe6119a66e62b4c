import { describe, expect, it } from 'vitest';
import { JsonNumber } from '#shared/json/read-json.js';
import { parseEnvelope } from '#shared/webhooks/envelope.js';
import { webhookIdentity } from '#shared/webhooks/identity.js';
import { TYPES_WITH_INSTITUTION_ID, webhookInstitutionId } from '#shared/webhooks/payloads/mccy-accounts.js';
import { webhookPayloads } from '#shared/webhooks/payloads/index.js';

/**
 * The multi-currency account, internal transfer and statement payload schemas accept what the bank's pages
 * document (their tables, optional members absent or null, the examples) and refuse what they do not; each
 * type is registered under its Type and Version and keyed by its fields (webhooks.md, "Key").
 * Payloads are the pages' examples.
 */
const accountCreated = {
  AccountId: 'd55149f7-f052-49cc-865b-7446b4fb05f5',
  Name: 'John Doe',
  Label: 'John Doe',
  Owner: 'Financial Services Limited',
  Kind: 'YourFunds',
  Currencies: ['EUR', 'GBP'],
  Status: 'Active',
  ProductId: 'f65f7f4b-b724-4692-b375-5a48513d732c',
  CustomerId: '9e9ac5af-53bc-4b77-a5ac-bd001c866ce3',
  Identifiers: [{ Identifier: 'GB88BARC20040425385198', Kind: 'IBAN' }],
  TimestampCreated: '2021-04-08T12:00:00.0000000',
  Type: 'Customer',
};
const accountUpdated = {
  AccountId: '1afe639b-60d0-4d88-8b81-046dcf0219f7',
  Name: 'Gen Seg Eco Bank',
  Label: 'Mid tier asset funds',
  Owner: 'Eco Bank',
  Kind: 'YourFunds',
  Currencies: ['EUR'],
  Status: 'Suspended',
  ProductId: '8026e2f2-d127-422d-ae10-ef689282b11d',
  CustomerId: 'ba13205e-0ad3-406c-963b-14561d583bf3',
  Identifiers: [{ Identifier: 'GB29CLRB40391731926000', Kind: 'Iban' }],
  TimestampCreated: '2020-10-22T20:50:17.7107385',
  TimestampModified: '2021-05-09T07:26:12.2224526',
  StatusReason: 'FraudThirdParty',
  StatusInformation: 'Customer spotted some unrecognised transactions on their account',
  Type: 'Customer',
};
const virtualAccountCreated = {
  VirtualAccountId: 'b3c93a68-5992-4f83-99d5-f13405fd2d90',
  AccountId: 'd55149f7-f052-49cc-865b-7446b4fb05f5',
  BatchId: '21d70e60-61f0-4bfb-bd22-a460216947b4',
  Owner: 'Joe Brown',
  Status: 'Active',
  Identifiers: [{ Identifier: 'GB88BARC20040425385198', Kind: 'IBAN' }],
  TimestampCreated: '2021-04-08T12:00:00.0000000',
};
const virtualAccountUpdated = {
  VirtualAccountId: '2a77e175-9bf2-4e0b-a8ca-4cee0610cf26',
  AccountId: '78b208f0-498e-4412-b462-68beadb6e555',
  Owner: 'E2E Financial Services Limited',
  Status: 'Suspended',
  Identifiers: [{ Identifier: 'GB43CLRB04040545703930', Kind: 'Iban' }],
  TimestampCreated: '2021-07-21T09:06:33.0628794Z',
  TimestampModified: '2021-07-21T10:00:45.3113241Z',
  StatusReason: null,
  StatusInformation: null,
};
const transferSettled = {
  EndToEndId: '56de3483a56942eb90ccacf59661356f',
  DebitAccountIban: 'GB00CUBK11223312345678',
  CreditAccountIban: 'GB00CUBK88776687654321',
  InstructedCurrency: 'NOK',
  InstructedAmount: 13,
  Reference: 'f92af28f-0635-4d81-893f-6c32af1d2a17',
};
const transferCancelled = {
  CancellationCode: 'AssessmentFailed',
  FailureReasons: ['Not enough funds'],
  EndToEndId: '9020d28f67f042aca26ae4f031765af5',
  DebitAccountIban: 'GB00CUBK11223312345678',
  CreditAccountIban: 'GB00CUBK88776687654321',
  InstructedCurrency: 'EUR',
  InstructedAmount: 53,
  Reference: '226ef602-43e1-48a3-9fbd-f6a80849d74f',
};
const institutionStatement = {
  Uri: 'https://s9rzi0fsit.blob.core.windows.net/qhd30vev6g/Statement_EUR_2021_06.csv?se=2021-07-10T08%3A11%3A33Z&sr=b&sp=r&sig=spjcgi9e1o',
  ValidUntilDate: '2021-07-10T00:00:00Z',
  Year: 2021,
  Month: 6,
  Currency: 'EUR',
  Format: 'csv',
};
const accountStatement = { ...institutionStatement, AccountIban: 'GB88BARC20035395232336' };

/** Type, a payload as the page documents it, and its expected identity key (every type is version 1). */
const examples: [string, Record<string, unknown>, string][] = [
  ['Accounts.AccountCreated', accountCreated, `Accounts.AccountCreated:${accountCreated.AccountId}`],
  [
    'Accounts.AccountUpdated',
    accountUpdated,
    `Accounts.AccountUpdated:${accountUpdated.AccountId}:${accountUpdated.TimestampModified}`,
  ],
  [
    'Accounts.VirtualAccountCreated',
    virtualAccountCreated,
    `Accounts.VirtualAccountCreated:${virtualAccountCreated.VirtualAccountId}`,
  ],
  [
    'Accounts.VirtualAccountUpdated',
    virtualAccountUpdated,
    `Accounts.VirtualAccountUpdated:${virtualAccountUpdated.VirtualAccountId}:${virtualAccountUpdated.TimestampModified}`,
  ],
  [
    'Mccy.InternalTransfers.Settled',
    transferSettled,
    `Mccy.InternalTransfers.Settled:${transferSettled.EndToEndId}`,
  ],
  [
    'Mccy.InternalTransfers.Cancelled',
    transferCancelled,
    `Mccy.InternalTransfers.Cancelled:${transferCancelled.EndToEndId}`,
  ],
  [
    'MCCY.Statements.InstitutionStatement',
    institutionStatement,
    'MCCY.Statements.InstitutionStatement:2021:6:EUR',
  ],
  [
    'MCCY.Statements.AccountStatement',
    accountStatement,
    'MCCY.Statements.AccountStatement:GB88BARC20035395232336:2021:6:EUR',
  ],
];

const schemaOf = (type: string) => {
  const schema = webhookPayloads[type]?.[1];
  if (!schema) throw new Error(`no payload registered for ${type} v1`);
  return schema;
};

const issuesOf = (type: string, payload: unknown) =>
  schemaOf(type)
    .safeParse(payload)
    .error?.issues.map((issue) => issue.path.join('.')) ?? [];

/** A required member of each type, dropped to show it is required. */
const required: Record<string, string> = {
  'Accounts.AccountCreated': 'Type',
  'Accounts.AccountUpdated': 'TimestampModified',
  'Accounts.VirtualAccountCreated': 'BatchId',
  'Accounts.VirtualAccountUpdated': 'Identifiers',
  'Mccy.InternalTransfers.Settled': 'EndToEndId',
  'Mccy.InternalTransfers.Cancelled': 'FailureReasons',
  'MCCY.Statements.InstitutionStatement': 'Uri',
  'MCCY.Statements.AccountStatement': 'AccountIban',
};

describe('multi-currency webhook payloads', () => {
  it.each(examples)(
    '%s v1: registered, the documented payload passes, keyed by its fields',
    (type, payload, key) => {
      expect(issuesOf(type, payload)).toEqual([]);
      expect(webhookIdentity(type, 1, payload, new Date())).toEqual({ key, basis: 'payload' });
    },
  );

  it.each(examples)(
    '%s v1: an undocumented member fails, and so does a missing required one',
    (type, payload) => {
      expect(issuesOf(type, { ...payload, Extra: 1 })).not.toEqual([]);
      const member = required[type] as string;
      const { [member]: _dropped, ...without } = payload;
      expect(issuesOf(type, without)).toEqual([member]);
    },
  );

  it('takes the optional members absent or null', () => {
    const { ProductId: _p, CustomerId: _c, ...fundsAccount } = accountCreated;
    expect(issuesOf('Accounts.AccountCreated', fundsAccount)).toEqual([]);
    expect(
      issuesOf('Accounts.AccountCreated', { ...fundsAccount, ProductId: null, CustomerId: null }),
    ).toEqual([]);
    const { StatusReason: _r, StatusInformation: _i, ...noReason } = accountUpdated;
    expect(issuesOf('Accounts.AccountUpdated', noReason)).toEqual([]);
    const { Reference: _ref, ...noReference } = transferSettled;
    expect(issuesOf('Mccy.InternalTransfers.Settled', noReference)).toEqual([]);
  });

  it('takes every status reason the status operations take, not only the ten the pages list', () => {
    for (const reason of ['FraudConfirmed', 'KYCRequired', 'DuplicateAccount'])
      expect(
        issuesOf('Accounts.VirtualAccountUpdated', { ...virtualAccountUpdated, StatusReason: reason }),
      ).toEqual([]);
    expect(
      issuesOf('Accounts.AccountUpdated', { ...accountUpdated, StatusReason: 'DuplicateSoleTraderAccount' }),
    ).toEqual(['StatusReason']);
  });

  it('names a transfer side by its account id when it has no IBAN, and needs one of the two', () => {
    const { DebitAccountIban: _d, ...noDebitIban } = transferSettled;
    const other = { Kind: 'AccountId', Identifier: '3fa85f64-5717-4562-b3fc-2c963f66afa6' };
    expect(issuesOf('Mccy.InternalTransfers.Settled', { ...noDebitIban, DebitAccountOther: other })).toEqual(
      [],
    );
    expect(issuesOf('Mccy.InternalTransfers.Settled', noDebitIban)).toEqual(['']);
    expect(
      issuesOf('Mccy.InternalTransfers.Settled', {
        ...noDebitIban,
        DebitAccountOther: { ...other, Kind: 'Iban' },
      }),
    ).toEqual(['DebitAccountOther.Kind']);
  });

  it('takes the amount as a number, also with the digits kept by the gateway reader', () => {
    expect(
      issuesOf('Mccy.InternalTransfers.Settled', {
        ...transferSettled,
        InstructedAmount: new JsonNumber('13.10'),
      }),
    ).toEqual([]);
    expect(
      issuesOf('Mccy.InternalTransfers.Settled', { ...transferSettled, InstructedAmount: '13.10' }),
    ).toEqual(['InstructedAmount']);
  });

  it('refuses values outside the tables: lengths, GUIDs, codes, months, dates and links', () => {
    expect(issuesOf('Accounts.AccountCreated', { ...accountCreated, Currencies: ['EURO'] })).toEqual([
      'Currencies.0',
    ]);
    expect(issuesOf('Accounts.AccountCreated', { ...accountCreated, Type: 'Savings' })).toEqual(['Type']);
    expect(issuesOf('Accounts.AccountCreated', { ...accountCreated, Label: 'L'.repeat(101) })).toEqual([
      'Label',
    ]);
    expect(issuesOf('Accounts.AccountCreated', { ...accountCreated, AccountId: 'a-1' })).toEqual([
      'AccountId',
    ]);
    expect(
      issuesOf('Accounts.VirtualAccountCreated', {
        ...virtualAccountCreated,
        Identifiers: [{ Identifier: '', Kind: 'IBAN' }],
      }),
    ).toEqual(['Identifiers.0.Identifier']);
    expect(
      issuesOf('Accounts.VirtualAccountUpdated', {
        ...virtualAccountUpdated,
        StatusInformation: 'i'.repeat(101),
      }),
    ).toEqual(['StatusInformation']);
    expect(
      issuesOf('Mccy.InternalTransfers.Cancelled', { ...transferCancelled, CancellationCode: 'Other' }),
    ).toEqual(['CancellationCode']);
    expect(
      issuesOf('Mccy.InternalTransfers.Cancelled', { ...transferCancelled, FailureReasons: [] }),
    ).toEqual(['FailureReasons']);
    expect(
      issuesOf('Mccy.InternalTransfers.Settled', { ...transferSettled, EndToEndId: 'e'.repeat(36) }),
    ).toEqual(['EndToEndId']);
    expect(issuesOf('MCCY.Statements.InstitutionStatement', { ...institutionStatement, Month: 13 })).toEqual([
      'Month',
    ]);
    expect(
      issuesOf('MCCY.Statements.InstitutionStatement', { ...institutionStatement, Uri: 'not a link' }),
    ).toEqual(['Uri']);
    expect(
      issuesOf('MCCY.Statements.AccountStatement', { ...accountStatement, ValidUntilDate: 'tomorrow' }),
    ).toEqual(['ValidUntilDate']);
  });
});

describe('the top-level InstitutionId some multi-currency pages show', () => {
  it('names the types whose page shows it', () => {
    expect([...TYPES_WITH_INSTITUTION_ID]).toEqual([
      'Accounts.AccountCreated',
      'Accounts.AccountUpdated',
      'Accounts.VirtualAccountCreated',
    ]);
    expect(webhookInstitutionId.safeParse('faeac33e-e6ea-4712-991d-8c85d0eefda0').success).toBe(true);
  });

  it('is accepted by the envelope reader beside Type, Version, Payload and Nonce', () => {
    const body = JSON.stringify({
      InstitutionId: 'faeac33e-e6ea-4712-991d-8c85d0eefda0',
      Type: 'Accounts.AccountCreated',
      Version: 1,
      Payload: accountCreated,
      Nonce: 748392098,
    });
    const envelope = parseEnvelope(body);
    expect(envelope).toMatchObject({ type: 'Accounts.AccountCreated', version: 1, nonceDigits: '748392098' });
    expect(issuesOf(envelope.type, envelope.payload)).toEqual([]);
  });
});
