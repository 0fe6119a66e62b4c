import { parseMultiCurrencyPaymentCurrency } from '#shared/domain/mccy-schedule.js';
import * as ops from '#shared/operations/mccy-payments/operations.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { SimResponse } from '#sim/core/types.js';
import { answer } from '../mccy-accounts/accounts.js';
import { mccyPaymentsAdminRoutes } from './admin.js';
import { cancelPayment, cancelPaymentBatch, submitPaymentBatch } from './payments.js';

const cancelled = (): SimResponse => ({ status: 204 });

/**
 * Multi-currency payments (spec part 2) on the multi-currency accounts (`payments.ts`): a batch is 202 with
 * `isScheduled` from the time of receipt on the simulated clock; a cancel is 204 until one hour before
 * processing, 422 after it, for a batch processed at once or sent without batchId, 404 for an unknown batch or
 * payment. Problems are the plain form (the records' `problemForm: 'plain'`).
 */
export const mccyPaymentsProduct: Product = {
  name: 'mccy-payments',
  bankRoutes(bank) {
    bank.operation(ops.createMccyPayments, (ctx) => {
      const outcome = submitPaymentBatch(bank, {
        institutionId: ctx.institution.id,
        batchId: ctx.body.batchId,
        currency: parseMultiCurrencyPaymentCurrency(ctx.body.currencyCode),
        transactions: ctx.body.transactions,
      });
      if (outcome.kind === 'duplicate') return ctx.problem(409, TITLES.conflict, outcome.detail);
      return ctx.json(202, { isScheduled: outcome.batch.schedule.isScheduled });
    });

    bank.operation(ops.cancelMccyBatch, (ctx) =>
      answer(ctx, cancelPaymentBatch(bank, ctx.institution.id, ctx.params.batchId, ctx.emit), 422, cancelled),
    );

    bank.operation(ops.cancelMccyTransaction, (ctx) => {
      const { batchId, endToEndId } = ctx.params;
      return answer(
        ctx,
        cancelPayment(bank, ctx.institution.id, batchId, endToEndId, ctx.emit),
        422,
        cancelled,
      );
    });
  },
  adminRoutes: mccyPaymentsAdminRoutes,
};
