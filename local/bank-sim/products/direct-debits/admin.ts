import * as z from 'zod/mini';
import { parseLocalDate } from '#shared/domain/calendar.js';
import {
  mandateReference,
  payerName,
  originatorName,
  serviceUserNumber,
} from '#shared/domain/direct-debit-rules.js';
import { UNAPPLIED_CREDIT_REASONS } from '#shared/webhooks/payloads/direct-debits.js';
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
