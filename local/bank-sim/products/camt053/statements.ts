import { randomBytes, randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { CAMT053_ENTRIES_PER_PAGE, CAMT053_RETENTION_MS } from '#shared/domain/camt053-rules.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { SIMULATED_BANK_CODE, SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import { balanceOf, type BookedTransaction, ledger } from '#sim/core/ledger.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { book, type RealAccount } from '../sterling-accounts/accounts.js';

/**
 * camt.053 statements (the account reporting guide): a request renders, at once, the settled (`ACSC`)
 * transactions of the window on every real sterling account of the institution from the ledger
 * (`core/ledger.ts`), one `Stmt` per account, paged at `entriesPerPage` entries (the bank's 5,000), each
 * page a complete camt.053.001.11 document starting with its group header. Kept two weeks.
 *
 * Balances agree with the account reads: an account's booked balance is its ledger balance without the
 * transactions still in process (`ACSP`, debited at once, not yet on a statement); its closing balance at
 * the window's end is that less every settled transaction booked since; its opening balance is the
 * closing less the window's entries.
 */

/** ClearBank's BIC shape, with the simulated bank's code. */
export const SIMULATED_BIC = `${SIMULATED_BANK_CODE}GB22`;
export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.11';

export interface Camt053Statement {
  messageId: string;
  institutionId: string;
  startDateTime: string;
  endDateTime: string;
  createdAt: string;
  pages: string[];
}

export const camt053Statements = defineState('camt053-statements', () => ({
  statements: new Map<string, Camt053Statement>(),
  config: { entriesPerPage: CAMT053_ENTRIES_PER_PAGE },
}));

/** `CAMT053_<yyyyMMdd>_<hhmmss><centiseconds>_<8 letters or digits>`, the guide's MsgId pattern. */
export function camt053MessageId(at: Date): string {
  const iso = at.toISOString();
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '') + iso.slice(20, 22);
  const random = randomBytes(6).toString('base64url').replace(/[-_]/g, '0').slice(0, 8);
  return `CAMT053_${date}_${time}_${random}`;
}

const signed = (t: BookedTransaction): Decimal => (t.direction === 'Credit' ? t.amount : t.amount.negated());

/** XML text and attribute escaping. */
export function xmlEscape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** An element with text, or nested elements (undefined children dropped). */
function el(name: string, content: string | undefined | (string | undefined)[], attributes = ''): string {
  if (content === undefined) return '';
  const inner = Array.isArray(content) ? content.filter((part) => part).join('') : xmlEscape(content);
  return `<${name}${attributes}>${inner}</${name}>`;
}

const money = (amount: Decimal) => amount.abs().toFixed(2);
const indicator = (amount: Decimal) => (amount.isNegative() ? 'DBIT' : 'CRDT');

/** An account's position for the window: the settled entries in it and the balances around them. */
export interface AccountWindow {
  account: RealAccount;
  entries: BookedTransaction[];
  opening: Decimal;
  closing: Decimal;
}

/** The window of every real sterling account of the institution that existed before the window's end. */
export function accountWindows(
  state: SimState,
  institutionId: string,
  start: Date,
  end: Date,
): AccountWindow[] {
  const transactions = state.get(ledger).transactions;
  return [...state.get(book).real.values()]
    .filter((a) => a.institutionId === institutionId && Date.parse(a.timestampCreated) < end.getTime())
    .map((account) => {
      const own = transactions.filter((t) => t.accountId === account.id);
      const inProcess = own
        .filter((t) => t.status === 'ACSP')
        .reduce((sum, t) => sum.plus(signed(t)), new MoneyDecimal(0));
      const settled = own.filter((t) => t.status === 'ACSC');
      const after = settled
        .filter((t) => Date.parse(t.createdAt) >= end.getTime())
        .reduce((sum, t) => sum.plus(signed(t)), new MoneyDecimal(0));
      const entries = settled
        .filter((t) => Date.parse(t.createdAt) >= start.getTime() && Date.parse(t.createdAt) < end.getTime())
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
      const closing = balanceOf(state, account.id).amount.minus(inProcess).minus(after);
      const opening = entries.reduce((sum, t) => sum.minus(signed(t)), closing);
      return { account, entries, opening, closing };
    });
}

function partyAccount(name: string, counterpart: BookedTransaction['counterpart']): string {
  const id = counterpart.iban
    ? el('IBAN', counterpart.iban)
    : el('Othr', [
        el('Id', counterpart.bban ?? `${counterpart.sortCode ?? ''}${counterpart.accountNumber ?? ''}`),
      ]);
  return el(name, [el('Id', [id])]);
}

function entryXml(t: BookedTransaction, account: RealAccount): string {
  const own = { name: account.label, iban: account.iban } as BookedTransaction['counterpart'];
  const [debtor, creditor] = t.direction === 'Credit' ? [t.counterpart, own] : [own, t.counterpart];
  const family = t.direction === 'Credit' ? 'RCDT' : 'ICDT';
  const bankCode = [
    el('Domn', [el('Cd', 'PMNT'), el('Fmly', [el('Cd', family), el('SubFmlyCd', 'DMCT')])]),
    el('Prtry', [el('Cd', t.scheme)]),
  ];
  const amount = el('Amt', t.amount.toFixed(2), ` Ccy="GBP"`);
  const cdtDbt = el('CdtDbtInd', t.direction === 'Credit' ? 'CRDT' : 'DBIT');
  return el('Ntry', [
    amount,
    cdtDbt,
    el('Sts', [el('Cd', 'BOOK')]),
    el('BookgDt', [el('DtTm', t.createdAt)]),
    el('ValDt', [el('Dt', t.createdAt.slice(0, 10))]),
    el('AcctSvcrRef', t.id),
    el('BkTxCd', bankCode),
    el('NtryDtls', [
      el('TxDtls', [
        el('Refs', [
          el('AcctSvcrRef', t.id),
          el('InstrId', t.endToEndId.slice(0, 35)),
          el('EndToEndId', t.endToEndId.slice(0, 35)),
        ]),
        amount,
        cdtDbt,
        el('RltdPties', [
          el('Dbtr', [el('Pty', [el('Nm', debtor.name.slice(0, 140))])]),
          partyAccount('DbtrAcct', debtor),
          el('Cdtr', [el('Pty', [el('Nm', creditor.name.slice(0, 140))])]),
          partyAccount('CdtrAcct', creditor),
        ]),
        t.reference ? el('RmtInf', [el('Ustrd', t.reference.slice(0, 140))]) : undefined,
      ]),
    ]),
  ]);
}

function balanceXml(code: 'OPBD' | 'CLBD', amount: Decimal, at: string): string {
  return el('Bal', [
    el('Tp', [el('CdOrPrtry', [el('Cd', code)])]),
    el('Amt', money(amount), ` Ccy="GBP"`),
    el('CdtDbtInd', indicator(amount)),
    el('Dt', [el('DtTm', at)]),
  ]);
}

interface StatementPart {
  window: AccountWindow;
  entries: BookedTransaction[];
  opening: Decimal;
  closing: Decimal;
}

/** Splits the accounts' entries into pages of at most `perPage` entries; an account split over pages carries its running balance. */
function paginate(windows: AccountWindow[], perPage: number): StatementPart[][] {
  const pages: StatementPart[][] = [[]];
  let room = perPage;
  for (const window of windows) {
    let balance = window.opening;
    let rest = window.entries;
    do {
      if (room === 0 && rest.length > 0) {
        pages.push([]);
        room = perPage;
      }
      const taken = rest.slice(0, room);
      rest = rest.slice(taken.length);
      room -= taken.length;
      const closing = taken.reduce((sum, t) => sum.plus(signed(t)), balance);
      (pages.at(-1) as StatementPart[]).push({ window, entries: taken, opening: balance, closing });
      balance = closing;
    } while (rest.length > 0);
  }
  return pages;
}

/** Renders a statement's pages, each a complete camt.053.001.11 document. */
export function renderCamt053(
  state: SimState,
  request: { messageId: string; institutionId: string; start: Date; end: Date; now: Date },
): string[] {
  const perPage = state.get(camt053Statements).config.entriesPerPage;
  const pages = paginate(accountWindows(state, request.institutionId, request.start, request.end), perPage);
  const from = request.start.toISOString();
  const to = request.end.toISOString();
  const created = request.now.toISOString();
  return pages.map((parts, index) => {
    const header = el('GrpHdr', [
      el('MsgId', request.messageId),
      el('CreDtTm', created),
      el('MsgRcpt', [
        el('Nm', `Institution ${request.institutionId}`.slice(0, 140)),
        el('Id', [
          el('OrgId', [el('Othr', [el('Id', request.institutionId.replaceAll('-', '').slice(0, 35))])]),
        ]),
      ]),
      el('MsgPgntn', [
        el('PgNb', String(index + 1)),
        el('LastPgInd', index === pages.length - 1 ? 'true' : 'false'),
      ]),
    ]);
    const statements = parts.map(({ window, entries, opening, closing }) =>
      el('Stmt', [
        el('Id', randomUUID().replaceAll('-', '')),
        el('CreDtTm', created),
        el('FrToDt', [el('FrDtTm', from), el('ToDtTm', to)]),
        el('Acct', [
          el('Id', [el('IBAN', window.account.iban)]),
          el('Tp', [el('Cd', 'CACC')]),
          el('Ccy', 'GBP'),
          el('Ownr', [el('Nm', window.account.label.slice(0, 140))]),
          el('Svcr', [
            el('FinInstnId', [
              el('BICFI', SIMULATED_BIC),
              el('Nm', SIMULATED_BANK_NAME),
              el('Othr', [el('Id', window.account.sortCode)]),
            ]),
          ]),
        ]),
        balanceXml('OPBD', opening, from),
        balanceXml('CLBD', closing, to),
        ...entries.map((t) => entryXml(t, window.account)),
      ]),
    );
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
      `<Document xmlns="${CAMT053_NAMESPACE}">` +
      el('BkToCstmrStmt', [header, ...statements]) +
      '</Document>\n'
    );
  });
}

/** Generates a statement and keeps it two weeks; the caller sends `Statements.ReadyForDownload`. */
export function generateCamt053(
  state: SimState,
  request: { institutionId: string; start: Date; end: Date; now: Date },
): Camt053Statement {
  const store = state.get(camt053Statements);
  for (const [id, kept] of store.statements) {
    if (Date.parse(kept.createdAt) + CAMT053_RETENTION_MS < request.now.getTime())
      store.statements.delete(id);
  }
  const messageId = camt053MessageId(request.now);
  const statement: Camt053Statement = {
    messageId,
    institutionId: request.institutionId,
    startDateTime: request.start.toISOString(),
    endDateTime: request.end.toISOString(),
    createdAt: request.now.toISOString(),
    pages: renderCamt053(state, { ...request, messageId }),
  };
  store.statements.set(messageId, statement);
  return statement;
}

/** One page while the bank keeps the statement (two weeks), for its institution only. */
export function camt053Page(
  state: SimState,
  institutionId: string,
  messageId: string,
  pageNumber: number,
  now: Date,
): { kind: 'page'; xml: string } | { kind: 'missing' } | { kind: 'no-page' } {
  const statement = state.get(camt053Statements).statements.get(messageId);
  if (
    !statement ||
    statement.institutionId !== institutionId ||
    Date.parse(statement.createdAt) + CAMT053_RETENTION_MS < now.getTime()
  )
    return { kind: 'missing' };
  const xml = statement.pages[pageNumber - 1];
  return xml === undefined ? { kind: 'no-page' } : { kind: 'page', xml };
}
