import { type Viewer, visibleChannels, visibleTitles } from '../../access/index.ts';
import type { Query } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import type { Partner, TitleType } from '../../shared/catalogue.ts';
import { collectionShowsSomething } from './showcases.repo.ts';

/**
 * What the sitemap lists, each the viewer may open, with when its content last changed (unix
 * seconds; the dates migration 0022 keeps): queries a service batches together.
 */

/** A title the viewer may open, trailers included (their section's date counts them). */
export interface SitemapTitle {
  id: number;
  type: TitleType;
  partner: Partner;
  changedAt: number;
}

/**
 * Every title, by id. A title's page also changes when it or one of its episodes comes out (as of
 * `now`), which no row records: the later of that and its own date.
 */
export function sitemapTitlesQuery(
  d: D1Database,
  viewer: Viewer,
  now: number,
): Query<SitemapTitle[]> {
  return rows(
    d,
    sql`SELECT titles.id, titles.type, titles.partner,
          max(titles.updated_at,
              CASE WHEN titles.released_at <= ${now} THEN titles.released_at ELSE 0 END,
              coalesce((SELECT max(e.released_at) FROM episodes e
                        WHERE e.title_id = titles.id AND e.released_at <= ${now}), 0))
            AS "changedAt"
        FROM titles ${where(visibleTitles(viewer))} ORDER BY titles.id`,
  );
}

/** Every collection with something for the viewer, in the catalogue's order. */
export function sitemapCollectionsQuery(
  d: D1Database,
  viewer: Viewer,
): Query<{ slug: string; changedAt: number }[]> {
  return rows(
    d,
    sql`SELECT collections.slug, collections.updated_at AS "changedAt" FROM collections
          WHERE ${collectionShowsSomething(viewer)} ORDER BY collections.position`,
  );
}

/**
 * Every TV channel, in the guide's order. A channel's page shows what is on now, so it also changes
 * as each programme starts (as of `now`): the later of that and its own date.
 */
export function sitemapChannelsQuery(
  d: D1Database,
  viewer: Viewer,
  now: number,
): Query<{ slug: string; changedAt: number }[]> {
  return rows(
    d,
    sql`SELECT tv_channels.slug,
          max(tv_channels.updated_at,
              coalesce((SELECT max(p.starts_at) FROM tv_programmes p
                        WHERE p.channel_id = tv_channels.id AND p.starts_at <= ${now}), 0))
            AS "changedAt"
        FROM tv_channels ${where(visibleChannels(viewer))} ORDER BY tv_channels.position`,
  );
}
