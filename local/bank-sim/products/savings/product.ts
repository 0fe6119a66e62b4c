import { ukDateOf } from '#shared/domain/calendar.js';
import { MoneyDecimal } from '#shared/domain/money.js';
import {
  closeAccount,
  createSavingsAccount,
  createSavingsAccountV1,
  deleteFutureInterestConfigurations,
  getAccountClosure,
  getAccountInterestConfigurations,
  getInterestConfiguration,
  getNominatedAccount,
  setAccountInterestConfiguration,
  setFutureInterestConfigurations,
  setNominatedAccount,
} from '#shared/operations/savings/operations.js';
import type { InterestConfigurationQuery } from '#shared/operations/savings/schemas.js';
import { link } from '#sim/core/hal.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import { book, openRealAccount, type RealAccount } from '../sterling-accounts/accounts.js';
import {
  type Assignment,
  type Holder,
  newSavingsAccount,
  nominatedAccountOf,
  type SavingsAccount,
  savings,
  savingsHolder,
} from './accounts.js';
import { ensureDailyRun } from './accrual.js';
import { savingsAdminRoutes } from './admin.js';
import { scheduleClosure } from './closure.js';
import { configurationById, representVersion, versionOn } from './configurations.js';

/**
 * Savings accounts (`sterling-v1.json`, `sterling-v2.json`, `savings-interest-config-v1.json`, the savings
 * accounts and interest configuration guides). A savings account is a real account of the sterling book
 * (`kind: 'Savings'`: funded by the ledger, announced by `AccountCreated`, listed by `GET /v3/Accounts` as
 * productType Saving); this product keeps its holders, interest configurations, accrued interest, legacy
 * nominated account and closure (`accounts.ts`), runs the daily accrual (`accrual.ts`) and the closure
 * (`closure.ts`); the bank's interest configurations are `configurations.ts`, the arithmetic `interest.ts`.
 */
export const savingsProduct: Product = {
  name: 'savings',
  bankRoutes(bank) {
    bank.operation(createSavingsAccountV1, (ctx) => {
      const { ownerName, sortCode, productId, customerId, interestConfigurationId } = ctx.body;
      return openSavings(
        ctx,
        { ownerName, sortCode, productId, customerIds: [customerId], interestConfigurationId },
        (account, saved) =>
          ctx.json(201, {
            account: { ...represent(account, saved), customerId },
            halLinks: [link(ctx, 'Account', `/v3/Accounts/${account.id}`)],
          }),
      );
    });

    bank.operation(createSavingsAccount, (ctx) => {
      const { ownerName, sortCode, productId, customers, interestConfigurationId } = ctx.body;
      const customerIds = customers.map((customer) => customer.customerId);
      return openSavings(
        ctx,
        { ownerName, sortCode, productId, customerIds, interestConfigurationId },
        (account, saved) =>
          ctx.json(201, {
            account: {
              ...represent(account, saved),
              customers: customerIds.map((id) => ({ customerId: id })),
            },
            halLinks: [link(ctx, 'Account', `/v3/Accounts/${account.id}`)],
          }),
      );
    });

    bank.operation(getAccountClosure, (ctx) =>
      withSavings(ctx, (account, real) =>
        ctx.json(200, {
          accountClosure: {
            accountId: account.accountId,
            accountStatus: real.status === 'NotProvided' ? 'Enabled' : real.status,
            closureStatus: account.closure.status,
            closureFailureReasons: account.closure.failureReasons,
            accountModifiedDateTime: real.timestampModified,
          },
          halLinks: closureLinks(ctx, account),
        }),
      ),
    );

    bank.operation(closeAccount, (ctx) =>
      withSavings(ctx, (account) => {
        if (account.closure.status === 'Pending' || account.closure.status === 'Complete') {
          return ctx.problem(
            409,
            TITLES.conflict,
            account.closure.status === 'Pending'
              ? `a closure of account ${account.accountId} is already pending`
              : `account ${account.accountId} is closed`,
          );
        }
        account.closure = { status: 'Pending', reason: ctx.body.closureReason, failureReasons: [] };
        scheduleClosure(ctx, account);
        return ctx.json(202, {
          accountClosure: {
            accountId: account.accountId,
            closureReason: ctx.body.closureReason,
            closureStatus: 'Pending',
          },
          halLinks: closureLinks(ctx, account),
        });
      }),
    );

    bank.operation(getNominatedAccount, (ctx) =>
      withSavings(ctx, (account) => {
        const nominated = nominatedAccountOf(ctx.state, account);
        if (!nominated) {
          return ctx.problem(404, TITLES.notFound, `account ${account.accountId} has no nominated account`);
        }
        return ctx.json(200, {
          nominatedAccount: { accountId: account.accountId, ...nominated },
          halLinks: nominatedLinks(ctx, account),
        });
      }),
    );

    bank.operation(setNominatedAccount, (ctx) =>
      withSavings(ctx, (account) => {
        const now = ctx.now().toISOString();
        const { identifier, identifierKind, ownerName } = ctx.body;
        account.nominated = {
          identifier,
          identifierKind,
          ownerName,
          createdDateTime: account.nominated?.createdDateTime ?? now,
          modifiedDateTime: now,
        };
        return ctx.json(200, {
          nominatedAccount: { identifier, identifierKind, ownerName },
          halLinks: nominatedLinks(ctx, account),
        });
      }),
    );

    bank.operation(getAccountInterestConfigurations, (ctx) =>
      withSavings(ctx, (account) => {
        const item = (assignment: Assignment) => ({
          effectiveFrom: assignment.effectiveFrom,
          interestConfigurationId: assignment.interestConfigurationId,
          name: configurationById(ctx.state, assignment.interestConfigurationId)?.name ?? null,
        });
        return ctx.json(200, {
          future: account.future.map(item),
          ...(account.current && { current: item(account.current) }),
          past: account.past.map(item),
        });
      }),
    );

    bank.operation(setAccountInterestConfiguration, (ctx) =>
      withOpenSavings(ctx, (account) => {
        const id = ctx.body.interestConfigurationId.toLowerCase();
        const refused = unknownConfiguration(ctx, [id], 'interestConfigurationId');
        if (refused) return refused;
        const today = ukDateOf(ctx.now());
        if (account.current) account.past.unshift(account.current);
        // From today, for the whole of today; it stays until the next future-dated one takes effect.
        account.current = { interestConfigurationId: id, effectiveFrom: today };
        return ctx.json(201, {
          accountId: account.accountId,
          interestConfigurationId: id,
          effectiveFrom: today,
        });
      }),
    );

    bank.operation(setFutureInterestConfigurations, (ctx) =>
      withOpenSavings(ctx, (account) => {
        const list = ctx.body.interestConfigurations ?? [];
        const refused = unknownConfiguration(
          ctx,
          list.map((item) => item.interestConfigurationId.toLowerCase()),
          'interestConfigurations',
        );
        if (refused) return refused;
        account.future = list
          .map((item) => ({
            interestConfigurationId: item.interestConfigurationId.toLowerCase(),
            effectiveFrom: item.effectiveFrom,
          }))
          .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
        return { status: 200 };
      }),
    );

    bank.operation(deleteFutureInterestConfigurations, (ctx) =>
      withSavings(ctx, (account) => {
        account.future = [];
        return { status: 204 };
      }),
    );

    bank.operation(getInterestConfiguration, (ctx) => {
      const configuration = configurationById(ctx.state, ctx.params.interestConfigurationId);
      const { effectiveAt } = ctx.queryValues as InterestConfigurationQuery;
      const today = ukDateOf(ctx.now());
      // A future date answers as today: "Configurations with future start dates are excluded".
      const asked =
        effectiveAt === undefined
          ? today
          : effectiveAt.length === 10
            ? effectiveAt
            : ukDateOf(new Date(effectiveAt));
      const version = configuration && versionOn(configuration, asked < today ? asked : today);
      if (!configuration || !version) {
        return ctx.problem(
          404,
          TITLES.notFound,
          `no interest configuration ${ctx.params.interestConfigurationId}`,
        );
      }
      return ctx.json(200, { interestConfigurations: [representVersion(configuration, version)] });
    });
  },
  adminRoutes: savingsAdminRoutes,
};

interface Opening {
  ownerName: string;
  sortCode: string;
  productId: string;
  customerIds: string[];
  interestConfigurationId: string | undefined;
}

/**
 * Opens the account when its holders may hold it: every customer the institution's (404 naming the first
 * that is not), one retail or business customer, or several retail ones (joint; 422 otherwise), and a
 * configuration the bank offers (422 naming `interestConfigurationId`).
 */
function openSavings(
  ctx: RouteContext<unknown>,
  opening: Opening,
  answer: (account: RealAccount, saved: SavingsAccount) => SimResponse,
): SimResponse {
  const holders: Holder[] = [];
  for (const customerId of opening.customerIds) {
    const holder = savingsHolder(ctx.state, ctx.institution.id, customerId);
    if (!holder) return ctx.problem(404, TITLES.notFound, `no customer ${customerId}`);
    holders.push(holder);
  }
  if (holders.length === 0) {
    return ctx.problem(422, TITLES.unprocessable, 'a savings account has at least one customer', {
      customers: ['customers must list at least one customer.'],
    });
  }
  if (new Set(opening.customerIds.map((id) => id.toLowerCase())).size !== opening.customerIds.length) {
    return ctx.problem(422, TITLES.unprocessable, 'a customer is listed twice', {
      customers: ['customers must not list a customer twice.'],
    });
  }
  if (holders.length > 1 && holders.some((holder) => holder.kind !== 'Retail')) {
    return ctx.problem(
      422,
      TITLES.unprocessable,
      'a joint savings account is held by retail customers only',
      {
        customers: ['customers of a joint savings account must all be retail customers.'],
      },
    );
  }
  const configurationId = opening.interestConfigurationId;
  if (configurationId !== undefined && !configurationById(ctx.state, configurationId)) {
    return ctx.problem(422, TITLES.unprocessable, `no interest configuration ${configurationId}`, {
      interestConfigurationId: [
        'interestConfigurationId is not an interest configuration agreed with the bank.',
      ],
    });
  }
  const account = openRealAccount(
    ctx,
    {
      name: 'Savings Account',
      label:
        opening.ownerName.trim() === ''
          ? holders.map((holder) => holder.name).join(' and ')
          : opening.ownerName,
      sortCode: opening.sortCode,
      productId: opening.productId,
      kind: 'Savings',
      customerIds: opening.customerIds,
      ...(configurationId !== undefined && { interestConfigurationId: configurationId.toLowerCase() }),
      // The AccountCreated page: populated for savings accounts.
      legalOwnerType: holders.every((holder) => holder.kind === 'Retail') ? 'Personal' : 'Business',
      relationshipType: holders.length > 1 ? 'Joint' : 'Single',
    },
    // A savings account opens empty: it holds only what is paid in, and only that earns interest.
    { openingBalance: new MoneyDecimal(0) },
  );
  const saved = newSavingsAccount(
    {
      accountId: account.id,
      institutionId: ctx.institution.id,
      productId: opening.productId,
      customerIds: opening.customerIds,
      openedOn: ukDateOf(ctx.now()),
    },
    configurationId,
  );
  ctx.state.get(savings).accounts.set(account.id, saved);
  ensureDailyRun(ctx, ctx.now());
  return answer(account, saved);
}

/** The reference's savings account, without its holders (v1 `customerId`, v2 `customers`). */
function represent(account: RealAccount, saved: SavingsAccount) {
  return {
    accountId: account.id,
    productId: account.productId,
    ...(saved.current && { interestConfigurationId: saved.current.interestConfigurationId }),
    accountName: account.name,
    ownerName: account.label,
    iban: account.iban,
    bban: account.bban,
    createdDateTime: account.timestampCreated,
  };
}

/** The institution's savings account named by the path, or 404 (any other account is not a savings account). */
function withSavings(
  ctx: RouteContext<unknown, { accountId: string }>,
  then: (account: SavingsAccount, real: RealAccount) => SimResponse,
): SimResponse {
  const id = ctx.params.accountId.toLowerCase();
  const account =
    ctx.state.get(savings).accounts.get(id) ?? ctx.state.get(savings).accounts.get(ctx.params.accountId);
  const real = account && ctx.state.get(book).real.get(account.accountId);
  if (!account || !real || account.institutionId !== ctx.institution.id) {
    return ctx.problem(404, TITLES.notFound, `no savings account ${ctx.params.accountId}`);
  }
  return then(account, real);
}

/** As `withSavings`, and 409 for a closed account (its configurations no longer change). */
function withOpenSavings(
  ctx: RouteContext<unknown, { accountId: string }>,
  then: (account: SavingsAccount, real: RealAccount) => SimResponse,
): SimResponse {
  return withSavings(ctx, (account, real) =>
    real.status === 'Closed'
      ? ctx.problem(409, TITLES.conflict, `account ${account.accountId} is closed`)
      : then(account, real),
  );
}

/** 400 naming `field` when one of the ids is not a configuration the bank offers. */
function unknownConfiguration(
  ctx: RouteContext<unknown>,
  ids: readonly string[],
  field: string,
): SimResponse | undefined {
  const unknown = ids.find((id) => !configurationById(ctx.state, id));
  return unknown === undefined
    ? undefined
    : ctx.problem(400, TITLES.validation, 'the request is not valid', {
        [field]: [`${unknown} is not an interest configuration agreed with the bank.`],
      });
}

function closureLinks(ctx: RouteContext<unknown>, account: SavingsAccount) {
  return [
    link(ctx, 'self', `/v1/accounts/${account.accountId}/closure`),
    link(ctx, 'Account', `/v3/Accounts/${account.accountId}`),
  ];
}

function nominatedLinks(ctx: RouteContext<unknown>, account: SavingsAccount) {
  return [
    link(ctx, 'self', `/v1/accounts/${account.accountId}/nominated-account`),
    link(ctx, 'Account', `/v3/Accounts/${account.accountId}`),
  ];
}
