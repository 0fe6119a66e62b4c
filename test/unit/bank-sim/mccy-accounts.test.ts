import { describe, expect, it } from 'vitest';
import {
  accountView,
  addCurrency,
  amendAccount,
  amendVirtualAccount,
  balancesView,
  closeAccount,
  closeVirtualAccount,
  createAccount,
  createVirtualAccount,
  currenciesOf,
  type MccyAccount,
  type MccyVirtualAccount,
  type Outcome,
  setAccountStatus,
  setVirtualAccountStatus,
} from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment } from '#sim/products/mccy-accounts/money.js';
import { envelopeText } from '#sim/core/webhooks.js';
import { isValidIban } from '#shared/domain/iban.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { mccyWorld } from './mccy-helpers.js';

function value<T>(outcome: Outcome<T>): T {
  if (outcome.kind !== 'done') throw new Error(`expected done, got ${outcome.kind}: ${outcome.detail}`);
  return outcome.value;
}

function setup() {
  const w = mccyWorld();
  const account = (currencies = ['EUR', 'USD'], institutionId = 'inst-1'): MccyAccount =>
    value(
      createAccount(
        w.host,
        { institutionId, label: 'Treasury', owner: 'Eco Bank', kind: 'YourFunds', currencies },
        w.emit,
      ),
    );
  const virtual = (real: MccyAccount): MccyVirtualAccount =>
    value(
      createVirtualAccount(
        w.host,
        { institutionId: real.institutionId, accountId: real.id, owner: 'Joe Brown' },
        w.emit,
      ),
    );
  const credit = (accountUniqueId: string, amount: string, currency = 'EUR') =>
    receiveInboundPayment(w.host, {
      institutionId: 'inst-1',
      accountUniqueId,
      currency,
      amount: new MoneyDecimal(amount),
    });
  return { ...w, account, virtual, credit };
}

describe('multi-currency real accounts in the simulator', () => {
  it('opens an account with a valid IBAN, zero balances per currency and AccountCreated with the InstitutionId on top', () => {
    const w = setup();
    const account = w.account();
    expect(isValidIban(account.iban)).toBe(true);
    expect(account.iban).toMatch(/^GB\d{2}CLRB040800\d{8}$/);
    expect(balancesView(account)).toEqual({
      balances: { EUR: { Available: 0, Actual: 0 }, USD: { Available: 0, Actual: 0 } },
    });
    expect(w.sent).toEqual([
      expect.objectContaining({
        type: 'Accounts.AccountCreated',
        version: 1,
        topLevel: { InstitutionId: 'inst-1' },
        payload: expect.objectContaining({
          AccountId: account.id,
          Currencies: ['EUR', 'USD'],
          Status: 'Active',
          Identifiers: [{ Identifier: account.iban, Kind: 'Iban' }],
          Type: 'Customer',
        }),
      }),
    ]);
  });

  it('issues a different IBAN to every account and keeps a supplied one', () => {
    const w = setup();
    const ibans = new Set([w.account().iban, w.account().iban, w.account().iban]);
    expect(ibans.size).toBe(3);
    const supplied = value(
      createAccount(
        w.host,
        {
          institutionId: 'inst-1',
          label: 'L',
          owner: 'O',
          kind: 'GeneralClient',
          currencies: ['EUR'],
          identifiers: [{ identifier: 'GB29NWBK60161331926819', kind: 'Iban' }],
        },
        w.emit,
      ),
    );
    expect(supplied.iban).toBe('GB29NWBK60161331926819');
    const again = createAccount(
      w.host,
      {
        institutionId: 'inst-1',
        label: 'L',
        owner: 'O',
        kind: 'GeneralClient',
        currencies: ['EUR'],
        identifiers: [{ identifier: 'GB29NWBK60161331926819', kind: 'Iban' }],
      },
      w.emit,
    );
    expect(again).toMatchObject({ kind: 'refused' });
  });

  it('refuses a currency the bank does not offer, GBP included, on create and on add', () => {
    const w = setup();
    for (const currencies of [['GBP'], ['EUR', 'JPY']]) {
      const outcome = createAccount(
        w.host,
        { institutionId: 'inst-1', label: 'L', owner: 'O', kind: 'YourFunds', currencies },
        w.emit,
      );
      expect(outcome).toMatchObject({ kind: 'refused', detail: expect.stringContaining('does not offer') });
    }
    const account = w.account(['EUR']);
    w.sent.length = 0;
    expect(addCurrency(w.host, 'inst-1', account.id, 'GBP', w.emit)).toMatchObject({ kind: 'refused' });
    expect(addCurrency(w.host, 'inst-1', account.id, 'EUR', w.emit)).toMatchObject({ kind: 'refused' });
    expect(w.sent).toEqual([]);
    expect(value(addCurrency(w.host, 'inst-1', account.id, 'SEK', w.emit)).currencies).toEqual([
      'EUR',
      'SEK',
    ]);
    expect(w.sent).toEqual([
      expect.objectContaining({
        type: 'Accounts.AccountUpdated',
        topLevel: { InstitutionId: 'inst-1' },
        payload: expect.objectContaining({
          Currencies: ['EUR', 'SEK'],
          TimestampModified: expect.any(String),
        }),
      }),
    ]);
  });

  it('suspends with a reason and reactivates, each with AccountUpdated', () => {
    const w = setup();
    const account = w.account();
    w.sent.length = 0;
    const suspended = value(
      setAccountStatus(
        w.host,
        'inst-1',
        account.id,
        { status: 'Suspended', statusReason: 'FraudThirdParty', information: 'unrecognised transactions' },
        w.emit,
      ),
    );
    expect(accountView(suspended)).toMatchObject({
      status: 'Suspended',
      statusReason: 'FraudThirdParty',
      statusInformation: 'unrecognised transactions',
    });
    const active = value(setAccountStatus(w.host, 'inst-1', account.id, { status: 'Active' }, w.emit));
    expect(accountView(active)).toMatchObject({ status: 'Active', statusInformation: null });
    expect(accountView(active)).not.toHaveProperty('statusReason');
    expect(w.sent.map((s) => [s.type, s.payload.Status, s.payload.StatusReason])).toEqual([
      ['Accounts.AccountUpdated', 'Suspended', 'FraudThirdParty'],
      ['Accounts.AccountUpdated', 'Active', null],
    ]);
  });

  it('amends label and owner', () => {
    const w = setup();
    const account = w.account();
    const amended = value(
      amendAccount(w.host, 'inst-1', account.id, { label: 'New', owner: 'New Owner' }, w.emit),
    );
    expect(accountView(amended)).toMatchObject({ label: 'New', owner: 'New Owner' });
    expect(w.sent.at(-1)).toMatchObject({ type: 'Accounts.AccountUpdated', payload: { Label: 'New' } });
  });

  it('refuses to close an account that holds money, then closes it for good once empty', () => {
    const w = setup();
    const account = w.account();
    value(w.credit(account.id, '10.00'));
    expect(closeAccount(w.host, 'inst-1', account.id, 'Other', w.emit)).toMatchObject({
      kind: 'refused',
      detail: expect.stringContaining('EUR'),
    });
    account.balances.set('EUR', { available: new MoneyDecimal(0), actual: new MoneyDecimal(0) });
    w.sent.length = 0;
    expect(value(closeAccount(w.host, 'inst-1', account.id, 'Other', w.emit)).status).toBe('Closed');
    expect(w.sent).toEqual([
      expect.objectContaining({
        type: 'Accounts.AccountUpdated',
        payload: expect.objectContaining({ Status: 'Closed' }),
      }),
    ]);
    expect(setAccountStatus(w.host, 'inst-1', account.id, { status: 'Active' }, w.emit)).toMatchObject({
      kind: 'refused',
      detail: expect.stringContaining('closed'),
    });
    expect(closeAccount(w.host, 'inst-1', account.id, undefined, w.emit)).toMatchObject({ kind: 'refused' });
    expect(addCurrency(w.host, 'inst-1', account.id, 'SEK', w.emit)).toMatchObject({ kind: 'refused' });
  });

  it("does not show another institution's account", () => {
    const w = setup();
    const theirs = w.account(['EUR'], 'inst-2');
    expect(setAccountStatus(w.host, 'inst-1', theirs.id, { status: 'Suspended' }, w.emit)).toMatchObject({
      kind: 'missing',
    });
  });
});

describe('multi-currency virtual accounts in the simulator', () => {
  it('opens a virtual account with its own IBAN for exactly its real account currencies', () => {
    const w = setup();
    const real = w.account(['EUR', 'USD']);
    w.sent.length = 0;
    const virtual = w.virtual(real);
    expect(isValidIban(virtual.iban)).toBe(true);
    expect(virtual.iban).not.toBe(real.iban);
    expect(currenciesOf(w.state, virtual)).toEqual(['EUR', 'USD']);
    value(addCurrency(w.host, 'inst-1', real.id, 'CHF', w.emit));
    expect(currenciesOf(w.state, virtual)).toEqual(['EUR', 'USD', 'CHF']);
    expect(w.sent[0]).toMatchObject({
      type: 'Accounts.VirtualAccountCreated',
      topLevel: { InstitutionId: 'inst-1' },
      payload: {
        VirtualAccountId: virtual.id,
        AccountId: real.id,
        BatchId: expect.any(String),
        Status: 'Active',
      },
    });
  });

  it('credits through its real account: the money is the real account balance', () => {
    const w = setup();
    const real = w.account(['EUR']);
    const virtual = w.virtual(real);
    const transaction = value(w.credit(virtual.iban, '25.50'));
    expect(transaction).toMatchObject({ accountId: real.id, virtualAccountId: virtual.id });
    expect(balancesView(real).balances.EUR).toEqual({ Available: 25.5, Actual: 25.5 });
  });

  it('suspends, reactivates, amends and closes with VirtualAccountUpdated (no InstitutionId on top), never reopens', () => {
    const w = setup();
    const virtual = w.virtual(w.account());
    w.sent.length = 0;
    value(
      setVirtualAccountStatus(
        w.host,
        'inst-1',
        virtual.id,
        { status: 'Suspended', statusReason: 'Other' },
        w.emit,
      ),
    );
    expect(w.credit(virtual.id, '1.00')).toMatchObject({ kind: 'refused' });
    value(setVirtualAccountStatus(w.host, 'inst-1', virtual.id, { status: 'Active' }, w.emit));
    value(amendVirtualAccount(w.host, 'inst-1', virtual.id, 'Jane Brown', w.emit));
    value(closeVirtualAccount(w.host, 'inst-1', virtual.id, 'AccountSwitched', w.emit));
    expect(setVirtualAccountStatus(w.host, 'inst-1', virtual.id, { status: 'Active' }, w.emit)).toMatchObject(
      {
        kind: 'refused',
        detail: expect.stringContaining('closed'),
      },
    );
    expect(closeVirtualAccount(w.host, 'inst-1', virtual.id, undefined, w.emit)).toMatchObject({
      kind: 'refused',
    });
    expect(w.sent.map((s) => [s.type, s.payload.Status, s.payload.Owner, s.topLevel])).toEqual([
      ['Accounts.VirtualAccountUpdated', 'Suspended', 'Joe Brown', undefined],
      ['Accounts.VirtualAccountUpdated', 'Active', 'Joe Brown', undefined],
      ['Accounts.VirtualAccountUpdated', 'Active', 'Jane Brown', undefined],
      ['Accounts.VirtualAccountUpdated', 'Closed', 'Jane Brown', undefined],
    ]);
  });

  it('refuses a virtual account on a suspended or missing real account', () => {
    const w = setup();
    const real = w.account();
    value(setAccountStatus(w.host, 'inst-1', real.id, { status: 'Suspended' }, w.emit));
    const create = (accountId: string) =>
      createVirtualAccount(w.host, { institutionId: 'inst-1', accountId, owner: 'X' }, w.emit);
    expect(create(real.id)).toMatchObject({ kind: 'refused' });
    expect(create('00000000-0000-4000-8000-000000000000')).toMatchObject({ kind: 'missing' });
  });
});

describe('the webhook envelope with top-level members', () => {
  it('writes InstitutionId beside Type, Version, Payload and Nonce, the Nonce digits kept', () => {
    const text = envelopeText('Accounts.AccountCreated', 1, { A: 1 }, '18446744073709551616', {
      InstitutionId: 'inst-1',
    });
    expect(text).toBe(
      '{"InstitutionId":"inst-1","Type":"Accounts.AccountCreated","Version":1,"Payload":{"A":1},"Nonce":18446744073709551616}',
    );
    expect(envelopeText('T', 1, null, '5')).toBe('{"Type":"T","Version":1,"Payload":null,"Nonce":5}');
  });
});
