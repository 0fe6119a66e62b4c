import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  englandAndWalesBankHolidays,
  InvalidDateError,
  isBusinessDay,
  isHoliday,
  nextBusinessDay,
  parseInstant,
  parseLocalDate,
  targetClosingDays,
  ukDateOf,
  ukInstant,
} from '#shared/domain/index.js';

// Behaviour pinned down: England and Wales bank holidays (rules, substitute days, one-offs since 2019), TARGET
// closing days, business days, and UK wall-clock times on both sides of the summer-time changes.

/** The bank holidays gov.uk publishes for England and Wales, written out by hand. */
const GOV_UK_BANK_HOLIDAYS: Record<number, string[]> = {
  2019: ['01-01', '04-19', '04-22', '05-06', '05-27', '08-26', '12-25', '12-26'],
  2020: ['01-01', '04-10', '04-13', '05-08', '05-25', '08-31', '12-25', '12-28'],
  2021: ['01-01', '04-02', '04-05', '05-03', '05-31', '08-30', '12-27', '12-28'],
  2022: ['01-03', '04-15', '04-18', '05-02', '06-02', '06-03', '08-29', '09-19', '12-26', '12-27'],
  2023: ['01-02', '04-07', '04-10', '05-01', '05-08', '05-29', '08-28', '12-25', '12-26'],
  2024: ['01-01', '03-29', '04-01', '05-06', '05-27', '08-26', '12-25', '12-26'],
  2025: ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26'],
  2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
  2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
  2028: ['01-03', '04-14', '04-17', '05-01', '05-29', '08-28', '12-25', '12-26'],
  2029: ['01-01', '03-30', '04-02', '05-07', '05-28', '08-27', '12-25', '12-26'],
  2030: ['01-01', '04-19', '04-22', '05-06', '05-27', '08-26', '12-25', '12-26'],
};

const EASTER_SUNDAYS = {
  2019: '2019-04-21',
  2020: '2020-04-12',
  2021: '2021-04-04',
  2022: '2022-04-17',
  2023: '2023-04-09',
  2024: '2024-03-31',
  2025: '2025-04-20',
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
  2029: '2029-04-01',
  2030: '2030-04-21',
} as const;

function holidayNamed(date: string): string | undefined {
  return englandAndWalesBankHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date)?.name;
}

describe('England and Wales bank holidays', () => {
  it.each(Object.entries(GOV_UK_BANK_HOLIDAYS))('are the ones gov.uk lists for %s', (year, days) => {
    const dates = englandAndWalesBankHolidays(Number(year)).map((holiday) => holiday.date);
    expect(dates).toEqual(days.map((day) => `${year}-${day}`));
  });

  it.each(Object.entries(EASTER_SUNDAYS))('put Easter %s on %s', (year, date) => {
    expect(easterSunday(Number(year))).toBe(date);
  });

  it.each([
    ['2020-12-28', 'Boxing Day (substitute day)', 'Boxing Day 2020 was a Saturday'],
    ['2021-12-27', 'Christmas Day (substitute day)', 'Christmas 2021 was a Saturday'],
    ['2021-12-28', 'Boxing Day (substitute day)', 'Boxing Day 2021 was a Sunday'],
    ['2022-01-03', 'New Year’s Day (substitute day)', 'New Year 2022 was a Saturday'],
    ['2022-12-27', 'Christmas Day (substitute day)', 'Christmas 2022 was a Sunday, Boxing Day kept Monday'],
    ['2023-01-02', 'New Year’s Day (substitute day)', 'New Year 2023 was a Sunday'],
    ['2026-12-28', 'Boxing Day (substitute day)', 'Boxing Day 2026 is a Saturday'],
    ['2027-12-27', 'Christmas Day (substitute day)', 'Christmas 2027 is a Saturday'],
    ['2027-12-28', 'Boxing Day (substitute day)', 'Boxing Day 2027 is a Sunday'],
    ['2028-01-03', 'New Year’s Day (substitute day)', 'New Year 2028 is a Saturday'],
  ])('make %s a substitute day (%s) because %s', (date, name) => {
    expect(holidayNamed(date)).toBe(name);
  });

  it('keep Boxing Day on Monday 26 December 2022 when Christmas Day falls on the Sunday', () => {
    expect(holidayNamed('2022-12-26')).toBe('Boxing Day');
  });

  it('moved the early May bank holiday of 2020 from Monday 4 May to Friday 8 May (VE day)', () => {
    expect(isHoliday('2020-05-04', 'england-and-wales')).toBe(false);
    expect(holidayNamed('2020-05-08')).toBe('Early May bank holiday (VE day)');
  });

  it('moved the spring bank holiday of 2022 from 30 May to 2 June and added 3 June (Platinum Jubilee)', () => {
    expect(isHoliday('2022-05-30', 'england-and-wales')).toBe(false);
    expect(holidayNamed('2022-06-02')).toBe('Spring bank holiday');
    expect(holidayNamed('2022-06-03')).toBe('Platinum Jubilee bank holiday');
  });

  it('added Monday 19 September 2022 for the State Funeral of Queen Elizabeth II', () => {
    expect(holidayNamed('2022-09-19')).toBe('Bank Holiday for the State Funeral of Queen Elizabeth II');
  });

  it('added Monday 8 May 2023 for the coronation and kept the early May bank holiday on 1 May', () => {
    expect(holidayNamed('2023-05-01')).toBe('Early May bank holiday');
    expect(holidayNamed('2023-05-08')).toBe('Bank holiday for the coronation of King Charles III');
  });

  it('follow the regular rules again in the years after a one-off', () => {
    expect(englandAndWalesBankHolidays(2024).map((holiday) => holiday.date)).toContain('2024-05-06');
    expect(englandAndWalesBankHolidays(2024)).toHaveLength(8);
  });

  it.each([2018, 10000, 2019.5, Number.NaN])(
    'refuse the year %s, which is outside the supported years',
    (year) => {
      expect(() => englandAndWalesBankHolidays(year)).toThrow(InvalidDateError);
    },
  );
});

describe('TARGET closing days for the euro', () => {
  it('are New Year, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    expect(targetClosingDays(2024).map((day) => day.date)).toEqual([
      '2024-01-01',
      '2024-03-29',
      '2024-04-01',
      '2024-05-01',
      '2024-12-25',
      '2024-12-26',
    ]);
  });

  it('have no substitute days: Monday 27 December 2021 is open although Christmas fell on a Saturday', () => {
    expect(isBusinessDay('2021-12-27', ['target'])).toBe(true);
    expect(isBusinessDay('2021-12-27', ['england-and-wales'])).toBe(false);
  });

  it('close Wednesday 1 May 2024 for the euro while England and Wales work', () => {
    expect(isBusinessDay('2024-05-01', ['england-and-wales', 'target'])).toBe(false);
    expect(isBusinessDay('2024-05-01', ['england-and-wales'])).toBe(true);
  });

  it('leave the UK early May bank holiday (Monday 6 May 2024) open for T2', () => {
    expect(isBusinessDay('2024-05-06', ['target'])).toBe(true);
  });
});

describe('business days', () => {
  it('exclude Saturdays and Sundays', () => {
    expect(isBusinessDay('2024-06-08')).toBe(false);
    expect(isBusinessDay('2024-06-09')).toBe(false);
    expect(isBusinessDay('2024-06-10')).toBe(true);
  });

  it.each([
    ['2024-03-28', '2024-04-02', 'over Good Friday, the weekend and Easter Monday'],
    ['2024-12-24', '2024-12-27', 'over Christmas Day and Boxing Day'],
    ['2022-12-23', '2022-12-28', 'over a weekend Christmas and both substitute days'],
    ['2022-06-01', '2022-06-06', 'over the 2022 jubilee Thursday and Friday'],
    ['2023-05-05', '2023-05-09', 'over the coronation Monday'],
    ['2024-06-07', '2024-06-10', 'from a Friday to the Monday'],
    ['2024-06-08', '2024-06-10', 'from a Saturday to the Monday'],
  ])('follow %s with %s (%s)', (from, next) => {
    expect(nextBusinessDay(from)).toBe(next);
  });

  it('skip TARGET closing days when the euro calendar is asked too', () => {
    expect(nextBusinessDay('2024-04-30', ['england-and-wales', 'target'])).toBe('2024-05-02');
    expect(nextBusinessDay('2024-04-30', ['england-and-wales'])).toBe('2024-05-01');
  });

  it.each([
    ['2023-02-29', 'date-does-not-exist'],
    ['2024-13-01', 'date-does-not-exist'],
    ['2024-1-01', 'date-format'],
    ['2018-12-31', 'year-not-supported'],
  ])('refuse %s with the rule %s', (date, rule) => {
    expect(() => isBusinessDay(date)).toThrow(expect.objectContaining({ rule, field: 'date' }));
  });
});

describe('UK times across the summer-time changes', () => {
  it('read 00:30 on the spring-forward Sunday as GMT and 08:30 on the Monday after as BST', () => {
    expect(ukInstant('2024-03-31', '00:30').toISOString()).toBe('2024-03-31T00:30:00.000Z');
    expect(ukInstant('2024-04-02', '08:30').toISOString()).toBe('2024-04-02T07:30:00.000Z');
  });

  it('refuse 01:30 on the spring-forward Sunday, a time UK clocks skip', () => {
    expect(() => ukInstant('2024-03-31', '01:30')).toThrow(
      expect.objectContaining({ rule: 'time-does-not-exist' }),
    );
  });

  it('read 01:30 on the autumn Sunday, shown twice, as its first (BST) occurrence', () => {
    expect(ukInstant('2024-10-27', '01:30').toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(ukInstant('2024-10-28', '08:30').toISOString()).toBe('2024-10-28T08:30:00.000Z');
  });

  it('give the UK day of an instant, which in summer starts an hour before midnight UTC', () => {
    expect(ukDateOf(new Date('2024-06-04T23:30:00Z'))).toBe('2024-06-05');
    expect(ukDateOf(new Date('2024-01-04T23:30:00Z'))).toBe('2024-01-04');
  });

  it('refuse a date-time without a zone and a day that does not exist', () => {
    expect(() => parseInstant('2024-01-01T10:00:00')).toThrow(InvalidDateError);
    expect(() => parseInstant('2024-02-30T10:00:00Z')).toThrow(
      expect.objectContaining({ rule: 'date-does-not-exist' }),
    );
    expect(() => parseInstant(new Date(Number.NaN))).toThrow(InvalidDateError);
  });

  it('accept a date-time with an offset', () => {
    expect(parseInstant('2024-06-05T09:30:00+01:00').toISOString()).toBe('2024-06-05T08:30:00.000Z');
  });

  it('name the field of a refused local date', () => {
    expect(() => parseLocalDate('tomorrow', 'valueDate')).toThrow(
      expect.objectContaining({ field: 'valueDate' }),
    );
  });
});
