import * as z from 'zod/mini';

/**
 * The bank's documented answers of CHAPS, GBP cross-border and the inbound CHAPS simulator (`chaps-v6.json`,
 * `cross-border-v4.json`, `chaps-rtgs-inbound-simulator-v3.json`), keyed by operation id. Strict: a missing or
 * renamed documented member fails, as does an undocumented one.
 */

/** `PaymentCreatedResponseDtoV6` / `V4`: the bank's id of the new payment or return (`format: uuid`). */
const paymentCreated = z.strictObject({ paymentId: z.guid() });

/** `PaymentCreatedResponseDtoV3`: the simulated payment's UETR, a lower-case version 4 UUID. */
const UETR = /^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$/;
const simulatedPaymentCreated = z.strictObject({ uetr: z.string().check(z.regex(UETR)) });

/**
 * `ProblemDetails`, the documented body of a 400 (`type` and `title` required; `errors` of any shape); the 404s
 * of the outbound operations have no body. Not closed: the document does not close it.
 */
export const chapsProblemDetails = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.optional(z.union([z.string(), z.number()])),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  errors: z.optional(z.unknown()),
});

export const chapsResponses = {
  createChapsCustomerPayment: paymentCreated,
  createChapsInstitutionPayment: paymentCreated,
  createChapsReturnPayment: paymentCreated,
  createCrossBorderPayment: paymentCreated,
  simulateInboundChapsCustomerPayment: simulatedPaymentCreated,
  simulateInboundChapsInstitutionPayment: simulatedPaymentCreated,
  // `ReturnPaymentCreatedResponseDtoV3`: `uetr` not required, any text.
  simulateInboundChapsReturnPayment: z.strictObject({ uetr: z.optional(z.string()) }),
} as const;
