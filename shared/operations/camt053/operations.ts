import type { Operation } from '../operation.js';
import {
  type StatementRequestBody,
  statementPageQuery,
  statementPathParams,
  statementRequestBody,
  statementWindowErrors,
} from './schemas.js';

/**
 * camt.053 statements (`camt053-statement-request-v1.json`, "Customer Statements API" 1.0_camt053): the
 * request of a statement across every account of the institution (sterling and multi-currency) for a window of
 * at most 25 hours, and the download of one page of it. The bank announces a generated statement by
 * `Statements.ReadyForDownload`; the gateway's processor then downloads every page and archives it
 * (`shared/statements/`). Their own function: a separate API document of the bank, serving neither
 * sterling nor multi-currency accounts alone.
 */
const fn = 'camt053-statements';

export const requestCamt053Statement = {
  id: 'requestCamt053Statement',
  summary: 'Request a camt053 statement',
  description:
    "Asks the bank to generate a camt.053 statement of the settled transactions on all the institution's accounts between startDateTimeUtc and endDateTimeUtc (at most 25 hours, in the past, within the last six months); the bank answers 202 and sends Statements.ReadyForDownload once it is generated.",
  method: 'POST',
  path: '/v1/statementrequests' as const,
  fn,
  body: statementRequestBody,
  check: ({ body }, { now }) => statementWindowErrors(body as StatementRequestBody, now),
  // Each request generates a statement and a webhook: a retried request must not ask twice.
  requiresIdempotencyKey: true,
} satisfies Operation;

export const getCamt053StatementPage = {
  id: 'getCamt053StatementPage',
  summary: 'Download a page of a camt053 statement',
  description:
    'Reads one page of a generated camt.053 statement as XML, by the MessageId and a page number up to TotalPages of Statements.ReadyForDownload; the bank keeps a statement for two weeks.',
  method: 'GET',
  path: '/v1/statements/{messageId}' as const,
  pathParams: statementPathParams,
  query: statementPageQuery,
  fn,
  pathSignature: true,
} satisfies Operation;

export const camt053Operations = [requestCamt053Statement, getCamt053StatementPage] as const;
