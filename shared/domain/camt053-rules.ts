import type { FieldErrors } from '../http/validation.js';

/**
 * camt.053 statement requests (`POST /v1/statementrequests`, `camt053-statement-request-v1.json` and the
 * account reporting guide): the window's rules, for the gateway and the simulator.
 */

/** "The period can be no more than 25 hours" (a UK day is 23, 24 or 25 hours long). */
export const CAMT053_MAX_WINDOW_MS = 25 * 60 * 60 * 1000;
/** "Within the last 6 months": on 1 July 2024 back to and including 1 January 2024 (calendar months, UTC). */
export const CAMT053_MONTHS_BACK = 6;
/** "Once generated, statements are retained for 2 weeks." */
export const CAMT053_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;
/** "If a page reaches the maximum number of transactions (5000), the statement is continued on a new page." */
export const CAMT053_ENTRIES_PER_PAGE = 5000;
/** The MessageId's shape as the GET's parameter documents it: `CAMT053_<yyyyMMdd>_<hhmmssMs>_<8 characters>`. */
export const CAMT053_MESSAGE_ID = /^CAMT053_[0-9]{8}_[0-9]{8}_\w{8}$/;
/** The reference's format `yyyy-MM-ddTHH:mm:ssZ`: whole seconds, UTC. */
export const CAMT053_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export const CAMT053_MESSAGES = {
  startDateTimeUtc: 'startDateTimeUtc must be a UTC date and time in the form yyyy-MM-ddTHH:mm:ssZ.',
  endDateTimeUtc: 'endDateTimeUtc must be a UTC date and time in the form yyyy-MM-ddTHH:mm:ssZ.',
  endNotAfterStart: 'endDateTimeUtc must be later than startDateTimeUtc.',
  tooLong: 'endDateTimeUtc must be at most 25 hours after startDateTimeUtc.',
  startInFuture: 'startDateTimeUtc must be in the past.',
  endInFuture: 'endDateTimeUtc must be in the past.',
  tooOld: 'startDateTimeUtc must be within the last 6 months.',
  messageId: 'messageId must be CAMT053_ followed by 8 digits, _, 8 digits, _ and 8 letters or digits.',
  pageNumber: 'pageNumber must be a whole number from 1.',
} as const;

/** A `yyyy-MM-ddTHH:mm:ssZ` text that names a real instant (no 30 February), or undefined. */
export function camt053Instant(text: string): Date | undefined {
  if (!CAMT053_DATE_TIME.test(text)) return undefined;
  const at = new Date(text);
  return !Number.isNaN(at.getTime()) && at.toISOString() === `${text.slice(0, 19)}.000Z` ? at : undefined;
}

/** The first instant a window may start at `now`: the same day six calendar months back, 00:00 UTC. */
export function oldestCamt053Start(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - CAMT053_MONTHS_BACK, 1));
  const lastDay = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
  day.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return day;
}

/**
 * The window judged at `now` (the bank's clock): the end after the start, at most 25 hours long, both in the
 * past, the start within the last six months. Each refusal names the property the caller must change.
 */
export function camt053WindowErrors(
  window: { startDateTimeUtc: string; endDateTimeUtc: string },
  now: Date,
): FieldErrors {
  const start = camt053Instant(window.startDateTimeUtc);
  const end = camt053Instant(window.endDateTimeUtc);
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const add = (name: string, message: string) => (errors[name] ??= []).push(message);
  if (start === undefined || end === undefined) return errors; // the schema reported them
  if (start.getTime() > now.getTime()) add('startDateTimeUtc', CAMT053_MESSAGES.startInFuture);
  if (start.getTime() < oldestCamt053Start(now).getTime()) add('startDateTimeUtc', CAMT053_MESSAGES.tooOld);
  if (end.getTime() <= start.getTime()) add('endDateTimeUtc', CAMT053_MESSAGES.endNotAfterStart);
  else if (end.getTime() - start.getTime() > CAMT053_MAX_WINDOW_MS)
    add('endDateTimeUtc', CAMT053_MESSAGES.tooLong);
  if (end.getTime() > now.getTime()) add('endDateTimeUtc', CAMT053_MESSAGES.endInFuture);
  return errors;
}
