import { expect, test } from '@playwright/test';

const DEFAULT_TITLE =
  'Смотреть сериалы онлайн | Амедиатека | Новинки зарубежных сериалов и фильмов в HD-качестве';

test('the home page has the default title, description, canonical and Open Graph image', async ({
  page,
  baseURL,
}) => {
  await page.goto('/?utm_source=x&utm_medium=cpc#top');
  await expect(page).toHaveTitle(DEFAULT_TITLE);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toMatch(/сериал/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', DEFAULT_TITLE);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    description!,
  );
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '628');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('the Open Graph image is a real 1200x628 PNG', async ({ page, request }) => {
  await page.goto('/');
  const url = await page.locator('meta[property="og:image"]').getAttribute('content');
  const res = await request.get(url!);
  expect(res.headers()['content-type']).toBe('image/png');
  const png = await res.body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 628]);
});

test('the canonical URL of a deep page is its path without the query', async ({
  page,
  baseURL,
}) => {
  await page.goto('/get-ip?a=1&b=2');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/get-ip`);
});

test('canonical and og:url name the configured site, not the Host the request named', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/series', { headers: { host: 'evil.example:1234' } });
  const html = await res.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/series">`);
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/series">`);
  expect(html).not.toContain('evil.example');
});

test('the home page carries WebSite structured data with a search action', async ({ page }) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  expect(JSON.parse(blocks[0]!)).toMatchObject({
    '@type': 'WebSite',
    potentialAction: { '@type': 'SearchAction' },
  });
});

test('error screens are not indexed', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('robots.txt outside production keeps crawlers away', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
});

test('static files carry the baseline security headers and a cache lifetime', async ({
  request,
}) => {
  for (const path of ['/og-image.png', '/favicon.svg']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=31536000');
    expect(headers['cache-control']).toBe('public, max-age=86400');
  }
});

test('static files and built assets carry the same Permissions-Policy and opener policy as pages', async ({
  request,
}) => {
  const page = await request.get('/');
  const asset = /<script[^>]+src="(\/_astro\/[^"]+)"/.exec(await page.text())?.[1] ?? '';
  expect(asset).toMatch(/^\/_astro\//);
  for (const path of ['/favicon.svg', '/og-image.png', asset]) {
    const headers = (await request.get(path)).headers();
    for (const name of ['permissions-policy', 'cross-origin-opener-policy'])
      expect(headers[name], `${path} ${name}`).toBe(page.headers()[name]);
  }
});

test('sitemap.xml lists the sections, info pages, every title, collection and TV channel', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of ['/', '/series', '/tv', '/info/tos', '/faq'])
    expect(locs).toContain(`${baseURL}${path}`);
  const series = await (await request.get('/cms/content/series/?page_size=1')).json();
  const movies = await (await request.get('/cms/content/movies/?page_size=1')).json();
  expect(locs).toContain(`${baseURL}${series.results[0].url}`);
  expect(locs.filter((l) => l.includes('/watch/')).length).toBeGreaterThanOrEqual(
    series.count + movies.count,
  );
  const collections = await (await request.get('/cms/showcases/collections/?page_size=60')).json();
  expect(locs.filter((l) => l.includes('/collections/')).length).toBe(collections.count);
  const channels = await (await request.get('/cms/tv/channels/')).json();
  expect(locs.filter((l) => l.includes('/tv/')).length).toBe(channels.count);
  expect(locs).toContain(`${baseURL}/tv/${channels.results[0].slug}`);
});

test('a title page has its own Open Graph: video type, title, description, release date and genres', async ({
  page,
  request,
}) => {
  const series = (await (await request.get('/cms/content/series/?page_size=1')).json()).results[0];
  const detail = await (await request.get(`/cms/content/series/${series.id}/`)).json();
  await page.goto(series.url);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute(
    'content',
    'video.tv_show',
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    new RegExp(`^${series.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`),
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    /.{20,}/,
  );
  await expect(page.locator('meta[property="video:release_date"]')).toHaveAttribute(
    'content',
    String(detail.year),
  );
  expect(await page.locator('meta[property="video:tag"]').count()).toBe(detail.genres.length);
  const movie = (await (await request.get('/cms/content/movies/?page_size=1')).json()).results[0];
  await page.goto(movie.url);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'video.movie');
  await expect(page.locator('meta[property="video:duration"]')).toHaveAttribute('content', /^\d+$/);
});
