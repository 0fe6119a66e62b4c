import * as z from 'zod/mini';
import {
  addMilliseconds,
  bankCalendarsFor,
  isBusinessDay,
  type LocalTime,
  nextBusinessDay,
  parseInstant,
  parseLocalTime,
  ukDateOf,
  ukInstant,
} from './calendar.js';
import { ISO_CODE_PATTERN } from './currencies.js';
import { PaymentScheduleError, requireObject } from './errors.js';

/** The currencies of multi-currency payments. GBP is not one: a GBP payment is rejected and returned. */
export const MULTI_CURRENCY_PAYMENT_CURRENCIES = [
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'HUF',
  'NOK',
  'PLN',
  'RON',
  'SEK',
  'USD',
] as const;

export type MultiCurrencyPaymentCurrency = (typeof MULTI_CURRENCY_PAYMENT_CURRENCIES)[number];

export const MAX_PAYMENTS_PER_BATCH = 100;

/** Cancellation must arrive at least this long before the scheduled processing time. */
export const CANCELLATION_LEAD_MS = 60 * 60 * 1000;

export const PAYMENT_MESSAGES = {
  currencyFormat: 'currencyCode must be exactly 3 letters.',
  gbpRefused: 'GBP payments cannot be made from a multi-currency account.',
  currencyUnknown: `currencyCode must be one of ${MULTI_CURRENCY_PAYMENT_CURRENCIES.join(', ')}.`,
  batchSize: `transactions must hold 1 to ${MAX_PAYMENTS_PER_BATCH} payments.`,
  batchId: 'batchId must be a GUID.',
  endToEndIdRepeated: (first: number) =>
    `endToEndId repeats that of transaction ${first}: each payment of a batch needs its own end-to-end id.`,
} as const;

function currencyProblem(value: unknown): { rule: string; message: string } | undefined {
  if (typeof value !== 'string' || !ISO_CODE_PATTERN.test(value)) {
    return { rule: 'currency-format', message: PAYMENT_MESSAGES.currencyFormat };
  }
  if (value === 'GBP') return { rule: 'gbp-refused', message: PAYMENT_MESSAGES.gbpRefused };
  if (!(MULTI_CURRENCY_PAYMENT_CURRENCIES as readonly string[]).includes(value)) {
    return { rule: 'currency-unknown', message: PAYMENT_MESSAGES.currencyUnknown };
  }
  return undefined;
}

export function parseMultiCurrencyPaymentCurrency(
  value: unknown,
  field = 'currencyCode',
): MultiCurrencyPaymentCurrency {
  const problem = currencyProblem(value);
  if (problem !== undefined) throw new PaymentScheduleError(field, problem.rule, problem.message);
  return value as MultiCurrencyPaymentCurrency;
}

/** The `currencyCode` of a multi-currency payment request (an `enum` in JSON Schema; a message per mistake here). */
export const multiCurrencyPaymentCurrency = z.lazy(() =>
  z.string({ error: PAYMENT_MESSAGES.currencyFormat }).check(
    z.meta({ enum: [...MULTI_CURRENCY_PAYMENT_CURRENCIES] }),
    z.superRefine((value, ctx) => {
      const problem = currencyProblem(value);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
  ),
);

/** The optional `batchId` (a GUID) that a later cancellation needs. */
export const batchId = z.lazy(() => z.guid({ error: PAYMENT_MESSAGES.batchId }));

export function checkBatchSize(count: number, field = 'transactions'): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PAYMENTS_PER_BATCH) {
    throw new PaymentScheduleError(field, 'batch-size', PAYMENT_MESSAGES.batchSize);
  }
}

/** The `transactions` array of a multi-currency payment request: 1 to 100 of `item`. */
export function multiCurrencyPaymentTransactions<Item extends z.ZodMiniType>(item: Item) {
  return z
    .array(item, { error: PAYMENT_MESSAGES.batchSize })
    .check(
      z.minLength(1, PAYMENT_MESSAGES.batchSize),
      z.maxLength(MAX_PAYMENTS_PER_BATCH, PAYMENT_MESSAGES.batchSize),
    );
}

/**
 * The gateway's rule for a batch's `transactions`, which the bank's reference leaves out: no two share an
 * `endToEndId`. The bank takes such a batch and fails all but one of them ("EndToEndId already exists."), and
 * a record kept by end-to-end id could not tell the two payments apart. Each repeat is named
 * (`N.endToEndId`, under `transactions`).
 */
export function distinctEndToEndIds() {
  return z.superRefine((transactions: ReadonlyArray<{ endToEndId: string }>, ctx) => {
    const firstIndex = new Map<string, number>();
    transactions.forEach(({ endToEndId }, index) => {
      const first = firstIndex.get(endToEndId);
      if (first === undefined) firstIndex.set(endToEndId, index);
      else
        ctx.addIssue({
          code: 'custom',
          message: PAYMENT_MESSAGES.endToEndIdRepeated(first),
          path: [index, 'endToEndId'],
        });
    });
  });
}

/** The UK time a scheduled payment is processed: 08:20 for CZK and RON, 08:30 for the others. */
export function processingTimeOfDay(currency: string): LocalTime {
  const checked = parseMultiCurrencyPaymentCurrency(currency);
  return checked === 'CZK' || checked === 'RON' ? '08:20' : '08:30';
}

/**
 * When a payment the bank scheduled is processed: the first processing slot at or after the time the request
 * was received that falls on a business day of the currency. A request before the slot on a business day is
 * processed that morning; one after it, on the next business day. At the slot itself it counts as that
 * slot: the earlier answer, which makes the cancellation deadline earlier, is the safe one.
 */
export function scheduledProcessingTime(receivedAt: Date, currency: string): Date {
  const received = parseInstant(receivedAt, 'receivedAt');
  const slot = processingTimeOfDay(currency);
  const calendars = bankCalendarsFor(currency);
  let day = ukDateOf(received, 'receivedAt');
  if (!isBusinessDay(day, calendars) || ukInstant(day, slot) < received)
    day = nextBusinessDay(day, calendars);
  return ukInstant(day, slot);
}

/** The last moment a cancellation is accepted: exactly one hour before processing. */
export function cancellationDeadline(processingAt: Date): Date {
  return addMilliseconds(processingAt, -CANCELLATION_LEAD_MS, 'processingAt');
}

export type PaymentSchedule =
  /** Received inside the open window: processed at once, cannot be cancelled. */
  | { isScheduled: false; receivedAt: Date }
  | { isScheduled: true; receivedAt: Date; processingAt: Date; cancellationDeadline: Date };

/** The schedule of a multi-currency payment from the time it was received and the bank's `isScheduled`. */
export function paymentSchedule(request: {
  receivedAt: Date;
  currency: string;
  isScheduled: boolean;
}): PaymentSchedule {
  requireObject(request, 'payment', PaymentScheduleError);
  const receivedAt = parseInstant(request.receivedAt, 'receivedAt');
  parseMultiCurrencyPaymentCurrency(request.currency);
  if (typeof request.isScheduled !== 'boolean') {
    throw new PaymentScheduleError('isScheduled', 'not-a-boolean', 'isScheduled must be true or false.');
  }
  if (!request.isScheduled) return { isScheduled: false, receivedAt };
  const processingAt = scheduledProcessingTime(receivedAt, request.currency);
  return {
    isScheduled: true,
    receivedAt,
    processingAt,
    cancellationDeadline: cancellationDeadline(processingAt),
  };
}

/** A schedule as paymentSchedule makes it, checked again because it may have come back from storage. */
function parseSchedule(schedule: PaymentSchedule): PaymentSchedule {
  requireObject(schedule, 'schedule', PaymentScheduleError);
  const receivedAt = parseInstant(schedule.receivedAt, 'receivedAt');
  if (schedule.isScheduled === false) return { isScheduled: false, receivedAt };
  if (schedule.isScheduled !== true) {
    throw new PaymentScheduleError('isScheduled', 'not-a-boolean', 'isScheduled must be true or false.');
  }
  const processingAt = parseInstant(schedule.processingAt, 'processingAt');
  const deadline = parseInstant(schedule.cancellationDeadline, 'cancellationDeadline');
  if (processingAt.getTime() - deadline.getTime() !== CANCELLATION_LEAD_MS) {
    throw new PaymentScheduleError(
      'cancellationDeadline',
      'deadline-not-one-hour-before',
      'cancellationDeadline must be one hour before processingAt.',
    );
  }
  return { isScheduled: true, receivedAt, processingAt, cancellationDeadline: deadline };
}

/** A cancellation received at `at` is in time when it is at least one hour before processing. */
export function isCancellationInTime(schedule: PaymentSchedule, at: Date): boolean {
  const checked = parseSchedule(schedule);
  const cancelAt = parseInstant(at, 'cancelledAt');
  return checked.isScheduled && cancelAt.getTime() <= checked.cancellationDeadline.getTime();
}

/**
 * Refuses a cancellation the bank would refuse: the original request had no batchId, the payment was not
 * scheduled (it went straight into processing), or the cancellation came later than one hour before processing.
 */
export function checkCancellation(
  schedule: PaymentSchedule,
  originalBatchId: string | undefined,
  at: Date,
): void {
  const checked = parseSchedule(schedule);
  const cancelAt = parseInstant(at, 'cancelledAt');
  if (typeof originalBatchId !== 'string' || originalBatchId.length === 0) {
    throw new PaymentScheduleError(
      'batchId',
      'cancel-needs-batch-id',
      'Only a payment sent with a batchId can be cancelled.',
    );
  }
  if (!checked.isScheduled) {
    throw new PaymentScheduleError(
      'isScheduled',
      'not-scheduled',
      'Only a scheduled payment can be cancelled.',
    );
  }
  if (cancelAt.getTime() > checked.cancellationDeadline.getTime()) {
    throw new PaymentScheduleError(
      'cancelledAt',
      'cancel-too-late',
      `A cancellation must arrive by ${checked.cancellationDeadline.toISOString()}, one hour before processing.`,
    );
  }
}

/**
 * Whether the payment window of a currency is open at `at`: on a business day of the currency, from the
 * processing time (08:20 or 08:30 UK) until `closesAt` (UK time). The spec leaves each currency's closing
 * time to the relationship manager, so the caller (the simulator's configuration) supplies it.
 */
export function isPaymentWindowOpen(at: Date, currency: string, closesAt: LocalTime): boolean {
  const instant = parseInstant(at, 'receivedAt');
  const opens = processingTimeOfDay(currency);
  const closes = parseLocalTime(closesAt, 'closesAt');
  if (closes <= opens) {
    throw new PaymentScheduleError(
      'closesAt',
      'window-closes-before-opening',
      `closesAt must be after ${opens}.`,
    );
  }
  const day = ukDateOf(instant, 'receivedAt');
  if (!isBusinessDay(day, bankCalendarsFor(currency))) return false;
  return ukInstant(day, opens) <= instant && instant < ukInstant(day, closes);
}
