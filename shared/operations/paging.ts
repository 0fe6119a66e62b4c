import { z } from 'zod';

/**
 * The spec's paged lists (Conventions, Limits): query parameters `pageNumber` (default 1) and `pageSize`
 * (default 50), whole numbers from 1. The spec gives no largest page; Clearway refuses more than
 * MAX_PAGE_SIZE so one call stays within a Lambda's memory and API Gateway's 10 MB answer.
 */
export const DEFAULT_PAGE_NUMBER = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
const MAX_PAGE_NUMBER = 999_999_999;

export const PAGING_MESSAGES = {
  pageNumber: `pageNumber must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`,
  pageSize: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
} as const;

/** A query parameter (text) holding a whole number within [1, max]; its output is the number. */
function wholeNumber(max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));
}

/** `pageNumber` and `pageSize`; any other query parameter is reported as unknown. */
export const pagingQuery = z.strictObject({
  pageNumber: wholeNumber(MAX_PAGE_NUMBER, PAGING_MESSAGES.pageNumber).default(DEFAULT_PAGE_NUMBER),
  pageSize: wholeNumber(MAX_PAGE_SIZE, PAGING_MESSAGES.pageSize).default(DEFAULT_PAGE_SIZE),
});

export type Paging = z.output<typeof pagingQuery>;

/** The items of one page (an empty list past the last page) and whether more follow. */
export function pageOf<T>(
  items: readonly T[],
  { pageNumber, pageSize }: Paging,
): { items: T[]; more: boolean } {
  const start = (pageNumber - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), more: items.length > start + pageSize };
}
