import type { Operation } from '../operation.js';
import {
  type CreateFxOrderBody,
  createFxOrderBody,
  executeFxQuoteBody,
  type FxQuoteBody,
  fxQuoteBody,
  fxTradeErrors,
} from './schemas.js';

/**
 * Spec part 2, "Foreign exchange": request a quote, execute it within its 45 s hold, or book an order
 * directly; one function. All three move money or hold a rate, so each requires an Idempotency-Key, and each
 * is tracked by the gateway's `fx` tracker (`shared/fx/`): the quote it stores, the execution it claims once.
 */
const fn = 'fx';

export const createFxQuote = {
  id: 'createFxQuote',
  summary: 'Request an FX quote',
  description:
    'Asks the bank for a rate to sell one currency for another, for an amount fixed on the sell or buy side; the quote holds for 45 seconds.',
  method: 'POST',
  path: '/fx/v1/quote' as const,
  fn,
  body: fxQuoteBody,
  check: ({ body }, { now }) => fxTradeErrors(body as FxQuoteBody, now),
  requiresIdempotencyKey: true,
  tracker: 'fx',
} satisfies Operation;

export const executeFxQuote = {
  id: 'executeFxQuote',
  summary: 'Execute an FX quote',
  description: 'Books the trade of a quote still held, between two accounts of the same owner.',
  method: 'POST',
  path: '/fx/v1/ExecuteQuote' as const,
  fn,
  body: executeFxQuoteBody,
  requiresIdempotencyKey: true,
  tracker: 'fx',
} satisfies Operation;

export const createFxOrder = {
  id: 'createFxOrder',
  summary: 'Place an FX order',
  description:
    'Books a trade at the rate of the moment without a quote, between two accounts of the same owner.',
  method: 'POST',
  path: '/fx/v1/order' as const,
  fn,
  body: createFxOrderBody,
  check: ({ body }, { now }) => {
    const { tradeInformation } = body as CreateFxOrderBody;
    return fxTradeErrors(
      { ...tradeInformation.details, valueDate: tradeInformation.valueDate },
      now,
      'tradeInformation.details.',
      'tradeInformation.valueDate',
    );
  },
  requiresIdempotencyKey: true,
  tracker: 'fx',
} satisfies Operation;

export const fxOperations: readonly Operation[] = [createFxQuote, executeFxQuote, createFxOrder];
