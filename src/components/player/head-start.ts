/**
 * What a press of «Смотреть» can start before the player's code has arrived: the watch call, from
 * the mouse button going down (or Enter) on the link, and the playlists it names, into the browser's
 * HTTP cache, where hls.js then finds them. Hover and focus fetch only the code (launcher.ts): a
 * watch call opens a stream, which holds one of the account's two places until 90 s after its
 * last heartbeat (docs/product.md, «Numbers»), so it waits for a press.
 */
import type { ApiResult } from '../../lib/api-client.ts';
import { measuredBandwidth, parseVariants, playerHeight, startVariant } from './start-level.ts';
import { fetchWatch, type WatchAnswer, type WatchTarget } from './watch-api.ts';

/** How long an answer asked for on pointer-down waits for its click. */
const PRESS_MS = 5_000;

let early: { key: string; at: number; answer: Promise<ApiResult<WatchAnswer>> } | null = null;

/** Asks for `target`'s watch answer now; the press's click takes it (watchAnswer). */
export function askEarly(target: WatchTarget): void {
  const key = JSON.stringify(target);
  if (early?.key === key && performance.now() - early.at < PRESS_MS) return;
  const answer = fetchWatch(target);
  void answer.then(warmPlaylists);
  early = { key, at: performance.now(), answer };
}

/** The watch answer for a press on `target`: the one asked for early, or a new one. */
export function watchAnswer(target: WatchTarget): Promise<ApiResult<WatchAnswer>> {
  askEarly(target);
  const { answer } = early!;
  early = null;
  return answer;
}

/**
 * Fetches the master playlist and, for a recording, the playlists hls.js starts with (the variant
 * the player will start at, start-level.ts, and the default audio): round trips it would otherwise
 * make only after the player's code has run. They are private and cacheable
 * (functions/domains/playback/media.ts), so hls.js's own requests are answered from the cache. A live channel's playlists change every
 * segment: only its master is fetched.
 */
async function warmPlaylists(r: ApiResult<WatchAnswer>): Promise<void> {
  if (r.status !== 200 || !r.data) return;
  const { manifest, live } = r.data;
  try {
    const master = await fetch(manifest, { credentials: 'same-origin' });
    if (!master.ok || live) return;
    const text = await master.text();
    const variants = parseVariants(text);
    const slot = document.getElementById('player') ?? document.documentElement;
    const variant = variants[startVariant(variants, measuredBandwidth(), playerHeight(slot))]?.uri;
    const audio = /^#EXT-X-MEDIA:TYPE=AUDIO,(?=.*DEFAULT=YES).*URI="([^"]+)"/m.exec(text)?.[1];
    const base = new URL(manifest, location.href);
    await Promise.all(
      [variant, audio]
        .filter((uri): uri is string => Boolean(uri))
        .map((uri) => fetch(new URL(uri, base), { credentials: 'same-origin' })),
    );
  } catch {
    // A warm-up only: hls.js asks again, and reports a failure itself.
  }
}
