import { randomUUID } from 'node:crypto';
import type { Decimal } from 'decimal.js';
import {
  getAccountTransaction,
  getVirtualAccountTransaction,
  listAccountTransactions,
  listTransactions,
  listVirtualAccountTransactions,
  returnFpsPayment,
  sendFpsPayments,
  sendFpsSinglePayment,
} from '#shared/operations/payments/operations.js';
import {
  type FpsCreditTransfer,
  type FpsResponse,
  referenceOf,
  type TransactionsQuery,
} from '#shared/operations/payments/schemas.js';
import { link, page } from '#sim/core/hal.js';
import { type BookedTransaction, ledger, moveMoney } from '#sim/core/ledger.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import { withAccount, withVirtualAccount } from '../sterling-accounts/accounts.js';
import { paymentsAdminRoutes } from './admin.js';
import { debit, fpsConfig, settlement, type Transfer } from './fps.js';

/**
 * Spec part 1, "Payment data" and "Instant domestic payments", on the simulated scheme (`fps.ts`): a send debits
 * each accepted instruction at once and settles (`TransactionSettled`) or is rejected with the money returned
 * (`TransactionRejected`) after `settlementDelayMs` on the simulated clock.
 */
export const paymentsProduct: Product = {
  name: 'payments',
  bankRoutes(bank) {
    bank.operation(listTransactions, (ctx) => answerList(ctx, () => true));
    bank.operation(listAccountTransactions, (ctx) =>
      withAccount(ctx, (account) => answerList(ctx, (t) => t.accountId === account.id)),
    );
    bank.operation(getAccountTransaction, (ctx) =>
      withAccount(ctx, (account) => answerOne(ctx, (t) => t.accountId === account.id)),
    );
    bank.operation(listVirtualAccountTransactions, (ctx) =>
      withVirtualAccount(ctx, (virtual) => answerList(ctx, (t) => t.virtualAccountId === virtual.id)),
    );
    bank.operation(getVirtualAccountTransaction, (ctx) =>
      withVirtualAccount(ctx, (virtual) => answerOne(ctx, (t) => t.virtualAccountId === virtual.id)),
    );

    bank.operation(sendFpsPayments, (ctx) => {
      const transactions: { endToEndIdentification: string; response: FpsResponse }[] = [];
      for (const instruction of ctx.body.paymentInstructions) {
        const transfers = instruction.creditTransfers.map(transferOf);
        const outcome = debit(ctx, instruction.debtorAccount, transfers, 'DebitPaymentDisabled');
        for (const transfer of transfers)
          transactions.push({ endToEndIdentification: transfer.endToEndId, response: outcome });
      }
      return ctx.json(202, { transactions, halLinks: [link(ctx, 'self', sendFpsPayments.path)] });
    });

    bank.operation(sendFpsSinglePayment, (ctx) => {
      const { debtorAccount, creditTransfer } = ctx.body.paymentInstruction;
      const transfer = transferOf(creditTransfer);
      const outcome = debit(ctx, debtorAccount, [transfer], 'AccountDisabled');
      return ctx.json(202, {
        transaction: { endToEndIdentification: transfer.endToEndId, response: outcome },
        halLinks: [link(ctx, 'self', sendFpsSinglePayment.path)],
      });
    });

    bank.operation(returnFpsPayment, (ctx) => {
      const { TransactionId } = ctx.body.paymentReturnInstruction;
      const state = ctx.state.get(ledger);
      const original = state.transactions.find(
        (t) => t.id === TransactionId.toLowerCase() && t.institutionId === ctx.institution.id,
      );
      if (!original) return ctx.problem(404, TITLES.notFound, `no transaction ${TransactionId}`);
      if (
        original.direction !== 'Credit' ||
        // A CHAPS credit goes back by a CHAPS return (pacs.004), not by Faster Payments.
        original.scheme !== 'FasterPayments' ||
        original.isReturn ||
        original.returned ||
        original.status !== 'ACSC'
      ) {
        return ctx.problem(
          422,
          TITLES.unprocessable,
          `transaction ${TransactionId} is not a settled received payment that can be returned`,
        );
      }
      original.returned = true;
      const now = ctx.now();
      const returned: BookedTransaction = {
        ...original,
        id: randomUUID(),
        direction: 'Debit',
        status: 'ACSP',
        createdAt: now.toISOString(),
        isReturn: true,
        returned: undefined,
      };
      delete returned.returned;
      moveMoney(ctx.state, original.accountId, original.amount.negated(), now);
      state.transactions.push(returned);
      ctx.schedule(
        new Date(now.getTime() + ctx.state.get(fpsConfig).settlementDelayMs),
        `settle return ${returned.id}`,
        settlement,
        returned,
      );
      return { status: 202 };
    });
  },
  adminRoutes: paymentsAdminRoutes,
};

// --- Lookups and representations ------------------------------------------------------------------------------

/** A credit transfer of either send (their identification and amount differ in members the scheme ignores). */
type SentTransfer = Pick<FpsCreditTransfer, 'creditor' | 'creditorAccount' | 'remittanceInformation'> & {
  paymentIdentification: { endToEndIdentification: string };
  amount: { instructedAmount: Decimal };
};

/** A credit transfer as the scheme moves it. */
function transferOf(transfer: SentTransfer): Transfer {
  return {
    endToEndId: transfer.paymentIdentification.endToEndIdentification,
    amount: transfer.amount.instructedAmount,
    creditorName: transfer.creditor.name,
    creditorAccount: transfer.creditorAccount,
    reference: referenceOf(transfer),
  };
}

function visible(ctx: RouteContext<unknown>, scope: (t: BookedTransaction) => boolean): BookedTransaction[] {
  return ctx.state.get(ledger).transactions.filter((t) => t.institutionId === ctx.institution.id && scope(t));
}

function answerList(ctx: RouteContext<unknown>, scope: (t: BookedTransaction) => boolean): SimResponse {
  const query = ctx.queryValues as TransactionsQuery;
  const from = query.startDateTime === undefined ? undefined : Date.parse(query.startDateTime);
  const to = query.endDateTime === undefined ? undefined : Date.parse(query.endDateTime);
  const all = visible(ctx, scope).filter((t) => {
    const at = Date.parse(t.createdAt);
    return (
      (from === undefined || at >= from) &&
      (to === undefined || at <= to) &&
      (query.paymentMethodType === undefined || t.scheme === query.paymentMethodType) &&
      (query.endToEndIdentifier === undefined || t.endToEndId === query.endToEndIdentifier) &&
      (query.accountHolderName === undefined || t.counterpart.name === query.accountHolderName)
    );
  });
  const { items, halLinks } = page(ctx, ctx.path, all, query);
  return ctx.json(200, { transactions: items.map(represent), halLinks });
}

function answerOne(
  ctx: RouteContext<unknown, { transactionId: string }>,
  scope: (t: BookedTransaction) => boolean,
): SimResponse {
  const id = ctx.params.transactionId.toLowerCase();
  const transaction = visible(ctx, scope).find((t) => t.id === id);
  if (!transaction) return ctx.problem(404, TITLES.notFound, `no transaction ${ctx.params.transactionId}`);
  return ctx.json(200, { transaction: represent(transaction), halLinks: [link(ctx, 'self', ctx.path)] });
}

/** A payment summary as `sterling-v2.json` documents it. */
function represent(t: BookedTransaction) {
  const { name, iban, sortCode, accountNumber } = t.counterpart;
  return {
    amount: { instructedAmount: t.amount.toNumber(), currency: 'GBP' },
    counterpartAccount: {
      identification: {
        ...(iban !== undefined && { iban }),
        accountName: name,
        accountHolderName: name,
        ...(sortCode !== undefined && { sortCode }),
        ...(accountNumber !== undefined && { accountNumber }),
        reference: t.reference,
      },
    },
    debitCreditCode: t.direction === 'Credit' ? 'CRDT' : 'DBIT',
    endToEndIdentifier: t.endToEndId,
    transactionId: t.id,
    transactionReference: t.reference,
    transactionTime: t.createdAt,
    status: t.status,
  };
}
