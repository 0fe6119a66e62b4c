import * as z from 'zod/mini';
import { MoneyDecimal } from '#shared/domain/money.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { fxFaults, fxFaultsSchema } from './faults.js';
import { fxRates, ratesView } from './rates.js';
import { fxDesk } from './trades.js';

const decimalText = z.union([
  z.string().check(z.regex(/^\d{1,9}(\.\d{1,9})?$/)),
  z.number().check(z.positive()),
]);
const setRateSchema = z.strictObject({
  pair: z.string().check(z.regex(/^[A-Z]{3}\/[A-Z]{3}$/)),
  rate: decimalText,
  /** Default false: a rate set for a test stays exactly as set. */
  moving: z.optional(z.boolean()),
});
const configSchema = z.strictObject({
  seed: z.optional(z.int()),
  driftPercent: z.optional(decimalText),
});
const deskSchema = z.strictObject({
  settlementDelayMs: z.optional(z.int().check(z.nonnegative())),
  settlementRetries: z.optional(z.int().check(z.nonnegative(), z.maximum(10))),
  settlementRetryDelayMs: z.optional(z.int().check(z.positive())),
});

/**
 * `/__sim/fx/rates`: read the rate table now on the simulated clock, set a pair's rate, change the drift;
 * `/__sim/fx/config`: the desk's settlement delay and how often a failed settlement is retried;
 * `/__sim/fx/faults`: the desk's queued faults (`nextExecutions: ["locked"]`), read, replaced or cleared.
 */
export function fxAdminRoutes(admin: AdminApi): void {
  admin.add('GET', '/__sim/fx/rates', (ctx) => ctx.json(200, ratesView(admin.state, admin.clock.now())));
  admin.add('PUT', '/__sim/fx/rates', (ctx) => {
    const body = setRateSchema.parse(ctx.body());
    const entry = admin.state.get(fxRates).pairs.get(body.pair);
    if (!entry) {
      return ctx.problem(404, TITLES.notFound, `the bank trades no pair ${body.pair}`);
    }
    const rate = new MoneyDecimal(String(body.rate));
    if (rate.lte(0)) return ctx.problem(400, TITLES.badRequest, 'rate must be above 0');
    entry.base = rate;
    entry.moving = body.moving ?? false;
    return ctx.json(200, ratesView(admin.state, admin.clock.now()));
  });
  admin.add('PATCH', '/__sim/fx/rates', (ctx) => {
    const body = configSchema.parse(ctx.body());
    const { config } = admin.state.get(fxRates);
    if (body.seed !== undefined) config.seed = body.seed;
    if (body.driftPercent !== undefined) config.driftPercent = String(body.driftPercent);
    return ctx.json(200, ratesView(admin.state, admin.clock.now()));
  });
  admin.add('PATCH', '/__sim/fx/config', (ctx) => {
    const body = deskSchema.parse(ctx.body());
    const { config } = admin.state.get(fxDesk);
    Object.assign(config, body);
    return ctx.json(200, config);
  });
  admin.add('GET', '/__sim/fx/faults', (ctx) => ctx.json(200, admin.state.get(fxFaults)));
  admin.add('PUT', '/__sim/fx/faults', (ctx) => {
    const faults = admin.state.get(fxFaults);
    faults.nextExecutions = [...(fxFaultsSchema.parse(ctx.body()).nextExecutions ?? [])];
    return ctx.json(200, faults);
  });
  admin.add('DELETE', '/__sim/fx/faults', (ctx) => {
    const faults = admin.state.get(fxFaults);
    faults.nextExecutions = [];
    return ctx.json(200, faults);
  });
}
