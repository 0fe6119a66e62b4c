import { randomUUID } from 'node:crypto';
import { isValidUkIban, parseUkBban, type UkBban, ukAccountIdentifiers } from '#shared/domain/iban.js';
import type { Paging } from '#shared/operations/paging.js';
import {
  amendAccount,
  amendVirtualAccount,
  createAccount,
  createVirtualAccounts,
  disableVirtualAccount,
  getAccount,
  getAccountV2,
  getVirtualAccount,
  listAccounts,
  listAccountsV2,
  listAccountVirtualAccounts,
  listVirtualAccounts,
} from '#shared/operations/sterling-accounts/operations.js';
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
import { balanceOf, openAccount } from '../ledger.js';
import { TITLES } from '../problem.js';
import { type HalLink, link, page } from '../hal.js';
import { defineState } from '../state.js';
import type { Domain, RouteContext, SimResponse } from '../types.js';

/** The simulated bank's code in every BBAN and IBAN it issues. */
export const BANK_CODE = 'CLRB';

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
 * Spec part 1, "Real sterling accounts" and "Virtual sterling accounts". Real accounts: created Enabled
 * (201, then `AccountCreated`); a Closed account is final and drops out of the lists; a status change to
 * the status the account already has, or any change to a Closed account, is a 409. Virtual accounts: the
 * create answers 202 and sends, after the answer, one `VirtualAccountCreated` or
 * `VirtualAccountCreationFailed` per requested account; a disable leaves the account listed as Disabled.
 */
export const sterlingAccountsDomain: Domain = (sim) => {
  sim.operation(listAccounts, (ctx) =>
    listRealAccounts(ctx, listAccounts.path, (account) => representV3(account, ctx)),
  );
  sim.operation(listAccountsV2, (ctx) =>
    listRealAccounts(ctx, listAccountsV2.path, (account) => representV2(account, ctx)),
  );
  sim.operation(getAccount, (ctx) =>
    withAccount(ctx, (account) => answerAccount(ctx, account, (a) => representV3(a, ctx))),
  );
  sim.operation(getAccountV2, (ctx) =>
    withAccount(ctx, (account) => answerAccount(ctx, account, (a) => representV2(a, ctx))),
  );

  sim.operation(createAccount, (ctx) => {
    const { accountName, owner, sortCode, usageType } = ctx.body;
    const account = openRealAccount(ctx, { name: accountName, label: owner.name, sortCode, usageType });
    return answerAccount(ctx, account, (a) => representV3(a, ctx), 201);
  });

  sim.operation(amendAccount, (ctx) =>
    withAccount(ctx, (account) => {
      const { statusReason, ownerName, legalOwnerType, relationshipType, minimumBalance } = ctx.body;
      // The reference: `status: NotProvided` means "not changing the status", like leaving it out.
      const status = ctx.body.status === 'NotProvided' ? undefined : ctx.body.status;
      const conflict = accountConflict(account, { ...ctx.body, status });
      if (conflict) return ctx.problem(409, TITLES.conflict, conflict);
      if (status !== undefined) account.status = status;
      if (status !== undefined || statusReason !== undefined) {
        account.statusReason = carriesStatusReason(account.status)
          ? (statusReason ?? account.statusReason)
          : 'NotProvided';
      }
      if (ownerName !== undefined) account.label = ownerName;
      Object.assign(
        account,
        defined({ legalOwnerType, relationshipType, minimumBalance: minimumBalance?.toNumber() }),
      );
      account.timestampModified = ctx.now().toISOString();
      return { status: 204 };
    }),
  );

  sim.operation(listVirtualAccounts, (ctx) => {
    const accounts = [...ctx.state.get(book).virtual.values()].filter(
      (account) => account.institutionId === ctx.institution.id,
    );
    // The institution-wide list leaves out label.
    return answerPage(ctx, listVirtualAccounts.path, accounts, (account) => {
      const { label: _, ...listed } = representVirtual(account);
      return listed;
    });
  });

  sim.operation(createVirtualAccounts, (ctx) =>
    withAccount(ctx, (account) => {
      const state = ctx.state.get(book);
      for (const request of ctx.body.virtualAccounts) {
        const outcome = createVirtualAccount(state, account, request);
        ctx.emit(...virtualAccountOutcome(account, request, outcome, ctx.now()));
      }
      const links = [
        link(ctx, 'self', `/v2/Accounts/${account.id}/Virtual`),
        link(ctx, 'Account', `/v3/Accounts/${account.id}`),
      ];
      return ctx.json(202, { halLinks: links });
    }),
  );

  sim.operation(listAccountVirtualAccounts, (ctx) =>
    withAccount(ctx, (account) => {
      const accounts = [...ctx.state.get(book).virtual.values()].filter(
        (virtual) => virtual.accountId === account.id,
      );
      return answerPage(ctx, `/v2/Accounts/${account.id}/Virtual`, accounts, representVirtual);
    }),
  );

  sim.operation(getVirtualAccount, (ctx) =>
    withVirtualAccount(ctx, (virtual) =>
      ctx.json(200, { account: representVirtual(virtual), halLinks: virtualAccountLinks(ctx, virtual) }),
    ),
  );

  sim.operation(amendVirtualAccount, (ctx) =>
    withVirtualAccount(ctx, (virtual) => {
      const { ownerName, legalOwnerType, relationshipType } = ctx.body;
      if (virtual.status === 'Disabled') {
        return ctx.problem(
          409,
          TITLES.conflict,
          `virtual account ${virtual.id} is disabled and cannot be changed`,
        );
      }
      if (isJointBusiness({ ...virtual, ...defined({ legalOwnerType, relationshipType }) })) {
        return ctx.problem(409, TITLES.conflict, 'a Business account cannot have relationshipType Joint');
      }
      if (ownerName !== undefined) virtual.name = ownerName;
      Object.assign(virtual, defined({ legalOwnerType, relationshipType }));
      return { status: 204 };
    }),
  );

  // Disabling twice is not an error: the account stays Disabled (the spec lists no 409 here).
  sim.operation(disableVirtualAccount, (ctx) =>
    withVirtualAccount(ctx, (virtual) => {
      virtual.status = 'Disabled';
      return { status: 204 };
    }),
  );
};

/**
 * Opens an Enabled real current account in the book, funded by the ledger, and queues `AccountCreated`:
 * `POST /v3/Accounts` and the protected deposit accounts' `POST /v4/Accounts` (domains/customers.ts) both.
 */
export function openRealAccount(
  ctx: RouteContext<unknown>,
  details: Pick<RealAccount, 'name' | 'label' | 'sortCode'> &
    Partial<Pick<RealAccount, 'usageType' | 'minimumBalance' | 'customerId' | 'productId'>>,
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
  openAccount(ctx.state, account.id, ctx.now());
  ctx.emit('AccountCreated', 1, accountCreated(account, ctx.now()));
  return account;
}

// --- Lookups -------------------------------------------------------------------------------------------------

/** The institution's real account named by the path, or 404 (another institution's account is not found). */
function withAccount(ctx: RouteContext<unknown>, then: (account: RealAccount) => SimResponse): SimResponse {
  const account = ctx.state.get(book).real.get(ctx.params.accountId ?? '');
  if (!account || account.institutionId !== ctx.institution.id) {
    return ctx.problem(404, TITLES.notFound, `no account ${ctx.params.accountId}`);
  }
  return then(account);
}

/** The virtual account named by the path, only under its own real account, or 404. */
function withVirtualAccount(
  ctx: RouteContext<unknown>,
  then: (virtual: VirtualAccount) => SimResponse,
): SimResponse {
  return withAccount(ctx, (account) => {
    const virtual = ctx.state.get(book).virtual.get(ctx.params.virtualAccountId ?? '');
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
function accountConflict(account: RealAccount, change: AmendAccountBody): string | undefined {
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

type VirtualOutcome = { ok: true; account: VirtualAccount } | { ok: false; errors: Record<string, string> };

/**
 * One requested virtual account. Its BBAN and IBAN, when given, must be well formed and carry the real
 * account's sort code; none of its identifiers may be in use already (`accountIdentifier` is the
 * duplicate check). Without a BBAN or an IBAN the bank issues both under the real account's sort code.
 */
function createVirtualAccount(
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
      bankCode: BANK_CODE,
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

function accountCreated(account: RealAccount, now: Date) {
  return {
    AccountId: account.id,
    AccountName: account.name,
    AccountHolderLabel: account.label,
    AccountIdentifiers: { IBAN: account.iban, BBAN: account.bban },
    TimestampCreated: now.toISOString(),
    // The bank's names for the kind of account; POST /v3/Accounts creates current accounts only.
    AccountType: 'CurrentAccount',
    LegalOwnerType: account.legalOwnerType ?? null,
    RelationshipType: account.relationshipType ?? null,
    // Only a protected deposit account (`POST /v4/Accounts`) is opened for a customer.
    Customers: account.customerId ? [{ CustomerId: account.customerId }] : [],
  };
}

/** `VirtualAccountCreated` (Version 3) or `VirtualAccountCreationFailed` (Version 3, with its Errors map). */
function virtualAccountOutcome(
  real: RealAccount,
  request: VirtualAccountRequest,
  outcome: VirtualOutcome,
  now: Date,
): [type: string, version: number, payload: object] {
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
  return outcome.ok
    ? ['VirtualAccountCreated', 3, { ...common, TimestampCreated: now.toISOString() }]
    : [
        'VirtualAccountCreationFailed',
        3,
        { ...common, Errors: outcome.errors, Timestamp: now.toISOString() },
      ];
}

// --- Representations ---------------------------------------------------------------------------------------

const gbp = (name: string, amount: number) => ({ name, amount, currency: 'GBP', status: 'VALU' });

/** The older representation (sterling-v2.json): balances without `balanceLastUpdatedAt`. */
function representV2(account: RealAccount, ctx: RouteContext<unknown>) {
  const { id, name, label, iban, bban, upic, cuid } = account;
  return {
    id,
    name,
    label,
    type: 'CACC',
    currency: ['GBP'],
    balances: [gbp(name, balanceOf(ctx.state, account.id).amount.toNumber())],
    iban,
    bban,
    upic,
    cuid,
  };
}

/**
 * The institution's own funds are its operating account; every other usage type (segregated, client money,
 * safeguarded, suspense) holds others' money apart. The simulator's own mapping: the reference lists the
 * product types without saying which usage type gets which.
 */
const productTypeOf = (usageType: string) => (usageType === 'YourFunds' ? 'Operating' : 'Segregated');

/** sterling-v3.json's account, every documented member in its order; owner types only once set. */
function representV3(account: RealAccount, ctx: RouteContext<unknown>) {
  const { id, name, label, iban, bban, upic, cuid, legalOwnerType, relationshipType } = account;
  return {
    id,
    name,
    label,
    type: 'CACC',
    currency: ['GBP'],
    // The ledger's balance (local/bank-sim/ledger.ts): funded on create, moved by payments.
    balances: [
      {
        ...gbp(name, balanceOf(ctx.state, account.id).amount.toNumber()),
        balanceLastUpdatedAt: balanceOf(ctx.state, account.id).updatedAt ?? account.timestampCreated,
      },
    ],
    minimumBalance: gbp('Minimum balance', account.minimumBalance),
    // A protected deposit account is a retail customer's current account.
    productType: account.customerId ? 'Current' : productTypeOf(account.usageType),
    accountSubType: account.customerId ? 'CurrentAccount' : account.usageType,
    ...defined({ legalOwnerType, relationshipType }),
    status: account.status,
    statusReason: account.statusReason,
    timestampCreated: account.timestampCreated,
    timestampModified: account.timestampModified,
    iban,
    bban,
    upic,
    cuid,
  };
}

function representVirtual(account: VirtualAccount) {
  const { id, name, status, iban, bban, upic, cuid } = account;
  return { id, name, label: name, type: 'CACC', status, currency: ['GBP'], iban, bban, upic, cuid };
}

function accountLinks(ctx: RouteContext<unknown>, account: RealAccount, self: string) {
  return [
    link(ctx, 'self', self),
    link(ctx, 'Transactions', `/v2/Accounts/${account.id}/Transactions`),
    link(ctx, 'Mandates', `/v2/Accounts/${account.id}/Mandates`),
    link(ctx, 'VirtualAccounts', `/v2/Accounts/${account.id}/Virtual`),
  ];
}

function virtualAccountLinks(ctx: RouteContext<unknown>, virtual: VirtualAccount) {
  const path = `/v2/Accounts/${virtual.accountId}/Virtual/${virtual.id}`;
  return [
    link(ctx, 'self', path),
    link(ctx, 'Account', `/v3/Accounts/${virtual.accountId}`),
    link(ctx, 'Transactions', `${path}/Transactions`),
    link(ctx, 'Mandates', `${path}/Mandates`),
  ];
}

function answerAccount(
  ctx: RouteContext<unknown>,
  account: RealAccount,
  represent: (account: RealAccount) => object,
  status = 200,
): SimResponse {
  return ctx.json(status, { account: represent(account), halLinks: accountLinks(ctx, account, ctx.path) });
}

/** The institution's real accounts that are listed: Closed ones are left out (virtual ones live elsewhere). */
function listRealAccounts(
  ctx: RouteContext<unknown>,
  path: string,
  represent: (account: RealAccount) => object,
) {
  const accounts = [...ctx.state.get(book).real.values()].filter(
    (account) => account.institutionId === ctx.institution.id && account.status !== 'Closed',
  );
  return answerPage(ctx, path, accounts, represent, link(ctx, 'Account', `${path}/{accountId}`, true));
}

/** One page of `{accounts, halLinks}`, with self, previous and next links. */
function answerPage<T>(
  ctx: RouteContext<unknown>,
  path: string,
  all: readonly T[],
  represent: (account: T) => object,
  ...extraLinks: HalLink[]
): SimResponse {
  const { items, halLinks } = page(ctx, path, all, ctx.queryValues as Paging);
  return ctx.json(200, { accounts: items.map(represent), halLinks: [...halLinks, ...extraLinks] });
}

/** The members whose value is not undefined, for `Object.assign` of optional amendments. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
