import { TZDate } from '@date-fns/tz';
import { InvalidDateError } from './errors.js';

/** A calendar day, `YYYY-MM-DD`. Day arithmetic is done on these, never on instants. */
export type LocalDate = string;
/** A wall-clock time of day, `HH:mm`. */
export type LocalTime = string;

import { UK_TIME_ZONE } from './uk-time-zone.js';

export { UK_TIME_ZONE };

/**
 * Years the calendars answer for. Before 2019 England and Wales had one-off changes (1995, 1999, 2002,
 * 2011, 2012) that are not encoded here, so those years are refused rather than answered wrongly.
 */
export const FIRST_SUPPORTED_YEAR = 2019;
export const LAST_SUPPORTED_YEAR = 9999;

export interface Holiday {
  date: LocalDate;
  name: string;
}

/** The calendars whose closing days are known: the bank's own (England and Wales) and T2 for the euro. */
export type BusinessCalendar = 'england-and-wales' | 'target';

const DAY_MS = 86_400_000;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

function checkYear(year: number, field: string): void {
  if (!Number.isInteger(year) || year < FIRST_SUPPORTED_YEAR || year > LAST_SUPPORTED_YEAR) {
    throw new InvalidDateError(
      field,
      'year-not-supported',
      `${field} must be in a year from ${FIRST_SUPPORTED_YEAR} to ${LAST_SUPPORTED_YEAR}.`,
    );
  }
}

function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(days: number): LocalDate {
  const date = new Date(days * DAY_MS);
  if (Number.isNaN(date.getTime()))
    throw new InvalidDateError('date', 'out-of-range', 'The date is out of range.');
  return date.toISOString().slice(0, 10);
}

/** A real calendar day in `YYYY-MM-DD` form within the supported years. */
export function parseLocalDate(value: unknown, field = 'date'): LocalDate {
  const match = typeof value === 'string' ? LOCAL_DATE.exec(value) : null;
  if (match === null)
    throw new InvalidDateError(field, 'date-format', `${field} must be a date as YYYY-MM-DD.`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  checkYear(year, field);
  if (fromDayNumber(dayNumber(year, month, day)) !== value) {
    throw new InvalidDateError(field, 'date-does-not-exist', `${field} is not a day of the calendar.`);
  }
  return value as LocalDate;
}

export function parseLocalTime(value: unknown, field = 'time'): LocalTime {
  if (typeof value !== 'string' || !LOCAL_TIME.test(value)) {
    throw new InvalidDateError(field, 'time-format', `${field} must be a time of day as HH:mm.`);
  }
  return value;
}

/**
 * An instant: a valid Date, or an ISO 8601 date-time with `Z` or an offset whose date exists
 * (`Date.parse` alone would turn 30 February into 1 March).
 */
export function parseInstant(value: unknown, field = 'time'): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw new InvalidDateError(field, 'invalid-instant', `${field} is not a valid time.`);
    return new Date(value.getTime());
  }
  const match = typeof value === 'string' ? ISO_INSTANT.exec(value) : null;
  if (match === null) {
    throw new InvalidDateError(
      field,
      'date-time-format',
      `${field} must be an ISO 8601 date-time with a zone.`,
    );
  }
  const datePart = match[1] ?? '';
  const [year, month, day] = datePart.split('-').map(Number) as [number, number, number];
  if (fromDayNumber(dayNumber(year, month, day)) !== datePart) {
    throw new InvalidDateError(field, 'date-does-not-exist', `${field} is not a day of the calendar.`);
  }
  return new Date(Date.parse(value as string));
}

/** Days are added to calendar days only within about ±10,000 years, the range a Date can hold. */
const MAX_DAYS_ADDED = 4_000_000;

export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parseLocalDate(date).split('-').map(Number) as [number, number, number];
  if (!Number.isInteger(days) || Math.abs(days) > MAX_DAYS_ADDED) {
    throw new InvalidDateError(
      'days',
      'days-out-of-range',
      `days must be a whole number up to ${MAX_DAYS_ADDED}.`,
    );
  }
  return parseLocalDate(fromDayNumber(dayNumber(year, month, day) + days));
}

/** An instant moved by `milliseconds`, refused when the result is beyond what a Date can hold. */
export function addMilliseconds(instant: Date, milliseconds: number, field = 'time'): Date {
  const moved = new Date(parseInstant(instant, field).getTime() + milliseconds);
  if (Number.isNaN(moved.getTime())) {
    throw new InvalidDateError(
      field,
      'out-of-range',
      `${field} moved by ${milliseconds} ms is out of range.`,
    );
  }
  return moved;
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: LocalDate): number {
  const [year, month, day] = parseLocalDate(date).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(date: LocalDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday === 0 || weekday === 6;
}

function ymd(year: number, month: number, day: number): LocalDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): LocalDate {
  checkYear(year, 'year');
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

function firstMonday(year: number, month: number): LocalDate {
  const first = ymd(year, month, 1);
  return addDays(first, (8 - dayOfWeek(first)) % 7);
}

function lastMonday(year: number, month: number): LocalDate {
  const last = addDays(ymd(year, month + 1, 1), -1);
  return addDays(last, -((dayOfWeek(last) + 6) % 7));
}

/**
 * Holidays that fall at a weekend move to the next weekday not already a holiday, in the order given; the
 * ones on weekdays are placed first. This gives the substitute days: Christmas on a Saturday -> Monday 27 and
 * Boxing Day -> Tuesday 28; Christmas on a Sunday -> Tuesday 27 (Boxing Day keeps Monday 26).
 */
function withSubstituteDays(holidays: Holiday[]): Holiday[] {
  const taken = new Set(
    holidays.filter((holiday) => !isWeekend(holiday.date)).map((holiday) => holiday.date),
  );
  return holidays.map((holiday) => {
    if (!isWeekend(holiday.date)) return holiday;
    let date = addDays(holiday.date, 1);
    while (isWeekend(date) || taken.has(date)) date = addDays(date, 1);
    taken.add(date);
    return { date, name: `${holiday.name} (substitute day)` };
  });
}

interface OneOffChanges {
  /** The regular holiday that did not happen, and the day it moved to. */
  moved?: { from: LocalDate; to: Holiday }[];
  /** Extra holidays proclaimed for that year only. */
  added?: Holiday[];
}

/** Changes to the regular rules proclaimed since 2019. */
const ENGLAND_AND_WALES_ONE_OFFS: Record<number, OneOffChanges> = {
  2020: {
    moved: [{ from: '2020-05-04', to: { date: '2020-05-08', name: 'Early May bank holiday (VE day)' } }],
  },
  2022: {
    moved: [{ from: '2022-05-30', to: { date: '2022-06-02', name: 'Spring bank holiday' } }],
    added: [
      { date: '2022-06-03', name: 'Platinum Jubilee bank holiday' },
      { date: '2022-09-19', name: 'Bank Holiday for the State Funeral of Queen Elizabeth II' },
    ],
  },
  2023: { added: [{ date: '2023-05-08', name: 'Bank holiday for the coronation of King Charles III' }] },
};

/** England and Wales bank holidays of a year, in date order: the regular rules, substitute days, one-offs. */
export function englandAndWalesBankHolidays(year: number): Holiday[] {
  checkYear(year, 'year');
  const easter = easterSunday(year);
  const [newYear, christmas, boxingDay] = withSubstituteDays([
    { date: ymd(year, 1, 1), name: 'New Year’s Day' },
    { date: ymd(year, 12, 25), name: 'Christmas Day' },
    { date: ymd(year, 12, 26), name: 'Boxing Day' },
  ]) as [Holiday, Holiday, Holiday];
  let holidays: Holiday[] = [
    newYear,
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: firstMonday(year, 5), name: 'Early May bank holiday' },
    { date: lastMonday(year, 5), name: 'Spring bank holiday' },
    { date: lastMonday(year, 8), name: 'Summer bank holiday' },
    christmas,
    boxingDay,
  ];
  const changes = ENGLAND_AND_WALES_ONE_OFFS[year];
  for (const { from, to } of changes?.moved ?? []) {
    holidays = holidays.map((holiday) => (holiday.date === from ? to : holiday));
  }
  holidays.push(...(changes?.added ?? []));
  return holidays.sort((left, right) => left.date.localeCompare(right.date));
}

/** TARGET (T2) closing days: New Year's Day, Good Friday, Easter Monday, 1 May, 25 and 26 December; no substitutes. */
export function targetClosingDays(year: number): Holiday[] {
  checkYear(year, 'year');
  const easter = easterSunday(year);
  return [
    { date: ymd(year, 1, 1), name: 'New Year’s Day' },
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: ymd(year, 5, 1), name: 'Labour Day' },
    { date: ymd(year, 12, 25), name: 'Christmas Day' },
    { date: ymd(year, 12, 26), name: 'Christmas holiday' },
  ].sort((left, right) => left.date.localeCompare(right.date));
}

const CLOSING_DAYS: Record<BusinessCalendar, (year: number) => Holiday[]> = {
  'england-and-wales': englandAndWalesBankHolidays,
  target: targetClosingDays,
};

// Business-day questions come in loops; a year's closing days are worked out once per calendar.
const closingDaysByYear = new Map<string, ReadonlySet<LocalDate>>();

export function isHoliday(date: LocalDate, calendar: BusinessCalendar, field = 'date'): boolean {
  const day = parseLocalDate(date, field);
  if (!Object.hasOwn(CLOSING_DAYS, calendar)) {
    throw new InvalidDateError(
      'calendars',
      'calendar-unknown',
      'calendars must be england-and-wales or target.',
    );
  }
  const year = Number(day.slice(0, 4));
  const key = `${calendar}:${year}`;
  let closingDays = closingDaysByYear.get(key);
  if (closingDays === undefined) {
    closingDays = new Set(CLOSING_DAYS[calendar](year).map((holiday) => holiday.date));
    closingDaysByYear.set(key, closingDays);
  }
  return closingDays.has(day);
}

/** Not a Saturday or Sunday and not a closing day of any of the given calendars. */
export function isBusinessDay(
  date: LocalDate,
  calendars: readonly BusinessCalendar[] = ['england-and-wales'],
  field = 'date',
): boolean {
  const day = parseLocalDate(date, field);
  if (!Array.isArray(calendars)) {
    throw new InvalidDateError(
      'calendars',
      'calendar-unknown',
      'calendars must be a list of calendar names.',
    );
  }
  return !isWeekend(day) && calendars.every((calendar) => !isHoliday(day, calendar, field));
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(
  date: LocalDate,
  calendars: readonly BusinessCalendar[] = ['england-and-wales'],
  field = 'date',
): LocalDate {
  let day = addDays(parseLocalDate(date, field), 1);
  while (!isBusinessDay(day, calendars, field)) day = addDays(day, 1);
  return day;
}

/**
 * The days the bank moves a currency: its own (England and Wales) business days, and for the euro also
 * the days T2 is open. The calendars of other currencies' home markets are not known here.
 */
export function bankCalendarsFor(currency: string): readonly BusinessCalendar[] {
  return currency === 'EUR' ? ['england-and-wales', 'target'] : ['england-and-wales'];
}

/** The calendar day in the UK at an instant. */
export function ukDateOf(instant: Date, field = 'time'): LocalDate {
  const uk = new TZDate(parseInstant(instant, field).getTime(), UK_TIME_ZONE);
  return parseLocalDate(ymd(uk.getFullYear(), uk.getMonth() + 1, uk.getDate()), field);
}

/**
 * The instant at which UK clocks show `time` on `date`. A time skipped when the clocks go forward is
 * refused; a time shown twice when they go back is its first (summer-time) occurrence. The spec's times
 * (07:00 to 23:30) are never either.
 */
export function ukInstant(date: LocalDate, time: LocalTime): Date {
  const [year, month, day] = parseLocalDate(date).split('-').map(Number) as [number, number, number];
  const [hours, minutes] = parseLocalTime(time).split(':').map(Number) as [number, number];
  const shows = (instant: TZDate) =>
    instant.getFullYear() === year &&
    instant.getMonth() === month - 1 &&
    instant.getDate() === day &&
    instant.getHours() === hours &&
    instant.getMinutes() === minutes;
  const candidate = new TZDate(year, month - 1, day, hours, minutes, UK_TIME_ZONE);
  if (!shows(candidate)) {
    throw new InvalidDateError('time', 'time-does-not-exist', `${date} ${time} does not exist in UK time.`);
  }
  const hourEarlier = new TZDate(candidate.getTime() - 3_600_000, UK_TIME_ZONE);
  return new Date(shows(hourEarlier) ? hourEarlier.getTime() : candidate.getTime());
}
