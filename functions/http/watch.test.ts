import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { mediaToken } from '../domains/playback/index.ts';
import {
  FIXTURE_SEGMENTS,
  fixtureInit,
  fixtureSegment,
  putFixtureMedia,
} from '../domains/playback/test-fixtures.ts';
import { MEDIA_PENDING_KEY } from '../shared/media.ts';
import { call, callWithVars, RETURNING } from '../test-helpers.ts';

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
    expect(body.next).toMatchObject({ episodeId: 2, url: '/watch/1?season=1&episode=2&play=1' });

    const master = await call(body.manifest);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const variant = (await master.text()).split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const playlist = await call(new URL(variant, `http://x${body.manifest}`).pathname);
    expect(playlist.status).toBe(200);
    const lines = (await playlist.text()).split('\n');
    const segment = lines.find((l) => l.endsWith('.m4s'))!;
    const segmentUrl = new URL(segment, new URL(variant, `http://x${body.manifest}`)).pathname;
    const bytes = await call(segmentUrl);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/iso.segment');
    // The playlist's initialisation segment is served beside its segments, as MP4.
    const map = /^#EXT-X-MAP:URI="([^"]+)"$/.exec(
      lines.find((l) => l.startsWith('#EXT-X-MAP'))!,
    )![1]!;
    const init = await call(new URL(map, new URL(variant, `http://x${body.manifest}`)).pathname);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    expect((await bytes.arrayBuffer()).byteLength).toBe(188);

    const part = await call(segmentUrl, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-9/188');
    expect((await part.arrayBuffer()).byteLength).toBe(10);

    const beyond = await call(segmentUrl, { headers: { range: 'bytes=500-600' } });
    expect(beyond.status).toBe(416);

    const head = await call(segmentUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('188');

    const subs = await call(body.subtitles[0]!.src);
    expect(subs.headers.get('content-type')).toContain('text/vtt');
  });

  it('is offered to skip the intro of an episode, never of a trailer', async () => {
    const markers = async (path: string) => {
      const res = await call(path, { headers: RETURNING });
      expect(res.status).toBe(200);
      return ((await res.json()) as { markers: { intro: unknown; credits: unknown } }).markers;
    };
    expect((await markers('/cms/content_experience/watch_episode/1/')).intro).toMatchObject({
      start: expect.any(Number),
      end: expect.any(Number),
    });
    expect(await markers('/cms/content_experience/watches/5/')).toEqual({
      intro: null,
      credits: null,
    });
  });

  it('is asked to sign in for an episode that is not free', async () => {
    const res = await call('/cms/content_experience/watch_episode/2/', { headers: RETURNING });
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({
      message: 'Войдите, чтобы смотреть этот контент',
      details: { reason: 'sign_in_required' },
    });
  });
});

describe('signed media', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const reasonOf = async (res: Response) =>
    [res.status, ((await res.json()) as { details: { reason: string } }).details.reason] as const;

  it('refuses a token that is missing, altered, expired or for another clip', async () => {
    const token = await mediaToken('vod/c1', now() + 600, now());
    expect((await call(`/media/hls/${token}/vod/c1/master.m3u8`)).status).toBe(200);
    expect(await reasonOf(await call('/media/hls/vod/c1/master.m3u8/x'))).toEqual([
      403,
      'bad_signature',
    ]);
    const [payload, signature] = token.split('.');
    const altered = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await reasonOf(await call(`/media/hls/${altered}/vod/c1/master.m3u8`))).toEqual([
      403,
      'bad_signature',
    ]);
    // Another clip's payload under this signature.
    const swapped = `${btoa(`vod/c2:${now() + 600}`).replace(/=+$/, '')}.${signature}`;
    expect(await reasonOf(await call(`/media/hls/${swapped}/vod/c2/master.m3u8`))).toEqual([
      403,
      'bad_signature',
    ]);
    const past = now() - 7200;
    const expired = await mediaToken('vod/c1', past + 60, past);
    expect(await reasonOf(await call(`/media/hls/${expired}/vod/c1/master.m3u8`))).toEqual([
      403,
      'expired',
    ]);
    for (const path of ['vod/c2/master.m3u8', 'live/1/master.m3u8', 'vod/c10/master.m3u8'])
      expect(await reasonOf(await call(`/media/hls/${token}/${path}`)), path).toEqual([
        403,
        'outside_scope',
      ]);
    expect(await reasonOf(await call(`/media/hls/${token}/vod/c1/meta.json`))).toEqual([
      404,
      'media_not_found',
    ]);
  });

  it('is a 503 in Russian when the signing key is not configured', async () => {
    const res = await callWithVars(
      { MEDIA_SIGNING_KEY: '' },
      '/cms/content_experience/watch_episode/1/',
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Видео временно недоступно/,
    );
  });

  it('answers 503 «Видео временно недоступно» rather than a broken URL when the clip is missing in R2', async () => {
    const first = (await (
      await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING })
    ).json()) as WatchAnswer;
    const clip = /\/vod\/(c\d)\//.exec(first.manifest)![1]!;
    const meta = await env.MEDIA.get(`vod/${clip}/meta.json`);
    const saved = await meta!.text();
    await env.MEDIA.delete(`vod/${clip}/meta.json`);
    try {
      const res = await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        message: 'Видео временно недоступно. Попробуйте позже',
        details: { reason: 'media_unavailable' },
      });
    } finally {
      await env.MEDIA.put(`vod/${clip}/meta.json`, saved);
    }
  });

  it('says the clip is still being made, and when to ask again, while a first start makes the media', async () => {
    const first = (await (
      await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING })
    ).json()) as WatchAnswer;
    const clip = /\/vod\/(c\d)\//.exec(first.manifest)![1]!;
    const saved = await (await env.MEDIA.get(`vod/${clip}/meta.json`))!.text();
    await env.MEDIA.delete(`vod/${clip}/meta.json`);
    const marker = (at: number) =>
      env.MEDIA.put(MEDIA_PENDING_KEY, JSON.stringify({ progress: new Date(at).toISOString() }));
    try {
      await marker(Date.now() - 5_000);
      const res = await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await res.json()).toMatchObject({
        message:
          'Видео ещё готовится: сервис только что запущен. Оно начнётся само, как только будет готово',
        details: { reason: 'media_pending' },
      });
      // A maker stopped long ago left its marker: the clip is simply unavailable.
      await marker(Date.now() - 60 * 60_000);
      const stale = await call('/cms/content_experience/watch_episode/1/', { headers: RETURNING });
      expect(stale.status).toBe(503);
      expect(stale.headers.get('retry-after')).toBeNull();
      expect(await stale.json()).toMatchObject({ details: { reason: 'media_unavailable' } });
    } finally {
      await env.MEDIA.delete(MEDIA_PENDING_KEY);
      await env.MEDIA.put(`vod/${clip}/meta.json`, saved);
    }
  });
});

describe('a live channel', () => {
  it('plays a free channel to a guest from computed playlists, with the programme on air', async () => {
    const now = Math.floor(Date.now() / 1000);
    await env.DB.batch([
      env.DB.prepare('DELETE FROM tv_channels'),
      env.DB.prepare(
        "INSERT INTO tv_channels (id, slug, name, description, position, age_rating, free) VALUES (1, 'pervyj', 'Первый', '', 1, 0, 1), (2, 'kino-hd', 'Кино HD', '', 2, 16, 0)",
      ),
      env.DB.prepare(
        `INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (1, ${now - 600}, ${now + 600}, 'Новости'), (1, ${now + 600}, ${now + 1200}, 'Погода')`,
      ),
    ]);
    const res = await call('/cms/content_experience/watches/channels/pervyj/', {
      headers: RETURNING,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as WatchAnswer & {
      live: boolean;
      dvrSeconds: number;
      programme: { name: string } | null;
    };
    expect(body).toMatchObject({ live: true, dvrSeconds: 600, programme: { name: 'Новости' } });
    expect(body.manifest).toMatch(/\/live\/1\/master\.m3u8$/);
    const master = await (await call(body.manifest)).text();
    expect(master).toContain('URI="a-ru/index.m3u8"');
    const base = body.manifest.replace(/master\.m3u8$/, '');
    const playlist = await call(`${base}v240/index.m3u8`);
    expect(playlist.headers.get('cache-control')).toBe('private, max-age=1');
    const text = await playlist.text();
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const last = text.trim().split('\n').at(-1)!;
    const k = Number(/^seg-(\d+)\.m4s$/.exec(last)![1]);
    const segment = await call(`${base}v240/${last}`);
    expect(segment.status).toBe(200);
    // Live segment k plays the clip's segment k mod N.
    const bytes = new TextDecoder().decode(await segment.arrayBuffer());
    const clip = /^(c\d)\//.exec(bytes)![1]!;
    expect(bytes).toBe(
      new TextDecoder().decode(fixtureSegment(clip, 'v240', k % FIXTURE_SEGMENTS)),
    );
    // The channel's initialisation segment is its clip's, for that rendition.
    const init = await call(`${base}v240/init.mp4`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    expect(new TextDecoder().decode(await init.arrayBuffer())).toBe(
      new TextDecoder().decode(fixtureInit(clip, 'v240')),
    );
    expect((await call('/cms/content_experience/watches/channels/kino-hd/')).status).toBe(403);
  });
});
