import { describe, expect, it } from 'vitest';
import { livePlaylist } from './live-playlist.ts';

/** The clock is the input: each playlist is read at a given time, never at the test's. */
const clip = { segments: 24, segmentDuration: 2 };
const CHANNEL = 3;

interface Parsed {
  sequence: number;
  discontinuitySequence: number;
  /** Each segment: its URI and its discontinuity number (as a player counts it). */
  segments: { uri: string; cc: number; k: number }[];
  text: string;
}

function parse(text: string): Parsed {
  const lines = text.trim().split('\n');
  const value = (tag: string) => Number(lines.find((l) => l.startsWith(tag))!.split(':')[1]);
  const sequence = value('#EXT-X-MEDIA-SEQUENCE');
  const discontinuitySequence = value('#EXT-X-DISCONTINUITY-SEQUENCE');
  let cc = discontinuitySequence;
  const segments: Parsed['segments'] = [];
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') cc++;
    else if (!line.startsWith('#'))
      segments.push({ uri: line, cc, k: Number(/\d+/.exec(line)![0]) });
  }
  return { sequence, discontinuitySequence, segments, text };
}

const at = (t: number) => parse(livePlaylist(clip, CHANNEL, t));

describe('a live playlist computed from the clock', () => {
  const start = 1_800_000_001.5;

  it('is a 10-minute window without an end or a playlist type', () => {
    const p = at(start);
    expect(p.segments).toHaveLength(300);
    expect(p.text).not.toContain('#EXT-X-ENDLIST');
    expect(p.text).not.toContain('#EXT-X-PLAYLIST-TYPE');
    expect(p.sequence).toBe(p.segments[0]!.k);
    expect(p.segments.map((s) => s.k - p.sequence)).toEqual(p.segments.map((_, i) => i));
  });

  it('shares all but one segment with the playlist two seconds later, and its sequence moves by one', () => {
    for (const t of [start, start + 17, start + 123_456.25, 1_900_000_000]) {
      const a = at(t);
      const b = at(t + 2);
      expect(b.sequence).toBe(a.sequence + 1);
      expect(b.segments.slice(0, -1).map((s) => s.uri)).toEqual(
        a.segments.slice(1).map((s) => s.uri),
      );
      // Every segment both list keeps its discontinuity number.
      expect(b.segments.slice(0, -1).map((s) => s.cc)).toEqual(
        a.segments.slice(1).map((s) => s.cc),
      );
    }
  });

  it('never goes back: sequence numbers grow with time within a segment and across', () => {
    let previous = -Infinity;
    for (let t = start; t < start + 120; t += 0.7) {
      const { sequence } = at(t);
      expect(sequence).toBeGreaterThanOrEqual(previous);
      previous = sequence;
    }
  });

  it('marks each loop wrap with a discontinuity and counts wraps that left the window', () => {
    const p = at(start);
    for (const s of p.segments) expect(s.cc).toBe(Math.floor(s.k / clip.segments));
    const wraps = p.segments.filter((s, i) => i > 0 && s.k % clip.segments === 0).length;
    expect(p.text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(wraps);
    // Fragmented MP4: the window's first segment and each wrap's name the initialisation segment.
    expect(p.text.match(/#EXT-X-MAP:URI="init\.mp4"\n/g)).toHaveLength(wraps + 1);
    expect(p.text.indexOf('#EXT-X-MAP')).toBeLessThan(p.text.indexOf('#EXTINF'));
    // The moment a wrap's segment becomes the window's first, its tag goes and the sequence counts it.
    let t = start;
    while (at(t).segments[0]!.k % clip.segments !== 0) t += 2;
    const before = at(t - 2);
    const after = at(t);
    expect(after.discontinuitySequence).toBe(before.discontinuitySequence + 1);
    expect(after.segments[0]!.cc).toBe(before.segments[1]!.cc);
  });

  it("dates the window by the clock and plays the clip looped from the channel's own phase", () => {
    const p = at(start);
    const date = /#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(p.text)![1]!;
    const lastEnd = Date.parse(date) / 1000 + p.segments.length * clip.segmentDuration;
    expect(lastEnd).toBeLessThanOrEqual(start);
    expect(lastEnd).toBeGreaterThan(start - clip.segmentDuration);
    const other = parse(livePlaylist(clip, CHANNEL + 1, start));
    expect(other.segments.at(-1)!.k % clip.segments).not.toBe(p.segments.at(-1)!.k % clip.segments);
  });
});

describe('the numbering of a live playlist', () => {
  it("counts segments and loop wraps from the channels' epoch, not from 1970", () => {
    // A month after the epoch: the wraps hls.js walks on every playlist load stay in the tens of
    // thousands (counted from 1970 they were 37 million, seconds of the page's main thread a load).
    const monthLater = parse(livePlaylist(clip, CHANNEL, 1_793_491_200 + 30 * 86_400));
    expect(monthLater.discontinuitySequence).toBeLessThan(60_000);
    expect(monthLater.sequence).toBeLessThan(60_000 * clip.segments);
  });
});
