import { calendarDay, DEFAULT_TIMEZONE, dayStart, SECONDS } from '../../shared/ru.ts';

/**
 * The guide's day starts at 05:00, as broadcasters' own schedules do: the night's films and
 * reruns belong to the evening before, and a day never begins in the middle of a late show.
 */
export const GUIDE_DAY_STARTS_AT = 5;
const OFFSET = GUIDE_DAY_STARTS_AT * SECONDS.hour;

/**
 * The moment a guide day starts, as unix seconds: 05:00 of that calendar day in the zone.
 * @example guideDayStart('2026-11-23') // 1763863200 (05:00 in Moscow = 02:00 UTC)
 */
export function guideDayStart(day: string, timeZone: string = DEFAULT_TIMEZONE): number {
  return dayStart(day, timeZone) + OFFSET;
}

/**
 * The guide day a moment belongs to, `YYYY-MM-DD`: before 05:00 it is still the day before.
 * @example guideDay(new Date('2026-11-23T23:30:00Z')) // '2026-11-23' (02:30 on the 24th in Moscow)
 */
export function guideDay(at: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  return calendarDay(new Date(at.getTime() - OFFSET * 1000), timeZone);
}

/**
 * The days a guide offers: yesterday, today and the next five, as `YYYY-MM-DD` (the daily job
 * keeps a week ahead, so the last one is always complete).
 * @example guideDays('2026-11-24') // ['2026-11-23', '2026-11-24', …, '2026-11-29']
 */
export function guideDays(today: string): string[] {
  const noon = dayStart(today, 'UTC') + 12 * SECONDS.hour;
  return Array.from({ length: 7 }, (_, i) =>
    calendarDay(new Date((noon + (i - 1) * SECONDS.day) * 1000), 'UTC'),
  );
}
