import * as z from 'zod/mini';
import { adminAmount, adminDuration } from '#sim/core/admin.js';
import { ledger } from '#sim/core/ledger.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { creditAccount, fpsConfig } from './fps.js';

const creditSchema = z.strictObject({
  amount: adminAmount,
  endToEndId: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
  reference: z.optional(z.string().check(z.maxLength(35))),
  debtorName: z.optional(z.string().check(z.minLength(1), z.maxLength(140))),
  debtorSortCode: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  debtorAccountNumber: z.optional(z.string().check(z.regex(/^\d{8}$/))),
  virtualAccountId: z.optional(z.string()),
});
const paymentsConfigSchema = z.strictObject({
  openingBalance: z.optional(z.string().check(z.regex(/^-?\d{1,13}(\.\d{1,2})?$/))),
  settlementDelayMs: adminDuration,
  unreachableSortCodes: z.optional(z.array(z.string().check(z.regex(/^\d{6}$/)))),
  abusiveWords: z.optional(z.array(z.string().check(z.minLength(1)))),
  unregisteredSortCodes: z.optional(z.array(z.string().check(z.regex(/^\d{6}$/)))),
});

/**
 * `/__sim/payments/config`: the money rules (the ledger's opening balance and the scheme's delays, sort codes
 * and screening words); `/__sim/accounts/{accountId}/credit`: a payment from another bank arrives.
 */
export function paymentsAdminRoutes(admin: AdminApi): void {
  const config = () => ({ ...admin.state.get(ledger).config, ...admin.state.get(fpsConfig) });

  admin.add('GET', '/__sim/payments/config', (ctx) => ctx.json(200, config()));
  admin.add('PATCH', '/__sim/payments/config', (ctx) => {
    const { openingBalance, ...rules } = paymentsConfigSchema.parse(ctx.body());
    if (openingBalance !== undefined) admin.state.get(ledger).config.openingBalance = openingBalance;
    const scheme = admin.state.get(fpsConfig);
    for (const [key, value] of Object.entries(rules)) {
      if (value !== undefined) Object.assign(scheme, { [key]: value });
    }
    return ctx.json(200, config());
  });
  admin.add('POST', '/__sim/accounts/{accountId}/credit', async (ctx) => {
    const body = creditSchema.parse(ctx.body());
    const transaction = creditAccount(admin, ctx.params.accountId, { ...body, amount: String(body.amount) });
    if ('missing' in transaction) return ctx.problem(404, TITLES.notFound, transaction.missing);
    await admin.idle();
    return ctx.json(200, { transactionId: transaction.id, endToEndId: transaction.endToEndId });
  });
}
