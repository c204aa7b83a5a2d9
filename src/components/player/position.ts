/**
 * Where playback stands, in media seconds: the range a viewer can seek in, how far the buffer
 * reaches, and for live how far behind the edge it is. Pure: the media's time ranges come in.
 */

import { playerTexts as t } from './texts.ts';
import { clock, spokenDuration, timelineText } from './time.ts';

/** A media element's TimeRanges (seekable, buffered). */
export interface Ranges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

export interface Range {
  start: number;
  end: number;
}

/** The seekable range, the live edge (the range's end on a recording) and the position. */
export interface Position extends Range {
  live: boolean;
  edge: number;
  now: number;
}

/** Closer than this to the live edge counts as «В эфире». */
const LIVE_SLACK_S = 10;
/** A seek stops this short of the end: at the very end a browser would report the media ended. */
const END_MARGIN_S = 0.1;
/** A buffered range starting this close ahead of the position still counts as buffered from it. */
const BUFFER_GAP_S = 0.5;

/**
 * The seekable range (live: the DVR window), else 0 to the media's duration, else to `duration`
 * (the answer's, before the media knows its own).
 * @example playRange(null, 2880) // { start: 0, end: 2880 }
 */
export function playRange(
  media: { seekable: Ranges; duration: number } | null,
  duration: number,
): Range {
  const s = media?.seekable;
  if (media && s?.length) return { start: s.start(0), end: s.end(s.length - 1) };
  return { start: 0, end: media && Number.isFinite(media.duration) ? media.duration : duration };
}

/**
 * A seek target kept inside `range`, just short of its end.
 * @example seekTarget(5000, { start: 0, end: 2880 }) // 2879.9
 */
export const seekTarget = (time: number, { start, end }: Range): number =>
  Math.min(Math.max(time, start), Math.max(start, end - END_MARGIN_S));

/**
 * How far playback can go on from `now` without waiting: the end of the buffered range that
 * holds it.
 * @example bufferedUntil(ranges([[0, 30]]), 12) // 30
 */
export function bufferedUntil(buffered: Ranges | undefined, now: number): number {
  let until = now;
  if (buffered)
    for (let i = 0; i < buffered.length; i++)
      if (buffered.start(i) <= now + BUFFER_GAP_S) until = Math.max(until, buffered.end(i));
  return until;
}

/**
 * The position with the timeline's words and the live badge: on live, whether playback is at the edge and, if not,
 * how far behind it; on a recording, the position out of the duration.
 * @example timelineState({ live: true, start: 0, end: 600, edge: 600, now: 595 }).atLive // true
 */
export function timelineState(o: Position) {
  const behind = Math.max(0, o.edge - o.now);
  const atLive = o.live && behind < LIVE_SLACK_S;
  const valueText = o.live
    ? atLive
      ? t.atLive
      : `${spokenDuration(behind)} ${t.behindLive}`
    : timelineText(o.now - o.start, o.end - o.start);
  return { ...o, atLive, valueText };
}

/** Where playback stands, as the timeline and the bar show it (timelineState). */
export type Timeline = ReturnType<typeof timelineState>;

/**
 * What the controls draw from a position, as one string: the clock, the slider's whole seconds
 * and words, the live badge. It changes at most once a second of playback, and the player
 * renders again only when it does (docs/decisions.md, «The player renders when what it shows
 * changes»); the bar's own movement needs no render.
 * @example drawnTime(timelineState({ live: false, start: 0, end: 60, edge: 60, now: 12.2 })) === drawnTime(timelineState({ live: false, start: 0, end: 60, edge: 60, now: 12.9 })) // true
 */
export const drawnTime = (p: Timeline): string =>
  [
    clock(p.now - p.start),
    clock(p.end - p.start),
    Math.floor(p.start),
    Math.floor(p.end),
    Math.floor(p.edge),
    Math.floor(p.now),
    p.valueText,
    p.atLive,
  ].join(' ');
