import { describe, expect, it } from 'vitest';
import { ONE_YEAR_SECONDS } from './cookies.ts';
import {
  calendarDay,
  DAYS_IN_MONTH,
  DAYS_IN_YEAR,
  DEFAULT_TIMEZONE,
  formatClock,
  formatDayMonth,
  formatDayMonthYear,
  formatDuration,
  formatUnit,
  formatUnitGenitive,
  isCalendarDay,
  plural,
  pluralForm,
  SECONDS,
  weekdayShort,
} from './ru.ts';

// Non-breaking space: ICU groups thousands with it in Russian.
const NBSP = '\u00a0';

describe('plural forms for years, months, days, hours', () => {
  // n → [years, months, days, hours]; covers one, few, many, the teens, and 0.
  const table: [number, string, string, string, string][] = [
    [1, 'год', 'месяц', 'день', 'час'],
    [2, 'года', 'месяца', 'дня', 'часа'],
    [4, 'года', 'месяца', 'дня', 'часа'],
    [5, 'лет', 'месяцев', 'дней', 'часов'],
    [11, 'лет', 'месяцев', 'дней', 'часов'],
    [12, 'лет', 'месяцев', 'дней', 'часов'],
    [14, 'лет', 'месяцев', 'дней', 'часов'],
    [21, 'год', 'месяц', 'день', 'час'],
    [22, 'года', 'месяца', 'дня', 'часа'],
    [25, 'лет', 'месяцев', 'дней', 'часов'],
    [101, 'год', 'месяц', 'день', 'час'],
    [111, 'лет', 'месяцев', 'дней', 'часов'],
    [112, 'лет', 'месяцев', 'дней', 'часов'],
    [0, 'лет', 'месяцев', 'дней', 'часов'],
  ];

  it.each(table)('%i takes %s, %s, %s, %s', (n, years, months, days, hours) => {
    expect(plural(n, 'years')).toBe(years);
    expect(plural(n, 'months')).toBe(months);
    expect(plural(n, 'days')).toBe(days);
    expect(plural(n, 'hours')).toBe(hours);
    expect(formatUnit(n, 'years')).toBe(`${n} ${years}`);
  });

  it('puts fractions in the genitive singular with a decimal comma', () => {
    expect(formatUnit(1.5, 'years')).toBe('1,5 года');
    expect(formatUnit(0.5, 'hours')).toBe('0,5 часа');
    expect(plural(2.5, 'days')).toBe('дня');
  });

  it('puts a count in the genitive, singular where the word would be singular', () => {
    const cases: [number, string][] = [
      [1, '1 месяца'],
      [2, '2 месяцев'],
      [5, '5 месяцев'],
      [11, '11 месяцев'],
      [21, '21 месяца'],
      [1.5, '1,5 месяца'],
    ];
    for (const [n, text] of cases) expect(formatUnitGenitive(n, 'months')).toBe(text);
    expect(formatUnitGenitive(1, 'years')).toBe('1 года');
    expect(formatUnitGenitive(5, 'years')).toBe('5 лет');
    expect(formatUnitGenitive(30, 'days')).toBe('30 дней');
    expect(formatUnitGenitive(10_000, 'days')).toBe(`10${NBSP}000 дней`);
  });

  it('groups thousands the Russian way', () => {
    expect(formatUnit(10_000, 'days')).toBe(`10${NBSP}000 дней`);
  });

  it('picks caller-supplied forms for nouns ICU has no unit for', () => {
    const films = { one: 'фильм', few: 'фильма', many: 'фильмов' };
    expect([1, 3, 5, 11, 21, 0].map((n) => pluralForm(n, films))).toEqual([
      'фильм',
      'фильма',
      'фильмов',
      'фильмов',
      'фильм',
      'фильмов',
    ]);
    expect(pluralForm(1.5, films)).toBe('фильма');
    expect(pluralForm(1.5, { ...films, other: 'фильма (дробь)' })).toBe('фильма (дробь)');
  });
});

describe('formatDuration', () => {
  it('counts a month as 30 days and a year as 365', () => {
    expect(formatDuration(30 * SECONDS.day)).toBe('1 месяц');
    expect(formatDuration(365 * SECONDS.day)).toBe('1 год');
    expect(formatDuration(364 * SECONDS.day)).toBe('12 месяцев 4 дня');
  });

  it('lists the parts largest first and leaves out zero parts', () => {
    expect(formatDuration(SECONDS.year + 3 * SECONDS.day + 5 * SECONDS.hour)).toBe(
      '1 год 3 дня 5 часов',
    );
    expect(formatDuration(48 * SECONDS.hour)).toBe('2 дня');
  });

  it('keeps only the largest parts when asked, rounding down', () => {
    const almostTwoMonths = 2 * SECONDS.month - 1;
    expect(formatDuration(almostTwoMonths, { maxParts: 1 })).toBe('1 месяц');
    expect(formatDuration(almostTwoMonths, { maxParts: 2 })).toBe('1 месяц 29 дней');
  });

  it('reads after «в течение» in the genitive: «в течение 1 месяца», «в течение 48 часов»', () => {
    const within = (seconds: number) => `в течение ${formatDuration(seconds, { genitive: true })}`;
    expect(within(30 * SECONDS.day)).toBe('в течение 1 месяца');
    expect(within(48 * SECONDS.hour)).toBe('в течение 2 дней');
    expect(within(21 * SECONDS.hour)).toBe('в течение 21 часа');
    expect(within(45 * SECONDS.day)).toBe('в течение 1 месяца 15 дней');
    expect(within(SECONDS.year)).toBe('в течение 1 года');
    expect(within(0)).toBe('в течение 0 часов');
  });

  it('drops what is under an hour and never goes negative', () => {
    expect(formatDuration(SECONDS.hour + 59 * SECONDS.minute)).toBe('1 час');
    expect(formatDuration(30 * SECONDS.minute)).toBe('0 часов');
    expect(formatDuration(-SECONDS.day)).toBe('0 часов');
  });
});

describe('dates in Russian, Moscow time by default', () => {
  const genitives = [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ];

  it.each(genitives.map((name, i) => [i + 1, name] as const))(
    'month %i is written "15 %s"',
    (month, name) => {
      const noonMoscow = `2026-${String(month).padStart(2, '0')}-15T09:00:00Z`;
      expect(formatDayMonth(noonMoscow)).toBe(`15 ${name}`);
    },
  );

  it('abbreviates the seven weekdays, Monday first', () => {
    // 2026-11-23 is a Monday; noon in Moscow is 09:00 UTC.
    const week = Array.from({ length: 7 }, (_, i) => weekdayShort(Date.UTC(2026, 10, 23 + i, 9)));
    expect(week).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  });

  it('uses the Moscow day around midnight, where UTC is still on the day before', () => {
    const lateSundayUtc = '2026-11-22T22:30:00Z'; // 01:30 Monday in Moscow (UTC+3)
    expect(weekdayShort(lateSundayUtc)).toBe('пн');
    expect(weekdayShort(lateSundayUtc, 'UTC')).toBe('вс');
    expect(formatDayMonth(lateSundayUtc)).toBe('23 ноября');
    expect(formatDayMonth(lateSundayUtc, 'UTC')).toBe('22 ноября');
    expect(calendarDay(lateSundayUtc)).toBe('2026-11-23');
    expect(calendarDay(lateSundayUtc, 'UTC')).toBe('2026-11-22');
  });

  it('crosses the year in Moscow first', () => {
    const newYearMoscow = new Date('2026-12-31T21:00:00Z');
    expect(calendarDay(newYearMoscow)).toBe('2027-01-01');
    expect(formatDayMonth(newYearMoscow)).toBe('1 января');
    expect(formatDayMonthYear(newYearMoscow)).toBe('1 января 2027');
    expect(formatDayMonthYear(newYearMoscow, 'UTC')).toBe('31 декабря 2026');
    expect(formatDayMonthYear('2025-03-12T09:00:00Z')).toBe('12 марта 2025');
    expect(calendarDay(newYearMoscow.getTime() - 1)).toBe('2026-12-31');
  });

  it('takes another time zone when given one', () => {
    // 22:30 UTC Sunday is 07:30 Monday in Vladivostok and 14:30 Sunday in Los Angeles.
    expect(weekdayShort('2026-11-22T22:30:00Z', 'Asia/Vladivostok')).toBe('пн');
    expect(weekdayShort('2026-11-22T22:30:00Z', 'America/Los_Angeles')).toBe('вс');
  });

  it('rejects an invalid date or time zone instead of printing garbage', () => {
    expect(() => formatDayMonth('not a date')).toThrow(RangeError);
    expect(() => weekdayShort(Date.now(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('docs/product.md, «Numbers» calendar units', () => {
  it('has the calendar units and the default time zone of the spec', () => {
    expect(DEFAULT_TIMEZONE).toBe('Europe/Moscow');
    expect(DAYS_IN_MONTH).toBe(30);
    expect(DAYS_IN_YEAR).toBe(365);
    expect(SECONDS).toEqual({
      minute: 60,
      hour: 3600,
      day: 86400,
      week: 604800,
      month: 2592000,
      year: 31536000,
    });
    expect(ONE_YEAR_SECONDS).toBe(SECONDS.year);
  });
});

describe('TV guide dates and times', () => {
  it('shows a time as hours and minutes in Moscow, or in the zone asked for', () => {
    expect(formatClock('2026-11-22T22:30:00Z')).toBe('01:30');
    expect(formatClock('2026-11-22T22:30:00Z', 'UTC')).toBe('22:30');
  });

  it('accepts only real calendar days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-23')).toBe(true);
    for (const bad of ['2026-13-45', '23.11.2026', '2026-1-3', '', 'завтра'])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
});
