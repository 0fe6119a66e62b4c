import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import { isValidUkIban, parseUkBban, type UkBban, ukAccountIdentifiers } from '#shared/domain/iban.js';
import {
  type AccountStatus,
  type AmendAccountBody,
  carriesStatusReason,
  isJointBusiness,
  type LegalOwnerType,
  type RelationshipType,
  type StatusReason,
  type UsageType,
  type VirtualAccountRequest,
} from '#shared/operations/sterling-accounts/schemas.js';
import { SIMULATED_BANK_CODE } from '#sim/core/bank.js';
import { openAccount } from '#sim/core/ledger.js';
import { defineState } from '#sim/core/state.js';
import { TITLES } from '#sim/core/problems.js';
import type { Emit, RouteContext, SimResponse } from '#sim/core/types.js';
import type { WebhookPayload } from '#shared/webhooks/payloads/index.js';

/**
 * The sterling accounts' book: real and virtual accounts per institution, their identifiers and rules, and
 * the payloads of their webhooks. Plain code: this product's routes (`product.ts`) call it, and the products
 * built on sterling accounts (customers, payments, name checks, direct debits, FX) read the book.
 */

interface Owner {
  legalOwnerType?: LegalOwnerType;
  relationshipType?: RelationshipType;
}

export interface RealAccount extends Owner {
  id: string;
  institutionId: string;
  name: string;
  /** The owner's name (`owner.name`, later `ownerName`). */
  label: string;
  usageType: UsageType;
  sortCode: string;
  iban: string;
  bban: string;
  upic: string;
  cuid: string;
  status: AccountStatus;
  statusReason: StatusReason;
  minimumBalance: number;
  /** Set on a protected deposit account (`POST /v4/Accounts`): the retail customer who holds it. */
  customerId?: string;
  productId?: string;
  /**
   * Set on the accounts opened for customers by `POST /accounts/sterling/v1/hub-accounts` and
   * `.../payment-accounts` (products/sterling-extras) and `POST /v1/savings`, `/v2/savings` (products/savings):
   * which kind, its holders and its interest profile.
   */
  kind?: 'Hub' | 'CurrentAccount' | 'TransactionAccount' | 'Savings';
  customerIds?: string[];
  interestConfigurationId?: string;
  timestampCreated: string;
  timestampModified: string;
}

export interface VirtualAccount extends Owner {
  id: string;
  accountId: string;
  institutionId: string;
  name: string;
  status: 'Enabled' | 'Disabled';
  iban: string;
  bban: string;
  upic: string;
  cuid: string;
  proprietaryIdentifier?: string;
  externalIdentifier?: string;
}

/** Every account of every institution, in creation order; `serial` numbers the accounts it issues. */
export const book = defineState('sterling-accounts', () => ({
  real: new Map<string, RealAccount>(),
  virtual: new Map<string, VirtualAccount>(),
  serial: 0,
}));
type Book = ReturnType<(typeof book)['init']>;

/**
 * Opens an Enabled real current account in the book, funded by the ledger, and queues `AccountCreated`:
 * `POST /v3/Accounts` and the protected deposit accounts' `POST /v4/Accounts` (products/customers) both. It
 * starts with the sandbox's opening balance unless `openingBalance` says otherwise (a savings account opens empty).
 */
export function openRealAccount(
  ctx: RouteContext<unknown>,
  details: Pick<RealAccount, 'name' | 'label' | 'sortCode'> &
    Partial<
      Pick<
        RealAccount,
        | 'usageType'
        | 'minimumBalance'
        | 'customerId'
        | 'productId'
        | 'kind'
        | 'customerIds'
        | 'interestConfigurationId'
        | 'legalOwnerType'
        | 'relationshipType'
      >
    >,
  options: { openingBalance?: Decimal } = {},
): RealAccount {
  const state = ctx.state.get(book);
  const { usageType = 'YourFunds', minimumBalance = 0, ...named } = details;
  const account: RealAccount = {
    id: randomUUID(),
    institutionId: ctx.institution.id,
    ...named,
    usageType,
    minimumBalance,
    ...issueIdentifiers(state, details.sortCode),
    status: 'Enabled',
    statusReason: 'NotProvided',
    timestampCreated: ctx.now().toISOString(),
    timestampModified: ctx.now().toISOString(),
  };
  state.real.set(account.id, account);
  openAccount(ctx.state, account.id, ctx.now(), options.openingBalance);
  ctx.emit('AccountCreated', 1, accountCreated(account, ctx.now()));
  return account;
}

// --- Lookups -------------------------------------------------------------------------------------------------

/** The institution's real account named by the path, or 404 (another institution's account is not found). */
export function withAccount(
  ctx: RouteContext<unknown, { accountId: string }>,
  then: (account: RealAccount) => SimResponse,
): SimResponse {
  const account = ctx.state.get(book).real.get(ctx.params.accountId);
  if (!account || account.institutionId !== ctx.institution.id) {
    return ctx.problem(404, TITLES.notFound, `no account ${ctx.params.accountId}`);
  }
  return then(account);
}

/** The virtual account named by the path, only under its own real account, or 404. */
export function withVirtualAccount(
  ctx: RouteContext<unknown, { accountId: string; virtualAccountId: string }>,
  then: (virtual: VirtualAccount) => SimResponse,
): SimResponse {
  return withAccount(ctx, (account) => {
    const virtual = ctx.state.get(book).virtual.get(ctx.params.virtualAccountId);
    if (!virtual || virtual.accountId !== account.id) {
      return ctx.problem(
        404,
        TITLES.notFound,
        `no virtual account ${ctx.params.virtualAccountId} under account ${account.id}`,
      );
    }
    return then(virtual);
  });
}

// --- Rules ---------------------------------------------------------------------------------------------------

/** Why an amend conflicts with the account's current state (409), if it does. */
export function accountConflict(account: RealAccount, change: AmendAccountBody): string | undefined {
  if (account.status === 'Closed') return `account ${account.id} is Closed and cannot be changed`;
  if (change.status !== undefined && change.status === account.status) {
    return `account ${account.id} is already ${account.status}`;
  }
  if (
    change.status === undefined &&
    change.statusReason !== undefined &&
    !carriesStatusReason(account.status)
  ) {
    return `account ${account.id} is ${account.status}: a statusReason goes with Closed or Suspended only`;
  }
  const owner = {
    ...account,
    ...defined({ legalOwnerType: change.legalOwnerType, relationshipType: change.relationshipType }),
  };
  if (isJointBusiness(owner)) return 'a Business account cannot have relationshipType Joint';
  return undefined;
}

export type VirtualOutcome =
  { ok: true; account: VirtualAccount } | { ok: false; errors: Record<string, string> };

/**
 * One requested virtual account. Its BBAN and IBAN, when given, must be well formed and carry the real
 * account's sort code; none of its identifiers may be in use already (`accountIdentifier` is the
 * duplicate check). Without a BBAN or an IBAN the bank issues both under the real account's sort code.
 */
export function createVirtualAccount(
  state: Book,
  real: RealAccount,
  request: VirtualAccountRequest,
): VirtualOutcome {
  const { iban, bban, proprietaryIdentifier, externalIdentifier } = request.accountIdentifier;
  // Not among the codes the reference lists; the simulator's own, in the same style.
  if (real.status === 'Closed') return failed('AccountClosed', 'Account is closed');
  const problem = identifierProblem(real, iban, bban);
  if (problem) return failed(...problem);
  // A valid IBAN and its BBAN determine each other.
  const ownBban = bban ?? iban?.slice(4);
  const given = ownBban ? ukAccountIdentifiers(parseUkBban(ownBban) as UkBban) : {};
  if (externalIdentifier !== undefined && isDuplicate(state, real.institutionId, { externalIdentifier })) {
    return failed('ExternalVirtualAccountIdNotUnique', 'External virtual account id is not unique');
  }
  if (isDuplicate(state, real.institutionId, { ...given, proprietaryIdentifier })) {
    // Not among the codes the reference lists; the simulator's own, in the same style.
    return failed('AccountIdentifierNotUnique', 'Account identifier is not unique');
  }
  const account: VirtualAccount = {
    id: randomUUID(),
    accountId: real.id,
    institutionId: real.institutionId,
    name: request.ownerName ?? '',
    status: 'Enabled',
    ...issueIdentifiers(state, real.sortCode),
    ...given,
    ...defined({ proprietaryIdentifier, externalIdentifier }),
  };
  state.virtual.set(account.id, account);
  return { ok: true, account };
}

/**
 * Why a given BBAN or IBAN cannot identify a virtual account of this real account, as the bank's error
 * code and message (`VirtualAccountCreationFailed`'s `Errors`, one code to one message).
 */
function identifierProblem(
  real: RealAccount,
  iban: string | undefined,
  bban: string | undefined,
): [code: string, message: string] | undefined {
  if (bban !== undefined && !parseUkBban(bban)) return ['AccountModulusFailed', 'Invalid Account Number'];
  if (iban !== undefined && !isValidUkIban(iban)) return ['AccountModulusFailed', 'Invalid IBAN'];
  if (iban !== undefined && bban !== undefined && iban.slice(4) !== bban) {
    return ['AccountModulusFailed', 'IBAN does not match BBAN'];
  }
  const sortCode = parseUkBban(bban ?? iban?.slice(4) ?? '')?.sortCode;
  if (sortCode !== undefined && sortCode !== real.sortCode) {
    return [bban !== undefined ? 'AccountBbanSortCode' : 'AccountIbanSortCode', 'Invalid Sort Code'];
  }
  return undefined;
}

function failed(code: string, message: string): VirtualOutcome {
  return { ok: false, errors: { [code]: message } };
}

interface Identifiers {
  iban?: string;
  bban?: string;
  proprietaryIdentifier?: string;
  externalIdentifier?: string;
}

/** Whether the IBAN or BBAN is any account's, or the other identifiers one of the institution's virtual accounts'. */
function isDuplicate(state: Book, institutionId: string, ids: Identifiers): boolean {
  const same = (key: keyof Identifiers) => (account: Identifiers) =>
    ids[key] !== undefined && account[key] === ids[key];
  const ownVirtual = [...state.virtual.values()].filter((account) => account.institutionId === institutionId);
  return (
    [...state.real.values(), ...state.virtual.values()].some(same('iban')) ||
    [...state.real.values(), ...state.virtual.values()].some(same('bban')) ||
    ownVirtual.some(same('proprietaryIdentifier')) ||
    ownVirtual.some(same('externalIdentifier'))
  );
}

/** A fresh account number under the sort code (skipping numbers taken), with its BBAN, IBAN, UPIC and CUID. */
function issueIdentifiers(state: Book, sortCode: string) {
  const taken = new Set([...state.real.values(), ...state.virtual.values()].map((account) => account.bban));
  for (;;) {
    state.serial += 1;
    const ids = ukAccountIdentifiers({
      bankCode: SIMULATED_BANK_CODE,
      sortCode,
      accountNumber: String(10_000_000 + state.serial),
    });
    if (taken.has(ids.bban)) continue;
    return {
      ...ids,
      upic: String(70_000_000 + state.serial),
      cuid: state.serial.toString(36).toUpperCase().padStart(6, '0'),
    };
  }
}

// --- Webhooks (payloads as shared/spec/webhooks.md) ----------------------------------------------------------

function accountCreated(account: RealAccount, now: Date): WebhookPayload<'AccountCreated', 1> {
  return {
    AccountId: account.id,
    AccountName: account.name,
    AccountHolderLabel: account.label,
    AccountIdentifiers: { IBAN: account.iban, BBAN: account.bban },
    TimestampCreated: now.toISOString(),
    // The bank's names for the kind of account; POST /v3/Accounts creates current accounts only. A hub
    // account is a deposit account (FSCS protected deposits, the hub accounts page); the simulator's choice.
    AccountType: account.kind === 'Hub' || account.kind === 'Savings' ? 'DepositAccount' : 'CurrentAccount',
    LegalOwnerType: account.legalOwnerType ?? null,
    RelationshipType: account.relationshipType ?? null,
    // Only a protected deposit account (`POST /v4/Accounts`), a hub and a payment account have holders.
    Customers: (account.customerIds ?? (account.customerId ? [account.customerId] : [])).map(
      (CustomerId) => ({ CustomerId }),
    ),
  };
}

/** Sends `VirtualAccountCreated` (Version 3) or `VirtualAccountCreationFailed` (Version 3, with its Errors map). */
export function sendVirtualAccountOutcome(
  emit: Emit,
  real: RealAccount,
  request: VirtualAccountRequest,
  outcome: VirtualOutcome,
  now: Date,
): void {
  const requested = request.accountIdentifier;
  const common = {
    AccountId: real.id,
    VirtualAccountId: outcome.ok ? outcome.account.id : randomUUID(),
    AccountIdentifier: {
      Iban: outcome.ok ? outcome.account.iban : (requested.iban ?? null),
      Bban: outcome.ok ? outcome.account.bban : (requested.bban ?? null),
      ExternalIdentifier: requested.externalIdentifier ?? null,
    },
    OwnerName: request.ownerName,
  };
  if (outcome.ok) emit('VirtualAccountCreated', 3, { ...common, TimestampCreated: now.toISOString() });
  else
    emit('VirtualAccountCreationFailed', 3, {
      ...common,
      Errors: outcome.errors,
      Timestamp: now.toISOString(),
    });
}

/** The members whose value is not undefined, for `Object.assign` of optional amendments. */
export function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
