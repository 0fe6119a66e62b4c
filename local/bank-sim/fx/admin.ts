import * as z from 'zod/mini';
import { MoneyDecimal } from '#shared/domain/money.js';
import type { AdminHandler, AdminRequest } from '../admin.js';
import { jsonResponse, problemResponse, TITLES } from '../problem.js';
import type { MccyHost } from '../mccy/accounts.js';
import { fxRates, ratesView } from './rates.js';
import { fxDesk } from './trades.js';

type AddAdminRoute = (method: 'GET' | 'PUT' | 'PATCH', path: string, handler: AdminHandler) => void;

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
 * `/__sim/fx/config`: the desk's settlement delay and how often a failed settlement is retried.
 */
export function fxAdminRoutes(
  add: AddAdminRoute,
  sim: MccyHost,
  bodyOf: (request: AdminRequest) => unknown,
): void {
  add('GET', '/__sim/fx/rates', () => jsonResponse(200, ratesView(sim.state, sim.clock.now())));
  add('PUT', '/__sim/fx/rates', (request) => {
    const body = setRateSchema.parse(bodyOf(request));
    const entry = sim.state.get(fxRates).pairs.get(body.pair);
    if (!entry) {
      return problemResponse(404, TITLES.notFound, `the bank trades no pair ${body.pair}`, request.path);
    }
    const rate = new MoneyDecimal(String(body.rate));
    if (rate.lte(0)) return problemResponse(400, TITLES.badRequest, 'rate must be above 0', request.path);
    entry.base = rate;
    entry.moving = body.moving ?? false;
    return jsonResponse(200, ratesView(sim.state, sim.clock.now()));
  });
  add('PATCH', '/__sim/fx/rates', (request) => {
    const body = configSchema.parse(bodyOf(request));
    const { config } = sim.state.get(fxRates);
    if (body.seed !== undefined) config.seed = body.seed;
    if (body.driftPercent !== undefined) config.driftPercent = String(body.driftPercent);
    return jsonResponse(200, ratesView(sim.state, sim.clock.now()));
  });
  add('PATCH', '/__sim/fx/config', (request) => {
    const body = deskSchema.parse(bodyOf(request));
    const { config } = sim.state.get(fxDesk);
    Object.assign(config, body);
    return jsonResponse(200, config);
  });
}
