import * as z from 'zod/mini';

/**
 * The bank's documented success answers of the FX domain (reference-digest.md, from `fx-orchestrator-rfq.json`),
 * keyed by operation id. Strict: a missing or renamed documented member fails, as does an undocumented one.
 * ExecuteQuote and order answer 202 with no body.
 */

const currency = z.string().check(z.regex(/^[A-Z]{3}$/));

const quoteRequest = z.strictObject({
  valueDate: z.string(),
  instructedAmount: z.number(),
  fixedSide: z.enum(['buy', 'sell']),
  sellCurrency: currency,
  buyCurrency: currency,
  margin: z.optional(z.number()),
});

export const fxQuote = z.strictObject({
  quoteRequest: z.optional(quoteRequest),
  quoteId: z.string().check(z.regex(/^[0-9a-fA-F-]{36}$/)),
  valueDate: z.string(),
  currencyPair: z.string(),
  exchangeRate: z.number(),
  sellCurrency: currency,
  sellAmount: z.number(),
  buyCurrency: currency,
  buyAmount: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  marginAmount: z.optional(z.number()),
  marginCurrency: z.optional(z.nullable(currency)),
});
export type FxQuote = z.output<typeof fxQuote>;

export const fxResponses = {
  createFxQuote: fxQuote,
} as const;
