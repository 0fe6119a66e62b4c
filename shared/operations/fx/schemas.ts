import type { Decimal } from 'decimal.js';
import * as z from 'zod/mini';
import { DomainRuleError } from '#shared/domain/errors.js';
import {
  checkBookingTime,
  checkTradeSize,
  FX_CURRENCIES,
  FX_MESSAGES,
  fixedSide,
  fxValueDate,
  MAX_MARGIN,
  maxTradeSize,
  MIN_MARGIN,
  parseMargin,
} from '#shared/domain/fx.js';
import { decimalRuleSchema, jsonDecimal, MAX_SIGNIFICANT_DIGITS } from '#shared/domain/money.js';
import { minorUnitsOf } from '#shared/domain/currencies.js';
import type { FieldErrors } from '#shared/http/validation.js';
import { addFieldError, emptyFieldErrors } from '#shared/http/validation.js';

/**
 * Spec part 2, "Foreign exchange", with the bank's published schemas (`fx-orchestrator-rfq.json`,
 * `fx-orchestrator-rfq-execute.json`): bodies closed, numbers read from the digits written. The rules of FX
 * themselves (hold, margin, pairs, maximums, cut-offs) live in `shared/domain/fx.ts`; this file only applies
 * them to the three bodies.
 */

/** The reference's account owner pattern, 1 to 140 characters. */
const OWNER = /^[a-zA-Z -]{1,140}$/;
/** The order's endToEndId character set (`fx-orchestrator-rfq.json`), 1 to 35 characters. */
const END_TO_END_ID = /^[A-Za-z0-9/\-?:().," +]{1,35}$/;

export const FX_SCHEMA_MESSAGES = {
  currency: (field: string) => `${field} must be one of ${FX_CURRENCIES.join(', ')}.`,
  sameCurrency: 'buyCurrency must differ from sellCurrency.',
  instructedAmount: 'instructedAmount must be a number greater than 0.',
  owner: (field: string) => `${field} must be 1 to 140 letters, spaces or hyphens.`,
  iban: (field: string) => `${field} must be 1 to 34 letters or digits.`,
  sameOwner: 'buyAccount.owner must be the owner of the sell account: FX trades between the same owner only.',
  attestation: 'attestation must be Y: the sell and buy accounts must have the same owner.',
  quoteId: 'quoteId must be a UUID.',
  endToEndId: 'endToEndId must be 1 to 35 characters from letters, digits and / - ? : ( ) . , " + space.',
  unstructuredInformation: 'unstructuredInformation must be at most 140 characters.',
} as const;

const fxCurrency = (field: string) => z.enum(FX_CURRENCIES, { error: FX_SCHEMA_MESSAGES.currency(field) });

const instructedAmount = z.lazy(() =>
  jsonDecimal(FX_SCHEMA_MESSAGES.instructedAmount).check(
    decimalRuleSchema({ exclusiveMinimum: '0' }),
    z.refine((amount) => amount.gt(0), { error: FX_SCHEMA_MESSAGES.instructedAmount }),
  ),
);

/** margin: 0 to 0.0499 (parseMargin), as the digits written. */
const margin = z.lazy(() =>
  jsonDecimal(FX_MESSAGES.margin).check(
    decimalRuleSchema({
      minimum: MIN_MARGIN,
      maximum: MAX_MARGIN,
      significantDigits: MAX_SIGNIFICANT_DIGITS,
    }),
    z.superRefine((value, ctx) => {
      try {
        parseMargin(value);
      } catch (error) {
        if (!(error instanceof DomainRuleError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    }),
  ),
);

const owner = (field: string) =>
  z
    .string({ error: FX_SCHEMA_MESSAGES.owner(field) })
    .check(z.regex(OWNER, { error: FX_SCHEMA_MESSAGES.owner(field) }));
const iban = (field: string) =>
  z
    .string({ error: FX_SCHEMA_MESSAGES.iban(field) })
    .check(z.regex(/^[A-Za-z0-9]{1,34}$/, { error: FX_SCHEMA_MESSAGES.iban(field) }));

/** An account of a trade: its owner (the same-owner rule needs it) and its IBAN. */
const account = (field: string) =>
  z.strictObject({ owner: owner(`${field}.owner`), iban: iban(`${field}.iban`) });

interface TradeShape {
  sellCurrency: string;
  buyCurrency: string;
  fixedSide: 'buy' | 'sell';
  instructedAmount: Decimal;
}

/** Rules over two fields of a trade: currencies differ; the instructed amount fits the instructed currency. */
function tradeIssues(
  trade: TradeShape,
  ctx: { addIssue: (issue: z.core.$ZodRawIssue) => void },
  at: string[],
) {
  if (trade.sellCurrency === trade.buyCurrency) {
    ctx.addIssue({
      code: 'custom',
      message: FX_SCHEMA_MESSAGES.sameCurrency,
      path: [...at, 'buyCurrency'],
      input: trade,
    });
  }
  const instructedCurrency = trade.fixedSide === 'sell' ? trade.sellCurrency : trade.buyCurrency;
  const places = minorUnitsOf(instructedCurrency);
  if (trade.instructedAmount.decimalPlaces() > places) {
    ctx.addIssue({
      code: 'custom',
      message: `instructedAmount must have at most ${places} decimal places in ${instructedCurrency}.`,
      path: [...at, 'instructedAmount'],
      input: trade,
    });
  }
}

export const fxQuoteBody = z.lazy(() =>
  z
    .strictObject({
      valueDate: fxValueDate,
      instructedAmount,
      fixedSide,
      sellCurrency: fxCurrency('sellCurrency'),
      buyCurrency: fxCurrency('buyCurrency'),
      margin: z.optional(margin),
    })
    .check(z.superRefine((body, ctx) => tradeIssues(body, ctx, []))),
);
export type FxQuoteBody = z.output<typeof fxQuoteBody>;

export const executeFxQuoteBody = z.lazy(() =>
  z
    .strictObject({
      quoteId: z.guid({ error: FX_SCHEMA_MESSAGES.quoteId }),
      customerInformation: z.strictObject({
        sellAccount: account('sellAccount'),
        buyAccount: account('buyAccount'),
        attestation: z.literal('Y', { error: FX_SCHEMA_MESSAGES.attestation }),
      }),
      marginAccount: z.optional(account('marginAccount')),
    })
    .check(
      z.superRefine((body, ctx) => {
        const { sellAccount, buyAccount } = body.customerInformation;
        if (sellAccount.owner !== buyAccount.owner) {
          ctx.addIssue({
            code: 'custom',
            message: FX_SCHEMA_MESSAGES.sameOwner,
            path: ['customerInformation', 'buyAccount', 'owner'],
            input: body,
          });
        }
      }),
    ),
);
export type ExecuteFxQuoteBody = z.output<typeof executeFxQuoteBody>;

export const createFxOrderBody = z.lazy(() =>
  z
    .strictObject({
      customerInformation: z.strictObject({
        sellAccount: account('sellAccount'),
        buyAccount: account('buyAccount'),
        attestation: z.literal('Y', { error: FX_SCHEMA_MESSAGES.attestation }),
      }),
      tradeInformation: z.strictObject({
        valueDate: z.optional(fxValueDate),
        details: z.strictObject({
          instructedAmount,
          fixedSide,
          sellCurrency: fxCurrency('sellCurrency'),
          buyCurrency: fxCurrency('buyCurrency'),
        }),
        margin: z.optional(z.strictObject({ amount: z.optional(margin), account: account('marginAccount') })),
        endToEndId: z
          .string({ error: FX_SCHEMA_MESSAGES.endToEndId })
          .check(z.regex(END_TO_END_ID, { error: FX_SCHEMA_MESSAGES.endToEndId })),
        unstructuredInformation: z.optional(
          z.nullable(
            z.string().check(z.maxLength(140, { error: FX_SCHEMA_MESSAGES.unstructuredInformation })),
          ),
        ),
      }),
    })
    .check(
      z.superRefine((body, ctx) => {
        tradeIssues(body.tradeInformation.details, ctx, ['tradeInformation', 'details']);
        const { sellAccount, buyAccount } = body.customerInformation;
        if (sellAccount.owner !== buyAccount.owner) {
          ctx.addIssue({
            code: 'custom',
            message: FX_SCHEMA_MESSAGES.sameOwner,
            path: ['customerInformation', 'buyAccount', 'owner'],
            input: body,
          });
        }
      }),
    ),
);
export type CreateFxOrderBody = z.output<typeof createFxOrderBody>;

/**
 * The rules that need the clock or a pair's table: the booking window of both currencies (UK time) and the
 * pair's maximum when the amount is instructed in the pair's limit currency. An amount in the other currency
 * needs the rate: a quote's is checked at execution with the quoted rate (`shared/fx/`), an order's by the
 * bank. A cut-off is reported on `valueDate` (the property the caller changes to book later).
 */
export function fxTradeErrors(
  trade: TradeShape & { valueDate?: string | undefined },
  now: Date,
  prefix = '',
  valueDateField = 'valueDate',
): FieldErrors {
  const errors = emptyFieldErrors();
  const name = (field: string) => `${prefix}${field}`;
  try {
    const limit = maxTradeSize(trade.sellCurrency, trade.buyCurrency);
    const instructedCurrency = trade.fixedSide === 'sell' ? trade.sellCurrency : trade.buyCurrency;
    // In the limit's own currency the comparison needs no rate (checkTradeSize does not read it there).
    if (instructedCurrency === limit.currency) checkTradeSize({ ...trade, rate: '1' });
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    addFieldError(
      errors,
      error.field === 'currencyPair' ? name('buyCurrency') : name(error.field),
      error.message,
    );
  }
  if (trade.valueDate !== undefined) {
    try {
      checkBookingTime({ ...trade, valueDate: trade.valueDate, bookedAt: now });
    } catch (error) {
      if (!(error instanceof DomainRuleError)) throw error;
      const field =
        error.field === 'bookedAt' || error.field === 'valueDate' ? valueDateField : name(error.field);
      addFieldError(errors, field, error.message);
    }
  }
  return errors;
}
