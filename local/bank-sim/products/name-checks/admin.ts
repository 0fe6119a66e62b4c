import * as z from 'zod/mini';
import { parseOwnerName } from '#shared/domain/name-check-rules.js';
import { SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { answerFor, nameCheckState, ownPayee, type Participant, type Payee, report } from './scheme.js';

const sortCode = z.string().check(z.regex(/^\d{6}$/));
const identification = z.string().check(z.regex(/^\d{14}$/));
const legalOwner = z.enum(['Personal', 'Business']);
const configSchema = z.strictObject({
  closeMatchThreshold: z.optional(z.number().check(z.gte(0), z.lte(1))),
});
const participantSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(140)),
  registrationId: z.optional(z.string().check(z.minLength(1))),
  available: z.optional(z.boolean()),
  answersLate: z.optional(z.boolean()),
});
const payeeSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(140)),
  legalOwnerType: legalOwner,
  status: z.optional(z.enum(['Active', 'OptedOut', 'Switched', 'NotSupported'])),
  secondaryReference: z.optional(z.string().check(z.minLength(1), z.maxLength(140))),
});
const inboundSchema = z.strictObject({
  Identification: identification,
  LegalOwnerType: legalOwner,
  OwnerName: z.string().check(z.minLength(1), z.maxLength(140)),
  SecondaryIdentification: z.optional(z.nullable(z.string().check(z.maxLength(140)))),
});

/**
 * The scheme's admin: `GET /__sim/name-checks` (config, participants, payees, opt-outs), `PATCH .../config`,
 * `PUT .../participants/{sortCode}`, `PUT .../payees/{identification}`, and `POST .../inbound`: another bank
 * checks one of this bank's accounts (`OPTO` when opted out, else the account's owner name and type matched).
 */
export function nameCheckAdminRoutes(admin: AdminApi): void {
  const state = () => admin.state.get(nameCheckState);
  admin.add('GET', '/__sim/name-checks', (ctx) =>
    ctx.json(200, {
      config: state().config,
      participants: Object.fromEntries(state().participants),
      payees: Object.fromEntries(state().payees),
      optOuts: Object.fromEntries(state().optOuts),
    }),
  );
  admin.add('PATCH', '/__sim/name-checks/config', (ctx) => {
    const changes = configSchema.parse(ctx.body());
    if (changes.closeMatchThreshold !== undefined)
      state().config.closeMatchThreshold = changes.closeMatchThreshold;
    return ctx.json(200, state().config);
  });
  admin.add('PUT', '/__sim/name-checks/participants/{sortCode}', (ctx) => {
    const code = sortCode.parse(ctx.params.sortCode);
    const body = participantSchema.parse(ctx.body());
    const participant: Participant = {
      name: body.name,
      registrationId: body.registrationId ?? `SIM-${code}`,
      available: body.available ?? true,
      answersLate: body.answersLate ?? false,
    };
    state().participants.set(code, participant);
    return ctx.json(200, participant);
  });
  admin.add('PUT', '/__sim/name-checks/payees/{identification}', (ctx) => {
    const id = identification.parse(ctx.params.identification);
    const body = payeeSchema.parse(ctx.body());
    if (!state().participants.has(id.slice(0, 6))) {
      return ctx.problem(404, TITLES.notFound, `no participant for sort code ${id.slice(0, 6)}`);
    }
    const payee: Payee = { ...body, status: body.status ?? 'Active' };
    state().payees.set(id, payee);
    return ctx.json(200, payee);
  });
  admin.add('POST', '/__sim/name-checks/inbound', (ctx) => {
    const body = inboundSchema.parse(ctx.body());
    try {
      parseOwnerName(body.OwnerName, body.LegalOwnerType);
    } catch (error) {
      throw new RangeError((error as Error).message, { cause: error });
    }
    const outcome = answerFor(
      body,
      ownPayee(admin.state, body.Identification),
      state().config.closeMatchThreshold,
    );
    return ctx.json(200, {
      Data: { VerificationReport: report(outcome, { name: SIMULATED_BANK_NAME }) },
    });
  });
}
