import { mediaBucket } from '../../db/object-meter.ts';
import { ApiError } from '../../lib/errors.ts';
import { type ClipMeta, liveClipFor } from './clips.ts';
import { clipSegment, liveMaster, livePlaylist } from './live-playlist.ts';
import { checkMediaToken } from './media-token.ts';
import { cachedSegment, keepSegment, segmentCacheable } from './segment-cache.ts';
import { streamPlaying } from './streams.ts';
import { playbackTexts } from './texts.ts';

/**
 * What `/media/hls/{token}/…` answers: files of a clip from R2 under a `vod/<clip>` token, and a
 * channel's computed live playlists (segments from its clip) under a `live/<channelId>` token.
 * Every answer is this viewer's (private): the token is in the URL, so shared caches never see it.
 */

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  // Fragmented MP4: the initialisation segment and the media segments (RFC 8216bis, CMAF).
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
};
// Names the media script writes; nothing else under a clip is served (meta.json, stray files).
const VOD_FILE =
  /^vod\/[a-z0-9-]{1,32}\/(?:master\.m3u8|(?:subs-[a-z]{2}|thumbs)\.vtt|(?:thumbs|poster)\.jpg|[a-z0-9-]{1,16}\/(?:index\.m3u8|init\.mp4|seg-\d{5}\.m4s))$/;
const LIVE_FILE =
  /^live\/(\d+)\/(?:master\.m3u8|([a-z0-9-]{1,16})\/(index\.m3u8|init\.mp4|seg-(\d{1,15})\.m4s))$/;

const forbidden = (reason: 'bad_signature' | 'expired' | 'outside_scope') =>
  new ApiError(
    403,
    {
      bad_signature: playbackTexts.badSignature,
      expired: playbackTexts.expired,
      outside_scope: playbackTexts.outsideScope,
    }[reason],
    reason,
  );
const notFound = () => new ApiError(404, playbackTexts.mediaNotFound, 'media_not_found');

const typeOf = (path: string) =>
  TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * The answer to a signed media request. `now` in seconds (fractions kept for the live clock).
 * @example await mediaResponse(token, 'vod/c3/master.m3u8', request, Date.now() / 1000)
 */
export async function mediaResponse(
  token: string,
  path: string,
  request: Request,
  now: number,
): Promise<Response> {
  const checked = await checkMediaToken(token, path, Math.floor(now));
  if (!checked.ok) throw forbidden(checked.reason);
  // A playlist under a stream's token plays only while that stream does (stopped from another
  // device, replaced or lapsed into a full limit: over). Segments trust the token: a check per
  // two-second segment would cost a Durable Object call each (docs/decisions.md).
  if (
    checked.stream &&
    path.endsWith('.m3u8') &&
    !(await streamPlaying(checked.stream.account, checked.stream.id, Math.floor(now)))
  )
    throw new ApiError(403, playbackTexts.streamStopped, 'stream_stopped');
  const maxAge = Math.max(0, Math.min(checked.expiresAt - Math.floor(now), 3600));
  if (path.startsWith('vod/')) {
    if (!VOD_FILE.test(path)) throw notFound();
    return fromR2(path, request, typeOf(path), `private, max-age=${maxAge}`);
  }
  const live = LIVE_FILE.exec(path);
  if (!live) throw notFound();
  const [, channel, rendition, file, k] = live;
  const { clip, meta } = await liveClipFor(Number(channel));
  if (rendition && !renditionOf(meta, rendition)) throw notFound();
  if (!rendition) return text(liveMaster(meta.video, meta.audio), 'private, max-age=60', request);
  if (file === 'index.m3u8')
    // A live playlist changes with every segment: the player asks again each target duration.
    return text(livePlaylist(meta, Number(channel), now), 'private, max-age=1', request);
  // The channel's rendition is its clip's: the same initialisation segment, the clip's segments in a loop.
  const key = `vod/${clip}/${rendition}/${file === 'init.mp4' ? file : clipSegment(Number(k), meta.segments)}`;
  return fromR2(key, request, typeOf(key), `private, max-age=${maxAge}`);
}

const renditionOf = (meta: ClipMeta, name: string) =>
  meta.video.some((v) => v.name === name) || meta.audio.some((a) => a.name === name);

function text(body: string, cacheControl: string, request: Request): Response {
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: {
      'Content-Type': TYPES.m3u8!,
      'Cache-Control': cacheControl,
      'Content-Length': String(new TextEncoder().encode(body).byteLength),
    },
  });
}

/**
 * An R2 object as the answer, whole or the byte range asked for (206), or its headers for HEAD;
 * a whole segment from the edge cache when it is there (functions/domains/playback/segment-cache.ts).
 */
async function fromR2(
  key: string,
  request: Request,
  contentType: string,
  cacheControl: string,
): Promise<Response> {
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    'Accept-Ranges': 'bytes',
  });
  if (request.method === 'HEAD') {
    const head = await mediaBucket().head(key);
    if (!head) throw notFound();
    headers.set('Content-Length', String(head.size));
    headers.set('ETag', head.httpEtag);
    return new Response(null, { headers });
  }
  // A whole segment comes from the edge cache when a viewer here has read it (its token checked).
  const cacheable = segmentCacheable(key, request);
  const cached = cacheable ? await cachedSegment(key, request) : null;
  if (cached) {
    headers.set('ETag', cached.etag);
    headers.set('Content-Length', String(cached.size));
    return new Response(cached.body, { headers });
  }
  const ranged = request.headers.has('range');
  const object = await mediaBucket()
    .get(key, ranged ? { range: request.headers } : {})
    .catch(() => {
      // R2 refuses a range it cannot satisfy or parse.
      throw new ApiError(416, playbackTexts.badRange, 'range_not_satisfiable');
    });
  if (!object) throw notFound();
  headers.set('ETag', object.httpEtag);
  const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (ranged && range) {
    const offset = range.suffix !== undefined ? object.size - range.suffix : (range.offset ?? 0);
    const length = Math.min(
      range.suffix !== undefined ? range.suffix : (range.length ?? object.size - offset),
      object.size - offset,
    );
    // Local R2 answers the whole object for a range past its end; say so rather than send it.
    const asked = /^bytes=(\d+)-/.exec(request.headers.get('range') ?? '');
    const past = asked !== null && Number(asked[1]) >= object.size;
    if (past || offset < 0 || offset >= object.size || length <= 0) {
      await object.body.cancel();
      throw new ApiError(416, playbackTexts.badRange, 'range_not_satisfiable', {
        'Content-Range': `bytes */${object.size}`,
      });
    }
    headers.set('Content-Range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set('Content-Length', String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  const body = cacheable
    ? keepSegment(key, request, { body: object.body, etag: object.httpEtag, size: object.size })
    : object.body;
  return new Response(body, { headers });
}
