/** One route Clearway adds under `/gateway/` for the state it keeps. */
export interface GatewayRoute {
  readonly id: string;
  readonly method: 'GET';
  /** Path template, `{name}` for a path parameter (API Gateway's syntax). */
  readonly path: string;
  /** The file in `functions/` (without `.ts`) that serves it. */
  readonly fn: string;
}

/**
 * State Clearway keeps and serves itself, under `/gateway/`: the stack creates a method per route
 * (`lib/catalog.ts`), the OpenAPI document describes each, and the typed client (`client/`) offers a method
 * per route, so a new route is one line here.
 */
export const gatewayRoutes = [
  { id: 'getSigningKey', method: 'GET', path: '/gateway/signing-key', fn: 'gateway-signing-key' },
  { id: 'getPayment', method: 'GET', path: '/gateway/payments/{endToEndId}', fn: 'gateway-payments' },
  { id: 'getNameCheck', method: 'GET', path: '/gateway/name-checks/{endToEndId}', fn: 'gateway-name-checks' },
  { id: 'getFxQuote', method: 'GET', path: '/gateway/fx/quotes/{quoteId}', fn: 'gateway-fx' },
  { id: 'getFxTrade', method: 'GET', path: '/gateway/fx/trades/{endToEndId}', fn: 'gateway-fx' },
  { id: 'getMccyBatch', method: 'GET', path: '/gateway/mccy/batches/{batchId}', fn: 'gateway-mccy' },
] as const satisfies readonly GatewayRoute[];
