import { type Viewer, visibleChannels, visibleTitles } from '../../access/index.ts';
import type { Query } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import { collectionShowsSomething } from './showcases.repo.ts';

/** What the sitemap lists, each the viewer may open: queries a service batches together. */

/** Every title but trailers, by id. */
export function sitemapTitlesQuery(
  d: D1Database,
  viewer: Viewer,
): Query<{ id: number; createdAt: number }[]> {
  return rows(
    d,
    sql`SELECT titles.id, titles.created_at AS "createdAt" FROM titles
          ${where(sql`titles.type != 'trailer'`, visibleTitles(viewer))} ORDER BY titles.id`,
  );
}

/** Every collection with something for the viewer, in the catalogue's order. */
export function sitemapCollectionsQuery(d: D1Database, viewer: Viewer): Query<{ slug: string }[]> {
  return rows(
    d,
    sql`SELECT collections.slug FROM collections WHERE ${collectionShowsSomething(viewer)}
          ORDER BY collections.position`,
  );
}

/** Every TV channel, in the guide's order. */
export function sitemapChannelsQuery(d: D1Database, viewer: Viewer): Query<{ slug: string }[]> {
  return rows(
    d,
    sql`SELECT tv_channels.slug FROM tv_channels ${where(visibleChannels(viewer))}
          ORDER BY tv_channels.position`,
  );
}
