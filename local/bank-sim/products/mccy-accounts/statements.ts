import { randomUUID } from 'node:crypto';
import { ukInstant } from '#shared/domain/calendar.js';
import { formatAmount } from '#shared/domain/money.js';
import { defineState, type SimState } from '#sim/core/state.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { findByIban, mccyBank, type Outcome } from './accounts.js';
import { type MccyTransaction, mccyMoney } from './money.js';

/**
 * Statements: a request builds the month's CSV from the transactions at once and sends
 * `MCCY.Statements.InstitutionStatement` or `.AccountStatement` with a download link to the simulator that
 * stops working `statementLinkValidMs` after (simulated time): the bank's link is a time-limited blob URL.
 */

/** One hour: short enough that a download has to happen promptly, as with the bank's link. */
export const DEFAULT_STATEMENT_LINK_VALID_MS = 60 * 60 * 1000;

export const STATEMENT_WEBHOOKS = {
  institution: { type: 'MCCY.Statements.InstitutionStatement', version: 1 },
  account: { type: 'MCCY.Statements.AccountStatement', version: 1 },
} as const;

export interface MccyStatement {
  id: string;
  institutionId: string;
  accountIban?: string;
  year: number;
  month: number;
  currency: string;
  csv: string;
  createdAt: string;
  validUntil: string;
}

export const mccyStatements = defineState('mccy-statements', () => ({
  statements: new Map<string, MccyStatement>(),
  config: { statementLinkValidMs: DEFAULT_STATEMENT_LINK_VALID_MS },
}));

export interface StatementRequest {
  institutionId: string;
  /** An account statement's IBAN; none for the institution's statement. */
  iban?: string;
  year: number;
  month: number;
  currency: string;
  /** The simulator's base URL: the link is absolute. */
  baseUrl: string;
}

export const STATEMENT_CSV_HEADER = [
  'TransactionId',
  'CreatedAt',
  'AccountIban',
  'VirtualAccountIban',
  'EndToEndId',
  'Reference',
  'Kind',
  'Amount',
  'Currency',
  'CounterpartyName',
  'CounterpartyIdentifier',
];

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The first instant of a UK calendar month. */
function monthStart(year: number, month: number): Date {
  const next = month === 13 ? { year: year + 1, month: 1 } : { year, month };
  return ukInstant(`${next.year}-${String(next.month).padStart(2, '0')}-01`, '00:00');
}

function statementCsv(state: SimState, transactions: MccyTransaction[]): string {
  const bank = state.get(mccyBank);
  const rows = transactions.map((t) => {
    const counterparty = t.direction === 'Credit' ? t.remitter : t.beneficiary;
    return [
      t.id,
      t.createdAt,
      bank.accounts.get(t.accountId)?.iban ?? '',
      (t.virtualAccountId && bank.virtualAccounts.get(t.virtualAccountId)?.iban) || '',
      t.endToEndId,
      t.reference,
      t.direction,
      formatAmount(t.direction === 'Debit' ? t.amount.negated() : t.amount, t.currency),
      t.currency,
      counterparty.name ?? '',
      counterparty.identifiers[0]?.identifier ?? '',
    ]
      .map(csvField)
      .join(',');
  });
  return [STATEMENT_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}

/**
 * Builds the statement and emits its webhook. An account statement needs a real account's IBAN (a virtual
 * account's is not found: the bank's account statement covers real accounts) enabled for the currency.
 */
export function requestStatement(
  host: SimHost,
  request: StatementRequest,
  emit: Emit,
): Outcome<MccyStatement> {
  const currency = request.currency.toUpperCase();
  let accountId: string | undefined;
  let accountIban: string | undefined;
  if (request.iban !== undefined) {
    const found = findByIban(host.state, request.institutionId, request.iban);
    if (!found || found.virtual)
      return { kind: 'missing', detail: `no multi-currency account ${request.iban}` };
    if (!found.account.currencies.includes(currency)) {
      return { kind: 'refused', detail: `account ${request.iban} is not enabled for ${currency}` };
    }
    accountId = found.account.id;
    accountIban = found.account.iban;
  }
  const from = monthStart(request.year, request.month).getTime();
  const to = monthStart(request.year, request.month + 1).getTime();
  const transactions = host.state.get(mccyMoney).transactions.filter((t) => {
    const at = Date.parse(t.createdAt);
    return (
      t.institutionId === request.institutionId &&
      t.currency === currency &&
      (accountId === undefined || t.accountId === accountId) &&
      at >= from &&
      at < to
    );
  });
  const now = host.clock.now();
  const store = host.state.get(mccyStatements);
  const statement: MccyStatement = {
    id: randomUUID(),
    institutionId: request.institutionId,
    ...(accountIban && { accountIban }),
    year: request.year,
    month: request.month,
    currency,
    csv: statementCsv(host.state, transactions),
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + store.config.statementLinkValidMs).toISOString(),
  };
  store.statements.set(statement.id, statement);
  const expires = Math.floor(Date.parse(statement.validUntil) / 1000);
  const { type, version } = accountIban ? STATEMENT_WEBHOOKS.account : STATEMENT_WEBHOOKS.institution;
  emit(type, version, {
    Uri: `${request.baseUrl}/__sim/mccy/statements/${statement.id}.csv?expires=${expires}`,
    ValidUntilDate: statement.validUntil,
    Year: statement.year,
    Month: statement.month,
    Currency: currency,
    Format: 'csv',
    ...(accountIban && { AccountIban: accountIban }),
  });
  return { kind: 'done', value: statement };
}

/** The statement behind a link, while the link is valid. */
export function downloadStatement(
  host: Pick<SimHost, 'state' | 'clock'>,
  fileName: string,
): { kind: 'done'; csv: string } | { kind: 'missing' } | { kind: 'expired' } {
  const id = fileName.replace(/\.csv$/i, '').toLowerCase();
  const statement = host.state.get(mccyStatements).statements.get(id);
  if (!statement) return { kind: 'missing' };
  if (host.clock.now().getTime() > Date.parse(statement.validUntil)) return { kind: 'expired' };
  return { kind: 'done', csv: statement.csv };
}
