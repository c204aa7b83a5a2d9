import type { Viewer } from '../../access/index.ts';
import type { Query } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import { cardColumns, listedTitles } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';

/** How many titles the «Похожие» shelf of a title page holds at most. */
export const SIMILAR_LIMIT = 12;

/**
 * Titles like a title (its page's «Похожие» shelf): those sharing genres or people (actors,
 * directors) with it, ranked by how many they share, then by popularity. Only what the catalogue's
 * lists would show this viewer (`listedTitles`: released, no trailer, access/'s visibility), and
 * never the title itself.
 * @example await run(similarTitlesQuery(d, 12, viewer)) // [{ id: 40, name: '…', overlap: 3 }, …]
 */
export function similarTitlesQuery(
  d: D1Database,
  titleId: number,
  viewer: Viewer,
  limit = SIMILAR_LIMIT,
): Query<(TitleRow & { overlap: number })[]> {
  const genres = sql`SELECT DISTINCT b.title_id, 'g' || a.genre_id FROM title_genres a
      JOIN title_genres b ON b.genre_id = a.genre_id WHERE a.title_id = ${titleId}`;
  // A person counts once however many roles they have on either title.
  const people = sql`SELECT DISTINCT b.title_id, 'p' || a.person_id FROM title_people a
      JOIN title_people b ON b.person_id = a.person_id WHERE a.title_id = ${titleId}`;
  return rows(
    d,
    sql`WITH shared (title_id, what) AS (${genres} UNION ALL ${people}),
          overlap (title_id, n) AS (SELECT title_id, count(*) FROM shared GROUP BY title_id)
        SELECT ${cardColumns}, overlap.n AS overlap
        FROM overlap JOIN titles ON titles.id = overlap.title_id
        ${where(sql`titles.id != ${titleId}`, listedTitles(viewer))}
        ORDER BY overlap.n DESC, titles.popularity DESC, titles.id DESC LIMIT ${limit}`,
  );
}
