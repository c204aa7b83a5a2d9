import type { APIRoute } from 'astro';
import { sitemapEntries, watchUrl } from '../../functions/domains/catalogue/index.ts';
import { INFO_DOCS } from '../content/info/index.ts';

/** Sections and help pages of spec section 2 that search engines should know (CIS-only ones too). */
const STATIC_PATHS = [
  '/',
  '/series',
  '/movies',
  '/kids',
  '/collections',
  '/tv',
  '/hbo-max',
  '/kino1tv',
  '/paramount-plus',
  '/dazn',
  '/trailers',
  '/faq',
  '/contacts',
  '/big-screen',
  '/referral-rules',
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** sitemap.xml: sections, info pages, every title, collection and TV channel, in one D1 round trip. */
export const GET: APIRoute = async ({ url }) => {
  const {
    titles: titleRows,
    collections: collectionRows,
    channels: channelRows,
  } = await sitemapEntries();
  const urls = [
    ...STATIC_PATHS.map((path) => ({ loc: url.origin + path })),
    ...Object.values(INFO_DOCS).map((doc) => ({ loc: url.origin + doc.path })),
    ...collectionRows.map((c) => ({ loc: `${url.origin}/collections/${c.slug}` })),
    ...channelRows.map((c) => ({ loc: `${url.origin}/tv/${c.slug}` })),
    ...titleRows.map((t) => ({
      loc: url.origin + watchUrl(t.id),
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
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
