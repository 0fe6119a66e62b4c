import { readPath } from '../families/definition.js';

/** Where the gateway answers the FX records it keeps (`GET /gateway/fx/...`). */
export const FX_QUOTE_READ = '/gateway/fx/quotes/{quoteId}';
export const FX_TRADE_READ = '/gateway/fx/trades/{endToEndId}';
export const fxQuotePath = (quoteId: string) => readPath(FX_QUOTE_READ, quoteId);
export const fxTradePath = (endToEndId: string) => readPath(FX_TRADE_READ, endToEndId);
