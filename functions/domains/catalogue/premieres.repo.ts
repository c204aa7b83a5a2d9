import { type Viewer, visibleTitles } from '../../access/index.ts';
import { run } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import { cardColumns, type EpisodeCardRow, episodeCardColumns } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';

/** Episodes released in [from, to], soonest first, with their series as a card. */
export async function premiereEpisodes(
  d: D1Database,
  from: number,
  to: number,
  limit: number,
  viewer: Viewer,
) {
  return run(
    rows<EpisodeCardRow>(
      d,
      sql`SELECT ${episodeCardColumns}
          FROM episodes
          JOIN seasons ON seasons.id = episodes.season_id
          JOIN titles ON titles.id = episodes.title_id
          ${where(sql`episodes.released_at >= ${from}`, sql`episodes.released_at <= ${to}`, visibleTitles(viewer))}
          ORDER BY episodes.released_at, episodes.id
          LIMIT ${limit}`,
    ),
  );
}

/** Seasons whose first episode comes out in [from, to]. */
export async function premiereSeasons(
  d: D1Database,
  from: number,
  to: number,
  limit: number,
  viewer: Viewer,
) {
  return run(
    rows<
      TitleRow & { seasonId: number; seasonNumber: number; seasonName: string; releasedAt: number }
    >(
      d,
      sql`SELECT seasons.id AS "seasonId", seasons.number AS "seasonNumber", seasons.name AS "seasonName",
            seasons.released_at AS "releasedAt", ${cardColumns}
          FROM seasons JOIN titles ON titles.id = seasons.title_id
          ${where(sql`seasons.released_at >= ${from}`, sql`seasons.released_at <= ${to}`, visibleTitles(viewer))}
          ORDER BY seasons.released_at, seasons.id
          LIMIT ${limit}`,
    ),
  );
}
