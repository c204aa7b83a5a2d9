/**
 * Russian date, time and plural helpers (spec section 9), Europe/Moscow by default. Built on Intl;
 * the weekday abbreviations are the spec's fixed table.
 */

export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** Section 9 time constants. */
export const DAYS_IN_MONTH = 30;
export const DAYS_IN_YEAR = 365;
export const SECONDS = {
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
} as const;

export type PluralUnit = 'years' | 'months' | 'days' | 'hours' | 'minutes' | 'seconds';

/** Word forms for Intl.PluralRules('ru') categories: one (1, 21), few (2–4, 22), many (5–20, 0), other (fractions). */
const FORMS: Record<PluralUnit, Record<'one' | 'few' | 'many' | 'other', string>> = {
  years: { one: 'год', few: 'года', many: 'лет', other: 'года' },
  months: { one: 'месяц', few: 'месяца', many: 'месяцев', other: 'месяца' },
  days: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
  hours: { one: 'час', few: 'часа', many: 'часов', other: 'часа' },
  minutes: { one: 'минута', few: 'минуты', many: 'минут', other: 'минуты' },
  seconds: { one: 'секунда', few: 'секунды', many: 'секунд', other: 'секунды' },
};

const pluralRules = new Intl.PluralRules('ru');

/**
 * The word for `n` units in the right Russian plural form.
 * @example pluralWord(21, 'days') // 'день'; pluralWord(5, 'years') // 'лет'
 */
export function pluralWord(n: number, unit: PluralUnit): string {
  return FORMS[unit][pluralRules.select(n) as 'one' | 'few' | 'many' | 'other'];
}

/**
 * A number with its unit: `plural(3, 'months')` → '3 месяца'. Numbers use a non-breaking space.
 * @example plural(11, 'hours') // '11 часов'
 */
export function plural(n: number, unit: PluralUnit): string {
  return `${new Intl.NumberFormat('ru-RU').format(n)}\u00a0${pluralWord(n, unit)}`;
}

/** Weekday abbreviations, Monday first (spec section 9). */
export const WEEKDAYS_SHORT = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;

/** Genitive month names, as in "23 ноября", from Intl (day + month formats the genitive). */
export const MONTHS_GENITIVE: readonly string[] = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' })
    .formatToParts(Date.UTC(2026, m, 15))
    .find((p) => p.type === 'month')!.value,
);

function parts(date: Date | number, timeZone: string) {
  const get = (options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date).map((p) => [p.type, p.value]));
  const p = get({ year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    year: Number(p.year),
    month: Number(p.month) - 1,
    day: Number(p.day),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday!),
    time: `${p.hour}:${p.minute}`,
  };
}

/**
 * The weekday abbreviation of a moment in a time zone (Moscow by default).
 * @example weekdayShort(new Date('2026-11-22T22:30:00Z')) // 'пн' (it is already Monday in Moscow)
 */
export function weekdayShort(date: Date | number, timeZone = DEFAULT_TIMEZONE): string {
  return WEEKDAYS_SHORT[parts(date, timeZone).weekday]!;
}

/**
 * "23 ноября", or "23 ноября 2025" when the year differs from `now`'s, in Moscow time by default.
 * @example formatDayMonth(new Date('2026-11-23T10:00:00Z')) // '23 ноября'
 */
export function formatDayMonth(date: Date | number, timeZone = DEFAULT_TIMEZONE, now: Date | number = Date.now()): string {
  const d = parts(date, timeZone);
  const text = `${d.day}\u00a0${MONTHS_GENITIVE[d.month]}`;
  return d.year === parts(now, timeZone).year ? text : `${text} ${d.year}`;
}

/** "21:30" in Moscow time by default (TV guide, history). */
export function formatTime(date: Date | number, timeZone = DEFAULT_TIMEZONE): string {
  return parts(date, timeZone).time;
}

/**
 * A duration in seconds as Russian words, largest units first, at most two of them.
 * @example formatDuration(5400) // '1 час 30 минут'; formatDuration(SECONDS.year * 2) // '2 года'
 */
export function formatDuration(totalSeconds: number): string {
  const units: [PluralUnit, number][] = [
    ['years', SECONDS.year],
    ['months', SECONDS.month],
    ['days', SECONDS.day],
    ['hours', SECONDS.hour],
    ['minutes', SECONDS.minute],
    ['seconds', 1],
  ];
  let rest = Math.max(0, Math.round(totalSeconds));
  const out: string[] = [];
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 && out.length < 2) {
      out.push(plural(n, unit));
      rest -= n * size;
    } else if (out.length > 0) break;
  }
  return out.length ? out.join(' ') : plural(0, 'seconds');
}
