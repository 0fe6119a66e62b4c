import { createFxOrder, createFxQuote, executeFxQuote } from '#shared/operations/fx/operations.js';
import {
  defaultValueDate,
  executeQuote,
  type FieldRefusal,
  placeOrder,
  quoteView,
  requestQuote,
} from '../fx/trades.js';
import { TITLES } from '../problem.js';
import type { Domain, RouteContext, SimResponse } from '../types.js';

/**
 * Spec part 2, "Foreign exchange", on the simulated FX desk (`../fx/`): a quote answered 200 with its
 * 45 s hold, ExecuteQuote and order answered 202 with the trade's outcome in `Fx.Trade.*` webhooks.
 * ExecuteQuote's refusals take its documented statuses: 400 (unknown or expired quote), 409 (executed
 * already), 423 (the quote is locked: the `nextFxExecutions` fault).
 */

function refusal(ctx: RouteContext, refused: FieldRefusal): SimResponse {
  return ctx.problem(400, TITLES.validation, refused.detail, { [refused.field]: [refused.detail] });
}

const accepted = (): SimResponse => ({ status: 202 });

export const fxDomain: Domain = (sim) => {
  sim.operation(createFxQuote, (ctx) => {
    const outcome = requestQuote(sim, ctx.institution.id, ctx.body);
    if (outcome.kind === 'refused') return refusal(ctx, outcome);
    return ctx.json(200, quoteView(outcome.value));
  });

  sim.operation(executeFxQuote, (ctx) => {
    if (sim.nextFxExecutionFault() === 'locked') {
      return ctx.problem(423, 'Locked', `The quote ${ctx.body.quoteId} is locked; try again.`);
    }
    const { customerInformation, marginAccount, quoteId } = ctx.body;
    const outcome = executeQuote(
      sim,
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

  sim.operation(createFxOrder, (ctx) => {
    const { customerInformation, tradeInformation } = ctx.body;
    const outcome = placeOrder(
      sim,
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
};
