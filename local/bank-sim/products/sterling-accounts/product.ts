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
import { carriesStatusReason, isJointBusiness } from '#shared/operations/sterling-accounts/schemas.js';
import { type HalLink, link, page } from '#sim/core/hal.js';
import { balanceOf } from '#sim/core/ledger.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import {
  accountConflict,
  book,
  createVirtualAccount,
  defined,
  openRealAccount,
  type RealAccount,
  sendVirtualAccountOutcome,
  type VirtualAccount,
  withAccount,
  withVirtualAccount,
} from './accounts.js';

/**
 * Spec part 1, "Real sterling accounts" and "Virtual sterling accounts". Real accounts: created Enabled
 * (201, then `AccountCreated`); a Closed account is final and drops out of the lists; a status change to
 * the status the account already has, or any change to a Closed account, is a 409. Virtual accounts: the
 * create answers 202 and sends, after the answer, one `VirtualAccountCreated` or
 * `VirtualAccountCreationFailed` per requested account; a disable leaves the account listed as Disabled.
 */
export const sterlingAccountsProduct: Product = {
  name: 'sterling-accounts',
  bankRoutes(bank) {
    bank.operation(listAccounts, (ctx) =>
      listRealAccounts(ctx, listAccounts.path, (account) => representV3(account, ctx)),
    );
    bank.operation(listAccountsV2, (ctx) =>
      listRealAccounts(ctx, listAccountsV2.path, (account) => representV2(account, ctx)),
    );
    bank.operation(getAccount, (ctx) =>
      withAccount(ctx, (account) => answerAccount(ctx, account, (a) => representV3(a, ctx))),
    );
    bank.operation(getAccountV2, (ctx) =>
      withAccount(ctx, (account) => answerAccount(ctx, account, (a) => representV2(a, ctx))),
    );

    bank.operation(createAccount, (ctx) => {
      const { accountName, owner, sortCode, usageType } = ctx.body;
      const account = openRealAccount(ctx, { name: accountName, label: owner.name, sortCode, usageType });
      return answerAccount(ctx, account, (a) => representV3(a, ctx), 201);
    });

    bank.operation(amendAccount, (ctx) =>
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

    bank.operation(listVirtualAccounts, (ctx) => {
      const accounts = [...ctx.state.get(book).virtual.values()].filter(
        (account) => account.institutionId === ctx.institution.id,
      );
      // The institution-wide list leaves out label.
      return answerPage(ctx, listVirtualAccounts.path, accounts, (account) => {
        const { label: _, ...listed } = representVirtual(account);
        return listed;
      });
    });

    bank.operation(createVirtualAccounts, (ctx) =>
      withAccount(ctx, (account) => {
        const state = ctx.state.get(book);
        for (const request of ctx.body.virtualAccounts) {
          const outcome = createVirtualAccount(state, account, request);
          sendVirtualAccountOutcome(ctx.emit, account, request, outcome, ctx.now());
        }
        const links = [
          link(ctx, 'self', `/v2/Accounts/${account.id}/Virtual`),
          link(ctx, 'Account', `/v3/Accounts/${account.id}`),
        ];
        return ctx.json(202, { halLinks: links });
      }),
    );

    bank.operation(listAccountVirtualAccounts, (ctx) =>
      withAccount(ctx, (account) => {
        const accounts = [...ctx.state.get(book).virtual.values()].filter(
          (virtual) => virtual.accountId === account.id,
        );
        return answerPage(ctx, `/v2/Accounts/${account.id}/Virtual`, accounts, representVirtual);
      }),
    );

    bank.operation(getVirtualAccount, (ctx) =>
      withVirtualAccount(ctx, (virtual) =>
        ctx.json(200, { account: representVirtual(virtual), halLinks: virtualAccountLinks(ctx, virtual) }),
      ),
    );

    bank.operation(amendVirtualAccount, (ctx) =>
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
    bank.operation(disableVirtualAccount, (ctx) =>
      withVirtualAccount(ctx, (virtual) => {
        virtual.status = 'Disabled';
        return { status: 204 };
      }),
    );
  },
};

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
  // The ledger's balance (`core/ledger.ts`): funded on create, moved by payments.
  const balance = balanceOf(ctx.state, account.id);
  return {
    id,
    name,
    label,
    type: 'CACC',
    currency: ['GBP'],
    balances: [
      {
        ...gbp(name, balance.amount.toNumber()),
        balanceLastUpdatedAt: balance.updatedAt ?? account.timestampCreated,
      },
    ],
    minimumBalance: gbp('Minimum balance', account.minimumBalance),
    // A protected deposit account is a retail customer's current account, and so is a payment account (the
    // v3 list has no TransactionAccount); a hub account holds funds for its parties (the simulator's choice).
    ...(account.kind === 'Hub'
      ? { productType: 'Holding', accountSubType: 'HoldingAccount' }
      : account.kind === 'Savings'
        ? { productType: 'Saving', accountSubType: 'SavingAccount' }
        : account.customerId || account.kind
          ? { productType: 'Current', accountSubType: 'CurrentAccount' }
          : { productType: productTypeOf(account.usageType), accountSubType: account.usageType }),
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

/** The links the reference's account answers carry (getting-started's example): self, Transactions, Mandates. */
function accountLinks(ctx: RouteContext<unknown>, account: RealAccount, self: string) {
  return [
    link(ctx, 'self', self),
    link(ctx, 'Transactions', `/v2/Accounts/${account.id}/Transactions`),
    link(ctx, 'Mandates', `/v2/Accounts/${account.id}/Mandates`),
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
