import { parseMultiCurrencyPaymentCurrency } from '#shared/domain/mccy-schedule.js';
import * as ops from '#shared/operations/mccy-payments/operations.js';
import type { MccyHost, Outcome } from '../mccy/accounts.js';
import { cancelPayment, cancelPaymentBatch, submitPaymentBatch } from '../mccy/payments.js';
import { TITLES } from '../problem.js';
import type { Domain, RouteContext, SimResponse } from '../types.js';

/**
 * Multi-currency payments (spec part 2) on the multi-currency bank (`../mccy/payments.ts`): a batch is 202 with
 * `isScheduled` from the time of receipt on the simulated clock; a cancel is 204 until one hour before
 * processing, 422 after it, for a batch processed at once or sent without batchId, 404 for an unknown batch or
 * payment. Problems are the plain form (the records' `problemForm: 'plain'`).
 */

function cancelled<T>(ctx: RouteContext, outcome: Outcome<T>): SimResponse {
  if (outcome.kind === 'missing') return ctx.problem(404, TITLES.notFound, outcome.detail);
  if (outcome.kind === 'refused') return ctx.problem(422, 'Unprocessable Entity', outcome.detail);
  return { status: 204 };
}

export const mccyPaymentsDomain: Domain = (sim) => {
  const host: MccyHost = sim;

  sim.operation(ops.createMccyPayments, (ctx) => {
    const outcome = submitPaymentBatch(host, {
      institutionId: ctx.institution.id,
      batchId: ctx.body.batchId,
      currency: parseMultiCurrencyPaymentCurrency(ctx.body.currencyCode),
      transactions: ctx.body.transactions,
    });
    if (outcome.kind === 'duplicate') return ctx.problem(409, TITLES.conflict, outcome.detail);
    return ctx.json(202, { isScheduled: outcome.batch.schedule.isScheduled });
  });

  sim.operation(ops.cancelMccyBatch, (ctx) =>
    cancelled(ctx, cancelPaymentBatch(host, ctx.institution.id, ctx.params.batchId ?? '', ctx.emit)),
  );

  sim.operation(ops.cancelMccyTransaction, (ctx) =>
    cancelled(
      ctx,
      cancelPayment(
        host,
        ctx.institution.id,
        ctx.params.batchId ?? '',
        ctx.params.endToEndId ?? '',
        ctx.emit,
      ),
    ),
  );
};
