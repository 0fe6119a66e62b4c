import * as z from 'zod/mini';
import { adminDuration } from '#sim/core/admin.js';
import type { AdminApi } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { applicationOf, applicationView, DOCUMENTS, dueDiligence, upload } from './applications.js';

const configSchema = z.strictObject({ decisionDelayMs: adminDuration });
const uploadSchema = z.strictObject({ document: z.enum(DOCUMENTS) });

/**
 * `/__sim/due-diligence...`: the applications, the delay of the checks, and the customer's side of an
 * application that asks for more information (their uploads).
 */
export function dueDiligenceAdminRoutes(admin: AdminApi): void {
  const service = () => admin.state.get(dueDiligence);

  admin.add('GET', '/__sim/due-diligence', (ctx) =>
    ctx.json(200, {
      config: service().config,
      applications: [...service().applications.values()].map(applicationView),
    }),
  );
  admin.add('PATCH', '/__sim/due-diligence/config', (ctx) => {
    const changes = configSchema.parse(ctx.body());
    if (changes.decisionDelayMs !== undefined) service().config.decisionDelayMs = changes.decisionDelayMs;
    return ctx.json(200, service().config);
  });
  admin.add('GET', '/__sim/due-diligence/applications/{applicationId}', (ctx) => {
    const application = applicationOf(admin.state, ctx.params.applicationId);
    return application
      ? ctx.json(200, applicationView(application))
      : ctx.problem(404, TITLES.notFound, `no application ${ctx.params.applicationId}`);
  });
  admin.add('POST', '/__sim/due-diligence/applications/{applicationId}/uploads', (ctx) => {
    const { document } = uploadSchema.parse(ctx.body());
    const application = applicationOf(admin.state, ctx.params.applicationId);
    if (!application) return ctx.problem(404, TITLES.notFound, `no application ${ctx.params.applicationId}`);
    const outcome = upload(admin, application, document);
    if (outcome.kind === 'decided')
      return ctx.problem(
        409,
        TITLES.conflict,
        `application ${application.id} is already ${application.status}`,
      );
    if (outcome.kind === 'not-asked')
      return ctx.problem(409, TITLES.conflict, `application ${application.id} has asked for no documents`);
    return ctx.json(202, applicationView(outcome.application));
  });
}
