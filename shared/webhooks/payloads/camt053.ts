import * as z from 'zod/mini';
import { defineWebhook } from './define.js';

/**
 * The camt.053 statement webhook (`webhooks/statement-ready-for-download-webhook-v1.mdx`): its payload as the
 * page's table lists it. (The page's example body is the multi-currency statement's, `Uri`, `Year`, ...; the
 * table is what this record follows.) Strict: every member required, an undocumented one fails.
 */

const dateTime = z.lazy(() => z.iso.datetime({ offset: true }));

/** `Statements.ReadyForDownload` v1: the statement's MessageId, its page count and the window it covers. */
export const statementReadyForDownloadPayload = z.lazy(() =>
  z.strictObject({
    MessageId: z.string().check(z.minLength(1)),
    TotalPages: z.number().check(z.int(), z.gte(0), z.lte(2 ** 31 - 1)),
    StartDateTime: dateTime,
    EndDateTime: dateTime,
  }),
);

export const statementReadyForDownloadWebhook = defineWebhook({
  type: 'Statements.ReadyForDownload',
  versions: { 1: statementReadyForDownloadPayload },
  key: ['MessageId'],
});
