import { onboardRetailCustomer } from '#shared/operations/customers-v2/operations.js';
import type { Product } from '#sim/core/product.js';
import { dueDiligenceAdminRoutes } from './admin.js';
import { apply } from './applications.js';

/**
 * Retail customer due diligence (`know-your-customer-v1.json`, `know-your-customer.mdx`): the onboarding
 * request is checked by the operation's rules, answered 202 with its `applicationId`, and decided on the
 * simulated clock (`applications.ts`): `RetailCustomer.ApplicationSuccessful` with the customer created in
 * the v2 graph, `RetailCustomer.ApplicationDeclined`, or `RetailCustomer.AdditionalInfoRequired` until the
 * customer uploads documents (`/__sim/due-diligence/applications/{applicationId}/uploads`).
 */
export const customerDueDiligenceProduct: Product = {
  name: 'customer-due-diligence',
  bankRoutes(bank) {
    bank.operation(onboardRetailCustomer, (ctx) => {
      const application = apply(ctx, ctx.institution.id, ctx.body.customerData, ctx.now());
      return ctx.json(202, { applicationId: application.id });
    });
  },
  adminRoutes: dueDiligenceAdminRoutes,
};
