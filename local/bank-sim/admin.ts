import * as z from 'zod/mini';
import { fieldErrors } from '#shared/http/validation.js';
import { directDebitAdminRoutes } from './bacs/admin.js';
import { fxAdminRoutes } from './fx/admin.js';
import { mccyAdminRoutes } from './mccy/admin.js';
import { nameCheckAdminRoutes } from './domains/name-checks.js';
import { creditAccount } from './domains/payments.js';
import { faultSettingsSchema } from './faults.js';
import { ledger } from './ledger.js';
import { jsonResponse, problemResponse, TITLES } from './problem.js';
import { Router } from '../router.js';
import type { BankSimulator } from './simulator.js';
import type { SimResponse } from './types.js';

export interface AdminRequest {
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  rawBody: Buffer;
}

export type AdminHandler = (request: AdminRequest) => SimResponse | Promise<SimResponse>;

const duration = z.optional(z.number().check(z.gte(0)));
const advanceSchema = z.strictObject({
  ms: duration,
  seconds: duration,
  minutes: duration,
  hours: duration,
  days: duration,
});
const setSchema = z.strictObject({
  to: z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'not a time')),
});
const emitSchema = z.strictObject({
  Type: z.string().check(z.minLength(1)),
  Version: z.int(),
  Payload: z.unknown(),
  Nonce: z.optional(z.union([z.string().check(z.regex(/^[1-9]\d*$/)), z.int().check(z.positive())])),
  institutionId: z.optional(z.string()),
});
const institutionSchema = z.strictObject({
  webhookUrl: z.optional(z.nullable(z.url())),
  subscribedToWebhooks: z.optional(z.boolean()),
  overdraftAgreement: z.optional(z.boolean()),
  nameCheckService: z.optional(z.boolean()),
});

const amountText = z.union([
  z.string().check(z.regex(/^\d{1,13}(\.\d{1,2})?$/)),
  z.number().check(z.positive()),
]);
const creditSchema = z.strictObject({
  amount: amountText,
  endToEndId: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
  reference: z.optional(z.string().check(z.maxLength(35))),
  debtorName: z.optional(z.string().check(z.minLength(1), z.maxLength(140))),
  debtorSortCode: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  debtorAccountNumber: z.optional(z.string().check(z.regex(/^\d{8}$/))),
  virtualAccountId: z.optional(z.string()),
});
const paymentsConfigSchema = z.strictObject({
  openingBalance: z.optional(z.string().check(z.regex(/^-?\d{1,13}(\.\d{1,2})?$/))),
  settlementDelayMs: duration,
  unreachableSortCodes: z.optional(z.array(z.string().check(z.regex(/^\d{6}$/)))),
  abusiveWords: z.optional(z.array(z.string().check(z.minLength(1)))),
  unregisteredSortCodes: z.optional(z.array(z.string().check(z.regex(/^\d{6}$/)))),
});

/** Endpoints for tests and the sandbox under `/__sim/`: no authentication, never logged as bank requests. */
export function adminRoutes(sim: BankSimulator): Router<AdminHandler> {
  const router = new Router<AdminHandler>({ ignoreCase: true });
  const add = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, handler: AdminHandler) => {
    router.add(method, path, withBadInputAnswered(handler));
    endpoints.push(`${method} ${path}`);
  };
  const endpoints: string[] = [];
  const clockView = () => ({ now: sim.clock.now().toISOString() });

  add('GET', '/__sim', () => jsonResponse(200, { endpoints }));
  add('GET', '/__sim/clock', () => jsonResponse(200, clockView()));
  add('POST', '/__sim/clock/advance', async (request) => {
    const d = advanceSchema.parse(bodyOf(request));
    const ms =
      (d.ms ?? 0) +
      1000 * ((d.seconds ?? 0) + 60 * ((d.minutes ?? 0) + 60 * ((d.hours ?? 0) + 24 * (d.days ?? 0))));
    await sim.advanceClock(ms);
    return jsonResponse(200, clockView());
  });
  add('POST', '/__sim/clock/set', async (request) => {
    await sim.setClock(setSchema.parse(bodyOf(request)).to);
    return jsonResponse(200, clockView());
  });
  add('GET', '/__sim/faults', () => jsonResponse(200, sim.faults));
  add('PUT', '/__sim/faults', (request) =>
    jsonResponse(200, sim.setFaults(faultSettingsSchema.parse(bodyOf(request)))),
  );
  add('DELETE', '/__sim/faults', () => jsonResponse(200, sim.setFaults({})));
  add('GET', '/__sim/requests', ({ query }) => {
    const requestId = query.get('requestId');
    return jsonResponse(
      200,
      requestId ? sim.requests.filter((r) => r.requestId === requestId) : sim.requests,
    );
  });
  add('DELETE', '/__sim/requests', () => {
    sim.clearRequests();
    return { status: 204 };
  });
  add('GET', '/__sim/deliveries', ({ query }) => {
    const webhookId = query.get('webhookId');
    return jsonResponse(
      200,
      webhookId ? sim.deliveries.filter((d) => d.webhookId === webhookId) : sim.deliveries,
    );
  });
  add('DELETE', '/__sim/deliveries', () => {
    sim.clearDeliveries();
    return { status: 204 };
  });
  add('GET', '/__sim/webhooks', () => jsonResponse(200, sim.webhooks));
  add('POST', '/__sim/webhooks', async (request) => {
    const body = emitSchema.parse(bodyOf(request));
    const options = {
      institutionId: body.institutionId,
      nonce: body.Nonce === undefined ? undefined : String(body.Nonce),
    };
    const webhook = sim.emitWebhook(body.Type, body.Version, body.Payload, options);
    await sim.idle();
    return jsonResponse(200, {
      webhook,
      deliveries: sim.deliveries.filter((d) => d.webhookId === webhook.id),
    });
  });
  add('POST', '/__sim/webhooks/release', async () => {
    const released = sim.releaseHeldWebhooks();
    await sim.idle();
    return jsonResponse(200, { released });
  });
  add('GET', '/__sim/payments/config', () => jsonResponse(200, sim.state.get(ledger).config));
  add('PATCH', '/__sim/payments/config', (request) => {
    const config = sim.state.get(ledger).config;
    const changes = paymentsConfigSchema.parse(bodyOf(request));
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) Object.assign(config, { [key]: value });
    }
    return jsonResponse(200, config);
  });
  add('POST', '/__sim/accounts/{accountId}/credit', async (request) => {
    const body = creditSchema.parse(bodyOf(request));
    const transaction = creditAccount(sim, request.params.accountId ?? '', {
      ...body,
      amount: String(body.amount),
    });
    if ('missing' in transaction) {
      return problemResponse(404, TITLES.notFound, transaction.missing, request.path);
    }
    await sim.idle();
    return jsonResponse(200, { transactionId: transaction.id, endToEndId: transaction.endToEndId });
  });
  nameCheckAdminRoutes(add, sim, bodyOf);
  directDebitAdminRoutes(add, sim, bodyOf);
  mccyAdminRoutes(add, sim, bodyOf);
  fxAdminRoutes(add, sim, bodyOf);
  add('GET', '/__sim/scheduled', () => jsonResponse(200, sim.scheduled()));
  add('GET', '/__sim/institution', () => jsonResponse(200, sim.institution.describe(sim.clock.now())));
  add('PATCH', '/__sim/institution', (request) => {
    const changes = institutionSchema.parse(bodyOf(request));
    const institution = sim.institution;
    if (changes.webhookUrl !== undefined) institution.webhookUrl = changes.webhookUrl ?? undefined;
    if (changes.subscribedToWebhooks !== undefined)
      institution.subscribedToWebhooks = changes.subscribedToWebhooks;
    if (changes.overdraftAgreement !== undefined) institution.overdraftAgreement = changes.overdraftAgreement;
    if (changes.nameCheckService !== undefined) institution.nameCheckService = changes.nameCheckService;
    return jsonResponse(200, institution.describe(sim.clock.now()));
  });
  return router;
}

class BadAdminInput extends Error {}

/** An empty body reads as `{}`, so `POST /__sim/clock/advance` with no body just runs what is due. */
function bodyOf(request: AdminRequest): unknown {
  if (request.rawBody.length === 0) return {};
  try {
    return JSON.parse(request.rawBody.toString('utf8'));
  } catch (error) {
    throw new BadAdminInput(`the body is not JSON: ${(error as Error).message}`);
  }
}

function withBadInputAnswered(handler: AdminHandler): AdminHandler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      if (error instanceof z.core.$ZodError) {
        return problemResponse(
          400,
          TITLES.validation,
          'the admin request is not valid',
          request.path,
          fieldErrors(error),
        );
      }
      if (error instanceof BadAdminInput || error instanceof RangeError) {
        return problemResponse(400, TITLES.badRequest, error.message, request.path);
      }
      throw error;
    }
  };
}
