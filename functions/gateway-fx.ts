import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { FxStore } from '#shared/fx/ports.js';
import { fxQuotePath, fxTradePath } from '#shared/fx/paths.js';
import { awsFxStore } from '#shared/runtime/root-gateway-fx.js';
import { createRecordReadHandler } from './http/record-read-handler.js';

type Reads = Pick<FxStore, 'getQuote' | 'getTrade'>;

/** GET /gateway/fx/quotes/{quoteId}: a quote the gateway obtained, its hold and its one execution. */
export function createFxQuotesReadHandler(store: () => Reads) {
  return createRecordReadHandler({
    route: 'GET /gateway/fx/quotes/{quoteId}',
    param: 'quoteId',
    maxLength: 36,
    read: (quoteId) => store().getQuote(quoteId),
    notFound: (quoteId) => ({
      detail: `No FX quote with id ${quoteId} is known to the gateway.`,
      instance: fxQuotePath(quoteId),
    }),
  });
}

/** GET /gateway/fx/trades/{endToEndId}: an FX trade the gateway follows, with its history. */
export function createFxTradesReadHandler(store: () => Reads) {
  return createRecordReadHandler({
    route: 'GET /gateway/fx/trades/{endToEndId}',
    maxLength: 35,
    read: (endToEndId) => store().getTrade(endToEndId),
    notFound: (endToEndId) => ({
      detail: `No FX trade with end-to-end id ${endToEndId} is known to the gateway.`,
      instance: fxTradePath(endToEndId),
    }),
  });
}

const quotes = createFxQuotesReadHandler(awsFxStore);
const trades = createFxTradesReadHandler(awsFxStore);

/** One function for both reads, by the route API Gateway matched. */
export const handler = (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> =>
  (event.resource === '/gateway/fx/quotes/{quoteId}' ? quotes : trades)(event, context);
