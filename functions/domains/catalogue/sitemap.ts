import { and, asc, ne } from 'drizzle-orm';
import { type Viewer, visibleChannels, visibleTitles } from '../../access/index.ts';
import { collections, titles, tvChannels } from '../../db/catalogue-schema.ts';
import { db } from '../../db/client.ts';
import { collectionShowsSomething } from './showcases.repo.ts';

/**
 * What the sitemap lists of the catalogue: every title (but trailers), collection and TV channel
 * the requester may open (docs/decisions.md, "The sitemap lists what its requester may open").
 */
export async function sitemapEntries(viewer: Viewer) {
  const d = db();
  const [titleRows, collectionRows, channelRows] = await d.batch([
    d
      .select({ id: titles.id, createdAt: titles.createdAt })
      .from(titles)
      .where(and(ne(titles.type, 'trailer'), visibleTitles(viewer)))
      .orderBy(asc(titles.id)),
    d
      .select({ slug: collections.slug })
      .from(collections)
      .where(collectionShowsSomething(viewer))
      .orderBy(asc(collections.position)),
    d
      .select({ slug: tvChannels.slug })
      .from(tvChannels)
      .where(visibleChannels(viewer))
      .orderBy(asc(tvChannels.position)),
  ]);
  return { titles: titleRows, collections: collectionRows, channels: channelRows };
}
