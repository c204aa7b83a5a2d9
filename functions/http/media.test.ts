import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { artUrl } from '../domains/media/art.ts';
import { artImageUrl, artKey, artSlot } from '../shared/art.ts';
import { call } from '../test-helpers.ts';

// Ids far from the seed's, so this file never clashes with a loaded catalogue.
const TITLE_ID = 900_001;
const CHANNEL_ID = 900_002;
const NAME = 'Том & «Джерри» <script>alert(1)</script> и очень длинное название фильма';

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR REPLACE INTO titles (id, slug, type, name, year, age_rating, released_at) VALUES (?1, 'art-test', 'movie', ?2, 2024, 16, 1700000000)",
    ).bind(TITLE_ID, NAME),
    env.DB.prepare(
      "INSERT OR REPLACE INTO tv_channels (id, slug, name, position) VALUES (?1, 'art-test', 'Кино ТВ', 1)",
    ).bind(CHANNEL_ID),
  ]);
});

describe('GET /media/art/{kind}/{id}-{width}.webp', () => {
  const webp = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 4, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

  it('serves a picture from R2 as WebP, cached for good at the current version', async () => {
    await env.MEDIA.put(artKey('poster', artSlot('poster', 7), 480), webp);
    const res = await call(artImageUrl('poster', 7, 480));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(webp);
    // Another version's URL (an old page) gets the picture but keeps it only briefly.
    const old = await call('/media/art/poster/7-480.webp?v=old1');
    expect(old.headers.get('cache-control')).toBe('public, max-age=3600');
    await old.arrayBuffer();
  });

  it('draws a neutral stand-in, without text and kept briefly, while a picture is not in R2', async () => {
    const res = await call(artImageUrl('background', 899_999, 640));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const svg = await res.text();
    expect(svg).toMatch(/width="640" height="360"/);
    expect(svg).not.toContain('<text');
  });

  it('answers 404 for a width that is not made and 422 for a malformed name', async () => {
    const res = await call('/media/art/poster/7-999.webp');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
      'art_not_found',
    );
    for (const path of ['/media/art/poster/7.webp', '/media/art/channel/7-480.webp']) {
      const bad = await call(path);
      expect(bad.status, path).toBe(422);
      await bad.arrayBuffer();
    }
  });
});

describe('GET /media/art/{kind}/{id}.svg', () => {
  it('draws a stand-in title poster as SVG of 480×720, without the title text, cached for good at its versioned URL', async () => {
    const url = artUrl('poster', { id: TITLE_ID, name: NAME, caption: '2024 · Фильм' });
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="480" height="720" viewBox="0 0 480 720"/,
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<text');
    expect(svg).toContain('aria-label="Том &amp; «Джерри» &lt;script&gt;');
    // The same id always gives the same picture.
    expect(await (await call(url)).text()).toBe(svg);
  });

  it('caches an unversioned or outdated URL only briefly, so a renamed title shows its new name', async () => {
    for (const path of [
      `/media/art/background/${TITLE_ID}.svg`,
      `/media/art/background/${TITLE_ID}.svg?v=old1`,
    ]) {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await res.text()).toMatch(/width="1280" height="720"/);
    }
  });

  it('draws channel logos and the default art of the universal assets', async () => {
    const logo = await call(`/media/art/channel/${CHANNEL_ID}.svg`);
    expect(logo.status).toBe(200);
    const svg = await logo.text();
    expect(svg).toMatch(/width="200" height="200"/);
    // A logo: the monogram in a shape, the name only as the image's label.
    expect(svg).toContain('aria-label="Кино ТВ"');
    expect(svg).toMatch(/<text[^>]*>КТ<\/text>/);
    for (const kind of ['poster', 'background']) {
      const res = await call(`/media/art/${kind}/default.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 in the error envelope for an unknown title, channel or path', async () => {
    for (const path of [
      '/media/art/poster/899999.svg',
      '/media/art/channel/899999.svg',
      '/media/art/poster',
      '/media/art/poster/1/2.svg',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()) as object).toHaveProperty('details.reason');
    }
    const missing = await call('/media/art/poster/899999.svg');
    expect(await missing.json()).toEqual({
      message: 'Изображение не найдено',
      details: { reason: 'art_not_found' },
    });
  });

  it('answers 422 in Russian for a bad kind or id', async () => {
    for (const path of [
      '/media/art/banner/1.svg',
      '/media/art/poster/abc.svg',
      '/media/art/poster/1.png',
      '/media/art/poster/0.svg',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(422);
      const body = (await res.json()) as { message: string; details: { reason: string } };
      expect(body.details.reason).toBe('invalid_param');
      expect(body.message).toMatch(/[а-яё]/i);
    }
  });
});
