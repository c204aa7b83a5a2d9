import { DVR_SECONDS } from './limits.ts';

/**
 * A live channel made of a clip played in a loop, computed from the clock alone (no state): the
 * segment on air at time t is k = floor((t - LIVE_EPOCH) / d) + phase, and segment k plays the
 * clip's segment k mod N. The media playlist is a sliding window of the last DVR_SECONDS; its media sequence is
 * the first segment's k, so it only grows; each loop wrap starts a new discontinuity, and the
 * discontinuity sequence counts the wraps before the window's first segment (floor(k / N)).
 */

/**
 * When the channels went on air (2026-11-01 00:00 UTC): segments and loop wraps are counted from
 * here, not from 1970. hls.js walks its per-discontinuity timestamps up to the playlist's
 * discontinuity sequence on every playlist load; counted from 1970 that sequence was 37 million,
 * and each load (every two seconds, per rendition) took seconds of the page's main thread. From
 * here it grows by about 54,000 a month for a 48-second loop: a millisecond or two per load in the
 * first months (docs/decisions.md, «Live numbering from the channels' epoch»).
 */
export const LIVE_EPOCH = 1_793_491_200;

export interface LiveClip {
  /** Segments in the clip (N). */
  segments: number;
  /** Seconds per segment (d). */
  segmentDuration: number;
}

/** The channel's offset into the loop, so channels playing the same clip do not show the same picture. */
export const livePhase = (channelId: number, segments: number) => (channelId * 7) % segments;

/** The segments of the window at `now` (unix seconds, fractions allowed): [first, last] k. */
export function liveWindow(clip: LiveClip, channelId: number, now: number) {
  const { segments, segmentDuration } = clip;
  const phase = livePhase(channelId, segments);
  // The segment being aired now is not complete yet: the window ends with the one before it.
  const last = Math.floor((now - LIVE_EPOCH) / segmentDuration) + phase - 1;
  const count = Math.max(1, Math.floor(DVR_SECONDS / segmentDuration));
  return { first: last - count + 1, last, phase };
}

/** The R2 segment a live segment k plays (seg-00000.m4s numbering of the clip). */
export const clipSegment = (k: number, segments: number) =>
  `seg-${String(((k % segments) + segments) % segments).padStart(5, '0')}.m4s`;

/**
 * The media playlist of one rendition at `now`; segment URIs are relative (`seg-<k>.m4s`), the
 * route maps them back to the clip's segment. The clip's initialisation segment (`init.mp4`) is
 * named at the top and again after each wrap: only the first is needed, the repeat lets each loop
 * read on its own, and a player keeps one init per address.
 * @example livePlaylist({ segments: 24, segmentDuration: 2 }, 3, 1_800_000_000)
 */
export function livePlaylist(clip: LiveClip, channelId: number, now: number): string {
  const { segments: n, segmentDuration: d } = clip;
  const { first, last, phase } = liveWindow(clip, channelId, now);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(d)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / n)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let k = first; k <= last; k++) {
    // The first segment's discontinuity is already counted in the sequence above.
    if (k > first && k % n === 0) lines.push('#EXT-X-DISCONTINUITY');
    if (k === first || k % n === 0)
      lines.push(
        `#EXT-X-MAP:URI="init.mp4"`,
        `#EXT-X-PROGRAM-DATE-TIME:${new Date((LIVE_EPOCH + (k - phase) * d) * 1000).toISOString()}`,
      );
    lines.push(`#EXTINF:${d.toFixed(3)},`, `seg-${k}.m4s`);
  }
  lines.push('');
  return lines.join('\n');
}

interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}
interface AudioRendition {
  name: string;
  lang: string;
  label: string;
  default?: boolean;
  codecs?: string;
}

const quoted = (text: string) => text.replace(/"/g, "'");

/** The master playlist of a live channel: the clip's renditions, each a computed live playlist. */
export function liveMaster(video: readonly Rendition[], audio: readonly AudioRendition[]): string {
  const audioCodec = audio.find((a) => a.codecs)?.codecs;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of audio)
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="${quoted(a.lang)}",NAME="${quoted(a.label)}",DEFAULT=${a.default ? 'YES' : 'NO'},AUTOSELECT=YES,URI="${a.name}/index.m3u8"`,
    );
  for (const v of video) {
    const codecs = [v.codecs, audioCodec].filter(Boolean).join(',');
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${quoted(codecs)}"${audio.length ? ',AUDIO="aud"' : ''}`,
      `${v.name}/index.m3u8`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
