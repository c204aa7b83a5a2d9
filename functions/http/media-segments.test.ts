import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeterCounts } from '../db/d1-meter.ts';
import { mediaToken } from '../domains/playback/index.ts';
import {
  fixtureInit,
  fixtureMeta,
  fixtureSegment,
  putFixtureMedia,
} from '../domains/playback/test-fixtures.ts';
import { call, callWithVars, eventually } from '../test-helpers.ts';

/**
 * Segments come from the edge cache once one viewer has read them (docs/decisions.md): R2 is read
 * once per segment and data centre. R2 reads are what the development meter counts under `media`.
 */

type Snapshot = { kinds: Record<string, MeterCounts> };
const r2Reads = async () =>
  ((await (await call('/dev/api/d1-meter')).json()) as Snapshot).kinds.media?.r2Reads ?? 0;

/** The answer to `send` and the R2 reads it made. */
async function counted(send: () => Promise<Response>) {
  const before = await r2Reads();
  const res = await send();
  const body = new Uint8Array(await res.arrayBuffer());
  return { res, body, reads: (await r2Reads()) - before };
}

const now = () => Math.floor(Date.now() / 1000);
const segmentOf = (token: string, path: string, init?: RequestInit) =>
  call(`/media/hls/${token}/${path}`, init);

/**
 * Fetches `path` under `token` until an answer made no R2 read: the first viewer's copy is put in
 * the cache in the background, after its answer.
 */
const fromCache = (token: string, path: string) =>
  eventually(`${path} from the edge cache`, async () => {
    const answer = await counted(() => segmentOf(token, path));
    return answer.reads === 0 && answer;
  });

beforeAll(async () => {
  await putFixtureMedia(['c1', 'c2']);
});

/** The first viewer's fetch of `path` (under `vod/<clip>/`), which reads R2 once, as `counted`. */
async function firstViewer(path: `vod/${string}`) {
  const clip = `vod/${path.split('/')[1]}` as const;
  const first = await counted(async () =>
    segmentOf(await mediaToken(clip, now() + 600, now()), path),
  );
  expect(first.res.status).toBe(200);
  expect(first.reads).toBe(1);
  return first;
}

describe('a segment two viewers fetch', () => {
  it('is read from R2 once: the second viewer gets the same bytes and headers from the edge cache', async () => {
    const path = 'vod/c2/v480/seg-00007.m4s';
    const first = await firstViewer(path);
    expect(first.body).toEqual(fixtureSegment('c2', 'v480', 7));

    // Another viewer: another token, with more time left.
    const second = await fromCache(await mediaToken('vod/c2', now() + 900, now()), path);
    expect(second.res.status).toBe(200);
    expect(second.body).toEqual(first.body);
    for (const name of ['content-type', 'content-length', 'etag', 'accept-ranges'])
      expect(second.res.headers.get(name), name).toBe(first.res.headers.get(name));
    expect(second.res.headers.get('content-type')).toBe('video/iso.segment');
    expect(second.res.headers.get('content-length')).toBe('188');
    expect(second.res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    // The answer is still this viewer's: private, for what is left of its own token.
    const maxAge = (res: Response) =>
      Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge(first.res)).toBeGreaterThan(590);
    expect(maxAge(first.res)).toBeLessThanOrEqual(600);
    expect(maxAge(second.res)).toBeGreaterThan(890);
    expect(maxAge(second.res)).toBeLessThanOrEqual(900);
  });

  it("a rendition's initialisation segment is kept the same way, as MP4", async () => {
    const path = 'vod/c1/a-en/init.mp4';
    const first = await firstViewer(path);
    expect(first.body).toEqual(fixtureInit('c1', 'a-en'));
    const second = await fromCache(await mediaToken('vod/c1', now() + 900, now()), path);
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get('content-type')).toBe('video/mp4');
  });

  it('is refused under a bad, expired or other clip’s token though it is cached', async () => {
    const path = 'vod/c1/a-ru/seg-00003.m4s';
    const token = await mediaToken('vod/c1', now() + 600, now());
    await counted(() => segmentOf(token, path));
    await fromCache(token, path);
    const reasonOf = async (res: Response) =>
      [res.status, ((await res.json()) as { details: { reason: string } }).details.reason] as const;
    const [payload, signature] = token.split('.');
    const altered = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await reasonOf(await segmentOf(altered, path))).toEqual([403, 'bad_signature']);
    const past = now() - 7200;
    const expired = await mediaToken('vod/c1', past + 60, past);
    expect(await reasonOf(await segmentOf(expired, path))).toEqual([403, 'expired']);
    const other = await mediaToken('vod/c2', now() + 600, now());
    expect(await reasonOf(await segmentOf(other, path))).toEqual([403, 'outside_scope']);
  });

  it('still answers a Range request and HEAD from R2, and every request when the edge cache is off', async () => {
    const path = 'vod/c2/a-en/seg-00011.m4s';
    const token = await mediaToken('vod/c2', now() + 600, now());
    await counted(() => segmentOf(token, path));
    await fromCache(token, path);

    const part = await counted(() => segmentOf(token, path, { headers: { range: 'bytes=0-9' } }));
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe('bytes 0-9/188');
    expect(part.body).toEqual(fixtureSegment('c2', 'a-en', 11).slice(0, 10));
    expect(part.reads).toBe(1);

    const head = await counted(() => segmentOf(token, path, { method: 'HEAD' }));
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-length')).toBe('188');
    expect(head.reads).toBe(1);

    const off = await counted(() =>
      callWithVars({ EDGE_CACHE: 'off' }, `/media/hls/${token}/${path}`),
    );
    expect(off.res.status).toBe(200);
    expect(off.body).toEqual(fixtureSegment('c2', 'a-en', 11));
    expect(off.reads).toBe(1);
  });
});

describe('a live channel’s playlists and segments', () => {
  afterEach(() => vi.useRealTimers());

  it('read its clip’s description from R2 at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await mediaToken('live/3', now() + 3600, now());
    const playlist = () => counted(() => segmentOf(token, 'live/3/v480/index.m3u8'));
    expect((await playlist()).res.status).toBe(200);
    // Every two seconds a live player asks for its playlist and the newest segment.
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(2_000);
      const again = await playlist();
      expect(again.res.status).toBe(200);
      expect(again.reads).toBe(0);
      const newest = new TextDecoder().decode(again.body).trim().split('\n').at(-1)!;
      const segment = await counted(() => segmentOf(token, `live/3/v480/${newest}`));
      expect(segment.res.status).toBe(200);
      // The segment itself, unless the edge cache had it.
      expect(segment.reads).toBeLessThanOrEqual(1);
    }

    // The media made again without the 480p rendition: a minute on, the channel has none.
    try {
      for (const clip of ['c1', 'c2']) {
        const meta = fixtureMeta(clip);
        await env.MEDIA.put(
          `vod/${clip}/meta.json`,
          JSON.stringify({ ...meta, video: meta.video.filter((v) => v.name !== 'v480') }),
        );
      }
      vi.advanceTimersByTime(60_000);
      const gone = await playlist();
      expect(gone.res.status).toBe(404);
      expect(gone.reads).toBe(1);
    } finally {
      // Test files share the isolate, and so what it keeps: it keeps the media as they are again.
      await putFixtureMedia(['c1', 'c2']);
      vi.advanceTimersByTime(60_000);
      expect((await playlist()).res.status).toBe(200);
    }
  });
});
