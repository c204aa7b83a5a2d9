/**
 * Which rendition the first segment comes in. A start at the lowest rendition paints soonest but
 * shows a viewer on a good connection a blurred picture for the first seconds, until the
 * rendition logic (ABR) has measured enough to climb. So the player starts at the best rendition
 * that fits the player and whose first segment arrives within START_FETCH_S at the bandwidth this
 * browser has measured, and at the lowest when nothing has been measured yet. For a recording,
 * head-start.ts warms the same rendition's playlist before the code arrives (a live playlist
 * changes every segment and is not warmed); engine.ts starts hls.js at it and hands hls.js the
 * same estimate to go on from.
 */

/** A rendition of a master playlist: its peak bitrate (BANDWIDTH, bit/s) and picture height. */
export interface Variant {
  bitrate: number;
  height: number;
}

/** The seconds our packager cuts a segment to (scripts/media/generate.mjs, SEGMENT_SECONDS). */
const SEGMENT_S = 2;
/** How long the first segment may take to arrive: the first frame's share of the network. */
const START_FETCH_S = 0.4;
/** Of the measured bandwidth, what a start counts on: a fifth stays in reserve for the line's dips. */
const SAFETY = 0.8;

/**
 * The index in `variants` to start at: the highest bitrate whose first segment arrives within
 * START_FETCH_S at `bps` and whose height the player shows (`maxHeight` device pixels; a
 * rendition one step above the player is allowed, as hls.js's own capping allows); the lowest
 * bitrate when `bps` is unknown or nothing fits.
 * @example startVariant([{ bitrate: 500e3, height: 240 }, { bitrate: 1.2e6, height: 480 }], 9e6, 720) // → 1
 */
export function startVariant(
  variants: readonly Variant[],
  bps: number | undefined,
  maxHeight: number,
): number {
  if (variants.length === 0) return -1;
  const byBitrate = variants
    .map((v, index) => ({ ...v, index }))
    .sort((a, b) => a.bitrate - b.bitrate);
  const lowest = byBitrate[0]!.index;
  if (!bps) return lowest;
  const cap = byBitrate.find((v) => v.height >= maxHeight)?.height ?? Number.POSITIVE_INFINITY;
  let best = lowest;
  for (const v of byBitrate) {
    if (v.height > cap) break;
    if ((v.bitrate * SEGMENT_S) / (bps * SAFETY) <= START_FETCH_S) best = v.index;
  }
  return best;
}

/**
 * The player's picture height in device pixels, for an element as wide as the player (16:9); a
 * slot still hidden has no width, its container has the player's.
 */
export const playerHeight = (el: Element): number =>
  Math.round(
    ((el.clientWidth || el.parentElement?.clientWidth || 1280) *
      9 *
      (window.devicePixelRatio || 1)) /
      16,
  );

/** The renditions of a master playlist's text, in its order, with each one's URI. */
export function parseVariants(master: string): (Variant & { uri: string })[] {
  const out: (Variant & { uri: string })[] = [];
  const lines = master.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bitrate = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const height = Number(/[:,]RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    if (uri) out.push({ bitrate, height, uri: uri.trim() });
  });
  return out;
}

const KEY = 'playerBandwidth';
/** A measurement older than this may be another network (the phone left the Wi-Fi). */
const FRESH_MS = 30 * 60_000;
/** Page files smaller than this arrive in a burst or two and tell more of latency than of bandwidth. */
const MIN_SAMPLE_BYTES = 16 * 1024;
/** No phone line is faster: a file that reads faster came in one burst and measured nothing. */
const MAX_BPS = 100e6;

/** One press reads one figure: the playlist warmed before the code came is the one hls.js starts at. */
const PRESS_MS = 10_000;
let lastReading: { at: number; bps: number | undefined } | null = null;

/**
 * This browser's download rate in bit/s, the best evidence first: what the last playback measured
 * (within FRESH_MS), else what this page's own files and the browser say (pageBandwidth), else
 * unknown. Read again after PRESS_MS.
 */
export function measuredBandwidth(): number | undefined {
  const now = performance.now();
  if (lastReading && now - lastReading.at < PRESS_MS) return lastReading.bps;
  lastReading = { at: now, bps: readBandwidth() };
  return lastReading.bps;
}

function readBandwidth(): number | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      bps?: number;
      at?: number;
    } | null;
    if (saved?.bps && saved.at && Date.now() - saved.at < FRESH_MS) return saved.bps;
  } catch {
    // Storage blocked or a foreign value: measure again.
  }
  const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
    (e) => ({ bytes: e.transferSize, seconds: (e.responseEnd - e.responseStart) / 1000 }),
  );
  const downlink = (navigator as { connection?: { downlink?: number } }).connection?.downlink;
  return pageBandwidth(files, downlink);
}

/**
 * The line's rate (bit/s) from this page's larger files (each from its first byte to its last, so
 * latency does not count) and the browser's own estimate (Network Information's `downlink`, Mbit/s;
 * Chrome's, from all its recent traffic, stops at 10): the greater of the files' median and the
 * browser's figure. A file that shared the line, or came from a busy server, reads slower, never
 * faster: the files' figure is a floor, and the browser's, from more traffic, is the better one
 * when it is higher. A page rich in art (a title's) measures its line
 * in its pictures; the TV guide's larger files are only the player's code, which arrives with the
 * press, beside the watch call: alone they would start every first live play at the lowest
 * rendition. Unknown when there is neither.
 * @example pageBandwidth([{ bytes: 131072, seconds: 0.25 }], 10) // → 10e6 (the files say 4.2e6)
 */
export function pageBandwidth(
  files: readonly { bytes: number; seconds: number }[],
  downlinkMbps: number | undefined,
): number | undefined {
  const rates = files
    .filter((f) => f.bytes >= MIN_SAMPLE_BYTES && f.seconds > 0)
    .map((f) => Math.min(MAX_BPS, (f.bytes * 8) / f.seconds))
    .sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  const browser = downlinkMbps ? downlinkMbps * 1e6 : undefined;
  if (median === undefined || browser === undefined) return median ?? browser;
  return Math.max(median, browser);
}

/** Keeps what playback measured for the next start; a failed write only costs the memory. */
export function rememberBandwidth(bps: number): void {
  if (!Number.isFinite(bps) || bps <= 0) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ bps: Math.round(bps), at: Date.now() }));
  } catch {
    // Storage full or blocked.
  }
}
