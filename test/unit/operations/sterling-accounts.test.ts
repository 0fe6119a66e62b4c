import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRequest } from '#shared/gateway/request.js';
import { operationsOf } from '#shared/operations/index.js';
import { pathParamNames } from '#shared/operations/path-params.js';
import type { Operation } from '#shared/operations/operation.js';
import { PAGING_MESSAGES } from '#shared/operations/paging.js';
import {
  amendAccount,
  amendVirtualAccount,
  createAccount,
  createVirtualAccounts,
  disableVirtualAccount,
  getAccount,
  listAccounts,
  listAccountsV2,
  listAccountVirtualAccounts,
  listVirtualAccounts,
} from '#shared/operations/sterling-accounts/operations.js';
import {
  ACCOUNT_STATUSES,
  createAccountBody,
  MESSAGES,
  STATUS_REASONS,
  USAGE_TYPES,
} from '#shared/operations/sterling-accounts/schemas.js';

const PATH_VALUES: Record<string, string> = {
  accountId: '0b6a3b5e-4c1d-4f7e-9a2b-1c3d5e7f9a0b',
  virtualAccountId: '7e1f2a3b-5c6d-4e8f-9a0b-2c4d6e8f0a1b',
};

/** The gateway's verdict on a request: `{}` when it may go to the bank, else the `errors` map of the 400. */
function errorsOf(
  operation: Operation,
  request: {
    body?: unknown;
    query?: Record<string, string>;
    idempotencyKey?: string | null;
    overdraftAgreement?: boolean;
  } = {},
) {
  const result = checkRequest(
    operation,
    {
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [name, PATH_VALUES[name] ?? '']),
      ),
      query: request.query ?? {},
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
      contentType: 'application/json',
      idempotencyKey: request.idempotencyKey === null ? undefined : (request.idempotencyKey ?? 'key-1'),
      caller: 'unit-test',
      deadline: 0,
    },
    { overdraftAgreement: request.overdraftAgreement ?? false, now: new Date('2026-03-02T10:00:00Z') },
  );
  return result.ok ? {} : result.errors;
}

const newAccount = (change: Record<string, unknown> = {}) => ({
  body: { accountName: 'Client money', owner: { name: 'Acme Ltd' }, sortCode: '040004', ...change },
});
const amend = (body: Record<string, unknown>, overdraftAgreement = false) => ({ body, overdraftAgreement });
const newVirtual = (item: Record<string, unknown>) => ({
  body: {
    virtualAccounts: [
      { ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier: 'customer-1' }, ...item },
    ],
  },
});

/** The reference's owner name pattern `^[^\|_\[\]<>^`~\\$]*$` forbids exactly these. */
const FORBIDDEN_IN_OWNER_NAME = ['|', '_', '[', ']', '<', '>', '^', '`', '~', '\\', '$'];
/** Characters the spec forbade and the reference allows. */
const ALLOWED_IN_OWNER_NAME = ['!', '&', '*', ';', '%', '#', '@', '=', '"', '{', '}'];

describe('the sterling account operations are registered for one function', () => {
  it('registers the twelve operations of the spec, the sterling-extras seven and the savings eleven, under fn sterling-accounts, with a handler file', () => {
    const routes = operationsOf('sterling-accounts').map(
      (operation) => `${operation.method} ${operation.path}`,
    );
    expect(routes.sort()).toEqual(
      [
        'GET /v3/Accounts',
        'POST /v3/Accounts',
        'GET /v3/Accounts/{accountId}',
        'GET /v2/Accounts',
        'GET /v2/Accounts/{accountId}',
        'PATCH /v1/Accounts/{accountId}',
        'GET /v1/Accounts/Virtual',
        'POST /v2/Accounts/{accountId}/Virtual',
        'GET /v2/Accounts/{accountId}/Virtual',
        'GET /v2/Accounts/{accountId}/Virtual/{virtualAccountId}',
        'PATCH /v1/Accounts/{accountId}/Virtual/{virtualAccountId}',
        'DELETE /v1/Accounts/{accountId}/Virtual/{virtualAccountId}',
        // shared/operations/sterling-extras/
        'GET /accounts/sterling/v1/accounts/{accountId}/end-of-day-balance',
        'POST /accounts/sterling/v1/hub-accounts',
        'POST /accounts/sterling/v1/payment-accounts',
        'GET /v1/accounts/{accountId}/related-accounts',
        'POST /v1/accounts/{accountId}/related-accounts',
        'PATCH /v1/accounts/{accountId}/related-accounts/{iban}',
        'DELETE /v1/accounts/{accountId}/related-accounts/{iban}',
        // shared/operations/savings/
        'POST /v1/savings',
        'POST /v2/savings',
        'GET /v1/accounts/{accountId}/closure',
        'POST /v1/accounts/{accountId}/closure',
        'GET /v1/accounts/{accountId}/nominated-account',
        'PUT /v1/accounts/{accountId}/nominated-account',
        'GET /interest/v1/accounts/{accountId}/configurations',
        'POST /interest/v1/accounts/{accountId}/configurations',
        'PUT /interest/v1/accounts/{accountId}/future-configurations',
        'DELETE /interest/v1/accounts/{accountId}/future-configurations',
        'GET /interest/v1/configurations/{interestConfigurationId}',
      ].sort(),
    );
    expect(existsSync(new URL('../../../functions/sterling-accounts.ts', import.meta.url))).toBe(true);
  });

  it('serves the lower-case spellings sterling-v1.json writes, on the same records', () => {
    const aliases = operationsOf('sterling-accounts').flatMap((operation) =>
      (operation.aliases ?? []).map((alias) => `${operation.method} ${alias}`),
    );
    expect(aliases.sort()).toEqual(
      [
        'PATCH /v1/accounts/{accountId}',
        'GET /v1/accounts/virtual',
        'PATCH /v1/accounts/{accountId}/virtual/{virtualAccountId}',
        'DELETE /v1/accounts/{accountId}/virtual/{virtualAccountId}',
      ].sort(),
    );
  });
});

describe('POST /v3/Accounts: accountName', () => {
  it.each([
    'A',
    'Client money, No. 2-B',
    'a'.repeat(70),
    ' Leading and trailing space ',
    'Acme & Sons',
    '   ',
  ])('accepts %j', (accountName) => {
    expect(errorsOf(createAccount, newAccount({ accountName }))).toEqual({});
  });

  it.each([
    ['empty', '', MESSAGES.accountNameLength],
    ['71 characters', 'a'.repeat(71), MESSAGES.accountNameLength],
    ['an apostrophe', "O'Brien", MESSAGES.accountNameCharacters],
    ['a tab', 'Client\tmoney', MESSAGES.accountNameCharacters],
    ['a letter outside A to Z', 'Zoë', MESSAGES.accountNameCharacters],
    ['a number instead of text', 42, MESSAGES.accountNameLength],
    ['null', null, MESSAGES.accountNameLength],
  ])('refuses %s', (_, accountName, message) => {
    expect(errorsOf(createAccount, newAccount({ accountName }))).toEqual({ accountName: [message] });
  });

  it('refuses a missing accountName, saying it is required', () => {
    expect(errorsOf(createAccount, { body: { owner: { name: 'Acme' }, sortCode: '040004' } })).toEqual({
      accountName: ['accountName is required.'],
    });
  });
});

describe('POST /v3/Accounts: owner, sortCode, usageType and unknown properties', () => {
  it('accepts an owner with members the spec does not show, passing them on to the bank', () => {
    expect(
      errorsOf(createAccount, newAccount({ owner: { name: 'Acme', registrationNumber: '123' } })),
    ).toEqual({});
  });

  it.each([
    ['missing', undefined, 'owner', MESSAGES.owner],
    ['a string', 'Acme', 'owner', MESSAGES.owner],
    ['without a name', {}, 'owner.name', MESSAGES.ownerName],
    ['with an empty name', { name: '' }, 'owner.name', MESSAGES.ownerName],
    ['with a name of 141 characters', { name: 'a'.repeat(141) }, 'owner.name', MESSAGES.ownerName],
    ['with a name containing _', { name: 'Acme_Ltd' }, 'owner.name', MESSAGES.ownerNameCharactersOfOwner],
  ])('refuses an owner %s', (_, owner, field, message) => {
    expect(errorsOf(createAccount, newAccount({ owner }))).toEqual({ [field]: [message] });
  });

  it.each([' ', 'a'.repeat(140), 'Acme & Sons (UK) Ltd!'])('accepts an owner name %j', (name) => {
    expect(errorsOf(createAccount, newAccount({ owner: { name } }))).toEqual({});
  });

  it('accepts a 6-digit sort code', () => {
    expect(errorsOf(createAccount, newAccount({ sortCode: '000000' }))).toEqual({});
  });

  it.each(['12345', '1234567', '04-00-04', 'abcdef', 40004, undefined])(
    'refuses the sort code %j',
    (sortCode) => {
      expect(errorsOf(createAccount, newAccount({ sortCode }))).toEqual({
        sortCode: ['sortCode must be exactly 6 digits.'],
      });
    },
  );

  it.each(USAGE_TYPES)('accepts usageType %s', (usageType) => {
    expect(errorsOf(createAccount, newAccount({ usageType }))).toEqual({});
  });

  it('takes YourFunds when usageType is left out', () => {
    expect(createAccountBody.parse(newAccount().body).usageType).toBe('YourFunds');
  });

  it.each(['Savings', 'yourfunds', ''])('refuses usageType %j', (usageType) => {
    expect(errorsOf(createAccount, newAccount({ usageType }))).toEqual({
      usageType: [
        'usageType must be one of YourFunds, SegregatedPooled, SegregatedDesignated, ClientMoneyPooled, ClientMoneyDesignated, SafeguardedPooled, SafeguardedDesignated, ClientSuspense.',
      ],
    });
  });

  it('reports an unknown property instead of dropping it', () => {
    expect(errorsOf(createAccount, newAccount({ currency: 'GBP' }))).toEqual({
      currency: ['is not a known property'],
    });
  });

  it('requires an Idempotency-Key, so a retried create never opens a second account', () => {
    expect(errorsOf(createAccount, { ...newAccount(), idempotencyKey: null })).toEqual({
      'Idempotency-Key': ['header is required for this operation, so a retry can never act twice'],
    });
  });
});

describe('PATCH /v1/Accounts/{accountId}: status and statusReason', () => {
  it.each(['NotProvided', 'Enabled'])('accepts status %s without a reason', (status) => {
    expect(errorsOf(amendAccount, amend({ status }))).toEqual({});
  });

  it.each(
    STATUS_REASONS.flatMap((statusReason) => [
      ['Closed', statusReason],
      ['Suspended', statusReason],
    ]),
  )('accepts status %s with statusReason %s', (status, statusReason) => {
    expect(errorsOf(amendAccount, amend({ status, statusReason }))).toEqual({});
  });

  it('accepts a statusReason alone (the bank decides whether the account carries one)', () => {
    expect(errorsOf(amendAccount, amend({ statusReason: 'Other' }))).toEqual({});
  });

  it.each(['Open', 'closed', 3])('refuses status %j', (status) => {
    expect(errorsOf(amendAccount, amend({ status }))).toEqual({
      status: [`status must be one of ${ACCOUNT_STATUSES.join(', ')}.`],
    });
  });

  it('takes the eighteen reasons of the reference', () => {
    expect(STATUS_REASONS).toHaveLength(18);
  });

  it.each(['Bored', 'NotProvided'])('refuses the statusReason %s', (statusReason) => {
    expect(errorsOf(amendAccount, amend({ status: 'Closed', statusReason }))).toEqual({
      statusReason: [MESSAGES.statusReason],
    });
  });

  it('leaves a statusReason with status NotProvided (no change) to the bank, as when status is left out', () => {
    expect(errorsOf(amendAccount, amend({ status: 'NotProvided', statusReason: 'Other' }))).toEqual({});
  });

  it.each(['Closed', 'Suspended', 'Enabled'])(
    'accepts status %s with or without a reason, as the reference does',
    (status) => {
      expect(errorsOf(amendAccount, amend({ status }))).toEqual({});
      expect(errorsOf(amendAccount, amend({ status, statusReason: 'Other' }))).toEqual({});
    },
  );
});

describe('PATCH /v1/Accounts/{accountId}: owner fields', () => {
  it.each(['', 'Acme Holdings', "O'Brien-Smith, Jr. (Trading) / UK + 2?", 'a'.repeat(70)])(
    'accepts ownerName %j',
    (ownerName) => {
      expect(errorsOf(amendAccount, amend({ ownerName }))).toEqual({});
    },
  );

  it.each(ALLOWED_IN_OWNER_NAME)('accepts an ownerName containing %s', (character) => {
    expect(errorsOf(amendAccount, amend({ ownerName: `Acme ${character} Co` }))).toEqual({});
  });

  it('refuses an ownerName of 71 characters', () => {
    expect(errorsOf(amendAccount, amend({ ownerName: 'a'.repeat(71) }))).toEqual({
      ownerName: ['ownerName must be at most 70 characters long.'],
    });
  });

  it.each(FORBIDDEN_IN_OWNER_NAME)('refuses an ownerName containing %s', (character) => {
    expect(errorsOf(amendAccount, amend({ ownerName: `Acme ${character} Co` }))).toEqual({
      ownerName: ['ownerName must not contain any of | _ [ ] < > ^ ` ~ $ or a backslash.'],
    });
  });

  it.each(['Personal', 'Business'])('accepts legalOwnerType %s', (legalOwnerType) => {
    expect(errorsOf(amendAccount, amend({ legalOwnerType }))).toEqual({});
  });

  it('refuses another legalOwnerType', () => {
    expect(errorsOf(amendAccount, amend({ legalOwnerType: 'Company' }))).toEqual({
      legalOwnerType: ['legalOwnerType must be Personal or Business.'],
    });
  });

  it.each(['Single', 'Joint'])('accepts relationshipType %s', (relationshipType) => {
    expect(errorsOf(amendAccount, amend({ relationshipType }))).toEqual({});
  });

  it('refuses another relationshipType', () => {
    expect(errorsOf(amendAccount, amend({ relationshipType: 'Shared' }))).toEqual({
      relationshipType: ['relationshipType must be Single or Joint.'],
    });
  });

  it.each([
    ['Personal', 'Joint'],
    ['Business', 'Single'],
  ])('accepts %s with %s', (legalOwnerType, relationshipType) => {
    expect(errorsOf(amendAccount, amend({ legalOwnerType, relationshipType }))).toEqual({});
  });

  it('refuses Joint with Business, on relationshipType', () => {
    expect(errorsOf(amendAccount, amend({ legalOwnerType: 'Business', relationshipType: 'Joint' }))).toEqual({
      relationshipType: ['relationshipType Joint is not allowed when legalOwnerType is Business.'],
    });
  });
});

describe('PATCH /v1/Accounts/{accountId}: minimumBalance and the overdraft agreement', () => {
  it.each([0, 100, 12.34, 1_000_000])('accepts %j', (minimumBalance) => {
    expect(errorsOf(amendAccount, amend({ minimumBalance }))).toEqual({});
  });

  it.each([1.234, '100', null])('refuses %j', (minimumBalance) => {
    const rule = 'minimumBalance must be an amount in pounds with at most 2 decimal places.';
    expect(errorsOf(amendAccount, amend({ minimumBalance }))).toEqual({
      minimumBalance: [
        minimumBalance === '100'
          ? `${rule} Send a JSON number written with the digits wanted (100, without quotes), not text: the value is read exactly as written.`
          : rule,
      ],
    });
  });

  it('refuses a negative minimumBalance without an overdraft agreement', () => {
    expect(errorsOf(amendAccount, amend({ minimumBalance: -500 }))).toEqual({
      minimumBalance: [
        'A negative minimumBalance (an overdraft) is only allowed with an overdraft agreement with the bank.',
      ],
    });
  });

  it('accepts a negative minimumBalance with an overdraft agreement', () => {
    expect(errorsOf(amendAccount, amend({ minimumBalance: -500 }, true))).toEqual({});
  });

  it('reports an unknown property, and needs no Idempotency-Key', () => {
    expect(errorsOf(amendAccount, { ...amend({ label: 'x' }), idempotencyKey: null })).toEqual({
      label: ['is not a known property'],
    });
    expect(errorsOf(amendAccount, { ...amend({ ownerName: 'Acme' }), idempotencyKey: null })).toEqual({});
  });
});

describe('paging: pageNumber and pageSize on every list', () => {
  const lists = [listAccounts, listAccountsV2, listVirtualAccounts, listAccountVirtualAccounts];

  it.each(lists)('$id accepts no paging, and whole numbers from 1 (pageSize up to 1000)', (operation) => {
    expect(errorsOf(operation)).toEqual({});
    expect(errorsOf(operation, { query: { pageNumber: '1', pageSize: '1' } })).toEqual({});
    expect(errorsOf(operation, { query: { pageNumber: '250', pageSize: '1000' } })).toEqual({});
  });

  it.each(['0', '-1', 'ten', '1.5', '', ' 2'])('refuses pageNumber %j', (pageNumber) => {
    expect(errorsOf(listAccounts, { query: { pageNumber } })).toEqual({
      pageNumber: [PAGING_MESSAGES.pageNumber],
    });
  });

  it.each(['0', '-5', 'many', '2e1', '1001'])('refuses pageSize %j', (pageSize) => {
    expect(errorsOf(listVirtualAccounts, { query: { pageSize } })).toEqual({
      pageSize: ['pageSize must be a whole number from 1 to 1000.'],
    });
  });

  it('reports an unknown query parameter on a list, and any query parameter on a single read', () => {
    expect(errorsOf(listAccounts, { query: { page: '2' } })).toEqual({ page: ['is not a known property'] });
    expect(errorsOf(getAccount, { query: { pageSize: '2' } })).toEqual({
      pageSize: ['is not a query parameter of this operation'],
    });
  });
});

describe('POST /v2/Accounts/{accountId}/Virtual', () => {
  it('accepts accounts identified by any one identifier, each with an owner name', () => {
    const body = {
      virtualAccounts: [
        { ownerName: 'Jane Doe', accountIdentifier: { externalIdentifier: 'c'.repeat(50) } },
        { ownerName: 'J', accountIdentifier: { bban: 'CLRB04000412345678' } },
        {
          ownerName: 'a'.repeat(140),
          accountIdentifier: { iban: 'GB18CLRB04000412345678', proprietaryIdentifier: 'p-1' },
        },
      ],
    };
    expect(errorsOf(createVirtualAccounts, { body })).toEqual({});
  });

  it.each([
    ['missing', undefined, MESSAGES.virtualOwnerNameRequired],
    ['empty', '', MESSAGES.virtualOwnerNameLength],
    ['of 141 characters', 'a'.repeat(141), MESSAGES.virtualOwnerNameLength],
  ])('refuses an ownerName %s', (_, ownerName, message) => {
    expect(errorsOf(createVirtualAccounts, newVirtual({ ownerName }))).toEqual({
      'virtualAccounts.0.ownerName': [message],
    });
  });

  it('refuses an externalIdentifier of 51 characters', () => {
    const accountIdentifier = { externalIdentifier: 'c'.repeat(51) };
    expect(errorsOf(createVirtualAccounts, newVirtual({ accountIdentifier }))).toEqual({
      'virtualAccounts.0.accountIdentifier.externalIdentifier': [MESSAGES.externalIdentifierLength],
    });
  });

  it.each([
    ['missing', {}],
    ['empty', { virtualAccounts: [] }],
    ['not a list', { virtualAccounts: { ownerName: 'x' } }],
  ])('refuses virtualAccounts %s', (_, body) => {
    expect(errorsOf(createVirtualAccounts, { body })).toEqual({
      virtualAccounts: ['virtualAccounts must be a list of at least one virtual account.'],
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', {}],
    ['only blank', { iban: ' ' }],
  ])('refuses an accountIdentifier %s', (_, accountIdentifier) => {
    expect(errorsOf(createVirtualAccounts, newVirtual({ accountIdentifier }))).toEqual({
      'virtualAccounts.0.accountIdentifier': [MESSAGES.accountIdentifier],
    });
  });

  it('refuses an identifier that is not text, and an unknown identifier', () => {
    const accountIdentifier = { iban: 33, sortCode: '040004' };
    expect(errorsOf(createVirtualAccounts, newVirtual({ accountIdentifier }))).toEqual({
      'virtualAccounts.0.accountIdentifier.iban': ['Each member of accountIdentifier must be text.'],
      'virtualAccounts.0.accountIdentifier.sortCode': ['is not a known property'],
    });
  });

  it('applies the ownerName rules', () => {
    expect(errorsOf(createVirtualAccounts, newVirtual({ ownerName: 'Jane <Doe>' }))).toEqual({
      'virtualAccounts.0.ownerName': [MESSAGES.ownerNameCharacters],
    });
  });

  it('requires an Idempotency-Key', () => {
    expect(errorsOf(createVirtualAccounts, { ...newVirtual({}), idempotencyKey: null })).toHaveProperty(
      'Idempotency-Key',
    );
  });
});

describe('PATCH and DELETE /v1/Accounts/{accountId}/Virtual/{virtualAccountId}', () => {
  it('accepts owner name, legal owner type and relationship type', () => {
    const body = { ownerName: 'Jane Smith', legalOwnerType: 'Personal', relationshipType: 'Joint' };
    expect(errorsOf(amendVirtualAccount, { body })).toEqual({});
  });

  it.each(['J', 'a'.repeat(140), 'Jane & John!'])('accepts ownerName %j', (ownerName) => {
    expect(errorsOf(amendVirtualAccount, { body: { ownerName } })).toEqual({});
  });

  it.each(['', 'a'.repeat(141)])('refuses ownerName %j', (ownerName) => {
    expect(errorsOf(amendVirtualAccount, { body: { ownerName } })).toEqual({
      ownerName: [MESSAGES.virtualOwnerNameLength],
    });
  });

  it('refuses the owner rules: forbidden characters, the type values, Joint with Business', () => {
    expect(errorsOf(amendVirtualAccount, { body: { ownerName: 'Jane_Smith' } })).toEqual({
      ownerName: [MESSAGES.ownerNameCharacters],
    });
    expect(errorsOf(amendVirtualAccount, { body: { legalOwnerType: 'Trust' } })).toEqual({
      legalOwnerType: [MESSAGES.legalOwnerType],
    });
    expect(
      errorsOf(amendVirtualAccount, { body: { legalOwnerType: 'Business', relationshipType: 'Joint' } }),
    ).toEqual({ relationshipType: [MESSAGES.jointBusiness] });
  });

  it('refuses members a virtual account amend does not have', () => {
    expect(errorsOf(amendVirtualAccount, { body: { status: 'Closed' } })).toEqual({
      status: ['is not a known property'],
    });
  });

  it('disables with no body and no Idempotency-Key needed, and refuses a body', () => {
    expect(errorsOf(disableVirtualAccount, { idempotencyKey: null })).toEqual({});
    expect(errorsOf(disableVirtualAccount, { body: { reason: 'x' } })).toEqual({
      $: ['this operation takes no body'],
    });
  });
});
