import { CHAPS_MESSAGES, isChapsOpen } from '#shared/domain/chaps-rules.js';
import { addFieldError, emptyFieldErrors, type FieldErrors } from '#shared/http/validation.js';
import type { Operation, RuleContext } from '../operation.js';
import {
  chapsCustomerPaymentBankBody,
  chapsCustomerPaymentBody,
  chapsInstitutionPaymentBankBody,
  chapsInstitutionPaymentBody,
  chapsReturnPaymentBankBody,
  chapsReturnPaymentBody,
  crossBorderPaymentBankBody,
  crossBorderPaymentBody,
  simulatedChapsCustomerPaymentBankBody,
  simulatedChapsCustomerPaymentBody,
  simulatedChapsInstitutionPaymentBankBody,
  simulatedChapsInstitutionPaymentBody,
  simulatedChapsReturnPaymentBankBody,
  simulatedChapsReturnPaymentBody,
} from './schemas.js';

/**
 * Spec part 2, "Other payment schemes": CHAPS v6 (`chaps-v6.json`: customer, institution and return payments),
 * GBP cross-border v4 (`cross-border-v4.json`) and the inbound CHAPS simulator v3
 * (`chaps-rtgs-inbound-simulator-v3.json`, the bank's simulation environment only), one function. The CHAPS v5,
 * cross-border v3 and simulator v2 operations were switched off on 13 November 2026 and are not served.
 *
 * Every record moves money and requires an `Idempotency-Key`; the four outbound writes are followed by the
 * payments tracker (`shared/payments/`: one record per payment, the return's by its instruction id). Each body is the gateway's (`schemas.ts`): the
 * reference's schema, plus what it says cannot be processed (another currency than GBP, an amount not above 0 or
 * finer than a penny, a return sent with reason NARR); `bankBody` is the reference's schema alone, which the
 * simulator answers by. The four outbound writes are refused outside 08:00 to 17:00 UK time on business days (the
 * guides); the simulated inbound ones are not (the other bank's payment arrives whenever it is sent).
 */
const fn = 'chaps-payments';

/** The hours, judged on the bank's time; a refusal names the body as a whole (`$`): no member is at fault. */
function outsideHours(message: string) {
  return (_request: unknown, { now }: RuleContext): FieldErrors => {
    const errors = emptyFieldErrors();
    if (!isChapsOpen(now)) addFieldError(errors, '$', message);
    return errors;
  };
}

export const createChapsCustomerPayment = {
  id: 'createChapsCustomerPayment',
  summary: 'Send a CHAPS payment',
  description:
    "Sends a CHAPS customer payment (pacs.008) from one of the institution's sterling accounts on behalf of a customer, with the debtor's and creditor's names, postal addresses and identifiers, a purpose and a category purpose code; the bank answers 202 with its payment id and reports settlement or rejection by webhook. Sent from 08:00 to 17:00 UK time on business days.",
  method: 'POST',
  path: '/payments/chaps/v6/customer-payments' as const,
  fn,
  body: chapsCustomerPaymentBody,
  bankBody: chapsCustomerPaymentBankBody,
  check: outsideHours(CHAPS_MESSAGES.chapsClosed),
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const createChapsInstitutionPayment = {
  id: 'createChapsInstitutionPayment',
  summary: 'Send a CHAPS bank-to-bank payment',
  description:
    'Sends a CHAPS payment between financial institutions (pacs.009), the debtor and creditor institutions named with their postal addresses and LEIs; offered to authorised institutions only, from 08:00 to 17:00 UK time on business days. The bank answers 202 with its payment id and reports the outcome by webhook.',
  method: 'POST',
  path: '/payments/chaps/v6/institution-payments' as const,
  fn,
  body: chapsInstitutionPaymentBody,
  bankBody: chapsInstitutionPaymentBankBody,
  check: outsideHours(CHAPS_MESSAGES.chapsClosed),
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const createChapsReturnPayment = {
  id: 'createChapsReturnPayment',
  summary: 'Return a received CHAPS payment',
  description:
    'Returns an inbound CHAPS payment (pacs.004) by its payment id, with an ISO 20022 return reason, by the next working day after it arrived, from 08:00 to 17:00 UK time; the bank answers 202 with the return payment id and reports the outcome by webhook.',
  method: 'POST',
  path: '/payments/chaps/v6/return-payments' as const,
  fn,
  body: chapsReturnPaymentBody,
  bankBody: chapsReturnPaymentBankBody,
  check: outsideHours(CHAPS_MESSAGES.chapsClosed),
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const createCrossBorderPayment = {
  id: 'createCrossBorderPayment',
  summary: 'Send a GBP cross-border payment',
  description:
    "Sends a sterling payment (pacs.008) to an account abroad through the creditor's bank, named by its BIC, optionally through an intermediary agent; taken from 08:00 to 17:00 UK time on business days (a 400 outside) and settled the same day. The bank answers 202 with its payment id and reports the outcome by webhook.",
  method: 'POST',
  path: '/payments/cross-border-sterling/v4/payments' as const,
  fn,
  body: crossBorderPaymentBody,
  bankBody: crossBorderPaymentBankBody,
  check: outsideHours(CHAPS_MESSAGES.crossBorderClosed),
  requiresIdempotencyKey: true,
  tracker: 'payments',
} satisfies Operation;

export const simulateInboundChapsCustomerPayment = {
  id: 'simulateInboundChapsCustomerPayment',
  summary: 'Simulate an inbound CHAPS payment',
  description:
    "Makes another bank send a CHAPS customer payment (pacs.008) to one of the institution's accounts, in the bank's simulation environment; the bank answers 202 with the payment's UETR and reports it settled by webhook (none when the details are wrong).",
  method: 'POST',
  path: '/inbound-payment-simulation/chaps/v3/customer-payments' as const,
  fn,
  body: simulatedChapsCustomerPaymentBody,
  bankBody: simulatedChapsCustomerPaymentBankBody,
  requiresIdempotencyKey: true,
  environments: ['simulation'],
  // The document gives `application/json-patch+json` first for this body (it takes `application/json` too).
  bodyContentType: 'application/json-patch+json',
} satisfies Operation;

export const simulateInboundChapsInstitutionPayment = {
  id: 'simulateInboundChapsInstitutionPayment',
  summary: 'Simulate an inbound CHAPS bank-to-bank payment',
  description:
    "Makes another institution send a CHAPS bank-to-bank payment (pacs.009) to one of the institution's accounts, in the bank's simulation environment; the bank answers 202 with the payment's UETR and reports it settled by webhook.",
  method: 'POST',
  path: '/inbound-payment-simulation/chaps/v3/institution-payments' as const,
  fn,
  body: simulatedChapsInstitutionPaymentBody,
  bankBody: simulatedChapsInstitutionPaymentBankBody,
  requiresIdempotencyKey: true,
  environments: ['simulation'],
  bodyContentType: 'application/json-patch+json',
} satisfies Operation;

export const simulateInboundChapsReturnPayment = {
  id: 'simulateInboundChapsReturnPayment',
  summary: 'Simulate the return of a CHAPS payment',
  description:
    "Makes the receiving bank return one of the institution's outbound CHAPS payments (pacs.004), whole or in part, in the bank's simulation environment; the bank answers 202 and reports the returned payment by webhook.",
  method: 'POST',
  path: '/inbound-payment-simulation/chaps/v3/return-payments' as const,
  fn,
  body: simulatedChapsReturnPaymentBody,
  bankBody: simulatedChapsReturnPaymentBankBody,
  requiresIdempotencyKey: true,
  environments: ['simulation'],
} satisfies Operation;

export const chapsOperations: readonly Operation[] = [
  createChapsCustomerPayment,
  createChapsInstitutionPayment,
  createChapsReturnPayment,
  createCrossBorderPayment,
  simulateInboundChapsCustomerPayment,
  simulateInboundChapsInstitutionPayment,
  simulateInboundChapsReturnPayment,
];
