import { TZDate } from '@date-fns/tz';

/**
 * End-of-day balances (`gbp-end-of-day-balance-v1.json`): a calendar day and an IANA time zone (default
 * `UTC`); the balance is the one at the end of that day on that zone's clocks, and `balanceAsOf` is the
 * instant the next day starts there (the reference's example: 2026-01-20 in UTC is `2026-01-21T00:00:00Z`).
 * The gateway and the simulator both use these; the caller passes the time.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** An offset (`+01:00`) is not an IANA identifier, though `Intl` and `tzOffset` read some. */
const OFFSET = /^[+-]\d/;

/**
 * Whether the text names an IANA time zone (`Europe/London`, `UTC`, `Etc/GMT+1`) as the runtime's time zone
 * database knows it. Any spelling the database resolves (`europe/london`, the `US/Eastern` links) counts:
 * the gateway never refuses a name the bank may resolve.
 */
export function isIanaTimeZone(name: string): boolean {
  if (name.trim() === '' || OFFSET.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) that clocks in the zone show at the instant. */
export function localDateIn(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The instant a day ends in the zone: when the next day starts there (its first instant, which is not
 * always 00:00 where the clocks change at midnight). `date` is a real `YYYY-MM-DD` day.
 */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day + 1, 0, 0, 0, timeZone).getTime());
}

/** Whether the day has not started yet in the zone at `now` (the bank's "in the future"). */
export function isFutureLocalDate(date: string, timeZone: string, now: Date): boolean {
  return date > localDateIn(now, timeZone);
}
