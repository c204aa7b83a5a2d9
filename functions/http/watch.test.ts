import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { putFixtureMedia } from '../domains/playback/test-fixtures.ts';
import { call, RETURNING } from '../test-helpers.ts';

interface WatchAnswer {
  manifest: string;
  expiresAt: string;
  position: number;
  subtitles: { lang: string; src: string }[];
  thumbnails: string | null;
  next: { episodeId: number; url: string } | null;
  stream: { id: string } | null;
  episode: { id: number; season: number; number: number } | null;
}

beforeAll(async () => {
  await loadCatalogueFixture();
  await env.DB.prepare('UPDATE episodes SET free = 1 WHERE id = 1').run();
  await putFixtureMedia();
});

describe('a guest and a free episode', () => {
  it('gets a signed manifest whose playlists and segments play', async () => {
    const res = await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as WatchAnswer;
    expect(body.manifest).toMatch(/^\/media\/hls\/[^/]+\/vod\/c\d\/master\.m3u8$/);
    expect(body.stream).toBeNull();
    expect(body.episode).toMatchObject({ id: 1, season: 1, number: 1 });
    expect(body.next).toMatchObject({ episodeId: 2, url: '/watch/1?season=1&episode=2' });

    const master = await call(body.manifest);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const variant = (await master.text()).split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const playlist = await call(new URL(variant, `http://x${body.manifest}`).pathname);
    expect(playlist.status).toBe(200);
    const segment = (await playlist.text()).split('\n').find((l) => l.endsWith('.ts'))!;
    const segmentUrl = new URL(segment, new URL(variant, `http://x${body.manifest}`)).pathname;
    const bytes = await call(segmentUrl);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp2t');
    expect((await bytes.arrayBuffer()).byteLength).toBe(188);

    const part = await call(segmentUrl, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-9/188');
    expect((await part.arrayBuffer()).byteLength).toBe(10);

    const head = await call(segmentUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('188');

    const subs = await call(body.subtitles[0]!.src);
    expect(subs.headers.get('content-type')).toContain('text/vtt');
  });

  it('is asked to sign in for an episode that is not free', async () => {
    const res = await call('/cms/content_experience/watch_episode/2/', { headers: RETURNING });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: 'Войдите, чтобы смотреть этот контент',
      details: { reason: 'sign_in_required' },
    });
  });
});
