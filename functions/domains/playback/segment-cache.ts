import { waitUntil } from 'cloudflare:workers';
import { config } from '../../lib/config.ts';
import { deployedVersion, openEdgeCache } from '../../lib/edge-store.ts';

/**
 * Media segments in the edge cache (the Cache API, one per data centre): R2 is read once per
 * segment and data centre instead of once per viewer. Only the segment's bytes, its ETag and size
 * are kept, keyed by its R2 key and the deployed version; never the token or anything of a viewer.
 * The token is checked before the cache is read (docs/decisions.md, «Segments come from the edge
 * cache once one viewer has read them»).
 */

/** How long a data centre keeps a segment: a segment never changes under its name within a version. */
const KEPT_SECONDS = 86_400;
const SEGMENT = /\/(?:seg-\d{5}\.m4s|init\.mp4)$/;

/** A segment's copy as the cache keeps it. */
export interface CachedSegment {
  body: ReadableStream;
  etag: string;
  size: number;
}

/** Whether this request's answer for the R2 object `key` may come from (and go to) the cache. */
export const segmentCacheable = (key: string, request: Request) =>
  config().edgeCache &&
  request.method === 'GET' &&
  !request.headers.has('range') &&
  SEGMENT.test(key);

/** The cache key: the R2 key under a path no route answers, with the deployed version. */
function cacheKey(key: string, request: Request): Request {
  const url = new URL(`/media/segment-cache/${key}`, new URL(request.url).origin);
  url.searchParams.set('__edge', deployedVersion());
  return new Request(url, { method: 'GET' });
}

/** The cached copy of the segment at R2 key `key`, or null. */
export async function cachedSegment(key: string, request: Request): Promise<CachedSegment | null> {
  // A cache that fails to answer costs this viewer an R2 read, never the segment.
  const hit = await openEdgeCache()
    .then((cache) => cache.match(cacheKey(key, request)))
    .catch(() => undefined);
  const etag = hit?.headers.get('etag');
  const size = Number(hit?.headers.get('content-length'));
  if (!hit?.body || !etag || !Number.isSafeInteger(size)) {
    await hit?.body?.cancel();
    return null;
  }
  return { body: hit.body, etag, size };
}

/**
 * Keeps a copy of the segment read from R2 (in the background) and gives back the body to answer
 * with: the object's body is split between the viewer and the cache.
 */
export function keepSegment(key: string, request: Request, segment: CachedSegment): ReadableStream {
  const [forViewer, forCache] = segment.body.tee();
  const copy = new Response(forCache, {
    headers: {
      ETag: segment.etag,
      'Content-Length': String(segment.size),
      'Cache-Control': `public, max-age=${KEPT_SECONDS}`,
    },
  });
  waitUntil(
    openEdgeCache()
      .then((cache) => cache.put(cacheKey(key, request), copy))
      // A copy the cache refuses only costs the next viewer an R2 read.
      .catch(() => forCache.cancel().catch(() => undefined)),
  );
  return forViewer;
}
