import type { APIContext } from 'astro';
import { canSee, type Section } from '../../functions/access/index.ts';
import { sitemapEntries, watchUrl } from '../../functions/domains/catalogue/index.ts';
import { type SitemapUrl, sitemapAnswer } from '../../functions/domains/seo/index.ts';
import { config } from '../../functions/lib/index.ts';
import { INFO_DOCS } from '../content/info/index.ts';
import { referralRules } from '../content/info/referral-rules.ts';
import { pageViewer } from './viewer.ts';

/**
 * Where a section or help page's date comes from: the catalogue's sections by their path, a tech
 * page of the CMS by its slug, or, for a page whose text is in the code, the day that text last
 * changed (W3C date; changed with the text).
 */
type Dated = { catalogue: true } | { techPage: string } | { revisedOn: string };

/** Sections and help pages of docs/product.md, «Screens and routes» that search engines should know, with their rule. */
const STATIC_PATHS: [path: string, dated: Dated, section?: Section][] = [
  ['/', { catalogue: true }],
  ['/series', { catalogue: true }],
  ['/movies', { catalogue: true }],
  ['/kids', { catalogue: true }, 'kids'],
  ['/collections', { catalogue: true }],
  ['/tv', { catalogue: true }],
  ['/hbo-max', { catalogue: true }, 'hbo-max'],
  ['/kino1tv', { catalogue: true }, 'kino1tv'],
  ['/paramount-plus', { catalogue: true }, 'paramount-plus'],
  ['/dazn', { catalogue: true }, 'dazn'],
  ['/trailers', { catalogue: true }],
  ['/faq', { techPage: 'faq' }],
  ['/contacts', { techPage: 'contact' }],
  ['/big-screen', { revisedOn: '2026-11-23' }],
  [referralRules.path, { revisedOn: referralRules.revisedOn }],
];

/** A W3C date (a day) as unix seconds, at its start in UTC. */
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * Every URL of the sitemap with when its content last changed: sections, info pages, every title,
 * collection and TV channel the requester may open, in one D1 round trip. A crawler in the CIS gets
 * the CIS-only sections and titles, one elsewhere does not (docs/decisions.md, "The sitemap lists
 * what its requester may open").
 */
async function sitemapUrls(context: APIContext): Promise<SitemapUrl[]> {
  const viewer = pageViewer(context);
  const origin = config().siteOrigin;
  const found = await sitemapEntries(viewer, Math.floor(Date.now() / 1000));
  const home = found.sections.get('/') ?? 0;
  const dateOf = (path: string, dated: Dated) => {
    if ('revisedOn' in dated) return dayStart(dated.revisedOn);
    if ('techPage' in dated) return found.techPages.get(dated.techPage) ?? home;
    // A section with nothing the viewer may see yet changes with the catalogue.
    return found.sections.get(path) ?? home;
  };
  return [
    ...STATIC_PATHS.filter(
      ([, , section]) => !section || canSee(viewer, { kind: 'section', section }).allowed,
    ).map(([path, dated]) => ({ loc: origin + path, lastmod: dateOf(path, dated) })),
    ...Object.values(INFO_DOCS).map((doc) => ({
      loc: origin + doc.path,
      lastmod: dayStart(doc.revisedOn),
    })),
    ...found.collections.map((c) => ({
      loc: `${origin}/collections/${c.slug}`,
      lastmod: c.changedAt,
    })),
    ...found.channels.map((c) => ({ loc: `${origin}/tv/${c.slug}`, lastmod: c.changedAt })),
    ...found.titles.map((t) => ({ loc: origin + watchUrl(t.id), lastmod: t.changedAt })),
  ];
}

/**
 * /sitemap.xml (`part` null) and its numbered parts (functions/domains/seo/sitemap.ts). The edge
 * keeps one copy per region group and tells other caches it varies by country; nothing in it is
 * the requester's own but what their region and profile may open.
 */
export async function sitemapResponse(context: APIContext, part: number | null) {
  const viewer = pageViewer(context);
  const answer = sitemapAnswer(config().siteOrigin, await sitemapUrls(context), part);
  if (answer.status === 404) return new Response(null, { status: 404 });
  return new Response(answer.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // A kid profile's list is its own; everyone else's differs only by region group.
      'Cache-Control': viewer.isKid
        ? 'private, no-cache'
        : 'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600',
      Vary: 'Cookie, CF-IPCountry',
    },
  });
}
