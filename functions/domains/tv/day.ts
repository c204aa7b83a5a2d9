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

/**
 * How many programmes a channel's card on today's /tv shows: the one on air and those after it.
 * The channel's own page has the whole day.
 */
export const GUIDE_WINDOW = 5;

/**
 * Today's card of a channel: from the programme on air (or the next to start) on, `size` in all;
 * late in the day, when fewer follow, the day's last `size` (the ended ones shown as past).
 * @example guideWindow([{ endsAt: 10 }, { endsAt: 20 }, { endsAt: 30 }], 15, 1) // [{ endsAt: 20 }]
 */
export function guideWindow<T extends { endsAt: number }>(
  programmes: readonly T[],
  now: number,
  size: number = GUIDE_WINDOW,
): T[] {
  const next = programmes.findIndex((p) => p.endsAt > now);
  const last = Math.max(0, programmes.length - size);
  const from = next === -1 ? last : Math.min(next, last);
  return programmes.slice(from, from + size);
}
