/** Where the gateway answers the FX records it keeps (`GET /gateway/fx/...`). */
export const fxQuotePath = (quoteId: string) => `/gateway/fx/quotes/${encodeURIComponent(quoteId)}`;
export const fxTradePath = (endToEndId: string) => `/gateway/fx/trades/${encodeURIComponent(endToEndId)}`;
