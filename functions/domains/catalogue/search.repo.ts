import { type Viewer, visibleTitles } from '../../access/index.ts';
import { and, rows, run, sql, where } from '../../db/sql.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { cardColumns } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';

/**
 * The FTS5 query for what a viewer typed: every word must match as a prefix, case- and
 * ё-insensitive (the index folds diacritics). Words are quoted, so no FTS syntax gets through.
 * @example ftsQuery('тихий гор') // '"тихий"* AND "гор"*'
 */
export function ftsQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .replace(/ё/g, 'е')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' AND ') : null;
}

/** Released titles but trailers that the viewer may see. */
const searchable = (viewer: Viewer) =>
  and(sql`titles.released_at <= unixepoch() AND titles.type != 'trailer'`, visibleTitles(viewer));

/** Titles matching the query, best match first (BM25 with the name weighted highest), then popularity. */
export async function searchTitles(
  d: D1Database,
  query: string,
  { page, page_size }: PageQuery,
  viewer: Viewer,
) {
  const match = ftsQuery(query);
  if (!match) return { rows: [], total: 0 };
  const found = await run(
    rows<TitleRow & { total: number }>(
      d,
      sql`SELECT ${cardColumns}, count(*) OVER () AS total
          FROM titles
          JOIN (SELECT rowid AS id, bm25(titles_search, 10.0, 5.0, 2.0, 1.0) AS score
                FROM titles_search WHERE titles_search MATCH ${match}) m ON m.id = titles.id
          ${where(searchable(viewer))}
          ORDER BY m.score, titles.popularity DESC
          LIMIT ${page_size} OFFSET ${(page - 1) * page_size}`,
    ),
  );
  return { rows: found, total: found[0]?.total ?? 0 };
}

/** What the search page offers before anything is typed: the most popular titles. */
export async function presetTitles(d: D1Database, limit: number, viewer: Viewer) {
  return run(
    rows<TitleRow>(
      d,
      sql`SELECT ${cardColumns} FROM titles ${where(searchable(viewer))}
          ORDER BY titles.popularity DESC LIMIT ${limit}`,
    ),
  );
}
