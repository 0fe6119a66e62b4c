import { describe, expect, it } from 'vitest';
import { endOfLocalDay, isIanaTimeZone, localDateIn } from '#shared/domain/end-of-day.js';
import { checkRequest } from '#shared/gateway/request.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathParamNames } from '#shared/operations/path-params.js';
import {
  addRelatedAccount,
  amendRelatedAccount,
  createHubAccount,
  createPaymentAccount,
  getEndOfDayBalance,
  listRelatedAccounts,
  removeRelatedAccount,
} from '#shared/operations/sterling-extras/operations.js';
import { MESSAGES } from '#shared/operations/sterling-extras/schemas.js';

const NOW = new Date('2026-03-02T10:00:00Z');
const PATH_VALUES: Record<string, string> = {
  accountId: '232d0a3c-0933-4894-9fbc-230cf183c7ed',
  iban: 'GB77CBUK40231512245674',
};

/** The gateway's verdict on a request: `{}` when it may go to the bank, else the `errors` map of the 400. */
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
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [
          name,
          request.pathParams?.[name] ?? PATH_VALUES[name] ?? '',
        ]),
      ),
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

describe('GET /accounts/sterling/v1/accounts/{accountId}/end-of-day-balance: date and timeZone', () => {
  it.each<Record<string, string>>([
    { date: '2026-03-01' },
    { date: '2026-03-02' },
    { date: '2024-02-29', timeZone: 'Europe/London' },
    { date: '2026-03-02', timeZone: 'UTC' },
    { date: '2026-03-02', timeZone: 'Etc/GMT+1' },
    { date: '2026-03-02', timeZone: 'America/Argentina/Buenos_Aires' },
    // Kiritimati is UTC+14: at 10:00Z on 2 March it is already 3 March there.
    { date: '2026-03-03', timeZone: 'Pacific/Kiritimati' },
  ])('accepts %o', (query) => {
    expect(errorsOf(getEndOfDayBalance, { query })).toEqual({});
  });

  it.each<Record<string, string>>([
    {},
    { date: '' },
    { date: '2026-3-1' },
    { date: '2026-02-29' },
    { date: '2026-03-01T00:00:00Z' },
  ])('refuses date in %o', (query) => {
    expect(errorsOf(getEndOfDayBalance, { query })).toEqual({ date: [MESSAGES.date] });
  });

  it.each<Record<string, string>>([
    { date: '2026-03-03' },
    { date: '2026-03-03', timeZone: 'Europe/London' },
    // 10:00Z on 2 March is 23:00 on 1 March in Pago Pago (UTC-11).
    { date: '2026-03-02', timeZone: 'Pacific/Pago_Pago' },
  ])('refuses a day that has not begun in the zone: %o', (query) => {
    expect(errorsOf(getEndOfDayBalance, { query })).toEqual({ date: [MESSAGES.futureDate] });
  });

  it.each(['', 'Invalid/Zone', '+01:00', 'GMT+1', 'Europe/Nowhere', 'Z'])(
    'refuses timeZone %j',
    (timeZone) => {
      expect(errorsOf(getEndOfDayBalance, { query: { date: '2026-03-01', timeZone } })).toEqual({
        timeZone: [MESSAGES.timeZone],
      });
    },
  );

  it('refuses other query parameters and an accountId that is not a GUID', () => {
    expect(errorsOf(getEndOfDayBalance, { query: { date: '2026-03-01', tz: 'UTC' } })).toHaveProperty('tz');
    expect(
      errorsOf(getEndOfDayBalance, { query: { date: '2026-03-01' }, pathParams: { accountId: '..' } }),
    ).toHaveProperty('accountId');
  });

  it('ends a day when the next one starts in the zone, across clock changes', () => {
    expect(endOfLocalDay('2026-01-20', 'UTC').toISOString()).toBe('2026-01-21T00:00:00.000Z');
    expect(endOfLocalDay('2026-03-28', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(endOfLocalDay('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(endOfLocalDay('2026-10-25', 'Europe/London').toISOString()).toBe('2026-10-26T00:00:00.000Z');
    // Chile moves its clocks at midnight: 6 September 2026 starts at 01:00 (UTC-3).
    expect(endOfLocalDay('2026-09-05', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateIn(new Date('2026-01-20T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-01-21');
    expect(isIanaTimeZone('europe/london')).toBe(true);
  });
});

const hub = {
  ownerName: 'John Smith',
  sortCode: '040004',
  productId: '74b00ccf-c4ad-470c-ac29-ce57cb658527',
  customers: [{ customerId: '5b9beca1-d9a8-40d0-bd65-0747d5959cff' }],
};
const payment = { ...hub, accountSubType: 'CurrentAccount' };

describe('POST /accounts/sterling/v1/hub-accounts and /payment-accounts', () => {
  it.each([
    ['hub', createHubAccount, hub],
    [
      'hub with an interest configuration',
      createHubAccount,
      { ...hub, interestConfigurationId: 'D20B2C84-6C9E-4EBB-84AD-BE9D5BE97188' },
    ],
    [
      'hub, empty name and no customers (the bank judges them)',
      createHubAccount,
      { ...hub, ownerName: '', customers: [] },
    ],
    ['payment, current', createPaymentAccount, payment],
    ['payment, transaction', createPaymentAccount, { ...payment, accountSubType: 'TransactionAccount' }],
    [
      'payment, a 140-character name with ! & * ; " { }',
      createPaymentAccount,
      { ...payment, ownerName: `!&*;"{}${'a'.repeat(133)}` },
    ],
  ])('accepts a %s', (_, operation, body) => {
    expect(errorsOf(operation, { body })).toEqual({});
  });

  it.each([createHubAccount, createPaymentAccount])('requires an Idempotency-Key ($id)', (operation) => {
    const body = operation === createHubAccount ? hub : payment;
    expect(errorsOf(operation, { body, idempotencyKey: null })).toHaveProperty(['Idempotency-Key']);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ ownerName: undefined }, 'ownerName', MESSAGES.ownerName],
    [{ ownerName: 'a'.repeat(141) }, 'ownerName', MESSAGES.ownerName],
    ...['|', '_', '[', ']', '<', '>', '^', '`', '~', '\\', '$'].map(
      (character): [Record<string, unknown>, string, string] => [
        { ownerName: `John${character}` },
        'ownerName',
        MESSAGES.ownerNameCharacters,
      ],
    ),
    [{ sortCode: '04-00-04' }, 'sortCode', MESSAGES.sortCode],
    [{ sortCode: undefined }, 'sortCode', MESSAGES.sortCode],
    [{ productId: 'product-1' }, 'productId', MESSAGES.productId],
    [{ customers: undefined }, 'customers', MESSAGES.customers],
    [{ customers: [{ customerId: 'nope' }] }, 'customers.0.customerId', MESSAGES.customerId],
    [{ interestConfigurationId: '1' }, 'interestConfigurationId', MESSAGES.interestConfigurationId],
  ])('refuses a hub account with %o on %s', (change, property, message) => {
    expect(errorsOf(createHubAccount, { body: { ...hub, ...change } })).toEqual({ [property]: [message] });
  });

  it('refuses a payment account without a known sub-type, or with an interest configuration', () => {
    expect(errorsOf(createPaymentAccount, { body: { ...payment, accountSubType: 'SavingAccount' } })).toEqual(
      {
        accountSubType: [MESSAGES.accountSubType],
      },
    );
    expect(errorsOf(createPaymentAccount, { body: { ...hub } })).toEqual({
      accountSubType: [MESSAGES.accountSubType],
    });
    expect(
      errorsOf(createPaymentAccount, { body: { ...payment, interestConfigurationId: hub.productId } }),
    ).toHaveProperty('interestConfigurationId');
  });
});

const nominated = {
  relatedAccountType: 'Nominated',
  identifier: 'GB77CBUK40231512245674',
  identifierKind: 'IBAN',
  ownerName: 'John Smith',
};

describe('related accounts', () => {
  it.each([
    nominated,
    { ...nominated, relatedAccountType: 'Associated' },
    { ...nominated, identifier: 'DE89370400440532013000' },
    { ...nominated, identifierKind: 'BBAN', identifier: 'CBUK40231512245674' },
    { ...nominated, identifierKind: 'SCAN', identifier: '40231512245674' },
    { ...nominated, ownerName: "O'Brien & Sons (UK) Ltd. #2 ’quoted’ @ [x\\y] {z} ~" },
    { ...nominated, ownerName: '' },
  ])('accepts an add of %o', (body) => {
    expect(errorsOf(addRelatedAccount, { body, idempotencyKey: null })).toEqual({});
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ relatedAccountType: 'Primary' }, 'relatedAccountType', MESSAGES.relatedAccountType],
    [{ relatedAccountType: undefined }, 'relatedAccountType', MESSAGES.relatedAccountType],
    [{ identifierKind: 'iban' }, 'identifierKind', MESSAGES.identifierKind],
    [{ identifierKind: 'SORT' }, 'identifierKind', MESSAGES.identifierKind],
    [{ identifier: undefined }, 'identifier', MESSAGES.identifier],
    [{ identifier: `GB77${'1'.repeat(47)}` }, 'identifier', MESSAGES.identifier],
    [{ identifier: 'GB7CBUK40231512245674' }, 'identifier', MESSAGES.identifierIban],
    [{ identifier: 'gb77cbuk40231512245674' }, 'identifier', MESSAGES.identifierIban],
    [{ identifierKind: 'BBAN', identifier: 'CBUK 4023' }, 'identifier', MESSAGES.identifierBban],
    [{ identifierKind: 'SCAN', identifier: '40-23-15 12245674' }, 'identifier', MESSAGES.identifierScan],
    [{ identifierKind: 'SCAN', identifier: '4023151224567' }, 'identifier', MESSAGES.identifierScan],
    [{ ownerName: 'a'.repeat(141) }, 'ownerName', MESSAGES.relatedOwnerName],
    [{ ownerName: 'Zoë' }, 'ownerName', MESSAGES.relatedOwnerNameCharacters],
    [{ ownerName: 'John$mith' }, 'ownerName', MESSAGES.relatedOwnerNameCharacters],
  ])('refuses an add with %o on %s', (change, property, message) => {
    expect(errorsOf(addRelatedAccount, { body: { ...nominated, ...change } })).toEqual({
      [property]: [message],
    });
  });

  it('takes the reference’s own example IBAN, whose check digits the bank does not judge', () => {
    expect(
      errorsOf(addRelatedAccount, { body: { ...nominated, identifier: 'GB26CBUK40231512245674' } }),
    ).toEqual({});
  });

  it('amends only ownerName, up to 140 characters of any kind', () => {
    expect(errorsOf(amendRelatedAccount, { body: { ownerName: 'Zoë $mith' } })).toEqual({});
    expect(errorsOf(amendRelatedAccount, { body: { ownerName: 'a'.repeat(141) } })).toEqual({
      ownerName: [MESSAGES.relatedOwnerName],
    });
    expect(errorsOf(amendRelatedAccount, { body: {} })).toEqual({ ownerName: [MESSAGES.relatedOwnerName] });
    expect(errorsOf(amendRelatedAccount, { body: { ownerName: 'A', type: 'x' } })).toHaveProperty('type');
  });

  it.each([amendRelatedAccount, removeRelatedAccount])(
    'takes one IBAN as the path segment ($id)',
    (operation) => {
      const body = operation === amendRelatedAccount ? { ownerName: 'A' } : undefined;
      for (const iban of ['GB77CBUK40231512245674', 'DE89370400440532013000']) {
        expect(errorsOf(operation, { body, pathParams: { iban } })).toEqual({});
      }
      for (const iban of [
        '..',
        'gb77cbuk40231512245674',
        'GB77 CBUK',
        '40231512245674',
        'GB77CBUK4023151224567/',
      ]) {
        expect(errorsOf(operation, { body, pathParams: { iban } })).toHaveProperty('iban');
      }
    },
  );

  it('lists with no query and no body', () => {
    expect(errorsOf(listRelatedAccounts)).toEqual({});
    expect(errorsOf(listRelatedAccounts, { query: { pageSize: '5' } })).toHaveProperty('pageSize');
  });
});
