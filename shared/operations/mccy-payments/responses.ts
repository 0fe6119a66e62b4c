import * as z from 'zod/mini';

/**
 * The bank's documented success answers of multi-currency payments (reference-digest.md, from
 * `mccy-payments-v1.json`), keyed by operation id. Both cancels answer 204 with no body.
 */

export const mccyPaymentsAccepted = z.strictObject({ isScheduled: z.boolean() });
export type MccyPaymentsAccepted = z.output<typeof mccyPaymentsAccepted>;

export const mccyPaymentResponses = {
  createMccyPayments: mccyPaymentsAccepted,
} as const;
