import { asc, ne } from 'drizzle-orm';
import { collections, titles, tvChannels } from '../../db/catalogue-schema.ts';
import { db } from '../../db/client.ts';

/** What the sitemap lists of the catalogue: every title (but trailers), collection and TV channel. */
export async function sitemapEntries() {
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
  return { titles: titleRows, collections: collectionRows, channels: channelRows };
}
