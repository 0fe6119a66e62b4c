import * as z from 'zod/mini';
import { MAX_TRANSACTION_PAGE_SIZE, wholeNumberQuery } from '../domain/mccy-rules.js';

/**
 * The spec's paged lists (Conventions, Limits): query parameters `pageNumber` (default 1) and `pageSize`
 * (default 50), whole numbers from 1. The spec caps only the multi-currency lists (1000); Clearway applies
 * that cap to every list, so one call stays within a Lambda's memory and API Gateway's 10 MB answer.
 */
export const DEFAULT_PAGE_NUMBER = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = MAX_TRANSACTION_PAGE_SIZE;
const MAX_PAGE_NUMBER = 999_999_999;

export const PAGING_MESSAGES = {
  pageNumber: `pageNumber must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`,
  pageSize: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
} as const;

/** The members `pageNumber` and `pageSize`, for lists whose query adds filters to them. */
export function pagingFields() {
  return {
    pageNumber: z._default(
      wholeNumberQuery(MAX_PAGE_NUMBER, PAGING_MESSAGES.pageNumber),
      DEFAULT_PAGE_NUMBER,
    ),
    pageSize: z._default(wholeNumberQuery(MAX_PAGE_SIZE, PAGING_MESSAGES.pageSize), DEFAULT_PAGE_SIZE),
  };
}

/** `pageNumber` and `pageSize`; any other query parameter is reported as unknown. */
export const pagingQuery = z.lazy(() => z.strictObject(pagingFields()));

export type Paging = z.output<typeof pagingQuery>;

/** The items of one page (an empty list past the last page) and whether more follow. */
export function pageOf<T>(
  items: readonly T[],
  { pageNumber, pageSize }: Paging,
): { items: T[]; more: boolean } {
  const start = (pageNumber - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), more: items.length > start + pageSize };
}
