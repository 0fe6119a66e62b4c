import type { LocalTime } from '#shared/domain/calendar.js';
import type { MultiCurrencyPaymentCurrency } from '#shared/domain/mccy-schedule.js';
import { defineState } from '#sim/core/state.js';

/**
 * When each currency's payment window closes (UK time) unless configured. The bank agrees cut-offs with each
 * client (spec part 2: "values available from the relationship manager"), so these are the simulator's
 * choice: EUR at 16:00 (T2 takes customer payments until 17:00 CET), USD and CAD at 16:00 (North American
 * correspondents are open all afternoon), the other European currencies at 14:00 (their national systems
 * close mid-afternoon CET, leaving time to settle the same day).
 */
export const DEFAULT_WINDOW_CLOSES_AT: Readonly<Record<MultiCurrencyPaymentCurrency, LocalTime>> = {
  CAD: '16:00',
  CHF: '14:00',
  CZK: '14:00',
  DKK: '14:00',
  EUR: '16:00',
  HUF: '14:00',
  NOK: '14:00',
  PLN: '14:00',
  RON: '14:00',
  SEK: '14:00',
  USD: '16:00',
};
/** A batch inside its window is picked up this long after the 202 (simulated time). */
export const DEFAULT_PROCESSING_DELAY_MS = 2_000;
/** From TransactionCreated to TransactionSettled (simulated time). */
export const DEFAULT_PAYMENT_SETTLEMENT_MS = 5_000;

/**
 * The payment windows and delays agreed for the institution's multi-currency accounts: the payments
 * (`products/mccy-payments`) run by them, and `PATCH /__sim/mccy/config` changes them with the accounts'
 * other terms. They live with the accounts so the multi-currency admin needs no payments code.
 */
export const mccyPaymentTerms = defineState('mccy-payment-terms', () => ({
  windowClosesAt: { ...DEFAULT_WINDOW_CLOSES_AT } as Record<string, LocalTime>,
  processingDelayMs: DEFAULT_PROCESSING_DELAY_MS,
  settlementDelayMs: DEFAULT_PAYMENT_SETTLEMENT_MS,
}));
