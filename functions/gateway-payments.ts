import type { PaymentStore } from '#shared/payments/ports.js';
import { paymentPath } from '#shared/payments/track.js';
import { awsPaymentStore } from '#shared/runtime/root-gateway-payments.js';
import { createRecordReadHandler } from './http/record-read-handler.js';

/** GET /gateway/payments/{endToEndId}: the gateway's record of a payment with its history. */
export function createPaymentsReadHandler(store: () => Pick<PaymentStore, 'get'>) {
  return createRecordReadHandler({
    route: 'GET /gateway/payments/{endToEndId}',
    maxLength: 35,
    read: (endToEndId) => store().get(endToEndId),
    notFound: (endToEndId) => ({
      detail: `No payment with end-to-end id ${endToEndId} is known to the gateway.`,
      instance: paymentPath(endToEndId),
    }),
  });
}

export const handler = createPaymentsReadHandler(awsPaymentStore);
