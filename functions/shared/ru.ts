/**
 * Russian dates, plurals and the calendar units of docs/product.md, «Numbers».
 * Everything goes through `Intl` (conventions rule 7): ICU knows the Russian forms of the time units,
 * the genitive month names and the weekday abbreviations, so this file keeps no word tables.
 */

/** docs/product.md, «Numbers»: dates shown to users are in Moscow time unless a caller passes another zone. */
export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** docs/product.md, «Numbers»: a month is counted as 30 days, a year as 365 (tariff periods, cookie lifetimes). */
export const DAYS_IN_MONTH = 30;
export const DAYS_IN_YEAR = 365;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/product.md, «Numbers»: seconds in each calendar unit; month and year follow DAYS_IN_MONTH and DAYS_IN_YEAR. */
export const SECONDS = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: DAYS_IN_MONTH * DAY,
  year: DAYS_IN_YEAR * DAY,
} as const;

/** The units docs/product.md, «Numbers» asks plural forms for. */
export type TimeUnit = 'years' | 'months' | 'days' | 'hours';

const ICU_UNIT: Record<TimeUnit, string> = {
  years: 'year',
  months: 'month',
  days: 'day',
  hours: 'hour',
};

/** Date-like input: a Date, epoch milliseconds, or an ISO string as the API sends it. */
export type DateInput = Date | number | string;

// Building an Intl formatter costs far more than using one; keep one per (kind, zone).
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules;
const formatters = new Map<string, Formatter>();

function cached<T extends Formatter>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const unitFormat = (unit: TimeUnit) =>
  cached(`unit|${unit}`, () => {
    return new Intl.NumberFormat('ru-RU', {
      style: 'unit',
      unit: ICU_UNIT[unit],
      unitDisplay: 'long',
    });
  });

const pluralRules = () => cached('plural', () => new Intl.PluralRules('ru'));

const dateFormat = (kind: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  cached(
    `date|${kind}|${timeZone}`,
    () => new Intl.DateTimeFormat('ru-RU', { ...options, timeZone }),
  );

/**
 * The number with its unit in the right Russian form; fractions take the genitive singular.
 * @example formatUnit(5, 'years') // '5 лет'
 * @example formatUnit(1.5, 'days') // '1,5 дня'
 */
export function formatUnit(n: number, unit: TimeUnit): string {
  return unitFormat(unit).format(n);
}

/**
 * The unit word alone, in the form that goes with `n`.
 * @example plural(1, 'years') // 'год'
 * @example plural(22, 'years') // 'года'
 * @example plural(11, 'hours') // 'часов'
 */
export function plural(n: number, unit: TimeUnit): string {
  return unitFormat(unit)
    .formatToParts(n)
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('');
}

/**
 * The number with its unit in the genitive, as after «в течение» or «до»: ICU has no cases, but its
 * fraction form is the genitive singular («1,5 месяца») and its «many» form the genitive plural
 * («5 месяцев»); a number whose word would be singular takes the first, any other the second.
 * @example formatUnitGenitive(1, 'months') // '1 месяца'
 * @example formatUnitGenitive(3, 'months') // '3 месяцев'
 * @example formatUnitGenitive(21, 'days') // '21 дня'
 */
export function formatUnitGenitive(n: number, unit: TimeUnit): string {
  const category = pluralRules().select(n);
  const word = plural(category === 'one' || category === 'other' ? 1.5 : 5, unit);
  return unitFormat(unit)
    .formatToParts(n)
    .map((part) => (part.type === 'unit' ? word : part.value))
    .join('');
}

/** Word forms for Russian plural categories; `other` (fractions) falls back to `few`. */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other?: string;
}

/**
 * The form of any word for `n`, picked by `Intl.PluralRules('ru')`: for nouns ICU has no unit for
 * (films, seasons, episodes). The caller supplies the words, kept in its domain's texts.ts.
 * @example pluralForm(21, { one: 'фильм', few: 'фильма', many: 'фильмов' }) // 'фильм'
 */
export function pluralForm(n: number, forms: PluralForms): string {
  const category = pluralRules().select(n);
  if (category === 'one' || category === 'few' || category === 'many') return forms[category];
  return forms.other ?? forms.few;
}

const DURATION_UNITS = [
  ['years', SECONDS.year],
  ['months', SECONDS.month],
  ['days', SECONDS.day],
  ['hours', SECONDS.hour],
] as const satisfies readonly (readonly [TimeUnit, number])[];

/**
 * A duration in seconds as years, months, days and hours (month 30 days, year 365), largest first,
 * zero parts left out. Each part is rounded down and what is under an hour is dropped, so a period
 * is never shown longer than it is; with `maxParts` only the largest parts are kept; `genitive`
 * puts it in the case «в течение» takes.
 * @example formatDuration(45 * 86_400) // '1 месяц 15 дней'
 * @example formatDuration(400 * 86_400 + 5 * 3_600, { maxParts: 2 }) // '1 год 1 месяц'
 * @example formatDuration(30 * 86_400, { genitive: true }) // '1 месяца'
 * @example formatDuration(1_800) // '0 часов'
 */
export function formatDuration(
  seconds: number,
  options: { maxParts?: number; genitive?: boolean } = {},
): string {
  const maxParts = options.maxParts ?? DURATION_UNITS.length;
  const format = options.genitive ? formatUnitGenitive : formatUnit;
  let rest = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < maxParts) parts.push(format(count, unit));
  }
  return parts.length > 0 ? parts.join(' ') : format(0, 'hours');
}

function toDate(date: DateInput): Date {
  return date instanceof Date ? date : new Date(date);
}

/**
 * Day and genitive month name, as in "23 ноября": ICU puts the month in the genitive when a day
 * goes with it, which is the form the spec asks for.
 * @throws RangeError for an invalid date or time zone.
 * @example formatDayMonth('2026-11-22T22:30:00Z') // '23 ноября' (already the 23rd in Moscow)
 * @example formatDayMonth('2026-11-22T22:30:00Z', 'UTC') // '22 ноября'
 */
export function formatDayMonth(date: DateInput, timeZone: string = DEFAULT_TIMEZONE): string {
  return dateFormat('day-month', timeZone, { day: 'numeric', month: 'long' }).format(toDate(date));
}

/**
 * Two-letter weekday abbreviation in lower case: пн, вт, ср, чт, пт, сб, вс.
 * @throws RangeError for an invalid date or time zone.
 * @example weekdayShort('2026-11-22T22:30:00Z') // 'пн' (Monday in Moscow, still Sunday in UTC)
 */
export function weekdayShort(date: DateInput, timeZone: string = DEFAULT_TIMEZONE): string {
  return dateFormat('weekday', timeZone, { weekday: 'short' }).format(toDate(date));
}

/**
 * The calendar day in the zone as `YYYY-MM-DD`: the key to group by date (viewing history, TV
 * schedule) so that a view at 01:00 Moscow time lands on the Moscow day, not the UTC one.
 * @throws RangeError for an invalid date or time zone.
 * @example calendarDay('2026-11-22T22:30:00Z') // '2026-11-23'
 */
export function calendarDay(date: DateInput, timeZone: string = DEFAULT_TIMEZONE): string {
  const format = dateFormat('calendar-day', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = format.formatToParts(toDate(date));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Hours and minutes in the zone, as a programme guide shows them.
 * @throws RangeError for an invalid date or time zone.
 * @example formatClock('2026-11-22T22:30:00Z') // '01:30'
 */
export function formatClock(date: DateInput, timeZone: string = DEFAULT_TIMEZONE): string {
  return dateFormat('clock', timeZone, { hour: '2-digit', minute: '2-digit' }).format(toDate(date));
}

/**
 * Whether a value is a real calendar day written `YYYY-MM-DD` (a `?date=` of the TV guide).
 * @example isCalendarDay('2026-11-23') // true; isCalendarDay('2026-13-45') // false
 */
export function isCalendarDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * The moment a calendar day starts in a time zone, as unix seconds.
 * @example dayStart('2026-11-23') // 1763845200 (00:00 in Moscow = 21:00 UTC the day before)
 */
export function dayStart(day: string, timeZone: string = DEFAULT_TIMEZONE): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The zone's offset at that moment, read back through Intl (correct across DST changes but
  // for the hour of the change itself, which no schedule starts a day in).
  const local = new Date(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }).format(utcMidnight),
  );
  const offset =
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ) - utcMidnight;
  return (utcMidnight - offset) / 1000;
}

/** Whether Intl knows the time zone (IANA name). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The day with its month and year in the zone, as a date stands alone on a page (an episode's
 * release): «12 марта 2025», without the «г.» Intl adds.
 * @throws RangeError for an invalid date or time zone.
 * @example formatDayMonthYear('2025-03-12T09:00:00Z') // '12 марта 2025'
 */
export function formatDayMonthYear(date: DateInput, timeZone: string = DEFAULT_TIMEZONE): string {
  return `${formatDayMonth(date, timeZone)} ${calendarDay(date, timeZone).slice(0, 4)}`;
}
