import * as z from 'zod/mini';
import { endOfLocalDay, isFutureLocalDate, isIanaTimeZone } from '#shared/domain/end-of-day.js';
import { ukAccountIdentifiers, parseUkBban } from '#shared/domain/iban.js';
import {
  addRelatedAccount,
  amendRelatedAccount,
  createHubAccount,
  createPaymentAccount,
  getEndOfDayBalance,
  listRelatedAccounts,
  removeRelatedAccount,
} from '#shared/operations/sterling-extras/operations.js';
import type {
  CreateRelatedAccountBody,
  IdentifierKind,
  RelatedAccountType,
} from '#shared/operations/sterling-extras/schemas.js';
import { link } from '#sim/core/hal.js';
import { balanceAt } from '#sim/core/ledger.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { defineState, type SimState } from '#sim/core/state.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import { customers as retailCustomers } from '../customers/product.js';
import { accountHolderOfInstitution } from '../customers-v2/graph.js';
import { openRealAccount, type RealAccount, withAccount } from '../sterling-accounts/accounts.js';

/**
 * End-of-day balances, hub and payment accounts, and related accounts (`gbp-end-of-day-balance-v1.json`,
 * `sterling-v1.json`, the hub and payment account pages). Hub and payment accounts are real accounts of the
 * sterling book (`kind`), funded by the ledger like any other, listed by `GET /v3/Accounts`, and announced by
 * `AccountCreated`. Related accounts are kept per hub account.
 */

export interface RelatedAccount {
  relatedAccountType: RelatedAccountType;
  ownerName: string;
  identifiers: { iban?: string; bban?: string; scan?: string };
  createdDateTime: string;
  modifiedDateTime: string;
}

/** Related accounts by hub (or savings) account id, in the order added. */
const relatedAccounts = defineState('sterling-related-accounts', () => new Map<string, RelatedAccount[]>());

/** The account's related account of type Nominated (set through the related-accounts endpoints), if any. */
export function nominatedRelatedAccount(
  state: SimState,
  accountId: string,
): Readonly<RelatedAccount> | undefined {
  return state
    .get(relatedAccounts)
    .get(accountId)
    ?.find((r) => r.relatedAccountType === 'Nominated');
}

/** The webhook page's limit on `Customers`; the create documents none, so more is the bank's 422 here. */
const MAX_HOLDERS = 5;

/**
 * The bank answers a bad date or time zone 422 with `{errors: [{code, message}]}` (the reference's two
 * examples), not 400: the route takes them as text and judges them itself. The gateway refuses both first.
 */
const bankEndOfDayQuery = z.strictObject({ date: z.string(), timeZone: z.optional(z.string()) });
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;
/** The record without its `check` (the gateway's 400 for a future date), which the route answers 422 itself. */
const { check: _gatewayCheck, ...bankEndOfDay } = getEndOfDayBalance;

export const sterlingExtrasProduct: Product = {
  name: 'sterling-extras',
  bankRoutes(bank) {
    bank.operation({ ...bankEndOfDay, query: bankEndOfDayQuery }, (ctx) =>
      withAccount(ctx, (account) => {
        const { date, timeZone = 'UTC' } = ctx.queryValues as z.output<typeof bankEndOfDayQuery>;
        if (!isIanaTimeZone(timeZone)) {
          return clientError(
            ctx,
            'TIMEZONE_INVALID',
            `The specified timezone '${timeZone}' is not a valid IANA timezone identifier.`,
          );
        }
        if (
          !DATE_LIKE.test(date) ||
          !z.iso.date().safeParse(date).success ||
          isFutureLocalDate(date, timeZone, ctx.now())
        ) {
          return clientError(
            ctx,
            'DATE_INVALID',
            `The specified date '${date}' is invalid or in the future.`,
          );
        }
        const balanceAsOf = endOfLocalDay(date, timeZone);
        return ctx.json(200, {
          endOfDayBalance: {
            amount: balanceAt(ctx.state, account.id, balanceAsOf).toNumber(),
            balanceAsOf: balanceAsOf.toISOString(),
          },
          halLinks: [link(ctx, 'Account', `/v3/Accounts/${account.id}`)],
        });
      }),
    );

    bank.operation(createHubAccount, (ctx) => {
      const { ownerName, sortCode, productId, customers, interestConfigurationId } = ctx.body;
      const refused = holdersProblem(ctx, ownerName, customers);
      if (refused) return refused;
      const account = openRealAccount(ctx, {
        name: 'Hub Account',
        label: ownerName,
        sortCode,
        productId,
        kind: 'Hub',
        customerIds: customers.map((customer) => customer.customerId),
        ...(interestConfigurationId !== undefined && { interestConfigurationId }),
        // The webhook page: populated for hub accounts. Only retail customers exist here: Personal.
        legalOwnerType: 'Personal',
        relationshipType: customers.length > 1 ? 'Joint' : 'Single',
      });
      return ctx.json(201, { account: represent(account), halLinks: createdLinks(ctx, account) });
    });

    bank.operation(createPaymentAccount, (ctx) => {
      const { ownerName, sortCode, accountSubType, productId, customers } = ctx.body;
      const refused = holdersProblem(ctx, ownerName, customers);
      if (refused) return refused;
      const account = openRealAccount(ctx, {
        name: accountSubType === 'CurrentAccount' ? 'Current Account' : 'Transaction Account',
        label: ownerName,
        sortCode,
        productId,
        kind: accountSubType,
        customerIds: customers.map((customer) => customer.customerId),
      });
      return ctx.json(201, { account: represent(account), halLinks: createdLinks(ctx, account) });
    });

    bank.operation(listRelatedAccounts, (ctx) =>
      withHubAccount(ctx, (account, related) =>
        ctx.json(200, {
          account: { accountId: account.id, relatedAccounts: related },
          halLinks: relatedLinks(ctx, account),
        }),
      ),
    );

    bank.operation(addRelatedAccount, (ctx) =>
      withHubAccount(ctx, (account, related) => {
        if (account.status === 'Closed') {
          return ctx.problem(422, TITLES.unprocessable, `account ${account.id} is Closed`);
        }
        const identifiers = identifiersOf(ctx.body);
        if (identifiers.iban === account.iban || identifiers.bban === account.bban) {
          return ctx.problem(422, TITLES.unprocessable, 'an account cannot be related to itself', {
            identifier: ['identifier is the account itself.'],
          });
        }
        if (related.some((other) => sameAccount(other.identifiers, identifiers))) {
          return ctx.problem(
            409,
            TITLES.conflict,
            `${ctx.body.identifier} is already related to account ${account.id}`,
          );
        }
        const now = ctx.now().toISOString();
        const added: RelatedAccount = {
          relatedAccountType: ctx.body.relatedAccountType,
          ownerName: ctx.body.ownerName,
          identifiers,
          createdDateTime: now,
          modifiedDateTime: now,
        };
        // One nominated account: a new one replaces it (the hub accounts page, "set or replace").
        const kept =
          added.relatedAccountType === 'Nominated'
            ? related.filter((r) => r.relatedAccountType !== 'Nominated')
            : related;
        ctx.state.get(relatedAccounts).set(account.id, [...kept, added]);
        return ctx.json(201, {
          account: { accountId: account.id, relatedAccount: added },
          halLinks: relatedLinks(ctx, account),
        });
      }),
    );

    bank.operation(amendRelatedAccount, (ctx) =>
      withRelatedAccount(ctx, (account, related, target) => {
        target.ownerName = ctx.body.ownerName;
        target.modifiedDateTime = ctx.now().toISOString();
        return ctx.json(200, { accountId: account.id, relatedAccounts: related });
      }),
    );

    bank.operation(removeRelatedAccount, (ctx) =>
      withRelatedAccount(ctx, (account, related, target) => {
        ctx.state.get(relatedAccounts).set(
          account.id,
          related.filter((other) => other !== target),
        );
        return { status: 204 };
      }),
    );
  },
};

function clientError(ctx: RouteContext<unknown>, code: string, message: string): SimResponse {
  return ctx.json(422, { errors: [{ code, message }] });
}

/**
 * Who may hold a new hub or payment account: at least one and at most five of the institution's customers
 * (404 for one it does not know), and a name to show (the answers' `ownerName` is never empty).
 */
function holdersProblem(
  ctx: RouteContext<unknown>,
  ownerName: string,
  holders: readonly { customerId: string }[],
): SimResponse | undefined {
  if (ownerName.trim() === '') {
    return ctx.problem(422, TITLES.unprocessable, 'ownerName must not be empty', {
      ownerName: ['ownerName must not be empty.'],
    });
  }
  if (holders.length === 0 || holders.length > MAX_HOLDERS) {
    return ctx.problem(422, TITLES.unprocessable, `an account is held by 1 to ${MAX_HOLDERS} customers`, {
      customers: [`customers must list 1 to ${MAX_HOLDERS} customers.`],
    });
  }
  const known = ctx.state.get(retailCustomers);
  const unknown = holders.find(({ customerId }) => {
    const customer = known.get(customerId.toLowerCase()) ?? known.get(customerId);
    const v1 = customer?.institutionId === ctx.institution.id;
    return !v1 && !accountHolderOfInstitution(ctx.state, ctx.institution.id, customerId);
  });
  return unknown ? ctx.problem(404, TITLES.notFound, `no customer ${unknown.customerId}`) : undefined;
}

/** The reference's HubAccount / PaymentAccount. */
function represent(account: RealAccount) {
  return {
    accountId: account.id,
    productId: account.productId,
    customers: (account.customerIds ?? []).map((customerId) => ({ customerId })),
    ...(account.interestConfigurationId !== undefined && {
      interestConfigurationId: account.interestConfigurationId,
    }),
    accountName: account.name,
    ownerName: account.label,
    iban: account.iban,
    bban: account.bban,
    createdDateTime: account.timestampCreated,
  };
}

function createdLinks(ctx: RouteContext<unknown>, account: RealAccount) {
  return [link(ctx, 'Account', `/v3/Accounts/${account.id}`)];
}

function relatedLinks(ctx: RouteContext<unknown>, account: RealAccount) {
  return [
    link(ctx, 'self', `/v1/accounts/${account.id}/related-accounts`),
    link(ctx, 'Account', `/v3/Accounts/${account.id}`),
  ];
}

/**
 * The hub account named by the path and its related accounts, or 404: related accounts belong to hub (and
 * savings) accounts (products/savings reads their Nominated one).
 */
function withHubAccount(
  ctx: RouteContext<unknown, { accountId: string }>,
  then: (account: RealAccount, related: RelatedAccount[]) => SimResponse,
): SimResponse {
  return withAccount(ctx, (account) => {
    if (account.kind !== 'Hub' && account.kind !== 'Savings') {
      return ctx.problem(404, TITLES.notFound, `no hub or savings account ${account.id}`);
    }
    return then(account, ctx.state.get(relatedAccounts).get(account.id) ?? []);
  });
}

function withRelatedAccount(
  ctx: RouteContext<unknown, { accountId: string; iban: string }>,
  then: (account: RealAccount, related: RelatedAccount[], target: RelatedAccount) => SimResponse,
): SimResponse {
  return withHubAccount(ctx, (account, related) => {
    const target = related.find((other) => other.identifiers.iban === ctx.params.iban);
    if (!target) {
      return ctx.problem(
        404,
        TITLES.notFound,
        `no related account ${ctx.params.iban} on account ${account.id}`,
      );
    }
    return then(account, related, target);
  });
}

/**
 * The identifiers the bank can give for the one sent: a UK IBAN or BBAN gives all three (the IBAN's check
 * digits computed for a BBAN); another country's IBAN or BBAN only itself; a SCAN only itself (the bank code
 * an IBAN needs is not in it).
 */
function identifiersOf(body: CreateRelatedAccountBody): RelatedAccount['identifiers'] {
  const kind: IdentifierKind = body.identifierKind;
  const value = body.identifier;
  if (kind === 'SCAN') return { scan: value };
  const bban = kind === 'IBAN' ? (value.startsWith('GB') ? value.slice(4) : undefined) : value;
  const uk = bban === undefined ? undefined : parseUkBban(bban);
  if (!uk) return kind === 'IBAN' ? { iban: value } : { bban: value };
  const ids = ukAccountIdentifiers(uk);
  return { iban: ids.iban, bban: ids.bban, scan: `${uk.sortCode}${uk.accountNumber}` };
}

function sameAccount(a: RelatedAccount['identifiers'], b: RelatedAccount['identifiers']): boolean {
  return (
    (a.iban !== undefined && a.iban === b.iban) ||
    (a.bban !== undefined && a.bban === b.bban) ||
    (a.scan !== undefined && a.scan === b.scan)
  );
}
