import type { APIRoute } from 'astro';
import { canSee, type Section } from '../../functions/access/index.ts';
import { sitemapEntries, watchUrl } from '../../functions/domains/catalogue/index.ts';
import { config } from '../../functions/lib/index.ts';
import { INFO_DOCS } from '../content/info/index.ts';
import { pageViewer } from '../lib/viewer.ts';

/** Sections and help pages of docs/product.md, «Screens and routes» that search engines should know, with their rule. */
const STATIC_PATHS: [path: string, section?: Section][] = [
  ['/'],
  ['/series'],
  ['/movies'],
  ['/kids', 'kids'],
  ['/collections'],
  ['/tv'],
  ['/hbo-max', 'hbo-max'],
  ['/kino1tv', 'kino1tv'],
  ['/paramount-plus', 'paramount-plus'],
  ['/dazn', 'dazn'],
  ['/trailers'],
  ['/faq'],
  ['/contacts'],
  ['/big-screen'],
  ['/referral-rules'],
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * sitemap.xml: sections, info pages, every title, collection and TV channel the requester may
 * open, in one D1 round trip. A crawler in the CIS gets the CIS-only sections and titles, one
 * elsewhere does not (docs/decisions.md, "The sitemap lists what its requester may open"); the
 * edge keeps one copy per region group and tells other caches it varies by country.
 */
export const GET: APIRoute = async (context) => {
  const viewer = pageViewer(context);
  const {
    titles: titleRows,
    collections: collectionRows,
    channels: channelRows,
  } = await sitemapEntries(viewer);
  const urls = [
    ...STATIC_PATHS.filter(
      ([, section]) => !section || canSee(viewer, { kind: 'section', section }).allowed,
    ).map(([path]) => ({ loc: config().siteOrigin + path })),
    ...Object.values(INFO_DOCS).map((doc) => ({ loc: config().siteOrigin + doc.path })),
    ...collectionRows.map((c) => ({ loc: `${config().siteOrigin}/collections/${c.slug}` })),
    ...channelRows.map((c) => ({ loc: `${config().siteOrigin}/tv/${c.slug}` })),
    ...titleRows.map((t) => ({
      loc: config().siteOrigin + watchUrl(t.id),
      lastmod: new Date(t.createdAt * 1000).toISOString().slice(0, 10),
    })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${'lastmod' in u && u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // A kid profile's list is its own; everyone else's differs only by region group.
      'Cache-Control': viewer.isKid
        ? 'private, no-cache'
        : 'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600',
      Vary: 'Cookie, CF-IPCountry',
    },
  });
};
