/**
 * The desktop TV guide's time axis: every channel's row shares one stretch of the day, a minute a
 * grid column, so a programme is as wide as it is long and the line at now stands at the same
 * place in every row. Computed on the server from the page's clock; the phone's list ignores it.
 */

/** The axis starts this long before now (rounded down to STEP), so what is on air shows whole. */
const BEFORE_S = 30 * 60;
/** The hours' marks step, and the axis's start rounding. */
const STEP_S = 30 * 60;
/** How much of the day one row shows: at 1024-1440 px about 4-6 px a minute. */
export const AXIS_S = 3 * 3600;

export interface Axis {
  /** Unix seconds at the axis's left edge and its right edge. */
  from: number;
  to: number;
  /** Unix seconds of each half-hour mark inside the axis (the first is `from`). */
  marks: number[];
}

/**
 * The axis around `now` (Unix seconds): from the half hour at or before `now` − 30 min, AXIS_S long.
 * @example timelineAxis(Date.parse('2026-01-01T17:10:00Z') / 1000).from // → 16:30 UTC
 */
export function timelineAxis(now: number): Axis {
  const from = Math.floor((now - BEFORE_S) / STEP_S) * STEP_S;
  const to = from + AXIS_S;
  const marks: number[] = [];
  for (let t = from; t < to; t += STEP_S) marks.push(t);
  return { from, to, marks };
}

/** Columns of the axis: one a minute. */
export const axisColumns = (axis: Axis): number => Math.round((axis.to - axis.from) / 60);

/**
 * A programme's grid columns on `axis` (`start / end`, 1-based, the end exclusive), cut to the
 * axis; null when none of it falls inside.
 * @example gridColumn(axis, axis.from + 600, axis.from + 2400) // → '11 / 41'
 */
export function gridColumn(axis: Axis, startsAt: number, endsAt: number): string | null {
  const last = axisColumns(axis) + 1;
  const start = Math.max(1, Math.floor((startsAt - axis.from) / 60) + 1);
  const end = Math.min(last, Math.ceil((endsAt - axis.from) / 60) + 1);
  return end > start ? `${start} / ${end}` : null;
}

/** Where `now` stands on `axis`, 0 at its left edge and 1 at its right. */
export const axisShare = (axis: Axis, now: number): number =>
  Math.min(1, Math.max(0, (now - axis.from) / (axis.to - axis.from)));
