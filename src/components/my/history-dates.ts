import { calendarDay, formatDayMonth } from '../../../functions/shared/ru.ts';
import { myPageTexts as t } from './texts.ts';

/**
 * The heading of a calendar day (Moscow time) seen from `now`: «Сегодня», «Вчера», «12 ноября»,
 * or «12 ноября 2024» when it is not this year.
 * @example dayHeading('2026-11-12', new Date('2026-11-23T12:00:00Z')) // '12 ноября'
 */
export function dayHeading(day: string, now: Date = new Date()): string {
  const today = calendarDay(now);
  if (day === today) return t.today;
  if (day === calendarDay(now.getTime() - 86_400_000)) return t.yesterday;
  // Noon UTC of the day is that same day in Moscow.
  const label = formatDayMonth(`${day}T12:00:00Z`);
  return day.slice(0, 4) === today.slice(0, 4) ? label : `${label} ${day.slice(0, 4)}`;
}

/** Items in runs of the same calendar day, in their order (newest first), each run with its heading. */
export function groupByDay<T extends { date: string }>(
  items: T[],
  now: Date = new Date(),
): { day: string; heading: string; items: T[] }[] {
  const groups: { day: string; heading: string; items: T[] }[] = [];
  for (const item of items) {
    const day = calendarDay(item.date);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, heading: dayHeading(day, now), items: [item] });
  }
  return groups;
}
