import { type Viewer, visibleChannels, visibleTitles } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import { collectionShowsSomething } from './showcases.repo.ts';

/**
 * What the sitemap lists of the catalogue: every title (but trailers), collection and TV channel
 * the requester may open (docs/decisions.md, "The sitemap lists what its requester may open").
 */
export async function sitemapEntries(viewer: Viewer) {
  const d = d1();
  const [titleRows, collectionRows, channelRows] = await batch(d, [
    rows<{ id: number; createdAt: number }>(
      d,
      sql`SELECT titles.id, titles.created_at AS "createdAt" FROM titles
          ${where(sql`titles.type != 'trailer'`, visibleTitles(viewer))} ORDER BY titles.id`,
    ),
    rows<{ slug: string }>(
      d,
      sql`SELECT collections.slug FROM collections WHERE ${collectionShowsSomething(viewer)}
          ORDER BY collections.position`,
    ),
    rows<{ slug: string }>(
      d,
      sql`SELECT tv_channels.slug FROM tv_channels ${where(visibleChannels(viewer))}
          ORDER BY tv_channels.position`,
    ),
  ]);
  return { titles: titleRows, collections: collectionRows, channels: channelRows };
}
