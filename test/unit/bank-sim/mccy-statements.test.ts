import { describe, expect, it } from 'vitest';
import { createAccount, createVirtualAccount, type Outcome } from '#sim/products/mccy-accounts/accounts.js';
import { receiveInboundPayment, requestInternalTransfer } from '#sim/products/mccy-accounts/money.js';
import {
  DEFAULT_STATEMENT_LINK_VALID_MS,
  downloadStatement,
  requestStatement,
  STATEMENT_CSV_HEADER,
} from '#sim/products/mccy-accounts/statements.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { mccyWorld } from './mccy-helpers.js';

function value<T>(outcome: Outcome<T>): T {
  if (outcome.kind !== 'done') throw new Error(`expected done, got ${outcome.kind}: ${outcome.detail}`);
  return outcome.value;
}

const BASE = 'http://127.0.0.1:4010';

/** February's money, then the clock on 10 March (after the 5th: February may be requested). */
function februaryWorld() {
  const w = mccyWorld('2026-02-27T23:30:00.000Z');
  const open = () =>
    value(
      createAccount(
        w.host,
        { institutionId: 'inst-1', label: 'L', owner: 'Eco, "Bank"', kind: 'YourFunds', currencies: ['EUR'] },
        w.emit,
      ),
    );
  const [a, b] = [open(), open()];
  const virtual = value(
    createVirtualAccount(w.host, { institutionId: 'inst-1', accountId: a.id, owner: 'V' }, w.emit),
  );
  const pay = (id: string, amount: string) =>
    value(
      receiveInboundPayment(w.host, {
        institutionId: 'inst-1',
        accountUniqueId: id,
        currency: 'EUR',
        amount: new MoneyDecimal(amount),
        reference: 'Invoice, 7',
      }),
    );
  pay(a.id, '100.00');
  pay(virtual.id, '5.50');
  requestInternalTransfer(
    w.host,
    {
      institutionId: 'inst-1',
      debit: { accountId: a.id },
      credit: { accountId: b.id },
      amount: new MoneyDecimal('30'),
      currency: 'EUR',
      endToEndId: 'E2E-1',
    },
    w.emit,
  );
  w.advance(1_000);
  w.clock.set('2026-03-01T00:30:00.000Z'); // March in UTC and in London: not February's
  pay(a.id, '1.00');
  w.clock.set('2026-03-10T09:00:00.000Z');
  w.sent.length = 0;
  return { ...w, a, b, virtual };
}

describe('multi-currency statements in the simulator', () => {
  it("builds the institution's month as CSV and sends InstitutionStatement with a link valid for an hour", () => {
    const w = februaryWorld();
    const statement = value(
      requestStatement(
        w.host,
        { institutionId: 'inst-1', year: 2026, month: 2, currency: 'EUR', baseUrl: BASE },
        w.emit,
      ),
    );
    const lines = statement.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(STATEMENT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(5); // two credits, the transfer's debit and credit; not March's
    expect(lines.filter((line) => line.includes(',Debit,-30.00,EUR'))).toHaveLength(1);
    expect(lines[1]).toContain('"Invoice, 7"');
    expect(lines[2]).toContain(w.virtual.iban);
    expect(w.sent).toEqual([
      {
        type: 'MCCY.Statements.InstitutionStatement',
        version: 1,
        payload: {
          Uri: `${BASE}/__sim/mccy/statements/${statement.id}.csv?expires=${Date.parse('2026-03-10T10:00:00Z') / 1000}`,
          ValidUntilDate: '2026-03-10T10:00:00.000Z',
          Year: 2026,
          Month: 2,
          Currency: 'EUR',
          Format: 'csv',
        },
      },
    ]);
  });

  it("builds one real account's statement with AccountStatement and its IBAN", () => {
    const w = februaryWorld();
    const statement = value(
      requestStatement(
        w.host,
        { institutionId: 'inst-1', iban: w.b.iban, year: 2026, month: 2, currency: 'EUR', baseUrl: BASE },
        w.emit,
      ),
    );
    expect(statement.csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(statement.csv).toContain(',Credit,30.00,EUR,');
    expect(w.sent[0]).toMatchObject({
      type: 'MCCY.Statements.AccountStatement',
      payload: { AccountIban: w.b.iban, Year: 2026, Month: 2 },
    });
  });

  it("refuses a virtual account's IBAN, an unknown one and a currency the account lacks", () => {
    const w = februaryWorld();
    const request = (iban: string, currency = 'EUR') =>
      requestStatement(
        w.host,
        { institutionId: 'inst-1', iban, year: 2026, month: 2, currency, baseUrl: BASE },
        w.emit,
      );
    expect(request(w.virtual.iban)).toMatchObject({ kind: 'missing' });
    expect(request('GB00CLRB04080099999999')).toMatchObject({ kind: 'missing' });
    expect(request(w.a.iban, 'USD')).toMatchObject({ kind: 'refused' });
    expect(w.sent).toEqual([]);
  });

  it('serves the CSV by its link until it expires on the simulated clock', () => {
    const w = februaryWorld();
    const statement = value(
      requestStatement(
        w.host,
        { institutionId: 'inst-1', year: 2026, month: 2, currency: 'EUR', baseUrl: BASE },
        w.emit,
      ),
    );
    expect(downloadStatement(w.host, `${statement.id}.csv`)).toEqual({ kind: 'done', csv: statement.csv });
    w.clock.advance(DEFAULT_STATEMENT_LINK_VALID_MS);
    expect(downloadStatement(w.host, `${statement.id}.csv`)).toMatchObject({ kind: 'done' });
    w.clock.advance(1);
    expect(downloadStatement(w.host, `${statement.id}.csv`)).toEqual({ kind: 'expired' });
    expect(downloadStatement(w.host, 'nothing.csv')).toEqual({ kind: 'missing' });
  });
});
