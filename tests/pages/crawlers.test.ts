import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { w3cDatetime } from '../../functions/domains/seo/index.ts';
import { formatRub } from '../../functions/shared/money.ts';
import { Visitor, words } from './support/visitor.ts';

/** What crawlers read: the sitemap with its dates, and a title page's structured data. */

const SITE = env.SITE_ORIGIN;

/** Each `<url>` of the sitemap: its address and its lastmod (undefined when it has none). */
async function sitemap(visitor: Visitor) {
  const res = await visitor.fetch('/sitemap.xml');
  expect(res.status).toBe(200);
  const xml = await res.text();
  const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1]!)?.[1],
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(m[1]!)?.[1],
  }));
  return {
    xml,
    urls,
    lastmodOf: (path: string) => urls.find((u) => u.loc === SITE + path)?.lastmod,
  };
}

/** The page's ld+json blocks, parsed. */
const structuredData = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );

type Offer = {
  '@type': string;
  name: string;
  category: string;
  price: string;
  priceCurrency: string;
  availability: string;
};
type Tariff = { buy_type: string };
const spaced = (s: string) => s.replace(/\s+/g, ' ');

it('every sitemap URL carries when its content last changed, as a W3C date', async () => {
  const { xml, urls } = await sitemap(new Visitor());
  expect(xml).toContain('<urlset');
  expect(xml).not.toContain('<sitemapindex');
  expect(urls.length).toBeGreaterThan(50);
  const now = Date.now();
  for (const { loc, lastmod } of urls) {
    expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(lastmod!), loc).toBeLessThanOrEqual(now);
  }
});

it('a title, the FAQ and a legal page are dated by when their content last changed', async () => {
  const visitor = new Visitor();
  const { lastmodOf } = await sitemap(visitor);
  type List = { results: { id: number }[] };
  const movies = (await (await visitor.fetch('/cms/content/movies/?page_size=1')).json()) as List;
  const movie = movies.results[0]!;
  const row = await env.DB.prepare(
    'SELECT updated_at AS changed, released_at AS released FROM titles WHERE id = ?',
  )
    .bind(movie.id)
    .first<{ changed: number; released: number }>();
  // A film's page changes when its row does, and when it comes out.
  const out = row!.released <= Date.now() / 1000 ? row!.released : 0;
  expect(lastmodOf(`/watch/${movie.id}`)).toBe(w3cDatetime(Math.max(row!.changed, out)));
  const faq = await env.DB.prepare(
    "SELECT updated_at AS changed FROM tech_pages WHERE slug = 'faq'",
  ).first<{ changed: number }>();
  expect(lastmodOf('/faq')).toBe(w3cDatetime(faq!.changed));
  // A legal document is dated by its revision, the date its page states.
  const revised = lastmodOf('/info/tos')!;
  const day = new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(revised));
  const tos = await visitor.open('/info/tos');
  expect(spaced(words(tos.document.querySelector('.revision')))).toContain(spaced(day));
});

it('the sitemap has no parts while one file holds every URL', async () => {
  const visitor = new Visitor();
  for (const path of ['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-01.xml'])
    expect((await visitor.fetch(path)).status, path).toBe(404);
});

it('a film sold by rental and purchase states both, at the page’s prices, as schema.org offers', async () => {
  const visitor = new Visitor();
  const rentable = (await (
    await visitor.fetch('/cms/products/rent-hd/content/?page_size=1')
  ).json()) as { results: { id: number }[] };
  const id = rentable.results[0]!.id;
  const page = await visitor.open(`/watch/${id}`);
  const movie = structuredData(page.document).find((b) => b['@type'] === 'Movie');
  const offers = movie?.offers as Offer[];
  expect(offers.map((o) => o.category).sort()).toEqual(
    expect.arrayContaining(['purchase', 'rental']),
  );
  const unlock = spaced(words(page.document.querySelector('[data-title-unlock]')));
  for (const offer of offers) {
    expect(offer).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
    });
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    const rub = spaced(formatRub(Math.round(Number(offer.price) * 100)));
    // «how to watch» states the same price: «Аренда на 2 дня — 299 ₽», «Покупка в HD — 599 ₽ навсегда».
    if (offer.category === 'rental') expect(unlock).toMatch(new RegExp(`Аренда на [^—]+ — ${rub}`));
    else expect(unlock).toContain(`${spaced(offer.name)} — ${rub} навсегда`);
  }
});

it('a title unlocked only by subscription gets no offers', async () => {
  const visitor = new Visitor();
  type List = { results: { id: number; url: string }[] };
  const series = (await (await visitor.fetch('/cms/content/series/?page_size=20')).json()) as List;
  let checked = 0;
  for (const title of series.results) {
    if (checked === 2) break;
    const access = (await (await visitor.fetch(`/billing/visitor/access/${title.id}/`)).json()) as {
      tariffs: Tariff[];
    };
    if (access.tariffs.length === 0 || access.tariffs.some((t) => t.buy_type !== 'SVOD')) continue;
    const page = await visitor.open(title.url);
    const show = structuredData(page.document).find((b) => b['@type'] === 'TVSeries');
    expect(show, title.url).toBeDefined();
    expect(show, title.url).not.toHaveProperty('offers');
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});
