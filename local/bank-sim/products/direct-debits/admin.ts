import * as z from 'zod/mini';
import { parseLocalDate } from '#shared/domain/calendar.js';
import {
  mandateReference,
  payerName,
  originatorName,
  serviceUserNumber,
} from '#shared/domain/direct-debit-rules.js';
import {
  DIRECT_CREDIT_CODES,
  DIRECT_DEBIT_CODES,
  UNAPPLIED_CREDIT_REASONS,
} from '#shared/webhooks/payloads/direct-debits.js';
import { adminAmount } from '#sim/core/admin.js';
import { type AdminApi, emitterFor } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import {
  amountOf,
  bacs,
  createInstruction,
  findPayerAccount,
  liveInstruction,
  receiveUnappliedCredit,
  requestCollection,
} from './scheme.js';
import {
  bacsItems,
  receiveContra,
  receiveInboundCredit,
  receiveIndemnityClaim,
  recallInboundCredit,
  returnNotSettled,
  settleInboundCredit,
} from './items.js';

const localDate = z.string().check(z.refine((text) => isLocalDate(text), 'must be a date, YYYY-MM-DD'));
const months = z.int().check(z.gte(1), z.lte(1200));

const instructionSchema = z.strictObject({
  institutionId: z.optional(z.string()),
  accountId: z.string(),
  virtualAccountId: z.optional(z.string()),
  serviceUserNumber,
  reference: mandateReference,
  originatorName: z.optional(originatorName),
  payerName: z.optional(payerName),
});
const collectionSchema = z.strictObject({
  mandateId: z.optional(z.string()),
  institutionId: z.optional(z.string()),
  serviceUserNumber: z.optional(serviceUserNumber),
  reference: z.optional(mandateReference),
  amount: adminAmount,
  date: z.optional(localDate),
  final: z.optional(z.boolean()),
});
const unappliedSchema = z.strictObject({
  institutionId: z.optional(z.string()),
  accountId: z.string(),
  virtualAccountId: z.optional(z.string()),
  serviceUserNumber,
  reference: z.string().check(z.maxLength(18)),
  amount: adminAmount,
  reasonCode: z.optional(z.enum(UNAPPLIED_CREDIT_REASONS)),
  date: z.optional(localDate),
  remitter: z.optional(
    z.strictObject({
      name: z.optional(z.string().check(z.maxLength(18))),
      sortCode: z.optional(z.string().check(z.regex(/^\d{6}$/))),
      accountNumber: z.optional(z.string().check(z.regex(/^\d{8}$/))),
    }),
  ),
});
/** An account at another bank as the Bacs pages show one: name up to 18 (Bacs), 6-digit sort code, 8-digit number. */
const bacsAccount = z.strictObject({
  name: z.optional(z.string().check(z.maxLength(18))),
  sortCode: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  accountNumber: z.optional(z.string().check(z.regex(/^\d{8}$/))),
});
/** The Bacs pages' reference characters, at most 18 (the scheme's reference field). */
const bacsReference = z.string().check(z.maxLength(18), z.regex(/^[A-Za-z0-9.&/\-\s]*$/));
const ourAccount = {
  institutionId: z.optional(z.string()),
  accountId: z.string(),
  virtualAccountId: z.optional(z.string()),
};
const inboundCreditSchema = z.strictObject({
  ...ourAccount,
  serviceUserNumber,
  reference: bacsReference,
  amount: adminAmount,
  transactionCode: z.optional(z.enum(DIRECT_CREDIT_CODES)),
  remitter: z.optional(bacsAccount),
  hold: z.optional(z.boolean()),
  date: z.optional(localDate),
});
const recallSchema = z.strictObject({
  recallReference: z.optional(z.string().check(z.maxLength(18))),
  recallingAccount: z.optional(bacsAccount),
});
const contraSchema = z.strictObject({
  ...ourAccount,
  kind: z.enum(['credit', 'debit']),
  serviceUserNumber,
  reference: bacsReference,
  amount: adminAmount,
  counterparty: z.optional(bacsAccount),
  date: z.optional(localDate),
});
const indemnityClaimSchema = z.strictObject({
  ...ourAccount,
  serviceUserNumber,
  reference: bacsReference,
  amount: adminAmount,
  reasonCode: z.enum(['1', '2', '3', '4', '5', '6', '7', '8']),
  transactionCode: z.optional(z.enum(DIRECT_DEBIT_CODES)),
  debtor: z.optional(bacsAccount),
  date: z.optional(localDate),
});

const serviceUserSchema = z.strictObject({
  name: z.optional(originatorName),
  sortCode: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  accountNumber: z.optional(z.string().check(z.regex(/^\d{8}$/))),
  dormancyMonths: z.optional(months),
});
const dormancySchema = z.strictObject({ months });

function isLocalDate(text: string): boolean {
  try {
    parseLocalDate(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `/__sim/direct-debits/...`: the Bacs scheme's side, the way Increase's simulations read: an instruction
 * through the automated service, a service user collecting, an unapplied credit, the dormancy settings.
 */
export function directDebitAdminRoutes(admin: AdminApi): void {
  const scheme = () => admin.state.get(bacs);
  const institutionOf = (id: string | undefined) => id ?? admin.institution.id;

  admin.add('GET', '/__sim/direct-debits', (ctx) =>
    ctx.json(200, {
      config: scheme().config,
      serviceUsers: Object.fromEntries(scheme().serviceUsers),
      dormancyCheckAt: scheme().dormancyCheckAt ?? null,
      mandates: [...scheme().mandates.values()],
      collections: scheme().collections,
      items: scheme().items,
    }),
  );

  admin.add('POST', '/__sim/direct-debits/instructions', (ctx) => {
    const body = instructionSchema.parse(ctx.body());
    const institutionId = institutionOf(body.institutionId);
    const outcome = createInstruction(
      admin,
      { ...body, institutionId, channel: 'Automated', source: 'Bacs', mandateType: 'PaperMandate' },
      emitterFor(admin, institutionId),
    );
    if (outcome.kind === 'missing') return ctx.problem(404, TITLES.notFound, outcome.detail);
    if (outcome.kind === 'refused') return ctx.problem(400, TITLES.badRequest, outcome.detail);
    return ctx.json(outcome.kind === 'created' ? 201 : 200, {
      outcome: outcome.kind,
      mandate: outcome.mandate,
    });
  });

  admin.add('POST', '/__sim/direct-debits/collections', (ctx) => {
    const body = collectionSchema.parse(ctx.body());
    const institutionId = institutionOf(body.institutionId);
    const mandate = body.mandateId
      ? scheme().mandates.get(body.mandateId)
      : body.serviceUserNumber && body.reference
        ? liveInstruction(admin.state, institutionId, body.serviceUserNumber, body.reference)
        : undefined;
    if (!mandate) {
      return ctx.problem(
        404,
        TITLES.notFound,
        'no instruction: give mandateId, or serviceUserNumber and reference of a live one',
      );
    }
    const collection = requestCollection(admin, {
      mandate,
      amount: amountOf(body.amount),
      ...(body.date && { date: body.date }),
      ...(body.final && { final: true }),
    });
    return ctx.json(200, {
      collection,
      item: scheme().items.find((item) => item.collectionId === collection.id) ?? null,
    });
  });

  admin.add('POST', '/__sim/direct-debits/unapplied-credits', (ctx) => {
    const body = unappliedSchema.parse(ctx.body());
    const institutionId = institutionOf(body.institutionId);
    const payer = findPayerAccount(admin.state, institutionId, body.accountId, body.virtualAccountId);
    if ('missing' in payer) return ctx.problem(404, TITLES.notFound, payer.missing);
    const item = receiveUnappliedCredit(admin, {
      payer,
      institutionId,
      amount: amountOf(body.amount),
      serviceUserNumber: body.serviceUserNumber,
      reference: body.reference,
      ...(body.reasonCode && { reasonCode: body.reasonCode }),
      ...(body.date && { date: body.date }),
      ...(body.remitter && { remitter: body.remitter }),
    });
    return ctx.json(200, item);
  });

  // --- The other side of Bacs items (items.ts): remitting banks, service users, paying banks. ---------------

  const payerOf = (body: { institutionId?: string; accountId: string; virtualAccountId?: string }) => {
    const institutionId = institutionOf(body.institutionId);
    const payer = findPayerAccount(admin.state, institutionId, body.accountId, body.virtualAccountId);
    return { institutionId, payer };
  };

  admin.add('GET', '/__sim/bacs', (ctx) =>
    ctx.json(200, {
      credits: [...admin.state.get(bacsItems).credits.values()],
      returns: [...admin.state.get(bacsItems).returns.values()],
    }),
  );

  /** A remitting bank's direct credit: created now, settled the day after (held first with `hold`). */
  admin.add('POST', '/__sim/bacs/inbound-credits', (ctx) => {
    const body = inboundCreditSchema.parse(ctx.body());
    const { institutionId, payer } = payerOf(body);
    if ('missing' in payer) return ctx.problem(404, TITLES.notFound, payer.missing);
    const credit = receiveInboundCredit(admin, {
      institutionId,
      payer,
      amount: amountOf(body.amount),
      serviceUserNumber: body.serviceUserNumber,
      reference: body.reference,
      ...(body.transactionCode && { transactionCode: body.transactionCode }),
      ...(body.remitter && { remitter: body.remitter }),
      ...(body.hold && { hold: true }),
      ...(body.date && { date: body.date }),
    });
    return ctx.json(201, credit);
  });

  /** The remitting bank recalls a credit before it settles. */
  admin.add('POST', '/__sim/bacs/inbound-credits/{bacsTransactionId}/recall', (ctx) => {
    const body = recallSchema.parse(ctx.body() ?? {});
    const outcome = recallInboundCredit(admin, ctx.params.bacsTransactionId.toLowerCase(), {
      ...(body.recallReference !== undefined && { recallReference: body.recallReference }),
      ...(body.recallingAccount && { recallingAccount: body.recallingAccount }),
    });
    if (outcome === undefined) return ctx.problem(404, TITLES.notFound, 'no such inbound credit');
    if (typeof outcome === 'string') return ctx.problem(409, TITLES.conflict, outcome);
    return ctx.json(200, outcome);
  });

  /** Screening releases a held credit: it settles into the account. */
  admin.add('POST', '/__sim/bacs/inbound-credits/{bacsTransactionId}/release', (ctx) => {
    const id = ctx.params.bacsTransactionId.toLowerCase();
    const credit = admin.state.get(bacsItems).credits.get(id);
    if (!credit) return ctx.problem(404, TITLES.notFound, 'no such inbound credit');
    if (credit.status !== 'Held') return ctx.problem(409, TITLES.conflict, `the credit is ${credit.status}`);
    return ctx.json(200, settleInboundCredit(admin, id, true));
  });

  /** The contra of a return never came: the return does not settle and its money comes back. */
  admin.add('POST', '/__sim/bacs/returns/{bacsTransactionId}/not-settled', (ctx) => {
    const outcome = returnNotSettled(admin, ctx.params.bacsTransactionId);
    if (outcome === undefined) return ctx.problem(404, TITLES.notFound, 'no such return');
    if (typeof outcome === 'string') return ctx.problem(409, TITLES.conflict, outcome);
    return ctx.json(200, outcome);
  });

  admin.add('POST', '/__sim/bacs/contras', (ctx) => {
    const body = contraSchema.parse(ctx.body());
    const { institutionId, payer } = payerOf(body);
    if ('missing' in payer) return ctx.problem(404, TITLES.notFound, payer.missing);
    return ctx.json(
      201,
      receiveContra(admin, {
        institutionId,
        payer,
        kind: body.kind,
        amount: amountOf(body.amount),
        serviceUserNumber: body.serviceUserNumber,
        reference: body.reference,
        ...(body.counterparty && { counterparty: body.counterparty }),
        ...(body.date && { date: body.date }),
      }),
    );
  });

  admin.add('POST', '/__sim/bacs/indemnity-claims', (ctx) => {
    const body = indemnityClaimSchema.parse(ctx.body());
    const { institutionId, payer } = payerOf(body);
    if ('missing' in payer) return ctx.problem(404, TITLES.notFound, payer.missing);
    return ctx.json(
      201,
      receiveIndemnityClaim(admin, {
        institutionId,
        payer,
        amount: amountOf(body.amount),
        serviceUserNumber: body.serviceUserNumber,
        reference: body.reference,
        reasonCode: body.reasonCode,
        ...(body.transactionCode && { transactionCode: body.transactionCode }),
        ...(body.debtor && { debtor: body.debtor }),
        ...(body.date && { date: body.date }),
      }),
    );
  });

  admin.add('PUT', '/__sim/direct-debits/service-users/{serviceUserNumber}', (ctx) => {
    const number = serviceUserNumber.parse(ctx.params.serviceUserNumber);
    const body = serviceUserSchema.parse(ctx.body());
    const user = {
      ...(body.name && { name: body.name }),
      sortCode: body.sortCode ?? '608371',
      accountNumber: body.accountNumber ?? `00${number}`,
      ...(body.dormancyMonths && { dormancyMonths: body.dormancyMonths }),
    };
    scheme().serviceUsers.set(number, user);
    return ctx.json(200, user);
  });

  admin.add('PATCH', '/__sim/direct-debits/dormancy', (ctx) => {
    scheme().config.dormancyMonths = dormancySchema.parse(ctx.body()).months;
    return ctx.json(200, scheme().config);
  });
}
