import { canReadReports, staffQuery, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { run } from '../../db/run.ts';
import { calendarDay } from '../../shared/ru.ts';
import {
  type DayCount,
  type DayRange,
  type PageTypeCount,
  reportQueries,
  type SourceCount,
  type TitleCount,
} from './repo.ts';

/** The range a report shows without one asked: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** The longest range one report reads: a year, so one request never scans the whole store. */
export const MAX_DAYS = 366;
/** Rows of the top titles and of the sources. */
const TOP = 10;

const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const span = (r: DayRange) =>
  Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The Moscow-day range a report's query asks for. Missing or unreadable days take the default
 * (the last 30 days); a reversed range is turned round; a range longer than a year keeps its end.
 * @example reportRange('2026-11-01', '2026-11-07', new Date('2026-11-24T12:00:00Z')) // { from: '2026-11-01', to: '2026-11-07' }
 */
export function reportRange(from: string | null, to: string | null, now = new Date()): DayRange {
  const end = isDay(to) ? to : calendarDay(now);
  const start = isDay(from) ? from : shift(end, -(DEFAULT_DAYS - 1));
  const range = start <= end ? { from: start, to: end } : { from: end, to: start };
  return span(range) > MAX_DAYS ? { from: shift(range.to, -(MAX_DAYS - 1)), to: range.to } : range;
}

export interface StatsReport {
  range: DayRange;
  /** Every day of the range, a day without events at zero. */
  days: DayCount[];
  titles: TitleCount[];
  pageTypes: PageTypeCount[];
  sources: SourceCount[];
  totals: { pageViews: number; views: number };
}

/**
 * The staff report for a range, or null when this viewer may not read it (functions/access,
 * canReadReports). One read for the staff check, one batch for every figure.
 */
export async function statsReport(viewer: Viewer, range: DayRange): Promise<StatsReport | null> {
  const accountId = Number(viewer.account);
  if (!viewer.account || !Number.isSafeInteger(accountId)) return null;
  const d = d1();
  const isStaff = await run(staffQuery(d, accountId));
  if (!canReadReports(viewer, isStaff)) return null;
  const [counted, titles, pageTypes, sources] = await reportQueries(d, range, TOP);
  const byDay = new Map(counted.map((c) => [c.day, c]));
  const days: DayCount[] = [];
  for (let day = range.from; day <= range.to; day = shift(day, 1))
    days.push(byDay.get(day) ?? { day, pageViews: 0, views: 0 });
  const totals = {
    pageViews: days.reduce((n, d) => n + d.pageViews, 0),
    views: days.reduce((n, d) => n + d.views, 0),
  };
  return { range, days, titles, pageTypes, sources, totals };
}
