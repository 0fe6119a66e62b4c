import * as z from 'zod/mini';
import { getCamt053StatementPage, requestCamt053Statement } from '#shared/operations/camt053/operations.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import { camt053Page, camt053Statements, generateCamt053 } from './statements.js';

const configSchema = z.strictObject({
  entriesPerPage: z.optional(z.number().check(z.int(), z.gte(1), z.lte(5000))),
});

/**
 * camt.053 statements (`camt053-statement-request-v1.json`): the request renders the statement from the
 * ledger at once and sends `Statements.ReadyForDownload` after the 202; the download answers a page as XML.
 * `/__sim/camt053/config` sets `entriesPerPage` (the bank's 5,000) so tests can see several pages.
 */
export const camt053Product: Product = {
  name: 'camt053',
  bankRoutes(bank) {
    bank.operation(requestCamt053Statement, (ctx) => {
      const statement = generateCamt053(ctx.state, {
        institutionId: ctx.institution.id,
        start: new Date(ctx.body.startDateTimeUtc),
        end: new Date(ctx.body.endDateTimeUtc),
        now: ctx.now(),
      });
      ctx.emit('Statements.ReadyForDownload', 1, {
        MessageId: statement.messageId,
        TotalPages: statement.pages.length,
        StartDateTime: statement.startDateTime,
        EndDateTime: statement.endDateTime,
      });
      return { status: 202 };
    });

    bank.operation(getCamt053StatementPage, (ctx) => {
      const { pageNumber } = ctx.queryValues as { pageNumber: number };
      const found = camt053Page(ctx.state, ctx.institution.id, ctx.params.messageId, pageNumber, ctx.now());
      if (found.kind === 'missing')
        return ctx.problem(404, TITLES.notFound, `no statement ${ctx.params.messageId} (kept two weeks)`);
      if (found.kind === 'no-page')
        return ctx.problem(
          400,
          TITLES.badRequest,
          `statement ${ctx.params.messageId} has no page ${pageNumber}`,
          {
            pageNumber: ['pageNumber must be no greater than TotalPages.'],
          },
        );
      return { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: found.xml };
    });
  },
  adminRoutes(admin) {
    admin.add('PATCH', '/__sim/camt053/config', (ctx) => {
      const body = configSchema.parse(ctx.body());
      const config = admin.state.get(camt053Statements).config;
      if (body.entriesPerPage !== undefined) config.entriesPerPage = body.entriesPerPage;
      return ctx.json(200, config);
    });
  },
};
