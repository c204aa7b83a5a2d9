import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

const DEFAULT_TITLE =
  'Смотреть сериалы онлайн | Амедиатека | Новинки зарубежных сериалов и фильмов в HD-качестве';
/** The configured site (SITE_ORIGIN), which canonical and og:url name. */
const SITE = env.SITE_ORIGIN;

const attr = (document: Document, selector: string, name = 'content') =>
  document.querySelector(selector)?.getAttribute(name);
const json = async <T>(visitor: Visitor, path: string): Promise<T> =>
  (await (await visitor.fetch(path)).json()) as T;

it('the home page has the default title, description, canonical and Open Graph image', async () => {
  const { document } = await new Visitor().open('/?utm_source=x&utm_medium=cpc#top');
  expect(document.title).toBe(DEFAULT_TITLE);
  const description = attr(document, 'meta[name="description"]');
  expect(description).toMatch(/сериал/i);
  expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}/`);
  expect(attr(document, 'meta[property="og:title"]')).toBe(DEFAULT_TITLE);
  expect(attr(document, 'meta[property="og:description"]')).toBe(description);
  expect(attr(document, 'meta[property="og:image:width"]')).toBe('1200');
  expect(attr(document, 'meta[property="og:image:height"]')).toBe('628');
  expect(document.querySelectorAll('meta[name="robots"]').length).toBe(0);
});

it('the Open Graph image is a real 1200x628 PNG', async () => {
  const visitor = new Visitor();
  const { document } = await visitor.open('/');
  const url = attr(document, 'meta[property="og:image"]');
  const res = await visitor.fetch(url!);
  expect(res.headers.get('content-type')).toBe('image/png');
  const png = new DataView(await res.arrayBuffer());
  expect(String.fromCharCode(png.getUint8(1), png.getUint8(2), png.getUint8(3))).toBe('PNG');
  expect([png.getUint32(16), png.getUint32(20)]).toEqual([1200, 628]);
});

it('the canonical URL of a deep page is its path without the query', async () => {
  const { document } = await new Visitor().open('/get-ip?a=1&b=2');
  expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}/get-ip`);
});

it('canonical and og:url name the configured site, not the Host the request named', async () => {
  const { html } = await new Visitor().open('http://evil.example:1234/series');
  expect(html).toContain(`<link rel="canonical" href="${SITE}/series">`);
  expect(html).toContain(`<meta property="og:url" content="${SITE}/series">`);
  expect(html).not.toContain('evil.example');
});

it('the home page carries WebSite structured data with a search action', async () => {
  const { document } = await new Visitor().open('/');
  const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')];
  expect(blocks.length).toBe(1);
  expect(JSON.parse(blocks[0]!.textContent!)).toMatchObject({
    '@type': 'WebSite',
    potentialAction: { '@type': 'SearchAction' },
  });
});

it('error screens are not indexed', async () => {
  const { document } = await new Visitor().open('/no-such-page');
  expect(attr(document, 'meta[name="robots"]')).toMatch(/noindex/);
});

it('robots.txt outside production keeps crawlers away', async () => {
  const res = await new Visitor().fetch('/robots.txt');
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
});

it('static files carry the baseline security headers and a cache lifetime', async () => {
  const visitor = new Visitor();
  for (const path of ['/og-image.png', '/favicon.svg']) {
    const res = await visitor.fetch(path);
    await res.arrayBuffer();
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('strict-transport-security'), path).toContain('max-age=31536000');
    expect(res.headers.get('cache-control'), path).toBe('public, max-age=86400');
  }
});

it('static files and built assets carry the same Permissions-Policy and opener policy as pages', async () => {
  const visitor = new Visitor();
  const page = await visitor.open('/');
  const asset = /<script[^>]+src="(\/_astro\/[^"]+)"/.exec(page.html)?.[1] ?? '';
  expect(asset).toMatch(/^\/_astro\//);
  for (const path of ['/favicon.svg', '/og-image.png', asset]) {
    const res = await visitor.fetch(path);
    await res.arrayBuffer();
    for (const name of ['permissions-policy', 'cross-origin-opener-policy'])
      expect(res.headers.get(name), `${path} ${name}`).toBe(page.headers.get(name));
  }
});

it('sitemap.xml lists the sections, info pages, every title, collection and TV channel', async () => {
  const visitor = new Visitor();
  const res = await visitor.fetch('/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/xml');
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of ['/', '/series', '/tv', '/info/tos', '/faq'])
    expect(locs).toContain(`${SITE}${path}`);
  type List = { count: number; results: { url: string; slug: string }[] };
  const series = await json<List>(visitor, '/cms/content/series/?page_size=1');
  const movies = await json<List>(visitor, '/cms/content/movies/?page_size=1');
  expect(locs).toContain(`${SITE}${series.results[0]!.url}`);
  expect(locs.filter((l) => l.includes('/watch/')).length).toBeGreaterThanOrEqual(
    series.count + movies.count,
  );
  const collections = await json<List>(visitor, '/cms/showcases/collections/?page_size=60');
  expect(locs.filter((l) => l.includes('/collections/')).length).toBe(collections.count);
  const channels = await json<List>(visitor, '/cms/tv/channels/');
  expect(locs.filter((l) => l.includes('/tv/')).length).toBe(channels.count);
  expect(locs).toContain(`${SITE}/tv/${channels.results[0]!.slug}`);
});

it('a title page has its own Open Graph: video type, title, description, release date and genres', async () => {
  const visitor = new Visitor();
  type Title = { id: number; url: string; name: string };
  const [series] = (await json<{ results: Title[] }>(visitor, '/cms/content/series/?page_size=1'))
    .results;
  const detail = await json<{ year: number; genres: unknown[] }>(
    visitor,
    `/cms/content/series/${series!.id}/`,
  );
  const { document } = await visitor.open(series!.url);
  expect(attr(document, 'meta[property="og:type"]')).toBe('video.tv_show');
  expect(attr(document, 'meta[property="og:title"]')).toMatch(
    new RegExp(`^${series!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`),
  );
  expect(attr(document, 'meta[property="og:description"]')).toMatch(/.{20,}/);
  expect(attr(document, 'meta[property="video:release_date"]')).toBe(String(detail.year));
  expect(document.querySelectorAll('meta[property="video:tag"]').length).toBe(detail.genres.length);
  const [movie] = (await json<{ results: Title[] }>(visitor, '/cms/content/movies/?page_size=1'))
    .results;
  const film = (await visitor.open(movie!.url)).document;
  expect(attr(film, 'meta[property="og:type"]')).toBe('video.movie');
  expect(attr(film, 'meta[property="video:duration"]')).toMatch(/^\d+$/);
});
