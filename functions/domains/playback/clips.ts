import { mediaBucket } from '../../db/object-meter.ts';
import { ApiError } from '../../lib/errors.ts';
import { MEDIA_PENDING_KEY } from '../../shared/media.ts';
import { playbackTexts } from './texts.ts';

/**
 * The sample clips in R2 (binding MEDIA), made by `npm run media` (scripts/media): every film,
 * episode, trailer and channel plays one of them, picked from its id, so the same thing always
 * plays the same clip. `vod/index.json` lists the clips; `vod/<clip>/meta.json` describes one.
 * While a first `npm start` still makes them, `media-pending.json` says since when it last made
 * progress, and a clip not there yet is «still being made» rather than unavailable.
 */

export interface ClipMeta {
  id: string;
  name: string;
  duration: number;
  segmentDuration: number;
  segments: number;
  video: { name: string; width: number; height: number; bandwidth: number; codecs: string }[];
  audio: { name: string; lang: string; label: string; default?: boolean; codecs?: string }[];
  subtitles: { lang: string; label: string; file: string }[];
  thumbnails?: string | null;
  poster?: string | null;
  intro?: { start: number; end: number } | null;
  credits?: number | null;
}

/** What plays a clip: the kind and its id (channels loop theirs as a live stream). */
export type ClipOwner = { kind: 'title' | 'episode' | 'channel'; id: number };

const CLIP_ID = /^[a-z0-9-]{1,32}$/;
// Read once per isolate: the list changes only when the media are made again (a deploy's worth).
let clipIndex: Promise<string[]> | undefined;

const unavailable = () => new ApiError(503, playbackTexts.mediaUnavailable, 'media_unavailable');

/** A marker this long without progress is a maker that was stopped: the clip is unavailable. */
const PENDING_STALE_MS = 10 * 60_000;
/** How soon to ask again for a clip still being made. */
const PENDING_RETRY_SECONDS = 5;

/** Why a clip's media are missing: still being made (a marker with recent progress), or not. */
async function missing(): Promise<ApiError> {
  const marker = await mediaBucket().get(MEDIA_PENDING_KEY);
  // A marker that does not parse says nothing: the clip is then simply unavailable.
  const progress = await marker
    ?.json<{ progress?: unknown }>()
    .then((m) => m.progress)
    .catch(() => undefined);
  const since = typeof progress === 'string' ? Date.parse(progress) : Number.NaN;
  return Date.now() - since < PENDING_STALE_MS
    ? new ApiError(503, playbackTexts.mediaPending, 'media_pending', {
        'Retry-After': String(PENDING_RETRY_SECONDS),
      })
    : unavailable();
}

async function readIndex(): Promise<string[]> {
  const object = await mediaBucket().get('vod/index.json');
  if (!object) throw await missing();
  const parsed = (await object.json()) as unknown;
  // The contract's plain list, or the media script's `{ version, clips }`.
  const list = Array.isArray(parsed) ? parsed : (parsed as { clips?: unknown })?.clips;
  const clips = Array.isArray(list)
    ? list.filter((c) => typeof c === 'string' && CLIP_ID.test(c))
    : [];
  if (clips.length === 0) throw unavailable();
  return clips as string[];
}

/** The clip ids, from R2 once per isolate (a failed read is tried again next time). */
export function clips(): Promise<string[]> {
  clipIndex ??= readIndex().catch((error) => {
    clipIndex = undefined;
    throw error;
  });
  return clipIndex;
}

/**
 * The clip an item plays: a stable spread of ids over the list (kinds offset so episode 1 and
 * film 1 differ).
 * @example clipOf(['c1', 'c2', 'c3'], { kind: 'episode', id: 4 }) // 'c3'
 */
export function clipOf(list: readonly string[], owner: ClipOwner): string {
  const offset = owner.kind === 'title' ? 0 : owner.kind === 'episode' ? 1 : 2;
  return list[(owner.id + offset) % list.length]!;
}

/**
 * The clip's description; a 503 «Видео временно недоступно» when its media are not in R2, or
 * «Видео ещё готовится» (`media_pending`) while the local maker is still at work.
 */
export async function clipMeta(clip: string): Promise<ClipMeta> {
  const object = await mediaBucket().get(`vod/${clip}/meta.json`);
  if (!object) throw await missing();
  const meta = (await object.json()) as ClipMeta;
  if (!(meta.segments > 0) || !(meta.segmentDuration > 0) || !Array.isArray(meta.video))
    throw unavailable();
  return meta;
}

/** The clip an item plays and its description. */
export async function clipFor(owner: ClipOwner): Promise<{ clip: string; meta: ClipMeta }> {
  const clip = clipOf(await clips(), owner);
  return { clip, meta: await clipMeta(clip) };
}

/**
 * How long an isolate keeps a live channel's clip description: a live viewer's player asks for a
 * playlist and a segment every two seconds, each of which needs it, and it changes only when the
 * media are made again.
 */
const LIVE_META_MS = 60_000;
const liveMetas = new Map<string, { until: number; meta: Promise<ClipMeta> }>();

/**
 * A channel's clip and its description for its live playlists and segments, read from R2 at most
 * once a minute per isolate (a failed read is not kept). The watch call itself reads it afresh
 * (`clipFor`), so a clip gone from R2 is refused at the start of playback.
 */
export async function liveClipFor(channelId: number): Promise<{ clip: string; meta: ClipMeta }> {
  const clip = clipOf(await clips(), { kind: 'channel', id: channelId });
  const now = Date.now();
  let kept = liveMetas.get(clip);
  if (!kept || kept.until <= now) {
    const meta = clipMeta(clip);
    kept = { until: now + LIVE_META_MS, meta };
    liveMetas.set(clip, kept);
    meta.catch(() => {
      if (liveMetas.get(clip)?.meta === meta) liveMetas.delete(clip);
    });
  }
  return { clip, meta: await kept.meta };
}
