import type { AdminApi } from '#sim/core/product.js';
import { mccyPaymentTerms } from '../mccy-accounts/payment-terms.js';
import { batchView, mccyPayments } from './payments.js';

/**
 * `GET /__sim/mccy/payments`: the payment windows' closing times and every batch received, with its schedule
 * and each transaction's status. The windows and delays change with the accounts' terms
 * (`PATCH /__sim/mccy/config`).
 */
export function mccyPaymentsAdminRoutes(admin: AdminApi): void {
  admin.add('GET', '/__sim/mccy/payments', (ctx) =>
    ctx.json(200, {
      windowClosesAt: admin.state.get(mccyPaymentTerms).windowClosesAt,
      batches: [...admin.state.get(mccyPayments).batches.values()].map(batchView),
    }),
  );
}
