import { describe, expect, it } from 'vitest';
import {
  bufferedUntil,
  drawnTime,
  playRange,
  type Ranges,
  seekTarget,
  timelineState,
} from './position.ts';
import { playerTexts as t } from './texts.ts';

/** TimeRanges of a media element, from [start, end] pairs. */
const ranges = (pairs: [number, number][]): Ranges => ({
  length: pairs.length,
  start: (i) => pairs[i]![0],
  end: (i) => pairs[i]![1],
});

describe('where playback stands', () => {
  it('seeks within the seekable range (live: the DVR window), else up to the duration', () => {
    expect(
      playRange(
        {
          seekable: ranges([
            [100, 400],
            [400, 700],
          ]),
          duration: Infinity,
        },
        0,
      ),
    ).toEqual({
      start: 100,
      end: 700,
    });
    expect(playRange({ seekable: ranges([]), duration: 2875.5 }, 2880)).toEqual({
      start: 0,
      end: 2875.5,
    });
    // Before the media knows its duration, the answer's.
    expect(playRange({ seekable: ranges([]), duration: Number.NaN }, 2880).end).toBe(2880);
    expect(playRange(null, 2880).end).toBe(2880);
  });

  it('keeps a seek inside the range, just short of its end', () => {
    const range = { start: 100, end: 700 };
    expect(seekTarget(50, range)).toBe(100);
    expect(seekTarget(300, range)).toBe(300);
    expect(seekTarget(900, range)).toBeCloseTo(699.9);
    // An empty range has nowhere to go but its start.
    expect(seekTarget(10, { start: 0, end: 0 })).toBe(0);
  });

  it('counts as buffered the range that holds the position or starts just ahead of it', () => {
    const buffered = ranges([
      [0, 30],
      [30.4, 60],
      [90, 120],
    ]);
    expect(bufferedUntil(buffered, 12)).toBe(30);
    expect(bufferedUntil(buffered, 30)).toBe(60);
    expect(bufferedUntil(buffered, 70)).toBe(70);
    expect(bufferedUntil(undefined, 5)).toBe(5);
  });

  it('tells a live viewer whether they are at the edge, or how far behind it', () => {
    const live = { live: true, start: 0, end: 600, edge: 600 };
    expect(timelineState({ ...live, now: 595 })).toMatchObject({
      atLive: true,
      valueText: t.atLive,
    });
    expect(timelineState({ ...live, now: 480 })).toMatchObject({
      atLive: false,
      valueText: `2 минуты ${t.behindLive}`,
    });
  });

  it('reads a recording as its position out of its length', () => {
    const s = timelineState({ live: false, start: 0, end: 2880, edge: 2880, now: 725 });
    expect(s).toMatchObject({ atLive: false, valueText: '12 минут 5 секунд из 48 минут' });
  });

  it('changes what the controls draw once a second of playback, not on each time event', () => {
    const film = { live: false, start: 0, end: 5400, edge: 5400 };
    const at = (now: number, o: Partial<typeof film> = {}) =>
      drawnTime(timelineState({ ...film, ...o, now }));
    expect(at(12.2)).toBe(at(12.95));
    expect(at(12.95)).not.toBe(at(13.05));
    // Past an hour the words drop the seconds; the clock still ticks each one.
    expect(at(3725.2)).not.toBe(at(3726.2));
    // The media came to know its length.
    expect(at(12.2)).not.toBe(at(12.2, { end: 5399, edge: 5399 }));
    // Live: the edge moves on while the viewer stays behind it.
    const live = { live: true, start: 0, end: 600 };
    expect(at(480, { ...live, edge: 600 })).not.toBe(at(480, { ...live, edge: 601 }));
  });
});
