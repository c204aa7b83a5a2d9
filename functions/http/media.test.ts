import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { artUrl } from '../domains/media/art.ts';
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

describe('GET /media/art/{kind}/{id}.svg', () => {
  it('draws a title poster as SVG of 400×600 with the name escaped, cached for good at its versioned URL', async () => {
    const url = artUrl('poster', { id: TITLE_ID, name: NAME, caption: '2024 · Фильм' });
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="400" height="600" viewBox="0 0 400 600"/,
    );
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('Том &amp; «Джерри»');
    expect(svg).toContain('2024 · ФИЛЬМ');
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
    expect(svg).toContain('Кино ТВ');
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
