import { describe, expect, it } from 'vitest';
import { STATEMENT_MESSAGES } from '#shared/domain/statement-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import {
  addMccyAccountCurrency,
  amendMccyAccount,
  amendMccyVirtualAccount,
  closeMccyAccount,
  closeMccyVirtualAccount,
  createMccyAccount,
  createMccyInternalTransfer,
  createMccyVirtualAccount,
  listMccyAccounts,
  listMccyAccountTransactions,
  listMccyVirtualAccountTransactions,
  mccyAccountOperations,
  requestMccyAccountStatement,
  requestMccyInstitutionStatement,
  setMccyAccountStatus,
  setMccyVirtualAccountStatus,
  simulateMccyInboundPayment,
} from '#shared/operations/mccy-accounts/operations.js';
import { MESSAGES } from '#shared/operations/mccy-accounts/schemas.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';

const PATH_VALUES: Record<string, string> = {
  accountId: '98efba88-c43e-41c5-9d47-0938f2fe7192',
  virtualAccountId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  transactionId: '190e5d1d-7016-4efe-9988-3ebfecb21192',
  iban: 'DE89370400440532013000',
  accountUniqueId: 'EUR',
};

/** 2026-03-10 (UK): February 2026 is open, March 2024 is 24 months back. */
const NOW = new Date('2026-03-10T10:00:00Z');

function errorsOf(
  operation: Operation,
  request: {
    body?: unknown;
    query?: Record<string, string>;
    pathParams?: Record<string, string>;
    idempotencyKey?: string | null;
    now?: Date;
  } = {},
) {
  const result = checkRequest(
    operation,
    {
      pathParams:
        request.pathParams ??
        Object.fromEntries(pathParamNames(operation.path).map((name) => [name, PATH_VALUES[name] ?? ''])),
      query: request.query ?? {},
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
      contentType: 'application/json',
      idempotencyKey: request.idempotencyKey === null ? undefined : (request.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: request.now ?? NOW },
  );
  return result.ok ? {} : result.errors;
}

type Json = Record<string, unknown>;
/** The reference's example values (`mccy-accounts-v2.json`: "Mid tier asset funds", "Eco Bank", CLRBGB99, 010203). */
const account = (overrides: Json = {}): Json => ({
  label: 'Mid tier asset funds',
  owner: 'Eco Bank',
  kind: 'GeneralSegregated',
  currencies: ['EUR', 'USD'],
  bankIdentifierCode: 'CLRBGB99',
  routingCode: '010203',
  ...overrides,
});
const transfer = (overrides: Json = {}): Json => ({
  debitAccountIban: 'DE89370400440532013000',
  creditAccountIban: 'GB82WEST12345698765432',
  instructedAmount: 100.5,
  instructedCurrency: 'EUR',
  endToEndId: 'E2E/2026:03-10."+1',
  reference: 'Move funds',
  ...overrides,
});
const inbound = (overrides: Json = {}): Json => ({
  instructedCurrency: 'EUR',
  instructedAmount: 250,
  reference: 'Funding',
  endToEndId: 'E2E123',
  ultimateCreditor: { iban: 'DE89370400440532013000', name: 'Eco Bank', address: '1 High Street' },
  ultimateDebtor: { identifier: 'FR7630006000011234567890189', name: 'Payer', address: 'Paris' },
  ...overrides,
});
const statement = (overrides: Json = {}): Json => ({
  year: 2026,
  month: 2,
  format: 'csv',
  currency: 'EUR',
  ...overrides,
});

/** The refusal of a number sent as text: the rule, then what to send. */
const asText = (message: string, digits: string) =>
  `${message} Send a JSON number written with the digits wanted (${digits}, without quotes), not text: the value is read exactly as written.`;

describe('multi-currency operation records', () => {
  it('has the twenty ids on the mccy-accounts function, at the reference paths, in the plain problem form', () => {
    expect(
      mccyAccountOperations.map((operation) => [operation.id, operation.method, operation.path]),
    ).toEqual([
      ['createMccyAccount', 'POST', '/mccy/v2/Accounts'],
      ['listMccyAccounts', 'GET', '/mccy/v1/Accounts'],
      ['getMccyAccount', 'GET', '/mccy/v1/Accounts/{accountId}'],
      ['amendMccyAccount', 'PATCH', '/mccy/v1/Accounts/{accountId}'],
      ['setMccyAccountStatus', 'PATCH', '/mccy/v1/Accounts/{accountId}/status'],
      ['addMccyAccountCurrency', 'POST', '/mccy/v1/Accounts/{accountId}/currencies'],
      ['getMccyAccountBalances', 'GET', '/mccy/v1/Accounts/{accountId}/balances'],
      ['closeMccyAccount', 'DELETE', '/mccy/v1/Accounts/{accountId}'],
      ['createMccyVirtualAccount', 'POST', '/mccy/v1/VirtualAccounts'],
      ['getMccyVirtualAccount', 'GET', '/mccy/v1/VirtualAccounts/{virtualAccountId}'],
      ['amendMccyVirtualAccount', 'PATCH', '/mccy/v1/VirtualAccounts/{virtualAccountId}'],
      ['setMccyVirtualAccountStatus', 'PATCH', '/mccy/v1/VirtualAccounts/{virtualAccountId}/status'],
      ['closeMccyVirtualAccount', 'DELETE', '/mccy/v1/VirtualAccounts/{virtualAccountId}'],
      ['listMccyAccountTransactions', 'GET', '/mccy/v1/Accounts/{accountId}/transactions'],
      [
        'listMccyVirtualAccountTransactions',
        'GET',
        '/mccy/v1/VirtualAccounts/{virtualAccountId}/transactions',
      ],
      ['getMccyTransaction', 'GET', '/mccy/v1/Transactions/{transactionId}'],
      ['requestMccyInstitutionStatement', 'POST', '/mccy/v1/StatementRequests'],
      ['requestMccyAccountStatement', 'POST', '/mccy/v1/StatementRequests/account/{iban}'],
      ['createMccyInternalTransfer', 'POST', '/v1/mccy/internaltransfers'],
      ['simulateMccyInboundPayment', 'POST', '/v1/mccy/inboundpayment/{accountUniqueId}'],
    ]);
    for (const operation of mccyAccountOperations) {
      expect(operation.fn).toBe('mccy-accounts');
      expect(operation.problemForm).toBe('plain');
    }
  });

  it('requires an Idempotency-Key on the creates, the statement requests and the money, and accepts none elsewhere', () => {
    expect(
      mccyAccountOperations.filter((operation) => operation.requiresIdempotencyKey).map((o) => o.id),
    ).toEqual([
      'createMccyAccount',
      'createMccyVirtualAccount',
      'requestMccyInstitutionStatement',
      'requestMccyAccountStatement',
      'createMccyInternalTransfer',
      'simulateMccyInboundPayment',
    ]);
    expect(errorsOf(createMccyAccount, { body: account(), idempotencyKey: null })).toHaveProperty(
      'Idempotency-Key',
    );
    expect(errorsOf(amendMccyAccount, { body: { label: 'L', owner: 'O' }, idempotencyKey: null })).toEqual(
      {},
    );
  });

  it('offers the simulated inbound payment in simulation only', () => {
    expect(simulateMccyInboundPayment.environments).toEqual(['simulation']);
    expect(mccyAccountOperations.filter((operation) => operation.environments !== undefined)).toHaveLength(1);
  });
});

describe('real account create (mccy-accounts-v2.json)', () => {
  it('accepts the reference example, with identifiers and FSCS ids or without', () => {
    expect(errorsOf(createMccyAccount, { body: account() })).toEqual({});
    expect(
      errorsOf(createMccyAccount, {
        body: account({
          identifiers: [{ identifier: 'GB82WEST12345698765432', kind: 'Iban' }],
          productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
          customerId: null,
        }),
      }),
    ).toEqual({});
  });

  it('holds label to 1..100 and owner to 1..140 characters, neither with < > ; or "', () => {
    expect(
      errorsOf(createMccyAccount, { body: account({ label: 'x'.repeat(100), owner: 'y'.repeat(140) }) }),
    ).toEqual({});
    expect(errorsOf(createMccyAccount, { body: account({ label: 'x'.repeat(101) }) })).toEqual({
      label: [MESSAGES.label],
    });
    expect(errorsOf(createMccyAccount, { body: account({ label: '' }) })).toEqual({
      label: [MESSAGES.label],
    });
    expect(errorsOf(createMccyAccount, { body: account({ owner: 'y'.repeat(141) }) })).toEqual({
      owner: [MESSAGES.owner],
    });
    for (const character of ['<', '>', ';', '"']) {
      expect(errorsOf(createMccyAccount, { body: account({ label: `a${character}b` }) })).toEqual({
        label: [MESSAGES.labelCharacters],
      });
      expect(errorsOf(createMccyAccount, { body: account({ owner: `a${character}b` }) })).toEqual({
        owner: [MESSAGES.ownerCharacters],
      });
    }
  });

  it('takes the five kinds only', () => {
    for (const kind of [
      'YourFunds',
      'GeneralSegregated',
      'DesignatedSegregated',
      'GeneralClient',
      'DesignatedClient',
    ]) {
      expect(errorsOf(createMccyAccount, { body: account({ kind }) })).toEqual({});
    }
    expect(errorsOf(createMccyAccount, { body: account({ kind: 'SegregatedPooled' }) })).toEqual({
      kind: [MESSAGES.kind],
    });
  });

  it('takes three-letter currencies, at least one, never GBP nor twice', () => {
    expect(errorsOf(createMccyAccount, { body: account({ currencies: ['GBP'] }) })).toEqual({
      'currencies.0': [MESSAGES.currency('currencies')],
    });
    expect(errorsOf(createMccyAccount, { body: account({ currencies: ['EUR', 'eur'] }) })).toEqual({
      'currencies.1': [MESSAGES.currency('currencies')],
    });
    expect(errorsOf(createMccyAccount, { body: account({ currencies: ['EURO'] }) })).toHaveProperty(
      'currencies.0',
    );
    expect(errorsOf(createMccyAccount, { body: account({ currencies: [] }) })).toEqual({
      currencies: [MESSAGES.currencies],
    });
    expect(errorsOf(createMccyAccount, { body: account({ currencies: ['EUR', 'EUR'] }) })).toEqual({
      currencies: [MESSAGES.currenciesRepeated],
    });
  });

  it('takes a BIC of 8 or 11 characters, with a sort code as routing code when the BIC is a UK one', () => {
    expect(errorsOf(createMccyAccount, { body: account({ bankIdentifierCode: 'CLRBGB99XXX' }) })).toEqual({});
    expect(
      errorsOf(createMccyAccount, { body: account({ bankIdentifierCode: 'CLRBNL2A', routingCode: null }) }),
    ).toEqual({});
    for (const bic of ['CLRBGB9', 'CLRBGB99X', 'CLRBGB99XXXX', 'clrbgb99']) {
      expect(errorsOf(createMccyAccount, { body: account({ bankIdentifierCode: bic }) })).toEqual({
        bankIdentifierCode: [MESSAGES.bankIdentifierCode],
      });
    }
    expect(errorsOf(createMccyAccount, { body: account({ routingCode: null }) })).toEqual({
      routingCode: [MESSAGES.routingCodeForUk],
    });
    expect(errorsOf(createMccyAccount, { body: account({ routingCode: '01-02-03' }) })).toHaveProperty(
      'routingCode',
    );
    // Both are required members (nullable) in the published schema.
    const { routingCode: _omitted, ...withoutRoutingCode } = account();
    expect(errorsOf(createMccyAccount, { body: withoutRoutingCode })).toHaveProperty('routingCode');
  });

  it('checks a supplied IBAN identifier for format and check digits, of kind Iban', () => {
    expect(
      errorsOf(createMccyAccount, {
        body: account({ identifiers: [{ identifier: 'GB82WEST12345698765433', kind: 'Iban' }] }),
      }),
    ).toEqual({ 'identifiers.0.identifier': [MESSAGES.iban] });
    expect(
      errorsOf(createMccyAccount, {
        body: account({ identifiers: [{ identifier: 'GB82WEST12345698765432', kind: 'Bban' }] }),
      }),
    ).toEqual({ 'identifiers.0.kind': [MESSAGES.identifierKind] });
  });

  it('refuses members the reference does not define', () => {
    expect(errorsOf(createMccyAccount, { body: account({ sortCode: '010203' }) })).toHaveProperty('sortCode');
  });
});

describe('real account amend, status, currency and close (mccy-accounts-v1.json)', () => {
  it('amends label 1..100 and owner 1..140, both required', () => {
    expect(errorsOf(amendMccyAccount, { body: { label: 'x'.repeat(100), owner: 'y'.repeat(140) } })).toEqual(
      {},
    );
    expect(errorsOf(amendMccyAccount, { body: { label: 'x'.repeat(101), owner: 'y' } })).toEqual({
      label: [MESSAGES.labelAmend],
    });
    expect(errorsOf(amendMccyAccount, { body: { label: 'x' } })).toHaveProperty('owner');
  });

  it('sets Active or Suspended with one of the eighteen reasons and information of at most 100', () => {
    for (const operation of [setMccyAccountStatus, setMccyVirtualAccountStatus]) {
      expect(
        errorsOf(operation, {
          body: { status: 'Suspended', statusReason: 'KYCRequired', information: 'x'.repeat(100) },
        }),
      ).toEqual({});
      expect(
        errorsOf(operation, { body: { status: 'Active', statusReason: null, information: null } }),
      ).toEqual({});
      expect(errorsOf(operation, { body: { status: 'Closed' } })).toEqual({ status: [MESSAGES.status] });
      expect(errorsOf(operation, { body: { status: 'Active', statusReason: 'NotProvided' } })).toEqual({
        statusReason: [MESSAGES.statusReason],
      });
      expect(errorsOf(operation, { body: { status: 'Active', information: 'x'.repeat(101) } })).toEqual({
        information: [MESSAGES.information],
      });
    }
  });

  it('adds a three-letter currency, never GBP', () => {
    expect(errorsOf(addMccyAccountCurrency, { body: { currency: 'CHF' } })).toEqual({});
    expect(errorsOf(addMccyAccountCurrency, { body: { currency: 'GBP' } })).toEqual({
      currency: [MESSAGES.currency('currency')],
    });
    expect(errorsOf(addMccyAccountCurrency, { body: { currency: 'CH' } })).toHaveProperty('currency');
  });

  it('closes with an optional accountCloseReason and no body', () => {
    for (const operation of [closeMccyAccount, closeMccyVirtualAccount]) {
      expect(errorsOf(operation)).toEqual({});
      expect(errorsOf(operation, { query: { accountCloseReason: 'AccountSwitched' } })).toEqual({});
      expect(errorsOf(operation, { query: { accountCloseReason: 'x y' } })).toEqual({
        accountCloseReason: [MESSAGES.accountCloseReason],
      });
    }
  });

  it('lists with pageNumber and pageSize', () => {
    expect(errorsOf(listMccyAccounts, { query: { pageNumber: '2', pageSize: '1000' } })).toEqual({});
    expect(errorsOf(listMccyAccounts, { query: { pageSize: '1001' } })).toHaveProperty('pageSize');
  });
});

describe('virtual accounts (mccy-accounts-v1.json)', () => {
  const virtual = (overrides: Json = {}): Json => ({
    accountId: PATH_VALUES.accountId,
    virtualAccount: {
      owner: 'Customer Ltd',
      identifiers: [{ identifier: 'DE89370400440532013000', kind: 'Iban' }],
    },
    ...overrides,
  });

  it('creates under a real account with an owner of 1..140 and optional identifiers', () => {
    expect(errorsOf(createMccyVirtualAccount, { body: virtual() })).toEqual({});
    expect(
      errorsOf(createMccyVirtualAccount, { body: virtual({ virtualAccount: { owner: 'x'.repeat(141) } }) }),
    ).toEqual({ 'virtualAccount.owner': [MESSAGES.ownerAmend] });
    expect(errorsOf(createMccyVirtualAccount, { body: virtual({ accountId: 'not-a-guid' }) })).toEqual({
      accountId: [MESSAGES.guid('accountId')],
    });
    expect(errorsOf(createMccyVirtualAccount, { body: { accountId: PATH_VALUES.accountId } })).toHaveProperty(
      'virtualAccount',
    );
  });

  it('checks an identifier given as an Iban', () => {
    expect(
      errorsOf(createMccyVirtualAccount, {
        body: virtual({
          virtualAccount: {
            owner: 'A',
            identifiers: [{ identifier: 'DE89370400440532013001', kind: 'Iban' }],
          },
        }),
      }),
    ).toEqual({ 'virtualAccount.identifiers.0.identifier': [MESSAGES.iban] });
  });

  it('amends the owner, 1..140', () => {
    expect(errorsOf(amendMccyVirtualAccount, { body: { owner: 'New owner' } })).toEqual({});
    expect(errorsOf(amendMccyVirtualAccount, { body: { owner: '' } })).toEqual({
      owner: [MESSAGES.ownerAmend],
    });
  });
});

describe('transaction lists (mccy-transactions-v1.json)', () => {
  const lists = [listMccyAccountTransactions, listMccyVirtualAccountTransactions];

  it('requires Currency (never GBP) and takes PageNumber, PageSize up to 1000 and a date-time window', () => {
    for (const operation of lists) {
      expect(errorsOf(operation, { query: { Currency: 'EUR' } })).toEqual({});
      expect(
        errorsOf(operation, {
          query: {
            Currency: 'USD',
            PageNumber: '3',
            PageSize: '1000',
            StartDateTime: '2026-03-01T00:00:00Z',
            EndDateTime: '2026-03-09T23:59:59+01:00',
          },
        }),
      ).toEqual({});
      expect(errorsOf(operation)).toEqual({ Currency: [MESSAGES.currency('Currency')] });
      expect(errorsOf(operation, { query: { Currency: 'GBP' } })).toEqual({
        Currency: [MESSAGES.currency('Currency')],
      });
      expect(errorsOf(operation, { query: { Currency: 'EUR', PageSize: '1001' } })).toEqual({
        PageSize: ['PageSize must be a whole number from 1 to 1000.'],
      });
      expect(errorsOf(operation, { query: { Currency: 'EUR', PageSize: '0' } })).toHaveProperty('PageSize');
      expect(errorsOf(operation, { query: { Currency: 'EUR', PageNumber: '0' } })).toEqual({
        PageNumber: [MESSAGES.pageNumber],
      });
      expect(errorsOf(operation, { query: { Currency: 'EUR', StartDateTime: '2026-03-01' } })).toEqual({
        StartDateTime: [MESSAGES.startDateTime],
      });
      expect(
        errorsOf(operation, {
          query: {
            Currency: 'EUR',
            StartDateTime: '2026-03-02T00:00:00Z',
            EndDateTime: '2026-03-01T00:00:00Z',
          },
        }),
      ).toEqual({ StartDateTime: [MESSAGES.dateTimeRange] });
      expect(errorsOf(operation, { query: { Currency: 'EUR', pageSize: '10' } })).toHaveProperty('pageSize');
    }
  });
});

describe('statement requests (mccy-statements-v1.json), judged on the gateway clock', () => {
  const requests = [requestMccyInstitutionStatement, requestMccyAccountStatement];

  it('takes last month from the 5th, and a month up to 24 months back', () => {
    for (const operation of requests) {
      expect(errorsOf(operation, { body: statement() })).toEqual({});
      expect(errorsOf(operation, { body: statement({ year: 2024, month: 3 }) })).toEqual({});
      expect(errorsOf(operation, { body: statement(), now: new Date('2026-03-05T00:30:00Z') })).toEqual({});
    }
  });

  it('refuses last month before the 5th, a month more than 24 months back, or one not ended', () => {
    for (const operation of requests) {
      expect(errorsOf(operation, { body: statement(), now: new Date('2026-03-04T23:30:00Z') })).toEqual({
        month: [STATEMENT_MESSAGES.statementPreviousMonthTooEarly],
      });
      expect(errorsOf(operation, { body: statement({ year: 2024, month: 2 }) })).toEqual({
        year: [STATEMENT_MESSAGES.statementTooOld],
      });
      expect(errorsOf(operation, { body: statement({ month: 3 }) })).toEqual({
        month: [STATEMENT_MESSAGES.statementNotYetClosed],
      });
    }
  });

  it('takes year from 2019, month 1..12 as whole numbers, csv only, a currency other than GBP', () => {
    for (const operation of requests) {
      expect(errorsOf(operation, { body: statement({ year: 2018 }) })).toEqual({
        year: [STATEMENT_MESSAGES.statementYear],
      });
      expect(errorsOf(operation, { body: statement({ month: 13 }) })).toEqual({
        month: [STATEMENT_MESSAGES.statementMonth],
      });
      expect(errorsOf(operation, { body: statement({ month: 2.5 }) })).toEqual({
        month: [STATEMENT_MESSAGES.statementMonth],
      });
      expect(errorsOf(operation, { body: statement({ month: '2' }) })).toEqual({
        month: [asText(STATEMENT_MESSAGES.statementMonth, '2')],
      });
      expect(errorsOf(operation, { body: statement({ format: 'pdf' }) })).toEqual({
        format: [STATEMENT_MESSAGES.statementFormat],
      });
      expect(errorsOf(operation, { body: statement({ currency: 'GBP' }) })).toEqual({
        currency: [MESSAGES.currency('currency')],
      });
    }
  });

  it('names the account by IBAN in the path', () => {
    expect(
      errorsOf(requestMccyAccountStatement, { body: statement(), pathParams: { iban: 'de89 3704' } }),
    ).toHaveProperty('iban');
  });
});

describe('internal transfer (mccy-internal-transfers-v1.json)', () => {
  it('takes each side by IBAN or by another identifier', () => {
    expect(errorsOf(createMccyInternalTransfer, { body: transfer() })).toEqual({});
    expect(
      errorsOf(createMccyInternalTransfer, {
        body: transfer({
          debitAccountIban: null,
          debitAccountOther: { kind: 'AccountId', identifier: PATH_VALUES.accountId },
        }),
      }),
    ).toEqual({});
    expect(errorsOf(createMccyInternalTransfer, { body: transfer({ debitAccountIban: undefined }) })).toEqual(
      {
        debitAccountIban: [MESSAGES.debitAccount],
      },
    );
    expect(
      errorsOf(createMccyInternalTransfer, { body: transfer({ creditAccountIban: 'GB82WEST1234' }) }),
    ).toEqual({
      creditAccountIban: [MESSAGES.accountIban('creditAccountIban')],
    });
    expect(
      errorsOf(createMccyInternalTransfer, {
        body: transfer({
          creditAccountIban: null,
          creditAccountOther: { kind: 'AccountId', identifier: 'x' },
        }),
      }),
    ).toEqual({ 'creditAccountOther.identifier': [MESSAGES.otherIdentifier] });
  });

  it('takes 0.01 to 999999999.99 with 2 decimals in one of the eleven currencies, never GBP', () => {
    for (const instructedAmount of [0.01, 999999999.99]) {
      expect(errorsOf(createMccyInternalTransfer, { body: transfer({ instructedAmount }) })).toEqual({});
    }
    for (const instructedAmount of [0, 0.001, 1000000000, -5, '10']) {
      expect(errorsOf(createMccyInternalTransfer, { body: transfer({ instructedAmount }) })).toEqual({
        instructedAmount: [
          typeof instructedAmount === 'string'
            ? asText(MESSAGES.instructedAmount, instructedAmount)
            : MESSAGES.instructedAmount,
        ],
      });
    }
    expect(
      errorsOf(createMccyInternalTransfer, { body: transfer({ instructedCurrency: 'GBP' }) }),
    ).toHaveProperty('instructedCurrency');
    expect(
      errorsOf(createMccyInternalTransfer, { body: transfer({ instructedCurrency: 'JPY' }) }),
    ).toHaveProperty('instructedCurrency');
  });

  it('takes an endToEndId of 1..35 with " and +, and a reference of at most 140 without them', () => {
    expect(
      errorsOf(createMccyInternalTransfer, { body: transfer({ endToEndId: 'x'.repeat(36) }) }),
    ).toHaveProperty('endToEndId');
    expect(errorsOf(createMccyInternalTransfer, { body: transfer({ endToEndId: 'id_1' }) })).toHaveProperty(
      'endToEndId',
    );
    expect(errorsOf(createMccyInternalTransfer, { body: transfer({ reference: 'a+b' }) })).toHaveProperty(
      'reference',
    );
    expect(errorsOf(createMccyInternalTransfer, { body: transfer({ reference: null }) })).toEqual({});
  });
});

describe('simulated inbound payment (mccy-jpm-emulator-v1.json)', () => {
  it('takes the documented body', () => {
    expect(errorsOf(simulateMccyInboundPayment, { body: inbound() })).toEqual({});
    expect(errorsOf(simulateMccyInboundPayment, { body: inbound({ ultimateDebtor: undefined }) })).toEqual(
      {},
    );
  });

  it('refuses GBP, an endToEndId over 15, a missing creditor and a debtor without address', () => {
    expect(
      errorsOf(simulateMccyInboundPayment, { body: inbound({ instructedCurrency: 'GBP' }) }),
    ).toHaveProperty('instructedCurrency');
    expect(errorsOf(simulateMccyInboundPayment, { body: inbound({ endToEndId: 'x'.repeat(16) }) })).toEqual({
      endToEndId: [MESSAGES.inboundEndToEndId],
    });
    expect(
      errorsOf(simulateMccyInboundPayment, { body: inbound({ ultimateCreditor: undefined }) }),
    ).toHaveProperty('ultimateCreditor');
    expect(
      errorsOf(simulateMccyInboundPayment, {
        body: inbound({ ultimateDebtor: { identifier: 'X', name: 'Payer' } }),
      }),
    ).toHaveProperty('ultimateDebtor.address');
  });
});
