import type { APIRoute } from 'astro';
import { asc, ne } from 'drizzle-orm';
import { watchUrl } from '../../functions/api/content/content-dto.ts';
import { collections, titles, tvChannels } from '../../functions/db/catalogue-schema.ts';
import { db } from '../../functions/db/client.ts';
import { config } from '../../functions/lib/config.ts';
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
export const GET: APIRoute = async () => {
  const d = db();
  const [titleRows, collectionRows, channelRows] = await d.batch([
    d
      .select({ id: titles.id, createdAt: titles.createdAt })
      .from(titles)
      .where(ne(titles.type, 'trailer'))
      .orderBy(asc(titles.id)),
    d.select({ slug: collections.slug }).from(collections).orderBy(asc(collections.position)),
    d.select({ slug: tvChannels.slug }).from(tvChannels).orderBy(asc(tvChannels.position)),
  ]);
  const urls = [
    ...STATIC_PATHS.map((path) => ({ loc: config().siteOrigin + path })),
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
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
