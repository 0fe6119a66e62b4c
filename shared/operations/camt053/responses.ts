import * as z from 'zod/mini';

/**
 * The bank's documented success answers of camt.053 statements (`camt053-statement-request-v1.json`): the
 * request answers 202 with no body; a page is the camt.053 XML document itself ("OK (Contains statement in
 * XML)"), starting with the group header the account reporting guide shows.
 */
export const CAMT053_DOCUMENT =
  /^<\?xml version="1\.0" encoding="UTF-8"( standalone="no")?\?>\s*<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.11"[^>]*>\s*<BkToCstmrStmt>\s*<GrpHdr>[\s\S]*<\/Document>\s*$/;

export const camt053Responses = {
  requestCamt053Statement: z.literal(''),
  getCamt053StatementPage: z
    .string()
    .check(z.regex(CAMT053_DOCUMENT, 'a camt.053.001.11 document, group header first')),
} as const;
