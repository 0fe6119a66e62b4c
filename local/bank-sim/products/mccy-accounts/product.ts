import * as ops from '#shared/operations/mccy-accounts/operations.js';
import type { TransactionsQuery } from '#shared/operations/mccy-accounts/schemas.js';
import type { Paging } from '#shared/operations/paging.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimHost, SimResponse } from '#sim/core/types.js';
import {
  accountView,
  addCurrency,
  answer,
  amendAccount,
  amendVirtualAccount,
  balancesView,
  closeAccount,
  closeVirtualAccount,
  createAccount,
  createdAccountView,
  createVirtualAccount,
  findAccount,
  findVirtualAccount,
  listAccounts,
  type MccyAccount,
  type MccyVirtualAccount,
  setAccountStatus,
  setVirtualAccountStatus,
  type StatusChange,
  virtualAccountView,
} from './accounts.js';
import {
  type AccountReference,
  findTransaction,
  listTransactions,
  receiveInboundPayment,
  requestInternalTransfer,
  transactionView,
} from './money.js';
import { requestStatement } from './statements.js';
import { mccyAdminRoutes } from './admin.js';

/**
 * Spec part 2's multi-currency accounts, virtual accounts, transactions, statements, internal transfers and
 * the simulated inbound payment, on the multi-currency bank (`accounts.ts`, `money.ts`, `statements.ts`). Every error is the plain
 * problem-detail form without `errors` (the records' `problemForm: 'plain'`), as the bank answers this family. A refusal takes the status the
 * reference documents for its operation: 422 where it lists one, else 400; an unknown id is 404.
 */

const noContent = (): SimResponse => ({ status: 204 });
const accepted = (): SimResponse => ({ status: 202 });

/** The institution's account named by the path (closed ones included), or 404. */
function withAccount(
  ctx: RouteContext<unknown, { accountId: string }>,
  then: (account: MccyAccount) => SimResponse,
): SimResponse {
  const account = findAccount(ctx.state, ctx.institution.id, ctx.params.accountId);
  if (!account) return ctx.problem(404, TITLES.notFound, `no multi-currency account ${ctx.params.accountId}`);
  return then(account);
}

/** The institution's virtual account named by the path, or 404. */
function withVirtualAccount(
  ctx: RouteContext<unknown, { virtualAccountId: string }>,
  then: (virtual: MccyVirtualAccount) => SimResponse,
): SimResponse {
  const { virtualAccountId } = ctx.params;
  const virtual = findVirtualAccount(ctx.state, ctx.institution.id, virtualAccountId);
  if (!virtual)
    return ctx.problem(404, TITLES.notFound, `no multi-currency virtual account ${virtualAccountId}`);
  return then(virtual);
}

/** One page of a real account's or a virtual account's transactions, filtered as the query says. */
function answerTransactions(
  host: SimHost,
  ctx: RouteContext<unknown>,
  scope: { accountId: string } | { virtualAccountId: string },
): SimResponse {
  const query = ctx.queryValues as TransactionsQuery;
  const transactions = listTransactions(host, {
    institutionId: ctx.institution.id,
    ...scope,
    currency: query.Currency,
    ...(query.PageNumber !== undefined && { pageNumber: query.PageNumber }),
    ...(query.PageSize !== undefined && { pageSize: query.PageSize }),
    ...(query.StartDateTime !== undefined && { startDateTime: new Date(query.StartDateTime) }),
    ...(query.EndDateTime !== undefined && { endDateTime: new Date(query.EndDateTime) }),
  });
  return ctx.json(200, { transactions: transactions.map(transactionView) });
}

function accountReference(
  iban: string | null | undefined,
  other: { identifier: string } | null | undefined,
): AccountReference | undefined {
  if (iban) return { iban };
  if (other) return { accountId: other.identifier };
  return undefined;
}

export const mccyAccountsProduct: Product = {
  name: 'mccy-accounts',
  bankRoutes(bank) {
    const statusChange = (body: {
      status: 'Active' | 'Suspended';
      statusReason?: StatusChange['statusReason'] | undefined;
      information?: string | null | undefined;
    }): StatusChange => ({
      status: body.status,
      ...(body.statusReason && { statusReason: body.statusReason }),
      ...(body.information && { information: body.information }),
    });
    const closeReasonOf = (ctx: RouteContext) => ctx.query.get('accountCloseReason') ?? undefined;

    // --- Real accounts --------------------------------------------------------------------------------------

    bank.operation(ops.createMccyAccount, (ctx) =>
      answer(
        ctx,
        createAccount(
          bank,
          {
            institutionId: ctx.institution.id,
            label: ctx.body.label,
            owner: ctx.body.owner,
            kind: ctx.body.kind,
            currencies: ctx.body.currencies,
            identifiers: ctx.body.identifiers ?? null,
            productId: ctx.body.productId ?? null,
            customerId: ctx.body.customerId ?? null,
          },
          ctx.emit,
        ),
        422,
        (account) => ctx.json(201, createdAccountView(account)),
      ),
    );

    bank.operation(ops.listMccyAccounts, (ctx) => {
      const { pageNumber, pageSize } = ctx.queryValues as Paging;
      const accounts = listAccounts(ctx.state, ctx.institution.id).slice(
        (pageNumber - 1) * pageSize,
        pageNumber * pageSize,
      );
      return ctx.json(200, { accounts: accounts.map(accountView) });
    });

    bank.operation(ops.getMccyAccount, (ctx) =>
      withAccount(ctx, (account) => ctx.json(200, accountView(account))),
    );

    bank.operation(ops.amendMccyAccount, (ctx) =>
      answer(
        ctx,
        amendAccount(bank, ctx.institution.id, ctx.params.accountId, ctx.body, ctx.emit),
        400,
        (account) => ctx.json(200, accountView(account)),
      ),
    );

    bank.operation(ops.setMccyAccountStatus, (ctx) =>
      answer(
        ctx,
        setAccountStatus(bank, ctx.institution.id, ctx.params.accountId, statusChange(ctx.body), ctx.emit),
        400,
        (account) => ctx.json(200, accountView(account)),
      ),
    );

    bank.operation(ops.addMccyAccountCurrency, (ctx) =>
      answer(
        ctx,
        addCurrency(bank, ctx.institution.id, ctx.params.accountId, ctx.body.currency, ctx.emit),
        422,
        (account) => ctx.json(200, accountView(account)),
      ),
    );

    bank.operation(ops.getMccyAccountBalances, (ctx) =>
      withAccount(ctx, (account) => ctx.json(200, balancesView(account))),
    );

    bank.operation(ops.closeMccyAccount, (ctx) =>
      answer(
        ctx,
        closeAccount(bank, ctx.institution.id, ctx.params.accountId, closeReasonOf(ctx), ctx.emit),
        422,
        noContent,
      ),
    );

    // --- Virtual accounts -----------------------------------------------------------------------------------

    bank.operation(ops.createMccyVirtualAccount, (ctx) =>
      answer(
        ctx,
        createVirtualAccount(
          bank,
          {
            institutionId: ctx.institution.id,
            accountId: ctx.body.accountId,
            owner: ctx.body.virtualAccount.owner,
            identifiers: ctx.body.virtualAccount.identifiers ?? null,
          },
          ctx.emit,
        ),
        422,
        (virtual) => ctx.json(201, virtualAccountView(virtual)),
      ),
    );

    bank.operation(ops.getMccyVirtualAccount, (ctx) =>
      withVirtualAccount(ctx, (virtual) => ctx.json(200, virtualAccountView(virtual))),
    );

    bank.operation(ops.amendMccyVirtualAccount, (ctx) =>
      answer(
        ctx,
        amendVirtualAccount(bank, ctx.institution.id, ctx.params.virtualAccountId, ctx.body.owner, ctx.emit),
        400,
        (virtual) => ctx.json(200, virtualAccountView(virtual)),
      ),
    );

    bank.operation(ops.setMccyVirtualAccountStatus, (ctx) =>
      answer(
        ctx,
        setVirtualAccountStatus(
          bank,
          ctx.institution.id,
          ctx.params.virtualAccountId,
          statusChange(ctx.body),
          ctx.emit,
        ),
        400,
        (virtual) => ctx.json(200, virtualAccountView(virtual)),
      ),
    );

    bank.operation(ops.closeMccyVirtualAccount, (ctx) =>
      answer(
        ctx,
        closeVirtualAccount(
          bank,
          ctx.institution.id,
          ctx.params.virtualAccountId,
          closeReasonOf(ctx),
          ctx.emit,
        ),
        422,
        noContent,
      ),
    );

    // --- Transactions ---------------------------------------------------------------------------------------

    bank.operation(ops.listMccyAccountTransactions, (ctx) =>
      withAccount(ctx, (account) => answerTransactions(bank, ctx, { accountId: account.id })),
    );

    // The reference draws this answer as one transaction; a list is a list: the real account's wrapper.
    bank.operation(ops.listMccyVirtualAccountTransactions, (ctx) =>
      withVirtualAccount(ctx, (virtual) => answerTransactions(bank, ctx, { virtualAccountId: virtual.id })),
    );

    bank.operation(ops.getMccyTransaction, (ctx) => {
      const transaction = findTransaction(ctx.state, ctx.institution.id, ctx.params.transactionId);
      if (!transaction) {
        return ctx.problem(404, TITLES.notFound, `no multi-currency transaction ${ctx.params.transactionId}`);
      }
      return ctx.json(200, transactionView(transaction));
    });

    // --- Statements -----------------------------------------------------------------------------------------

    bank.operation(ops.requestMccyInstitutionStatement, (ctx) =>
      answer(
        ctx,
        requestStatement(
          bank,
          {
            institutionId: ctx.institution.id,
            year: ctx.body.year,
            month: ctx.body.month,
            currency: ctx.body.currency,
            baseUrl: ctx.baseUrl,
          },
          ctx.emit,
        ),
        422,
        accepted,
      ),
    );

    bank.operation(ops.requestMccyAccountStatement, (ctx) =>
      answer(
        ctx,
        requestStatement(
          bank,
          {
            institutionId: ctx.institution.id,
            iban: ctx.params.iban,
            year: ctx.body.year,
            month: ctx.body.month,
            currency: ctx.body.currency,
            baseUrl: ctx.baseUrl,
          },
          ctx.emit,
        ),
        422,
        accepted,
      ),
    );

    // --- Internal transfers and the simulated inbound payment -----------------------------------------------

    bank.operation(ops.createMccyInternalTransfer, (ctx) => {
      const body = ctx.body;
      const debit = accountReference(body.debitAccountIban, body.debitAccountOther);
      const credit = accountReference(body.creditAccountIban, body.creditAccountOther);
      if (!debit || !credit) {
        return ctx.problem(
          400,
          TITLES.badRequest,
          'a debit and a credit account (IBAN or other) are required',
        );
      }
      requestInternalTransfer(
        bank,
        {
          institutionId: ctx.institution.id,
          debit,
          credit,
          amount: body.instructedAmount,
          currency: body.instructedCurrency,
          endToEndId: body.endToEndId,
          reference: body.reference ?? null,
        },
        ctx.emit,
      );
      return accepted();
    });

    bank.operation(ops.simulateMccyInboundPayment, (ctx) => {
      const body = ctx.body;
      const outcome = receiveInboundPayment(bank, {
        institutionId: ctx.institution.id,
        accountUniqueId: ctx.params.accountUniqueId,
        currency: body.instructedCurrency,
        amount: body.instructedAmount,
        reference: body.reference ?? null,
        endToEndId: body.endToEndId ?? null,
        creditorIban: body.ultimateCreditor.iban,
        creditorName: body.ultimateCreditor.name,
        ...(body.ultimateDebtor && {
          debtor: { identifier: body.ultimateDebtor.identifier, name: body.ultimateDebtor.name },
        }),
      });
      return answer(ctx, outcome, 400, (transaction) =>
        ctx.json(201, {
          transactionId: transaction.id,
          instructedCurrency: transaction.currency,
          instructedAmount: transaction.amount.toNumber(),
          reference: body.reference ?? null,
          endToEndId: transaction.endToEndId,
          ultimateCreditorIBAN: body.ultimateCreditor.iban,
          ultimateCreditorName: body.ultimateCreditor.name,
          ultimateDebtorIdentifier: body.ultimateDebtor?.identifier ?? null,
          ultimateDebtorName: body.ultimateDebtor?.name ?? null,
          timestampCreated: transaction.createdAt,
          bankRefSearchable: transaction.endToEndId,
        }),
      );
    });
  },
  adminRoutes: mccyAdminRoutes,
};
