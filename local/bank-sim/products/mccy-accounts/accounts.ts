import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { MCCY_CURRENCIES, type MCCY_STATUS_REASONS } from '#shared/domain/mccy-rules.js';
import { ukAccountIdentifiers } from '#shared/domain/iban.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import { SIMULATED_BANK_CODE } from '#sim/core/bank.js';
import { defineState, type SimState } from '#sim/core/state.js';
import { TITLES } from '#sim/core/problems.js';
import type { Emit, RouteContext, SimHost, SimResponse } from '#sim/core/types.js';
import type { WebhookPayload } from '#shared/webhooks/payloads/index.js';
import { TYPES_WITH_INSTITUTION_ID } from '#shared/webhooks/payloads/mccy-accounts.js';

/**
 * The simulated multi-currency bank (spec part 2, "Multi-currency accounts"): real accounts per institution
 * holding one `Available` and one `Actual` balance per currency under one IBAN, virtual accounts credited
 * through their real account, and the `Accounts.*` webhooks. Plain code: the product's routes and admin
 * endpoints call it, and answer as the reference documents.
 */

/**
 * Currencies the bank offers in a multi-currency account: the transfer and inbound-payment documents' list,
 * every currency the bank handles but GBP (shared/domain/mccy-rules.ts, the gateway's rule too).
 */
export const OFFERED_CURRENCIES: readonly string[] = MCCY_CURRENCIES;

/** Sort code of the simulated multi-currency IBANs: apart from sterling's (spec part 2, "different sort code"). */
export const MCCY_SORT_CODE = '040800';

export type AccountStatus = 'Active' | 'Suspended' | 'Closed';
export type StatusReason = (typeof MCCY_STATUS_REASONS)[number];
export type AccountType = 'Customer' | 'Operating';

export interface Identifier {
  identifier: string;
  kind: string;
}

export interface Balance {
  available: Decimal;
  actual: Decimal;
}

export interface MccyAccount {
  id: string;
  institutionId: string;
  name: string;
  label: string;
  owner: string;
  kind: string;
  currencies: string[];
  productId?: string;
  customerId?: string;
  iban: string;
  status: AccountStatus;
  statusReason?: StatusReason;
  statusInformation?: string;
  type: AccountType;
  createdAt: string;
  modifiedAt?: string;
  closeReason?: string;
  balances: Map<string, Balance>;
}

export interface MccyVirtualAccount {
  id: string;
  institutionId: string;
  accountId: string;
  batchId: string;
  owner: string;
  iban: string;
  status: AccountStatus;
  statusReason?: StatusReason;
  statusInformation?: string;
  createdAt: string;
  modifiedAt?: string;
  closeReason?: string;
}

export const mccyBank = defineState('mccy', () => ({
  accounts: new Map<string, MccyAccount>(),
  virtualAccounts: new Map<string, MccyVirtualAccount>(),
  serial: 0,
  config: { offeredCurrencies: [...OFFERED_CURRENCIES] },
}));

/** A refusal the product maps to the status the reference documents for its operation. */
export type Outcome<T> =
  { kind: 'done'; value: T } | { kind: 'missing'; detail: string } | { kind: 'refused'; detail: string };

/** An outcome answered: 404 missing, `refusedStatus` refused, else `ok` with the value. */
export function answer<T>(
  ctx: RouteContext,
  outcome: Outcome<T>,
  refusedStatus: 400 | 422,
  ok: (value: T) => SimResponse,
): SimResponse {
  if (outcome.kind === 'missing') return ctx.problem(404, TITLES.notFound, outcome.detail);
  if (outcome.kind === 'refused') {
    return ctx.problem(
      refusedStatus,
      refusedStatus === 422 ? TITLES.unprocessable : TITLES.badRequest,
      outcome.detail,
    );
  }
  return ok(outcome.value);
}

const done = <T>(value: T): Outcome<T> => ({ kind: 'done', value });
const missing = (detail: string): Outcome<never> => ({ kind: 'missing', detail });
const refused = (detail: string): Outcome<never> => ({ kind: 'refused', detail });

// --- Identifiers ----------------------------------------------------------------------------------------

function ibanInUse(state: SimState, iban: string): boolean {
  const bank = state.get(mccyBank);
  return [...bank.accounts.values(), ...bank.virtualAccounts.values()].some((a) => a.iban === iban);
}

/** A new UK IBAN (valid check digits) under the multi-currency sort code. */
function issueIban(state: SimState): string {
  const bank = state.get(mccyBank);
  for (;;) {
    bank.serial += 1;
    const { iban } = ukAccountIdentifiers({
      bankCode: SIMULATED_BANK_CODE,
      sortCode: MCCY_SORT_CODE,
      accountNumber: String(20_000_000 + bank.serial),
    });
    if (!ibanInUse(state, iban)) return iban;
  }
}

/** The supplied IBAN (`identifiers` of kind Iban) when one is given and free, or a new one. */
function chooseIban(state: SimState, identifiers: Identifier[] | null | undefined): Outcome<string> {
  const supplied = identifiers?.find((id) => id.kind.toLowerCase() === 'iban')?.identifier.toUpperCase();
  if (supplied === undefined) return done(issueIban(state));
  if (ibanInUse(state, supplied)) return refused(`the IBAN ${supplied} is already in use`);
  return done(supplied);
}

// --- Lookups --------------------------------------------------------------------------------------------

/** The institution's account (closed ones included: a get shows them Closed). */
export function findAccount(
  state: SimState,
  institutionId: string,
  accountId: string,
): MccyAccount | undefined {
  const account = state.get(mccyBank).accounts.get(accountId.toLowerCase());
  return account?.institutionId === institutionId ? account : undefined;
}

export function findVirtualAccount(
  state: SimState,
  institutionId: string,
  virtualAccountId: string,
): MccyVirtualAccount | undefined {
  const virtual = state.get(mccyBank).virtualAccounts.get(virtualAccountId.toLowerCase());
  return virtual?.institutionId === institutionId ? virtual : undefined;
}

/** The institution's real or virtual account with this IBAN. */
export function findByIban(
  state: SimState,
  institutionId: string,
  iban: string,
): { account: MccyAccount; virtual?: MccyVirtualAccount } | undefined {
  const bank = state.get(mccyBank);
  const wanted = iban.replaceAll(' ', '').toUpperCase();
  for (const account of bank.accounts.values()) {
    if (account.institutionId === institutionId && account.iban === wanted) return { account };
  }
  for (const virtual of bank.virtualAccounts.values()) {
    const account = bank.accounts.get(virtual.accountId);
    if (account && virtual.institutionId === institutionId && virtual.iban === wanted) {
      return { account, virtual };
    }
  }
  return undefined;
}

export function listAccounts(state: SimState, institutionId: string): MccyAccount[] {
  return [...state.get(mccyBank).accounts.values()].filter((a) => a.institutionId === institutionId);
}

export function balanceIn(account: MccyAccount, currency: string): Balance {
  return account.balances.get(currency) ?? { available: new MoneyDecimal(0), actual: new MoneyDecimal(0) };
}

// --- Webhooks (the Accounts.* pages) ---------------------------------------------------------------------

function identifiersPayload(iban: string) {
  return [{ Identifier: iban, Kind: 'Iban' }];
}

function accountPayload(account: MccyAccount): WebhookPayload<'Accounts.AccountCreated'> {
  return {
    AccountId: account.id,
    Name: account.name,
    Label: account.label,
    Owner: account.owner,
    Kind: account.kind,
    Currencies: [...account.currencies],
    Status: account.status,
    ...(account.productId && { ProductId: account.productId }),
    ...(account.customerId && { CustomerId: account.customerId }),
    Identifiers: identifiersPayload(account.iban),
    TimestampCreated: account.createdAt,
    Type: account.type,
  };
}

/** What an update adds to the created payload: when, and the status's reason and information. */
function modification(target: MccyAccount | MccyVirtualAccount) {
  return {
    TimestampModified: target.modifiedAt ?? target.createdAt,
    StatusReason: target.statusReason ?? null,
    StatusInformation: target.statusInformation ?? null,
  };
}

/** The created payload with the modification before `Type`, as the page lists them. */
function accountUpdatedPayload(account: MccyAccount): WebhookPayload<'Accounts.AccountUpdated'> {
  const { Type, ...created } = accountPayload(account);
  return { ...created, ...modification(account), Type };
}

function virtualAccountPayload(
  virtual: MccyVirtualAccount,
): WebhookPayload<'Accounts.VirtualAccountCreated'> {
  return {
    VirtualAccountId: virtual.id,
    AccountId: virtual.accountId,
    BatchId: virtual.batchId,
    Owner: virtual.owner,
    Status: virtual.status,
    Identifiers: identifiersPayload(virtual.iban),
    TimestampCreated: virtual.createdAt,
  };
}

/** The update has no `BatchId`. */
function virtualAccountUpdatedPayload(
  virtual: MccyVirtualAccount,
): WebhookPayload<'Accounts.VirtualAccountUpdated'> {
  const { BatchId: _, ...created } = virtualAccountPayload(virtual);
  return { ...created, ...modification(virtual) };
}

/** The institution's id at the top of the envelope, for the types whose page shows it there. */
function topLevelOf(type: string, institutionId: string) {
  return (TYPES_WITH_INSTITUTION_ID as readonly string[]).includes(type)
    ? { InstitutionId: institutionId }
    : undefined;
}

// --- Real accounts --------------------------------------------------------------------------------------

export interface NewAccount {
  institutionId: string;
  label: string;
  owner: string;
  kind: string;
  currencies: string[];
  identifiers?: Identifier[] | null;
  productId?: string | null;
  customerId?: string | null;
  type?: AccountType;
}

function notOffered(state: SimState, currencies: string[]): string[] {
  const offered = state.get(mccyBank).config.offeredCurrencies;
  return currencies.filter((currency) => !offered.includes(currency));
}

export function createAccount(host: SimHost, input: NewAccount, emit: Emit): Outcome<MccyAccount> {
  const currencies = [...new Set(input.currencies.map((c) => c.toUpperCase()))];
  if (currencies.length === 0) return refused('an account needs at least one currency');
  const unavailable = notOffered(host.state, currencies);
  if (unavailable.length > 0) return refused(`the bank does not offer ${unavailable.join(', ')}`);
  const iban = chooseIban(host.state, input.identifiers);
  if (iban.kind !== 'done') return iban;
  const now = host.clock.now().toISOString();
  const account: MccyAccount = {
    id: randomUUID(),
    institutionId: input.institutionId,
    // The create has no name: the account is named by its label, as the reference's example shows.
    name: input.label,
    label: input.label,
    owner: input.owner,
    kind: input.kind,
    currencies,
    ...(input.productId && { productId: input.productId }),
    ...(input.customerId && { customerId: input.customerId }),
    iban: iban.value,
    status: 'Active',
    type: input.type ?? 'Customer',
    createdAt: now,
    balances: new Map(),
  };
  host.state.get(mccyBank).accounts.set(account.id, account);
  const type = 'Accounts.AccountCreated';
  emit(type, 1, accountPayload(account), topLevelOf(type, account.institutionId));
  return done(account);
}

/** The institution's account when it exists and is not closed: closing is final. */
function openAccount(state: SimState, institutionId: string, accountId: string): Outcome<MccyAccount> {
  const account = findAccount(state, institutionId, accountId);
  if (!account) return missing(`no multi-currency account ${accountId}`);
  if (account.status === 'Closed') return refused(`account ${accountId} is closed`);
  return done(account);
}

function touched(host: SimHost, account: MccyAccount, emit: Emit): Outcome<MccyAccount> {
  account.modifiedAt = host.clock.now().toISOString();
  const type = 'Accounts.AccountUpdated';
  emit(type, 1, accountUpdatedPayload(account), topLevelOf(type, account.institutionId));
  return done(account);
}

export function amendAccount(
  host: SimHost,
  institutionId: string,
  accountId: string,
  change: { label: string; owner: string },
  emit: Emit,
): Outcome<MccyAccount> {
  const found = openAccount(host.state, institutionId, accountId);
  if (found.kind !== 'done') return found;
  Object.assign(found.value, { label: change.label, owner: change.owner });
  return touched(host, found.value, emit);
}

export interface StatusChange {
  status: 'Active' | 'Suspended';
  statusReason?: StatusReason | null;
  information?: string | null;
}

function applyStatus(target: MccyAccount | MccyVirtualAccount, change: StatusChange): void {
  target.status = change.status;
  if (change.statusReason) target.statusReason = change.statusReason;
  else delete target.statusReason;
  if (change.information) target.statusInformation = change.information;
  else delete target.statusInformation;
}

/** Suspends or reactivates: Active and Suspended move both ways; a closed account stays closed. */
export function setAccountStatus(
  host: SimHost,
  institutionId: string,
  accountId: string,
  change: StatusChange,
  emit: Emit,
): Outcome<MccyAccount> {
  const found = openAccount(host.state, institutionId, accountId);
  if (found.kind !== 'done') return found;
  applyStatus(found.value, change);
  return touched(host, found.value, emit);
}

export function addCurrency(
  host: SimHost,
  institutionId: string,
  accountId: string,
  currency: string,
  emit: Emit,
): Outcome<MccyAccount> {
  const found = openAccount(host.state, institutionId, accountId);
  if (found.kind !== 'done') return found;
  const code = currency.toUpperCase();
  if (notOffered(host.state, [code]).length > 0) return refused(`the bank does not offer ${code}`);
  if (found.value.currencies.includes(code)) return refused(`account ${accountId} already holds ${code}`);
  found.value.currencies.push(code);
  return touched(host, found.value, emit);
}

/** Closing is final and refused while any currency holds money (actual or available). */
export function closeAccount(
  host: SimHost,
  institutionId: string,
  accountId: string,
  closeReason: string | undefined,
  emit: Emit,
): Outcome<MccyAccount> {
  const found = openAccount(host.state, institutionId, accountId);
  if (found.kind !== 'done') return found;
  const account = found.value;
  const funded = [...account.balances.entries()]
    .filter(([, balance]) => !balance.actual.isZero() || !balance.available.isZero())
    .map(([currency]) => currency);
  if (funded.length > 0) {
    return refused(`account ${accountId} still holds a balance in ${funded.join(', ')}`);
  }
  account.status = 'Closed';
  if (closeReason) account.closeReason = closeReason;
  return touched(host, account, emit);
}

// --- Virtual accounts -----------------------------------------------------------------------------------

export function createVirtualAccount(
  host: SimHost,
  input: { institutionId: string; accountId: string; owner: string; identifiers?: Identifier[] | null },
  emit: Emit,
): Outcome<MccyVirtualAccount> {
  const found = openAccount(host.state, input.institutionId, input.accountId);
  if (found.kind !== 'done') return found;
  if (found.value.status !== 'Active') return refused(`account ${input.accountId} is ${found.value.status}`);
  const iban = chooseIban(host.state, input.identifiers);
  if (iban.kind !== 'done') return iban;
  const virtual: MccyVirtualAccount = {
    id: randomUUID(),
    institutionId: input.institutionId,
    accountId: found.value.id,
    batchId: randomUUID(),
    owner: input.owner,
    iban: iban.value,
    status: 'Active',
    createdAt: host.clock.now().toISOString(),
  };
  host.state.get(mccyBank).virtualAccounts.set(virtual.id, virtual);
  const type = 'Accounts.VirtualAccountCreated';
  emit(type, 1, virtualAccountPayload(virtual), topLevelOf(type, virtual.institutionId));
  return done(virtual);
}

/** The currencies a virtual account is enabled for: exactly its real account's. */
export function currenciesOf(state: SimState, virtual: MccyVirtualAccount): string[] {
  return [...(state.get(mccyBank).accounts.get(virtual.accountId)?.currencies ?? [])];
}

function openVirtualAccount(
  state: SimState,
  institutionId: string,
  virtualAccountId: string,
): Outcome<MccyVirtualAccount> {
  const virtual = findVirtualAccount(state, institutionId, virtualAccountId);
  if (!virtual) return missing(`no multi-currency virtual account ${virtualAccountId}`);
  if (virtual.status === 'Closed') return refused(`virtual account ${virtualAccountId} is closed`);
  return done(virtual);
}

function virtualTouched(host: SimHost, virtual: MccyVirtualAccount, emit: Emit): Outcome<MccyVirtualAccount> {
  virtual.modifiedAt = host.clock.now().toISOString();
  const type = 'Accounts.VirtualAccountUpdated';
  emit(type, 1, virtualAccountUpdatedPayload(virtual), topLevelOf(type, virtual.institutionId));
  return done(virtual);
}

export function amendVirtualAccount(
  host: SimHost,
  institutionId: string,
  virtualAccountId: string,
  owner: string,
  emit: Emit,
): Outcome<MccyVirtualAccount> {
  const found = openVirtualAccount(host.state, institutionId, virtualAccountId);
  if (found.kind !== 'done') return found;
  found.value.owner = owner;
  return virtualTouched(host, found.value, emit);
}

/** A closed virtual account cannot be reopened. */
export function setVirtualAccountStatus(
  host: SimHost,
  institutionId: string,
  virtualAccountId: string,
  change: StatusChange,
  emit: Emit,
): Outcome<MccyVirtualAccount> {
  const found = openVirtualAccount(host.state, institutionId, virtualAccountId);
  if (found.kind !== 'done') return found;
  applyStatus(found.value, change);
  return virtualTouched(host, found.value, emit);
}

export function closeVirtualAccount(
  host: SimHost,
  institutionId: string,
  virtualAccountId: string,
  closeReason: string | undefined,
  emit: Emit,
): Outcome<MccyVirtualAccount> {
  const found = openVirtualAccount(host.state, institutionId, virtualAccountId);
  if (found.kind !== 'done') return found;
  found.value.status = 'Closed';
  if (closeReason) found.value.closeReason = closeReason;
  return virtualTouched(host, found.value, emit);
}

// --- Answers (the shapes of mccy-accounts-v1.json) -------------------------------------------------------

export function accountView(account: MccyAccount) {
  return {
    id: account.id,
    name: account.name,
    label: account.label,
    owner: account.owner,
    kind: account.kind,
    currencies: [...account.currencies],
    ...(account.productId && { productId: account.productId }),
    ...(account.customerId && { customerId: account.customerId }),
    identifiers: [{ identifier: account.iban, kind: 'Iban' }],
    status: account.status,
    ...(account.statusReason && { statusReason: account.statusReason }),
    statusInformation: account.statusInformation ?? null,
  };
}

/** The create's answer also carries `type` (`mccy-accounts-v2.json`); the v1 answers do not. */
export function createdAccountView(account: MccyAccount) {
  return { ...accountView(account), type: account.type };
}

export function virtualAccountView(virtual: MccyVirtualAccount) {
  return {
    id: virtual.id,
    accountId: virtual.accountId,
    owner: virtual.owner,
    status: virtual.status,
    identifiers: [{ identifier: virtual.iban, kind: 'Iban' }],
    ...(virtual.statusReason && { statusReason: virtual.statusReason }),
    statusInformation: virtual.statusInformation ?? null,
  };
}

/** `{balances: {<currency>: {Available, Actual}}}` (spec part 2, "Balances"), every enabled currency. */
export function balancesView(account: MccyAccount) {
  return {
    balances: Object.fromEntries(
      account.currencies.map((currency) => {
        const balance = balanceIn(account, currency);
        return [currency, { Available: balance.available.toNumber(), Actual: balance.actual.toNumber() }];
      }),
    ),
  };
}
