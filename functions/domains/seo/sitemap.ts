/**
 * The sitemap protocol (sitemaps.org): a list of URLs with when each last changed, one file of at
 * most SITEMAP_MAX_URLS of them; past that, /sitemap.xml is an index of numbered parts
 * (/sitemap-1.xml …), each within the limit. Pure: the page gathers the URLs, this writes them.
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** One URL of the sitemap: its absolute address and when its content last changed (unix seconds). */
export interface SitemapUrl {
  loc: string;
  lastmod: number;
}

/** What a sitemap path answers: the XML, or nothing (a part that does not exist). */
export type SitemapAnswer = { status: 200; xml: string } | { status: 404 };

/** The path of a numbered part. */
export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/**
 * The URLs in parts of at most `limit` each, in their order; one part (maybe empty) when they fit.
 * @example splitSitemap(urls, 2).map((p) => p.length) // 5 URLs: [2, 2, 1]
 */
export function splitSitemap(
  urls: readonly SitemapUrl[],
  limit = SITEMAP_MAX_URLS,
): SitemapUrl[][] {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be positive: ${limit}`);
  const parts: SitemapUrl[][] = [];
  for (let i = 0; i < urls.length; i += limit) parts.push(urls.slice(i, i + limit));
  return parts.length ? parts : [[]];
}

/**
 * A date as the protocol's W3C Datetime, to the second in UTC.
 * @example w3cDatetime(0) // '1970-01-01T00:00:00Z'
 */
export const w3cDatetime = (seconds: number) =>
  new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The newest date of a part (a spread of 50,000 arguments could overflow the stack). */
const newest = (urls: readonly SitemapUrl[]) => urls.reduce((at, u) => Math.max(at, u.lastmod), 0);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod: number) =>
  `  <${tag}><loc>${escapeXml(loc)}</loc><lastmod>${w3cDatetime(lastmod)}</lastmod></${tag}>`;

/** A `<urlset>` of URLs. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const lines = urls.map((u) => entry('url', u.loc, u.lastmod));
  return `${HEAD}<urlset ${NS}>\n${lines.map((l) => `${l}\n`).join('')}</urlset>\n`;
}

/** A `<sitemapindex>` of the parts, each dated by its newest URL. */
export function sitemapIndexXml(origin: string, parts: readonly SitemapUrl[][]): string {
  const lines = parts.map((part, i) =>
    entry('sitemap', origin + sitemapPartPath(i + 1), newest(part)),
  );
  return `${HEAD}<sitemapindex ${NS}>\n${lines.map((l) => `${l}\n`).join('')}</sitemapindex>\n`;
}

/**
 * What /sitemap.xml (`part` null) or /sitemap-{part}.xml answers for these URLs: the one sitemap
 * while they fit in `limit`, else the index and its parts; a part that does not exist is a 404 (no
 * part exists while there is no index, so no URL is listed twice).
 * @example sitemapAnswer(origin, urls, null).status // 200
 */
export function sitemapAnswer(
  origin: string,
  urls: readonly SitemapUrl[],
  part: number | null,
  limit = SITEMAP_MAX_URLS,
): SitemapAnswer {
  const parts = splitSitemap(urls, limit);
  if (part === null)
    return {
      status: 200,
      xml: parts.length === 1 ? urlsetXml(parts[0]!) : sitemapIndexXml(origin, parts),
    };
  const found = parts.length > 1 ? parts[part - 1] : undefined;
  return found ? { status: 200, xml: urlsetXml(found) } : { status: 404 };
}
