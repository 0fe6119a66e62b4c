import * as z from 'zod/mini';
import { fieldErrors } from '#shared/http/validation.js';
import { type FaultSettings, faultSettingsSchema } from './faults.js';
import type { Institution } from './institutions.js';
import type { RequestRecord } from './logs.js';
import { jsonResponse, problemAnswer, TITLES } from './problems.js';
import type { AdminApi, AdminContext, AdminHandler, Product } from './product.js';
import { Router } from '#shared/http/router.js';
import type { EmitOptions, SimHost, SimResponse } from './types.js';
import type { DeliveryRecord, WebhookRecord } from './webhooks.js';

/** What the core's admin endpoints act on: the simulator itself. */
export interface AdminHost extends SimHost {
  /** Any webhook, as `POST /__sim/webhooks` takes it: even one no record knows. */
  emitWebhook(type: string, version: number, payload: unknown, options?: EmitOptions): WebhookRecord;
  /** The first institution. */
  readonly institution: Institution;
  readonly faults: FaultSettings;
  /** Replaces every fault setting; throws a ZodError on a bad one. */
  setFaults(settings: FaultSettings): FaultSettings;
  readonly requests: readonly RequestRecord[];
  clearRequests(): void;
  readonly webhooks: readonly WebhookRecord[];
  readonly deliveries: readonly DeliveryRecord[];
  clearDeliveries(): void;
  /** Sends the webhooks held by the out-of-order fault, newest first. */
  releaseHeldWebhooks(): number;
  /** Work waiting for the simulated clock (webhook retries, products' outcomes). */
  scheduled(): { at: string; label: string }[];
  /** Moves the clock, runs what became due, and waits until deliveries settle. */
  advanceClock(ms: number): Promise<Date>;
  setClock(to: Date | string): Promise<Date>;
  /** Resolves once no webhook delivery is in flight (bounded: every delivery has a timeout). */
  idle(): Promise<void>;
}

/** One admin request as the server reads it. */
export interface AdminRequest {
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  rawBody: Buffer;
}

/** What the admin router holds: an endpoint's handler, with its context made and bad input answered. */
export type AdminEndpoint = (request: AdminRequest) => Promise<SimResponse>;

/** Milliseconds (or seconds, minutes...) of simulated time, as the admin endpoints take them: 0 or more. */
export const adminDuration = z.optional(z.number().check(z.gte(0)));
/** Money as the admin endpoints take it: decimal text with at most 2 places, or a positive JSON number. */
export const adminAmount = z.union([
  z.string().check(z.regex(/^\d{1,13}(\.\d{1,2})?$/)),
  z.number().check(z.positive()),
]);
const advanceSchema = z.strictObject({
  ms: adminDuration,
  seconds: adminDuration,
  minutes: adminDuration,
  hours: adminDuration,
  days: adminDuration,
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

/**
 * The endpoints under `/__sim/` for tests and the sandbox: no authentication, never logged as bank requests.
 * The core's own (clock, faults, logs, webhooks, scheduled work, the institution), then each product's.
 */
export function adminRouter(host: AdminHost, products: readonly Product[]): Router<AdminEndpoint> {
  const router = new Router<AdminEndpoint>({ ignoreCase: true });
  const endpoints: string[] = [];
  const add: AdminApi['add'] = (method, path, handler) => {
    router.add(method, path, endpoint(handler as AdminHandler));
    endpoints.push(`${method} ${path}`);
  };
  const clockView = () => ({ now: host.clock.now().toISOString() });

  router.add('GET', '/__sim', async () => jsonResponse(200, { endpoints }));
  endpoints.push('GET /__sim');
  add('GET', '/__sim/clock', () => jsonResponse(200, clockView()));
  add('POST', '/__sim/clock/advance', async (ctx) => {
    const d = advanceSchema.parse(ctx.body());
    const ms =
      (d.ms ?? 0) +
      1000 * ((d.seconds ?? 0) + 60 * ((d.minutes ?? 0) + 60 * ((d.hours ?? 0) + 24 * (d.days ?? 0))));
    await host.advanceClock(ms);
    return jsonResponse(200, clockView());
  });
  add('POST', '/__sim/clock/set', async (ctx) => {
    const { to } = setSchema.parse(ctx.body());
    // One clock for the whole sandbox, and it only moves on: records, events and schedules never see time
    // run back.
    const now = host.clock.now();
    if (Date.parse(to) < now.getTime()) {
      const detail = `The sandbox clock only moves forward: it is ${now.toISOString()}, so ${to} is in its past. Set a later time, or POST /__sim/clock/advance.`;
      return problemAnswer({ status: 400, title: TITLES.badRequest, detail, errors: { to: [detail] } });
    }
    await host.setClock(to);
    return jsonResponse(200, clockView());
  });
  add('GET', '/__sim/faults', () => jsonResponse(200, host.faults));
  add('PUT', '/__sim/faults', (ctx) =>
    jsonResponse(200, host.setFaults(faultSettingsSchema.parse(ctx.body()))),
  );
  add('DELETE', '/__sim/faults', () => jsonResponse(200, host.setFaults({})));
  add('GET', '/__sim/requests', ({ query }) => {
    const requestId = query.get('requestId');
    return jsonResponse(
      200,
      requestId ? host.requests.filter((r) => r.requestId === requestId) : host.requests,
    );
  });
  add('DELETE', '/__sim/requests', () => {
    host.clearRequests();
    return { status: 204 };
  });
  add('GET', '/__sim/deliveries', ({ query }) => {
    const webhookId = query.get('webhookId');
    return jsonResponse(
      200,
      webhookId ? host.deliveries.filter((d) => d.webhookId === webhookId) : host.deliveries,
    );
  });
  add('DELETE', '/__sim/deliveries', () => {
    host.clearDeliveries();
    return { status: 204 };
  });
  add('GET', '/__sim/webhooks', () => jsonResponse(200, host.webhooks));
  add('POST', '/__sim/webhooks', async (ctx) => {
    const body = emitSchema.parse(ctx.body());
    const options = {
      institutionId: body.institutionId,
      nonce: body.Nonce === undefined ? undefined : String(body.Nonce),
    };
    const webhook = host.emitWebhook(body.Type, body.Version, body.Payload, options);
    await host.idle();
    return jsonResponse(200, {
      webhook,
      deliveries: host.deliveries.filter((d) => d.webhookId === webhook.id),
    });
  });
  add('POST', '/__sim/webhooks/release', async () => {
    const released = host.releaseHeldWebhooks();
    await host.idle();
    return jsonResponse(200, { released });
  });
  add('GET', '/__sim/scheduled', () => jsonResponse(200, host.scheduled()));
  add('GET', '/__sim/institution', () => jsonResponse(200, host.institution.describe(host.clock.now())));
  add('PATCH', '/__sim/institution', (ctx) => {
    const changes = institutionSchema.parse(ctx.body());
    const institution = host.institution;
    if (changes.webhookUrl !== undefined) institution.webhookUrl = changes.webhookUrl ?? undefined;
    if (changes.subscribedToWebhooks !== undefined)
      institution.subscribedToWebhooks = changes.subscribedToWebhooks;
    if (changes.overdraftAgreement !== undefined) institution.overdraftAgreement = changes.overdraftAgreement;
    if (changes.nameCheckService !== undefined) institution.nameCheckService = changes.nameCheckService;
    return jsonResponse(200, institution.describe(host.clock.now()));
  });

  const api: AdminApi = {
    get state() {
      return host.state;
    },
    get clock() {
      return host.clock;
    },
    get institution() {
      return host.institution;
    },
    schedule: (at, label, task, ...args) => host.schedule(at, label, task, ...args),
    emitWebhook: (type, version, payload, options) => host.emitWebhook(type, version, payload, options),
    idle: () => host.idle(),
    add,
  };
  for (const product of products) product.adminRoutes?.(api);
  return router;
}

/** The context an admin handler reads. */
function contextOf(request: AdminRequest): AdminContext {
  return {
    ...request,
    body: () => bodyOf(request.rawBody),
    json: jsonResponse,
    problem: (status, title, detail) => problemAnswer({ status, title, detail, instance: request.path }),
  };
}

class BadAdminInput extends Error {}

/** An empty body reads as `{}`, so `POST /__sim/clock/advance` with no body just runs what is due. */
function bodyOf(rawBody: Buffer): unknown {
  if (rawBody.length === 0) return {};
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    throw new BadAdminInput(`the body is not JSON: ${(error as Error).message}`);
  }
}

/** The handler on its context; bad input (a schema's error, a body that is not JSON, a RangeError) answered 400. */
function endpoint(handler: AdminHandler): AdminEndpoint {
  return async (request) => {
    try {
      return await handler(contextOf(request));
    } catch (error) {
      const refusal = (title: string, detail: string, errors?: Record<string, string[]>) =>
        problemAnswer({ status: 400, title, detail, instance: request.path, errors });
      if (error instanceof z.core.$ZodError) {
        return refusal(TITLES.validation, 'the admin request is not valid', fieldErrors(error));
      }
      if (error instanceof BadAdminInput || error instanceof RangeError) {
        return refusal(TITLES.badRequest, error.message);
      }
      throw error;
    }
  };
}
