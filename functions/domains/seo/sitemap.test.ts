import { describe, expect, it } from 'vitest';
import { type SitemapUrl, sitemapAnswer, splitSitemap, w3cDatetime } from './index.ts';

const ORIGIN = 'https://site.test';
const urls = (count: number): SitemapUrl[] =>
  Array.from({ length: count }, (_, i) => ({
    loc: `${ORIGIN}/watch/${i + 1}`,
    lastmod: 1_000 + i,
  }));

/** The `<loc>`s and `<lastmod>`s of a sitemap or index, in order. */
const entries = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1], m[2]]);
const xmlOf = (answer: ReturnType<typeof sitemapAnswer>) => {
  if (answer.status !== 200) throw new Error(`no sitemap: ${answer.status}`);
  return answer.xml;
};

describe('splitSitemap', () => {
  it('cuts the URLs into parts of at most the limit, in order', () => {
    const parts = splitSitemap(urls(5), 2);
    expect(parts.map((p) => p.map((u) => u.lastmod))).toEqual([[1000, 1001], [1002, 1003], [1004]]);
  });

  it('keeps URLs that fit, or none, in one part', () => {
    expect(splitSitemap(urls(2), 2)).toEqual([urls(2)]);
    expect(splitSitemap([], 2)).toEqual([[]]);
  });

  it('holds the protocol’s fifty thousand URLs in one file and the next one in a second', () => {
    expect(splitSitemap(urls(50_000)).length).toBe(1);
    expect(splitSitemap(urls(50_001)).map((p) => p.length)).toEqual([50_000, 1]);
  });
});

describe('sitemapAnswer', () => {
  it('answers one urlset with every URL and its lastmod while they fit', () => {
    const xml = xmlOf(sitemapAnswer(ORIGIN, urls(3), null, 3));
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(entries(xml)).toEqual(urls(3).map((u) => [u.loc, w3cDatetime(u.lastmod)]));
    expect(sitemapAnswer(ORIGIN, urls(3), 1, 3).status).toBe(404);
  });

  it('past the limit answers an index of parts, each dated by its newest URL, and serves each part', () => {
    const all = urls(5);
    const index = xmlOf(sitemapAnswer(ORIGIN, all, null, 2));
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).not.toContain('<urlset');
    expect(entries(index)).toEqual([
      [`${ORIGIN}/sitemap-1.xml`, w3cDatetime(1001)],
      [`${ORIGIN}/sitemap-2.xml`, w3cDatetime(1003)],
      [`${ORIGIN}/sitemap-3.xml`, w3cDatetime(1004)],
    ]);
    const served = [1, 2, 3].flatMap((part) => entries(xmlOf(sitemapAnswer(ORIGIN, all, part, 2))));
    expect(served).toEqual(all.map((u) => [u.loc, w3cDatetime(u.lastmod)]));
    for (const missing of [0, 4]) expect(sitemapAnswer(ORIGIN, all, missing, 2).status).toBe(404);
  });

  it('escapes what XML would read as markup in an address', () => {
    const xml = xmlOf(sitemapAnswer(ORIGIN, [{ loc: `${ORIGIN}/a?b=1&c=<2>`, lastmod: 0 }], null));
    expect(xml).toContain('<loc>https://site.test/a?b=1&amp;c=&lt;2&gt;</loc>');
    expect(xml).toContain('<lastmod>1970-01-01T00:00:00Z</lastmod>');
  });
});
