import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { MoneyDecimal } from '#shared/domain/money.js';
import { CANCELLATION_CODES } from '#shared/webhooks/payloads/payments.js';
import { adminAmount, adminDuration } from '#sim/core/admin.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { SimState } from '#sim/core/state.js';
import { chaps, type ChapsPayment, type ChapsRule, INBOUND_KINDS, OUTBOUND_KINDS } from './model.js';
import { declineHeld, releaseHeld } from './scheme.js';

const text = z.string().check(z.minLength(1), z.maxLength(140));
const ruleSchema = z
  .strictObject({
    direction: z.optional(z.enum(['outbound', 'inbound'])),
    kinds: z.optional(z.array(z.enum([...OUTBOUND_KINDS, ...INBOUND_KINDS])).check(z.minLength(1))),
    endToEndId: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
    amount: z.optional(adminAmount),
    creditorName: z.optional(text),
    creditorAccount: z.optional(z.string().check(z.minLength(1), z.maxLength(34))),
    debtorName: z.optional(text),
    debtorAccount: z.optional(z.string().check(z.minLength(1), z.maxLength(34))),
    action: z.enum(['reject', 'validation-failed', 'assessment-failed', 'hold']),
    cancellationCode: z.optional(z.enum(CANCELLATION_CODES)),
    cancellationReason: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
    reasons: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1))),
    times: z.optional(z.int().check(z.gte(1))),
  })
  .check(
    z.superRefine((rule, ctx) => {
      const direction = rule.direction ?? 'outbound';
      const problem = (message: string, path: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path], input: rule });
      if (direction === 'inbound' && rule.action !== 'hold') {
        problem(
          'an inbound rule can only hold (InboundHeldTransaction): the bank decides nothing else',
          'action',
        );
      }
      const wrongDirection = (rule.kinds ?? []).filter(
        (kind) => (direction === 'inbound') !== (INBOUND_KINDS as readonly string[]).includes(kind),
      );
      if (wrongDirection.length > 0) problem(`not ${direction} kinds: ${wrongDirection.join(', ')}`, 'kinds');
      if (rule.action === 'validation-failed' && rule.kinds?.includes('cross-border')) {
        problem(
          'a cross-border payment is never failed in validation: its guide lists no PaymentMessageValidationFailed',
          'kinds',
        );
      }
    }),
  );
const configSchema = z.strictObject({
  settlementDelayMs: adminDuration,
  unroutableSortCodes: z.optional(z.array(z.string().check(z.regex(/^\d{6}$/)))),
});

/**
 * `/__sim/chaps...`: the CHAPS scheme's payments, configuration and rules, and the decisions on held payments.
 */
export function chapsAdminRoutes(admin: AdminApi): void {
  const scheme = () => admin.state.get(chaps);

  admin.add('GET', '/__sim/chaps', (ctx) =>
    ctx.json(200, {
      config: scheme().config,
      rules: scheme().rules.map(ruleView),
      payments: [...scheme().payments.values()].map(paymentView),
    }),
  );
  admin.add('PATCH', '/__sim/chaps/config', (ctx) => {
    const changes = configSchema.parse(ctx.body());
    const config = scheme().config;
    if (changes.settlementDelayMs !== undefined) config.settlementDelayMs = changes.settlementDelayMs;
    if (changes.unroutableSortCodes !== undefined) config.unroutableSortCodes = changes.unroutableSortCodes;
    return ctx.json(200, config);
  });

  admin.add('GET', '/__sim/chaps/rules', (ctx) => ctx.json(200, { rules: scheme().rules.map(ruleView) }));
  admin.add('POST', '/__sim/chaps/rules', (ctx) => {
    const { amount, direction, ...given } = ruleSchema.parse(ctx.body());
    const rule: ChapsRule = {
      id: randomUUID(),
      direction: direction ?? 'outbound',
      ...given,
      ...(amount !== undefined && { amount: new MoneyDecimal(String(amount)) }),
    };
    scheme().rules.push(rule);
    return ctx.json(201, ruleView(rule));
  });
  admin.add('DELETE', '/__sim/chaps/rules', (ctx) => {
    scheme().rules.length = 0;
    return ctx.json(200, { rules: [] });
  });
  admin.add('DELETE', '/__sim/chaps/rules/{ruleId}', (ctx) => {
    const rules = scheme().rules;
    const index = rules.findIndex((rule) => rule.id === ctx.params.ruleId);
    if (index === -1) return ctx.problem(404, TITLES.notFound, `no CHAPS rule ${ctx.params.ruleId}`);
    rules.splice(index, 1);
    return ctx.json(200, { rules: rules.map(ruleView) });
  });

  admin.add('GET', '/__sim/chaps/held', (ctx) =>
    ctx.json(200, {
      payments: [...scheme().payments.values()].filter((p) => p.status === 'Held').map(paymentView),
    }),
  );
  admin.add('POST', '/__sim/chaps/held/{paymentId}/release', async (ctx) => {
    const payment = heldPayment(admin.state, ctx.params.paymentId);
    if (typeof payment === 'string')
      return ctx.problem(
        payment === 'missing' ? 404 : 409,
        title(payment),
        detail(ctx.params.paymentId, payment),
      );
    releaseHeld(admin, payment);
    await admin.idle();
    return ctx.json(200, paymentView(payment));
  });
  admin.add('POST', '/__sim/chaps/held/{paymentId}/reject', async (ctx) => {
    const payment = heldPayment(admin.state, ctx.params.paymentId);
    if (typeof payment === 'string')
      return ctx.problem(
        payment === 'missing' ? 404 : 409,
        title(payment),
        detail(ctx.params.paymentId, payment),
      );
    declineHeld(admin, payment);
    await admin.idle();
    return ctx.json(200, paymentView(payment));
  });
}

function heldPayment(state: SimState, paymentId: string): ChapsPayment | 'missing' | 'not-held' {
  const payment = state.get(chaps).payments.get(paymentId.toLowerCase());
  if (!payment) return 'missing';
  return payment.status === 'Held' ? payment : 'not-held';
}

const title = (why: 'missing' | 'not-held') => (why === 'missing' ? TITLES.notFound : TITLES.conflict);
const detail = (paymentId: string, why: 'missing' | 'not-held') =>
  why === 'missing' ? `no CHAPS payment ${paymentId}` : `CHAPS payment ${paymentId} is not held`;

function ruleView(rule: ChapsRule) {
  return { ...rule, ...(rule.amount !== undefined && { amount: rule.amount.toFixed(2) }) };
}

/** A payment as the admin reads it: what it is, where it stands, and why. */
export function paymentView(p: ChapsPayment) {
  return {
    paymentId: p.id,
    institutionId: p.institutionId,
    kind: p.kind,
    status: p.status,
    receivedAt: p.receivedAt,
    instructionId: p.message.instructionId,
    endToEndId: p.message.endToEndId,
    uetr: p.message.uetr,
    amount: p.message.amount.toFixed(2),
    currency: p.message.currency,
    debtorName: p.message.debtor.name,
    creditorName: p.message.creditor.name,
    ...(p.message.reference !== undefined && { reference: p.message.reference }),
    ...(p.accountId !== undefined && { accountId: p.accountId }),
    ...(p.virtualAccountId !== undefined && { virtualAccountId: p.virtualAccountId }),
    ...(p.outcome && { outcome: p.outcome.action }),
    ...(p.reasons && { reasons: p.reasons }),
    ...(p.rejection && { rejection: p.rejection }),
    ...(p.note !== undefined && { note: p.note }),
    ...(p.heldAt !== undefined && { heldAt: p.heldAt }),
    ...(p.settledAt !== undefined && { settledAt: p.settledAt }),
    ...(p.returnOf !== undefined && { returnOf: p.returnOf }),
    ...(p.returnedBy !== undefined && { returnedBy: p.returnedBy }),
  };
}
