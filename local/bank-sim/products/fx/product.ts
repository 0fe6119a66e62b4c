import { createFxOrder, createFxQuote, executeFxQuote } from '#shared/operations/fx/operations.js';
import { TITLES } from '#sim/core/problems.js';
import type { Product } from '#sim/core/product.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import {
  defaultValueDate,
  executeQuote,
  type FieldRefusal,
  placeOrder,
  quoteView,
  requestQuote,
} from './trades.js';
import { fxAdminRoutes } from './admin.js';
import { nextExecutionFault } from './faults.js';

/**
 * Spec part 2, "Foreign exchange", on the simulated FX desk (`rates.ts`, `trades.ts`): a quote answered 200 with its
 * 45 s hold, ExecuteQuote and order answered 202 with the trade's outcome in `Fx.Trade.*` webhooks.
 * ExecuteQuote's refusals take its documented statuses: 400 (unknown or expired quote), 409 (executed
 * already), 423 (the quote is locked: `nextExecutions` of `PUT /__sim/fx/faults`).
 */

function refusal(ctx: RouteContext, refused: FieldRefusal): SimResponse {
  return ctx.problem(400, TITLES.validation, refused.detail, { [refused.field]: [refused.detail] });
}

const accepted = (): SimResponse => ({ status: 202 });

export const fxProduct: Product = {
  name: 'fx',
  bankRoutes(bank) {
    bank.operation(createFxQuote, (ctx) => {
      const outcome = requestQuote(bank, ctx.institution.id, ctx.body);
      if (outcome.kind === 'refused') return refusal(ctx, outcome);
      return ctx.json(200, quoteView(outcome.value));
    });

    bank.operation(executeFxQuote, (ctx) => {
      if (nextExecutionFault(ctx.state) === 'locked') {
        return ctx.problem(423, 'Locked', `The quote ${ctx.body.quoteId} is locked; try again.`);
      }
      const { customerInformation, marginAccount, quoteId } = ctx.body;
      const outcome = executeQuote(
        bank,
        ctx.institution.id,
        {
          quoteId,
          sellAccount: customerInformation.sellAccount,
          buyAccount: customerInformation.buyAccount,
          marginAccount,
        },
        ctx.emit,
      );
      switch (outcome.kind) {
        case 'done':
          return accepted();
        case 'executed':
          return ctx.problem(409, TITLES.conflict, outcome.detail);
        default:
          return ctx.problem(400, TITLES.validation, outcome.detail, { quoteId: [outcome.detail] });
      }
    });

    bank.operation(createFxOrder, (ctx) => {
      const { customerInformation, tradeInformation } = ctx.body;
      const outcome = placeOrder(
        bank,
        ctx.institution.id,
        {
          ...tradeInformation.details,
          valueDate: tradeInformation.valueDate ?? defaultValueDate(ctx.now()),
          margin: tradeInformation.margin?.amount,
          marginAccount: tradeInformation.margin?.account,
          endToEndId: tradeInformation.endToEndId,
          unstructuredInformation: tradeInformation.unstructuredInformation,
          sellAccount: customerInformation.sellAccount,
          buyAccount: customerInformation.buyAccount,
        },
        ctx.emit,
      );
      if (outcome.kind === 'refused') return refusal(ctx, outcome);
      if (outcome.kind === 'duplicate')
        return ctx.problem(400, TITLES.validation, outcome.detail, {
          'tradeInformation.endToEndId': [outcome.detail],
        });
      return accepted();
    });
  },
  adminRoutes: fxAdminRoutes,
};
