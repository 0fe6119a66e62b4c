import { describe, expect, it } from 'vitest';
import { CLOSURE_REASONS, SAVINGS_MESSAGES } from '#shared/domain/savings-rules.js';
import { checkRequest } from '#shared/gateway/request.js';
import { operations } from '#shared/operations/index.js';
import type { Operation, RequestExample } from '#shared/operations/operation.js';
import { operationResponses } from '#shared/operations/responses.js';
import { savingsExamples } from '#shared/operations/savings/examples.js';
import {
  closeAccount,
  createSavingsAccount,
  createSavingsAccountV1,
  deleteFutureInterestConfigurations,
  getAccountClosure,
  getAccountInterestConfigurations,
  getInterestConfiguration,
  getNominatedAccount,
  savingsOperations,
  setAccountInterestConfiguration,
  setFutureInterestConfigurations,
  setNominatedAccount,
} from '#shared/operations/savings/operations.js';
import { MESSAGES } from '#shared/operations/savings/schemas.js';

/** 10:00 UK time on Monday 2 March 2026 (GMT). */
const NOW = new Date('2026-03-02T10:00:00Z');
const ACCOUNT_ID = '232d0a3c-0933-4894-9fbc-230cf183c7ed';

type Id = keyof typeof savingsExamples;

/**
 * The gateway's verdict on one operation's example with `change` applied (`body` members replaced, or a whole
 * request part): `{}` when it may go to the bank, else the `errors` map of the 400.
 */
function errorsOf(
  operation: Operation,
  change: {
    body?: Record<string, unknown> | null;
    wholeBody?: unknown;
    query?: Record<string, string>;
    pathParams?: Record<string, string>;
    idempotencyKey?: string | null;
    now?: Date;
  } = {},
) {
  const example: RequestExample = savingsExamples[operation.id as Id];
  const body =
    'wholeBody' in change
      ? change.wholeBody
      : example.body === undefined
        ? undefined
        : { ...(example.body as object), ...change.body };
  const result = checkRequest(
    operation,
    {
      pathParams: { ...example.pathParams, ...change.pathParams },
      query: change.query ?? example.query ?? {},
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      contentType: 'application/json',
      idempotencyKey: change.idempotencyKey === null ? undefined : (change.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: false, now: change.now ?? NOW },
  );
  return result.ok ? {} : result.errors;
}

describe('the savings records', () => {
  it('are eleven, served by sterling-accounts, each registered once with an answer and an example', () => {
    expect(savingsOperations).toHaveLength(11);
    for (const operation of savingsOperations) {
      expect(operation.fn).toBe('sterling-accounts');
      expect(operations.filter((other) => other.id === operation.id)).toEqual([operation]);
      expect(savingsExamples).toHaveProperty(operation.id);
      expect(errorsOf(operation)).toEqual({});
    }
    for (const id of Object.keys(operationResponses).filter((id) => id in savingsExamples))
      expect(savingsOperations.map(({ id }) => id)).toContain(id);
  });

  it('require an Idempotency-Key on the two creates and the closure only', () => {
    const required = savingsOperations.filter((operation) => operation.requiresIdempotencyKey);
    expect(required.map(({ id }) => id)).toEqual([
      'createSavingsAccountV1',
      'createSavingsAccount',
      'closeAccount',
    ]);
    for (const operation of required)
      expect(errorsOf(operation, { idempotencyKey: null })).toHaveProperty(['Idempotency-Key']);
    expect(errorsOf(setNominatedAccount, { idempotencyKey: null })).toEqual({});
  });

  it.each(savingsOperations.filter((operation) => operation.path.includes('{accountId}')))(
    'refuses an accountId that is not a GUID ($id)',
    (operation) => {
      expect(errorsOf(operation, { pathParams: { accountId: '..' } })).toHaveProperty('accountId');
      expect(errorsOf(operation, { pathParams: { accountId: ACCOUNT_ID.toUpperCase() } })).toEqual({});
    },
  );

  it('refuses an interestConfigurationId in the path that is not a GUID', () => {
    expect(
      errorsOf(getInterestConfiguration, { pathParams: { interestConfigurationId: 'config-1' } }),
    ).toHaveProperty('interestConfigurationId');
  });

  it.each([
    getAccountClosure,
    getNominatedAccount,
    getAccountInterestConfigurations,
    deleteFutureInterestConfigurations,
  ])('takes no body and no query ($id)', (operation) => {
    expect(errorsOf(operation, { wholeBody: {} })).not.toEqual({});
    expect(errorsOf(operation, { query: { pageSize: '1' } })).toHaveProperty('pageSize');
  });
});

describe('POST /v1/savings and /v2/savings', () => {
  it.each<[string, Operation, Record<string, unknown>]>([
    ['v1 without an interest configuration', createSavingsAccountV1, { interestConfigurationId: undefined }],
    [
      'v1 with a 140-character name',
      createSavingsAccountV1,
      { ownerName: `O'Brien & Co! ${'a'.repeat(126)}` },
    ],
    [
      'v1 with upper-case GUIDs',
      createSavingsAccountV1,
      { productId: '1A2B3C4D-5E6F-7A8B-9C0D-1E2F3A4B5C6D' },
    ],
    ['v2 with an empty name (0 to 140)', createSavingsAccount, { ownerName: '' }],
    ['v2 with one customer', createSavingsAccount, { customers: [{ customerId: ACCOUNT_ID }] }],
    ['v2 with no customers (the bank judges)', createSavingsAccount, { customers: [] }],
    [
      'v2 with four customers',
      createSavingsAccount,
      {
        customers: ['1', '2', '3', '4'].map((n) => ({
          customerId: `${n}f1e2d3c-4b5a-6c7d-8e9f-0a1b2c3d4e5f`,
        })),
      },
    ],
  ])('accepts %s', (_, operation, body) => {
    expect(errorsOf(operation, { body })).toEqual({});
  });

  const forbidden = ['|', '_', '[', ']', '<', '>', '^', '`', '~', '\\', '$'];

  it.each<[Record<string, unknown>, string, string]>([
    [{ ownerName: undefined }, 'ownerName', MESSAGES.ownerNameV1],
    [{ ownerName: '' }, 'ownerName', MESSAGES.ownerNameV1],
    [{ ownerName: 'a'.repeat(141) }, 'ownerName', MESSAGES.ownerNameV1],
    ...forbidden.map((character): [Record<string, unknown>, string, string] => [
      { ownerName: `John${character}` },
      'ownerName',
      MESSAGES.ownerNameCharacters,
    ]),
    [{ sortCode: '04-00-04' }, 'sortCode', MESSAGES.sortCode],
    [{ sortCode: 40004 }, 'sortCode', MESSAGES.sortCode],
    [{ productId: undefined }, 'productId', MESSAGES.productId],
    [{ productId: 'product-1' }, 'productId', MESSAGES.productId],
    [{ customerId: undefined }, 'customerId', MESSAGES.customerId],
    [{ customerId: '0f1e2d3c4b5a6c7d8e9f0a1b2c3d4e5f' }, 'customerId', MESSAGES.customerId],
    [
      { interestConfigurationId: '5C35D48D-0R3D-47BE-9F54-I9F3328L7V2A' },
      'interestConfigurationId',
      MESSAGES.interestConfigurationId,
    ],
    [{ customers: [] }, 'customers', 'is not a known property'],
  ])('v1 refuses %o on %s', (body, property, message) => {
    expect(errorsOf(createSavingsAccountV1, { body })).toEqual({ [property]: [message] });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ ownerName: undefined }, 'ownerName', MESSAGES.ownerNameV2],
    [{ ownerName: 'a'.repeat(141) }, 'ownerName', MESSAGES.ownerNameV2],
    ...forbidden.map((character): [Record<string, unknown>, string, string] => [
      { ownerName: `Jane${character}Smith` },
      'ownerName',
      MESSAGES.ownerNameCharacters,
    ]),
    [{ sortCode: '1234567' }, 'sortCode', MESSAGES.sortCode],
    [{ productId: '' }, 'productId', MESSAGES.productId],
    [{ customers: undefined }, 'customers', MESSAGES.customers],
    [{ customers: { customerId: ACCOUNT_ID } }, 'customers', MESSAGES.customers],
    [{ customers: [{ customerId: 'nope' }] }, 'customers.0.customerId', MESSAGES.customerId],
    [{ customers: [{}] }, 'customers.0.customerId', MESSAGES.customerId],
    [
      { customers: [{ customerId: ACCOUNT_ID, role: 'Joint' }] },
      'customers.0.role',
      'is not a known property',
    ],
    [{ interestConfigurationId: null }, 'interestConfigurationId', MESSAGES.interestConfigurationId],
    [{ customerId: ACCOUNT_ID }, 'customerId', 'is not a known property'],
  ])('v2 refuses %o on %s', (body, property, message) => {
    expect(errorsOf(createSavingsAccount, { body })).toEqual({ [property]: [message] });
  });
});

describe('POST /v1/accounts/{accountId}/closure', () => {
  it.each(CLOSURE_REASONS)('accepts closureReason %s', (closureReason) => {
    expect(errorsOf(closeAccount, { body: { closureReason } })).toEqual({});
  });

  it.each<unknown>([undefined, '', 'Deceased', 'accountswitched', 'NotProvided', 7])(
    'refuses closureReason %j',
    (closureReason) => {
      expect(errorsOf(closeAccount, { body: { closureReason } })).toEqual({
        closureReason: [MESSAGES.closureReason],
      });
    },
  );

  it('refuses a body with other members, and none at all', () => {
    expect(errorsOf(closeAccount, { body: { note: 'x' } })).toEqual({ note: ['is not a known property'] });
    expect(errorsOf(closeAccount, { wholeBody: undefined })).not.toEqual({});
  });
});

describe('PUT /v1/accounts/{accountId}/nominated-account', () => {
  it.each<Record<string, unknown>>([
    { identifierKind: 'BBAN', identifier: 'NWBK60161331926819' },
    { identifierKind: 'SCAN', identifier: '60161331926819' },
    // The identifier is only bounded: wrong details fail the closure at the bank, not this call.
    { identifierKind: 'SCAN', identifier: 'GB29NWBK60161331926819' },
    { identifier: '' },
    { identifier: 'X'.repeat(50) },
    { ownerName: 'J' },
    { ownerName: 'a'.repeat(140) },
    { ownerName: 'O’Brien & Sons (UK) Ltd. #1 $ @ [x] \\ {y} | ~ ^ _ ` "z"; <w> = * + ! ? / -' },
  ])('accepts %o', (body) => {
    expect(errorsOf(setNominatedAccount, { body })).toEqual({});
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ identifier: undefined }, 'identifier', MESSAGES.identifier],
    [{ identifier: 'X'.repeat(51) }, 'identifier', MESSAGES.identifier],
    [{ identifierKind: undefined }, 'identifierKind', MESSAGES.identifierKind],
    [{ identifierKind: 'iban' }, 'identifierKind', MESSAGES.identifierKind],
    [{ identifierKind: 'AccountNumber' }, 'identifierKind', MESSAGES.identifierKind],
    [{ ownerName: undefined }, 'ownerName', MESSAGES.nominatedOwnerName],
    [{ ownerName: '' }, 'ownerName', MESSAGES.nominatedOwnerName],
    [{ ownerName: 'a'.repeat(141) }, 'ownerName', MESSAGES.nominatedOwnerName],
    [{ ownerName: 'Zoë Smith' }, 'ownerName', MESSAGES.nominatedOwnerNameCharacters],
    [{ ownerName: 'John\nSmith' }, 'ownerName', MESSAGES.nominatedOwnerNameCharacters],
    [{ relatedAccountType: 'Nominated' }, 'relatedAccountType', 'is not a known property'],
  ])('refuses %o on %s', (body, property, message) => {
    expect(errorsOf(setNominatedAccount, { body })).toEqual({ [property]: [message] });
  });
});

describe('POST /interest/v1/accounts/{accountId}/configurations', () => {
  it('accepts a GUID in either case', () => {
    expect(
      errorsOf(setAccountInterestConfiguration, {
        body: { interestConfigurationId: 'A7A907C5-7062-4D76-8E6C-3B203A758839' },
      }),
    ).toEqual({});
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ interestConfigurationId: undefined }, 'interestConfigurationId', MESSAGES.interestConfigurationId],
    // The reference's own example is not a GUID (R, I, L, V): its schema's `format: uuid` wins.
    [
      { interestConfigurationId: '5C35D48D-0R3D-47BE-9F54-I9F3328L7V2A' },
      'interestConfigurationId',
      MESSAGES.interestConfigurationId,
    ],
    [{ effectiveFrom: '2026-03-03' }, 'effectiveFrom', 'is not a known property'],
  ])('refuses %o on %s', (body, property, message) => {
    expect(errorsOf(setAccountInterestConfiguration, { body })).toEqual({ [property]: [message] });
  });
});

const config = (effectiveFrom: string, interestConfigurationId = 'a7a907c5-7062-4d76-8e6c-3b203a758839') => ({
  interestConfigurationId,
  effectiveFrom,
});

describe('PUT /interest/v1/accounts/{accountId}/future-configurations', () => {
  it.each<[string, unknown]>([
    ['null (none)', null],
    ['empty (none)', []],
    ['tomorrow (UK)', [config('2026-03-03')]],
    ['two dates, one configuration on both', [config('2026-04-01'), config('2026-05-01')]],
    ['dates out of order', [config('2026-12-01'), config('2026-06-01')]],
  ])('accepts %s', (_, interestConfigurations) => {
    expect(errorsOf(setFutureInterestConfigurations, { body: { interestConfigurations } })).toEqual({});
  });

  it('refuses today and earlier, judged by the UK date of the clock', () => {
    expect(
      errorsOf(setFutureInterestConfigurations, { body: { interestConfigurations: [config('2026-03-02')] } }),
    ).toEqual({
      'interestConfigurations.0.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture],
    });
    expect(
      errorsOf(setFutureInterestConfigurations, {
        body: { interestConfigurations: [config('2026-04-01'), config('2025-12-31')] },
      }),
    ).toEqual({ 'interestConfigurations.1.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture] });
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST): 2 July is today there, not tomorrow.
    const summerNight = new Date('2026-07-01T23:30:00Z');
    expect(
      errorsOf(setFutureInterestConfigurations, {
        body: { interestConfigurations: [config('2026-07-02')] },
        now: summerNight,
      }),
    ).toEqual({ 'interestConfigurations.0.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromNotFuture] });
    expect(
      errorsOf(setFutureInterestConfigurations, {
        body: { interestConfigurations: [config('2026-07-03')] },
        now: summerNight,
      }),
    ).toEqual({});
  });

  it('refuses two configurations on one date, on the second', () => {
    expect(
      errorsOf(setFutureInterestConfigurations, {
        body: {
          interestConfigurations: [
            config('2026-04-01'),
            config('2026-05-01'),
            config('2026-04-01', '1234abcd-5678-9ef0-1234-56789abcdef0'),
          ],
        },
      }),
    ).toEqual({ 'interestConfigurations.2.effectiveFrom': [SAVINGS_MESSAGES.effectiveFromTwice] });
  });

  it.each<[unknown, string, string]>([
    [undefined, 'interestConfigurations', MESSAGES.interestConfigurations],
    [
      { interestConfigurationId: ACCOUNT_ID, effectiveFrom: '2026-04-01' },
      'interestConfigurations',
      MESSAGES.interestConfigurations,
    ],
    [[config('2026-04-31')], 'interestConfigurations.0.effectiveFrom', MESSAGES.effectiveFrom],
    [[config('1 April 2026')], 'interestConfigurations.0.effectiveFrom', MESSAGES.effectiveFrom],
    [[config('2026-04-01T00:00:00Z')], 'interestConfigurations.0.effectiveFrom', MESSAGES.effectiveFrom],
    [
      [{ interestConfigurationId: ACCOUNT_ID }],
      'interestConfigurations.0.effectiveFrom',
      MESSAGES.effectiveFrom,
    ],
    [
      [config('2026-04-01', 'config-1')],
      'interestConfigurations.0.interestConfigurationId',
      MESSAGES.interestConfigurationId,
    ],
    [[{ ...config('2026-04-01'), name: 'Gold' }], 'interestConfigurations.0.name', 'is not a known property'],
  ])('refuses %j on %s', (interestConfigurations, property, message) => {
    expect(errorsOf(setFutureInterestConfigurations, { body: { interestConfigurations } })).toEqual({
      [property]: [message],
    });
  });
});

describe('GET /interest/v1/configurations/{interestConfigurationId}', () => {
  it.each<Record<string, string>>([
    {},
    { effectiveAt: '2025-08-18T00:00:00Z' },
    { effectiveAt: '2025-08-18T11:11:45.5666667+01:00' },
    { effectiveAt: '2025-08-18T11:11:45' },
    // The description's own example is a date.
    { effectiveAt: '2025-08-18' },
    // A future date gives the current configuration: not refused.
    { effectiveAt: '2099-01-01' },
  ])('accepts %o', (query) => {
    expect(errorsOf(getInterestConfiguration, { query })).toEqual({});
  });

  it.each<Record<string, string>>([
    { effectiveAt: '' },
    { effectiveAt: '18/08/2025' },
    { effectiveAt: '2025-02-30' },
    { effectiveAt: 'yesterday' },
  ])('refuses %o', (query) => {
    expect(errorsOf(getInterestConfiguration, { query })).toEqual({ effectiveAt: [MESSAGES.effectiveAt] });
  });

  it('refuses another query parameter', () => {
    expect(errorsOf(getInterestConfiguration, { query: { date: '2025-08-18' } })).toHaveProperty('date');
  });
});
