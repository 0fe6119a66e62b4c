import * as z from 'zod/mini';
import { MoneyDecimal } from '#shared/domain/money.js';
import { processingTimeOfDay } from '#shared/domain/mccy-schedule.js';
import { adminAmount } from '#sim/core/admin.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { accountView, balancesView, mccyBank, virtualAccountView } from './accounts.js';
import { mccyMoney, receiveInboundPayment, transactionView } from './money.js';
import { mccyPaymentTerms } from './payment-terms.js';
import { downloadStatement, mccyStatements } from './statements.js';

const currency = z.string().check(z.regex(/^[A-Z]{3}$/));
const inboundSchema = z.strictObject({
  institutionId: z.optional(z.string()),
  /** The account's id, or an IBAN of the account or one of its virtual accounts. */
  account: z.string().check(z.minLength(1)),
  currency,
  amount: adminAmount,
  reference: z.optional(z.string().check(z.maxLength(140))),
  endToEndId: z.optional(z.string().check(z.maxLength(35))),
  debtorName: z.optional(z.string().check(z.minLength(1), z.maxLength(140))),
  debtorIdentifier: z.optional(z.string().check(z.minLength(1))),
});
const configSchema = z.strictObject({
  offeredCurrencies: z.optional(z.array(currency)),
  transferSettlementMs: z.optional(z.int().check(z.gte(0))),
  statementLinkValidMs: z.optional(z.int().check(z.gte(0))),
  /** Closing times of the payment windows (UK `HH:mm`), by currency; the currencies not named keep theirs. */
  paymentWindowClosesAt: z.optional(
    z.record(currency, z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/))),
  ),
  paymentProcessingDelayMs: z.optional(z.int().check(z.gte(0))),
  paymentSettlementMs: z.optional(z.int().check(z.gte(0))),
});

/**
 * `/__sim/mccy/...`: the multi-currency bank's side: look at its accounts, balances, transactions and
 * statements, receive money from outside, change what it offers, and download a statement by its link.
 */
export function mccyAdminRoutes(admin: AdminApi): void {
  const config = () => {
    const payments = admin.state.get(mccyPaymentTerms);
    return {
      ...admin.state.get(mccyBank).config,
      ...admin.state.get(mccyMoney).config,
      ...admin.state.get(mccyStatements).config,
      paymentWindowClosesAt: payments.windowClosesAt,
      paymentProcessingDelayMs: payments.processingDelayMs,
      paymentSettlementMs: payments.settlementDelayMs,
    };
  };

  admin.add('GET', '/__sim/mccy', (ctx) => {
    const bank = admin.state.get(mccyBank);
    return ctx.json(200, {
      config: config(),
      accounts: [...bank.accounts.values()].map((account) => ({
        institutionId: account.institutionId,
        ...accountView(account),
        ...balancesView(account),
        closeReason: account.closeReason ?? null,
      })),
      virtualAccounts: [...bank.virtualAccounts.values()].map((virtual) => ({
        institutionId: virtual.institutionId,
        ...virtualAccountView(virtual),
      })),
      transactions: admin.state.get(mccyMoney).transactions.map(transactionView),
      statements: [...admin.state.get(mccyStatements).statements.values()].map(
        ({ csv: _csv, ...meta }) => meta,
      ),
    });
  });

  admin.add('PATCH', '/__sim/mccy/config', (ctx) => {
    const body = configSchema.parse(ctx.body());
    const payments = admin.state.get(mccyPaymentTerms);
    for (const [code, closesAt] of Object.entries(body.paymentWindowClosesAt ?? {})) {
      if (payments.windowClosesAt[code] === undefined || closesAt <= processingTimeOfDay(code)) {
        return ctx.problem(
          400,
          TITLES.badRequest,
          `${code} has no payment window, or ${closesAt} is not after it opens`,
        );
      }
    }
    if (body.offeredCurrencies) {
      if (body.offeredCurrencies.includes('GBP')) {
        return ctx.problem(400, TITLES.badRequest, 'a multi-currency account never holds GBP');
      }
      admin.state.get(mccyBank).config.offeredCurrencies = [...new Set(body.offeredCurrencies)];
    }
    if (body.transferSettlementMs !== undefined) {
      admin.state.get(mccyMoney).config.transferSettlementMs = body.transferSettlementMs;
    }
    if (body.statementLinkValidMs !== undefined) {
      admin.state.get(mccyStatements).config.statementLinkValidMs = body.statementLinkValidMs;
    }
    Object.assign(payments.windowClosesAt, body.paymentWindowClosesAt);
    if (body.paymentProcessingDelayMs !== undefined)
      payments.processingDelayMs = body.paymentProcessingDelayMs;
    if (body.paymentSettlementMs !== undefined) payments.settlementDelayMs = body.paymentSettlementMs;
    return ctx.json(200, config());
  });

  admin.add('POST', '/__sim/mccy/inbound-payments', (ctx) => {
    const body = inboundSchema.parse(ctx.body());
    const outcome = receiveInboundPayment(admin, {
      institutionId: body.institutionId ?? admin.institution.id,
      accountUniqueId: body.account,
      currency: body.currency,
      amount: new MoneyDecimal(String(body.amount)),
      ...(body.reference && { reference: body.reference }),
      ...(body.endToEndId && { endToEndId: body.endToEndId }),
      ...(body.debtorName && {
        debtor: { name: body.debtorName, identifier: body.debtorIdentifier ?? 'SIMULATED' },
      }),
    });
    if (outcome.kind === 'missing') return ctx.problem(404, TITLES.notFound, outcome.detail);
    if (outcome.kind === 'refused') return ctx.problem(400, TITLES.badRequest, outcome.detail);
    return ctx.json(200, transactionView(outcome.value));
  });

  // The statement link of the MCCY.Statements.* webhooks: 403 once it expired, as a time-limited URL does.
  admin.add('GET', '/__sim/mccy/statements/{file}', (ctx) => {
    const outcome = downloadStatement(admin, ctx.params.file);
    if (outcome.kind === 'missing') {
      return ctx.problem(404, TITLES.notFound, 'no such statement');
    }
    if (outcome.kind === 'expired') {
      return ctx.problem(403, TITLES.forbidden, 'the statement link has expired');
    }
    return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: outcome.csv };
  });
}
