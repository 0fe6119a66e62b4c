import * as z from 'zod/mini';
import { parseInstant, ukDateOf } from './calendar.js';
import { ISO_CODE_PATTERN } from './currencies.js';
import { FieldRuleError } from './errors.js';
import { parseField } from './text-rules.js';

/** Statement requests (POST /mccy/v1/StatementRequests): the spec's request field rules as zod schemas with their messages, for the gateway and the simulator. */

export const FIRST_STATEMENT_YEAR = 2019;
export const STATEMENT_MONTHS_BACK = 24;
export const PREVIOUS_MONTH_FROM_DAY = 5;

export const STATEMENT_MESSAGES = {
  statementYear: 'year must be a whole number, 2019 or later.',
  statementTooOld: 'year and month must be within the last 24 months.',
  statementMonth: 'month must be a whole number from 1 to 12.',
  statementNotYetClosed: 'month must be a month that has ended.',
  statementPreviousMonthTooEarly:
    'The previous month can be requested from the 5th day of the current month.',
  statementFormat: 'format must be csv.',
  statementCurrency: 'currency must be exactly 3 letters.',
} as const;

export const statementYear = z.lazy(() =>
  z
    .number({ error: STATEMENT_MESSAGES.statementYear })
    .check(
      z.int(STATEMENT_MESSAGES.statementYear),
      z.gte(FIRST_STATEMENT_YEAR, STATEMENT_MESSAGES.statementYear),
    ),
);

export const statementMonth = z.lazy(() =>
  z
    .number({ error: STATEMENT_MESSAGES.statementMonth })
    .check(
      z.int(STATEMENT_MESSAGES.statementMonth),
      z.gte(1, STATEMENT_MESSAGES.statementMonth),
      z.lte(12, STATEMENT_MESSAGES.statementMonth),
    ),
);

/**
 * Refuses a statement period the bank refuses at `now` (UK calendar): a year before 2019, a month outside 1 to
 * 12, more than 24 months before the current month, a month that has not ended, or the previous month before
 * the 5th of the current one. The current month counts as 0 months back: in March 2026 the oldest is March 2024.
 */
export function checkStatementPeriod(year: number, month: number, now: Date): void {
  parseField(statementYear, year, 'year');
  parseField(statementMonth, month, 'month');
  const today = ukDateOf(parseInstant(now, 'now'), 'now');
  const [nowYear, nowMonth, nowDay] = today.split('-').map(Number) as [number, number, number];
  const monthsBack = nowYear * 12 + nowMonth - (year * 12 + month);
  if (monthsBack > STATEMENT_MONTHS_BACK) {
    throw new FieldRuleError('year', 'statement-too-old', STATEMENT_MESSAGES.statementTooOld);
  }
  if (monthsBack < 1) {
    throw new FieldRuleError('month', 'statement-month-not-ended', STATEMENT_MESSAGES.statementNotYetClosed);
  }
  if (monthsBack === 1 && nowDay < PREVIOUS_MONTH_FROM_DAY) {
    throw new FieldRuleError(
      'month',
      'statement-previous-month-too-early',
      STATEMENT_MESSAGES.statementPreviousMonthTooEarly,
    );
  }
}

/** The statement request body as valid at `now`. */
export function statementRequest(now: Date) {
  const at = parseInstant(now, 'now');
  ukDateOf(at, 'now'); // refuse an unusable clock here rather than inside every later parse
  return z
    .object({
      year: statementYear,
      month: statementMonth,
      format: z.literal('csv', { error: STATEMENT_MESSAGES.statementFormat }),
      currency: z
        .string({ error: STATEMENT_MESSAGES.statementCurrency })
        .check(z.regex(ISO_CODE_PATTERN, STATEMENT_MESSAGES.statementCurrency)),
    })
    .check(
      z.superRefine((body, ctx) => {
        // zod runs this even when year or month broke their own rules; those already have their message.
        if (!statementYear.safeParse(body.year).success || !statementMonth.safeParse(body.month).success)
          return;
        try {
          checkStatementPeriod(body.year, body.month, at);
        } catch (error) {
          if (!(error instanceof FieldRuleError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
        }
      }),
    );
}
