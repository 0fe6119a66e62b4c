import * as z from 'zod/mini';
import { JsonNumber } from '#shared/json/read-json.js';
import { defineWebhook } from './define.js';
import { settlementWillBeRetried } from './readers.js';

/**
 * The FX trade webhooks: their records, and their payloads as the tables of the bank's pages give them
 * (`webhooks/fx-trade-executed-v1.mdx`, `fx-trade-settled-v1.mdx`, `fx-trade-cancelled-v1.mdx`,
 * `fx-trade-settlement-failed-v1.mdx` in `clearbank/clearbank.github.io`). Strict: every member a table marks
 * required must be there, one it marks optional may be absent or null, nothing undocumented passes.
 * `FixedSide` is 3 or 4 characters in any case (the examples write `Sell` and `BUY`); `WillBeRetried` is a
 * boolean (its table) or the text `true`/`false` (its example).
 */

const text = (min: number, max?: number) =>
  max === undefined
    ? z.string().check(z.minLength(min))
    : z.string().check(z.minLength(min), z.maxLength(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
/** `number` / `decimal`: a JSON number (a `JsonNumber` when read by the gateway's reader, keeping the digits). */
const decimal = z.lazy(() => z.union([z.number(), z.instanceof(JsonNumber)]));
const dateTime = z.lazy(() => z.iso.datetime({ offset: true, local: true }));
const currency = z.lazy(() => z.string().check(z.regex(/^[A-Z]{3}$/)));
const guid = z.lazy(() => z.guid());

/** The members every FX trade webhook carries: the trade as it was requested. */
const trade = () => ({
  SellAccountOwner: text(1, 140),
  SellAccountIban: text(1, 35),
  BuyAccountOwner: text(1, 140),
  BuyAccountIban: text(1, 35),
  Attestation: text(1, 1),
  ValueDate: dateTime,
  InstructedAmount: decimal,
  FixedSide: text(3, 4),
  BuyCurrency: currency,
  SellCurrency: currency,
  Margin: optional(decimal),
  MarginAccountIban: optional(text(1, 35)),
  EndToEndId: text(1, 35),
  UnstructuredInformation: optional(z.string().check(z.maxLength(140))),
});

export const fxTradeExecutedPayload = z.lazy(() =>
  z.strictObject({
    ...trade(),
    Symbol: text(1),
    FIReceivedMarginAmount: optional(decimal),
    BuyAmount: decimal,
    SellAmount: decimal,
    ClearBankRate: decimal,
    FIRate: decimal,
    RequestedTime: dateTime,
    ExecutedTime: dateTime,
  }),
);

export const fxTradeExecutedWebhook = defineWebhook({
  type: 'Fx.Trade.Executed',
  versions: { 1: fxTradeExecutedPayload },
  key: ['EndToEndId'],
  subject: ['EndToEndId'],
});

const identifiers = z.lazy(() =>
  optional(z.array(z.strictObject({ Scope: z.string(), Name: z.string(), Identifier: z.string() }))),
);
const properties = z.lazy(() => optional(z.array(z.strictObject({ Key: z.string(), Value: z.string() }))));

export const fxTradeSettledPayload = z.lazy(() =>
  z.strictObject({
    ...trade(),
    DebitTransactionId: guid,
    DebitAmount: decimal,
    DebitCurrency: currency,
    DebitTransactionIdentifiers: identifiers,
    DebitAdditionalProperties: properties,
    DebitCreatedAt: dateTime,
    DebitSettledAt: dateTime,
    CreditTransactionId: guid,
    CreditAmount: decimal,
    CreditCurrency: currency,
    CreditTransactionIdentifiers: identifiers,
    CreditAdditionalProperties: properties,
    CreditCreatedAt: dateTime,
    CreditSettledAt: dateTime,
    MarginTransactionId: optional(guid),
    MarginAmount: optional(decimal),
    MarginCurrency: optional(currency),
    MarginTransactionIdentifiers: identifiers,
    MarginAdditionalProperties: properties,
    MarginCreatedAt: optional(dateTime),
    MarginSettledAt: optional(dateTime),
  }),
);

export const fxTradeSettledWebhook = defineWebhook({
  type: 'Fx.Trade.Settled',
  versions: { 1: fxTradeSettledPayload },
  key: ['EndToEndId'],
  subject: ['EndToEndId'],
});

export const fxTradeCancelledPayload = z.lazy(() =>
  z.strictObject({
    ...trade(),
    CancellationCode: text(1),
    CancellationReason: text(1),
  }),
);

export const fxTradeCancelledWebhook = defineWebhook({
  type: 'Fx.Trade.Cancelled',
  versions: { 1: fxTradeCancelledPayload },
  key: ['EndToEndId'],
  subject: ['EndToEndId'],
});

export const fxTradeSettlementFailedPayload = z.lazy(() =>
  z.strictObject({
    ...trade(),
    CancellationCode: text(1),
    CancellationReason: text(1),
    WillBeRetried: z.union([z.boolean(), z.enum(['true', 'false'])]),
    ReversalFee: decimal,
    ReversalFeeCurrency: currency,
  }),
);

/**
 * The final failure keeps the plain key. A retried one adds `retried` and its payload's digest: the bank may
 * fail a settlement more than once before the final word, and no documented member tells one retry from the
 * next, so any difference in the payload (reason, fee) keeps them apart; a redelivery repeats the payload
 * and stays one.
 */
export const fxTradeSettlementFailedWebhook = defineWebhook({
  type: 'Fx.Trade.Settlement.Failed',
  versions: { 1: fxTradeSettlementFailedPayload },
  key: ['EndToEndId'],
  subject: ['EndToEndId'],
  nestedKey: (payload, digest) =>
    settlementWillBeRetried(payload) ? `retried:${digest(payload)}` : undefined,
});
