import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Viewer, visibleTitles } from '../../access/index.ts';
import { episodes, seasons, titles } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';
import { cardColumns, episodeCardColumns } from './content.repo.ts';

/** Episodes released in [from, to], soonest first, with their series as a card. */
export async function premiereEpisodes(
  db: Db,
  from: number,
  to: number,
  limit: number,
  viewer: Viewer,
) {
  return db
    .select(episodeCardColumns)
    .from(episodes)
    .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
    .innerJoin(titles, eq(titles.id, episodes.titleId))
    .where(and(gte(episodes.releasedAt, from), lte(episodes.releasedAt, to), visibleTitles(viewer)))
    .orderBy(asc(episodes.releasedAt), asc(episodes.id))
    .limit(limit);
}

/** Seasons whose first episode comes out in [from, to]. */
export async function premiereSeasons(
  db: Db,
  from: number,
  to: number,
  limit: number,
  viewer: Viewer,
) {
  return db
    .select({
      seasonId: sql<number>`seasons.id`.as('season_id'),
      seasonNumber: sql<number>`seasons.number`.as('season_number'),
      seasonName: sql<string>`seasons.name`.as('season_name'),
      releasedAt: sql<number>`seasons.released_at`.as('season_released_at'),
      ...cardColumns,
    })
    .from(seasons)
    .innerJoin(titles, eq(titles.id, seasons.titleId))
    .where(and(gte(seasons.releasedAt, from), lte(seasons.releasedAt, to), visibleTitles(viewer)))
    .orderBy(asc(seasons.releasedAt), asc(seasons.id))
    .limit(limit);
}
