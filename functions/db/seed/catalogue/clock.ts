/**
 * Seed time: one reference day (Moscow), so the catalogue is byte-identical on every run and
 * "new", "upcoming" and "now on TV" are relative to a date a test can pin.
 */
export const DEFAULT_REFERENCE = '2026-11-23';
export const DAY = 86_400;
export const WEEK = 7 * DAY;
/** Moscow is UTC+3 all year (no DST since 2014). */
export const MSK_OFFSET = 3 * 3600;

/**
 * Unix seconds of 00:00 Moscow time on a `YYYY-MM-DD` day.
 * @example moscowMidnight('2026-11-23') // 1795381200 (2026-11-22T21:00:00Z)
 */
export function moscowMidnight(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`reference must be YYYY-MM-DD, got ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000 - MSK_OFFSET;
}

/** The calendar year (Moscow) of unix seconds. */
export function moscowYear(seconds: number): number {
  return new Date((seconds + MSK_OFFSET) * 1000).getUTCFullYear();
}

/** Unix seconds of 00:00 Moscow time on 1 January of a year. */
export function yearStart(year: number): number {
  return Date.UTC(year, 0, 1) / 1000 - MSK_OFFSET;
}
