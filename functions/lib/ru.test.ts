import { describe, expect, it } from 'vitest';
import { DELAY_MS, BREAKPOINTS, COMPLETED_PROGRESS_PERCENT, USER_AGENT_MAX_LENGTH, AUTH_COOKIE_MAX_AGE } from './constants.ts';
import { DAYS_IN_MONTH, DAYS_IN_YEAR, MONTHS_GENITIVE, SECONDS, WEEKDAYS_SHORT, formatDayMonth, formatDuration, formatTime, plural, pluralWord, weekdayShort } from './ru.ts';

describe('plural forms (years, months, days, hours)', () => {
  it.each([
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
    [111, 'лет', 'месяцев', 'дней', 'часов'],
    [101, 'год', 'месяц', 'день', 'час'],
    [0, 'лет', 'месяцев', 'дней', 'часов'],
    [1.5, 'года', 'месяца', 'дня', 'часа'],
  ] as const)('%s → %s, %s, %s, %s', (n, years, months, days, hours) => {
    expect([pluralWord(n, 'years'), pluralWord(n, 'months'), pluralWord(n, 'days'), pluralWord(n, 'hours')]).toEqual([years, months, days, hours]);
  });

  it('writes the number with a non-breaking space and Russian digit grouping', () => {
    expect(plural(3, 'months')).toBe('3\u00a0месяца');
    expect(plural(1000, 'days')).toBe('1\u00a0000\u00a0дней');
  });
});

describe('months and weekdays', () => {
  it('has the twelve genitive month names', () => {
    expect(MONTHS_GENITIVE).toEqual(['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря']);
  });

  it('has the weekday abbreviations, Monday first', () => {
    expect(WEEKDAYS_SHORT).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  });

  it('tells the weekday in Moscow, which differs from UTC around midnight', () => {
    const late = new Date('2026-11-22T22:30:00Z'); // Sunday 22:30 UTC = Monday 01:30 MSK
    expect(weekdayShort(late)).toBe('пн');
    expect(weekdayShort(late, 'UTC')).toBe('вс');
    expect(formatTime(late)).toBe('01:30');
  });

  it('formats "23 ноября", adding the year only when it is not the current one', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatDayMonth(new Date('2026-11-23T10:00:00Z'), undefined, now)).toBe('23\u00a0ноября');
    expect(formatDayMonth(new Date('2025-03-08T10:00:00Z'), undefined, now)).toBe('8\u00a0марта 2025');
    expect(formatDayMonth(new Date('2026-12-31T21:30:00Z'), undefined, now)).toBe('1\u00a0января 2027');
  });
});

describe('durations', () => {
  it.each([
    [0, '0\u00a0секунд'],
    [45, '45\u00a0секунд'],
    [5400, '1\u00a0час 30\u00a0минут'],
    [SECONDS.day + 3 * SECONDS.hour, '1\u00a0день 3\u00a0часа'],
    [2 * SECONDS.year, '2\u00a0года'],
    [SECONDS.month * 5 + 60, '5\u00a0месяцев'],
  ])('%s s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});

describe('section 9 constants', () => {
  it('hold the spec values', () => {
    expect(SECONDS).toEqual({ minute: 60, hour: 3600, day: 86400, week: 604800, month: 2592000, year: 31536000 });
    expect([DAYS_IN_MONTH, DAYS_IN_YEAR]).toEqual([30, 365]);
    expect(DELAY_MS).toEqual({ reloadAfter401: 100, resizeDebounce: 250, defaultDebounce: 1000, loader: 200, cookiePolling: 300, doubledViewThreshold: 10000 });
    expect(BREAKPOINTS).toEqual([1920, 1440, 1366, 1024, 768, 320]);
    expect([COMPLETED_PROGRESS_PERCENT, USER_AGENT_MAX_LENGTH, AUTH_COOKIE_MAX_AGE]).toEqual([95, 500, 31536000]);
  });
});
