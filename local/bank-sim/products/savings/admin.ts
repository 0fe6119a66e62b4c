import * as z from 'zod/mini';
import { ukDateOf } from '#shared/domain/calendar.js';
import {
  INTEREST_PAYABLE_PERIODS,
  INTEREST_ROUNDING_ALGORITHMS,
  PAYABLE_PERIOD_OFFSET_MAX,
  TIER_BALANCE_ALLOCATIONS,
  TIERS_MESSAGE,
  tiersDoNotOverlap,
} from '#shared/domain/savings-rules.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { savings } from './accounts.js';
import {
  configurationById,
  configurations,
  defineConfiguration,
  representVersion,
  versionOn,
} from './configurations.js';

const GUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
const rate = z.union([z.string().check(z.regex(/^-?\d{1,9}(\.\d{1,12})?$/)), z.number()]);
const amount = z.union([
  z.string().check(z.regex(/^\d{1,15}(\.\d{1,2})?$/)),
  z.number().check(z.nonnegative()),
]);

/** The body of `GET /interest/v1/configurations/{id}`'s item; `id` absent: a new one. */
const termsSchema = z.strictObject({
  id: z.optional(z.string().check(z.regex(GUID))),
  name: z.optional(z.nullable(z.string())),
  effectiveFrom: z.optional(z.iso.date()),
  payablePeriod: z.enum(INTEREST_PAYABLE_PERIODS),
  payablePeriodOffset: z.optional(z.int().check(z.minimum(0), z.maximum(PAYABLE_PERIOD_OFFSET_MAX))),
  payableAccountId: z.optional(z.nullable(z.string().check(z.regex(GUID)))),
  interestPaymentRoundingAlgorithm: z.enum(INTEREST_ROUNDING_ALGORITHMS),
  doUnpaidAccrualFractionsRollover: z.optional(z.boolean()),
  tierBalanceAllocation: z.enum(TIER_BALANCE_ALLOCATIONS),
  interestRate: rate,
  tiers: z
    .array(
      z.strictObject({
        id: z.optional(z.string().check(z.regex(GUID))),
        fromAmount: amount,
        toAmount: z.optional(z.nullable(amount)),
        percentPayable: z.optional(rate),
        clearbankMargin: z.optional(rate),
        grossRate: z.optional(rate),
        aer: z.optional(rate),
      }),
    )
    .check(z.minLength(1), z.refine(tiersDoNotOverlap, TIERS_MESSAGE)),
});

const configSchema = z.strictObject({ closureDelayMs: z.optional(z.int().check(z.nonnegative())) });

/**
 * `/__sim/interest/configurations`: the bank's interest configurations (the guide: their ids are given by the
 * bank), listed, read, and defined (a new one, or new terms of one from `effectiveFrom`);
 * `/__sim/savings`: every savings account with its interest accrued and not paid, its configurations and its
 * closure; `/__sim/savings/config`: `{closureDelayMs}`.
 */
export function savingsAdminRoutes(admin: AdminApi): void {
  const today = () => ukDateOf(admin.clock.now());
  const view = (id: string) => {
    const configuration = configurationById(admin.state, id);
    const version = configuration && (versionOn(configuration, today()) ?? configuration.versions[0]);
    return (
      configuration && version && { name: configuration.name, ...representVersion(configuration, version) }
    );
  };

  admin.add('GET', '/__sim/interest/configurations', (ctx) =>
    ctx.json(200, { interestConfigurations: [...admin.state.get(configurations).keys()].map(view) }),
  );
  admin.add('GET', '/__sim/interest/configurations/{interestConfigurationId}', (ctx) => {
    const configuration = configurationById(admin.state, ctx.params.interestConfigurationId);
    if (!configuration) {
      return ctx.problem(
        404,
        TITLES.notFound,
        `no interest configuration ${ctx.params.interestConfigurationId}`,
      );
    }
    return ctx.json(200, {
      name: configuration.name,
      versions: configuration.versions.map((version) => representVersion(configuration, version)),
    });
  });
  admin.add('POST', '/__sim/interest/configurations', (ctx) => {
    const terms = termsSchema.parse(ctx.body());
    const existed = terms.id !== undefined && configurationById(admin.state, terms.id) !== undefined;
    const configuration = defineConfiguration(admin.state, terms, today(), admin.clock.now());
    return ctx.json(existed ? 200 : 201, {
      name: configuration.name,
      versions: configuration.versions.map((version) => representVersion(configuration, version)),
    });
  });

  admin.add('GET', '/__sim/savings', (ctx) =>
    ctx.json(200, {
      config: admin.state.get(savings).config,
      nextRunAt: admin.state.get(savings).nextRunAt,
      accounts: [...admin.state.get(savings).accounts.values()].map((account) => ({
        ...account,
        accrued: account.accrued.toString(),
      })),
    }),
  );
  admin.add('PATCH', '/__sim/savings/config', (ctx) => {
    const body = configSchema.parse(ctx.body());
    Object.assign(admin.state.get(savings).config, body);
    return ctx.json(200, admin.state.get(savings).config);
  });
}
