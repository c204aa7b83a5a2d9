import { type Viewer, visibleTitles } from '../../access/index.ts';
import type { Query } from '../../db/run.ts';
import { and, firstRow, prepare, raw, rows, type Sql, sql, where } from '../../db/sql.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { cardColumns, type TitleRow } from '../catalogue/index.ts';

/**
 * D1 of the viewer's lists. Every list is one profile's (`profile_id`) and holds only titles the
 * viewer may see now (`visibleTitles` in the WHERE, so counts and pages agree with what is shown):
 * a title that became 18+ for a kid profile, or left the region, drops out without being deleted.
 */

/** Released titles the viewer may see. */
const visible = (viewer: Viewer): Sql =>
  and(sql`titles.released_at <= unixepoch()`, visibleTitles(viewer));

const page = ({ page, page_size }: PageQuery) =>
  sql`LIMIT ${page_size} OFFSET ${(page - 1) * page_size}`;

/** A `SELECT count(*) AS n` as a number. */
const count = (d: D1Database, q: Sql): Query<number> => ({
  statement: prepare(d, q),
  read: (all) => Number(all[0]?.n ?? 0),
});

/** An episode's place in its series, from the joined `episodes` and `seasons`. */
export interface EpisodeColumns {
  episodeId: number;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeName: string | null;
}

/** A row of the history: a progress row with its title as a card and its episode. */
export interface HistoryRow extends TitleRow, EpisodeColumns {
  rowId: string;
  position: number;
  duration: number;
  completed: number;
  updatedAt: number;
}

const HISTORY_FROM = raw(`FROM watch_progress
  JOIN titles ON titles.id = watch_progress.title_id
  LEFT JOIN episodes ON episodes.id = watch_progress.episode_id
  LEFT JOIN seasons ON seasons.id = episodes.season_id`);

const historyWhere = (profileId: number, viewer: Viewer) =>
  where(sql`watch_progress.profile_id = ${profileId}`, visible(viewer));

/** A page of the profile's history, newest first, and its total. */
export function historyQueries(d: D1Database, profileId: number, viewer: Viewer, q: PageQuery) {
  return [
    rows<HistoryRow>(
      d,
      sql`SELECT watch_progress.id AS "rowId", watch_progress.episode_id AS "episodeId",
            watch_progress.position, watch_progress.duration, watch_progress.completed,
            watch_progress.updated_at AS "updatedAt", seasons.number AS "seasonNumber",
            episodes.number AS "episodeNumber", episodes.name AS "episodeName", ${cardColumns}
          ${HISTORY_FROM} ${historyWhere(profileId, viewer)}
          ORDER BY watch_progress.updated_at DESC, watch_progress.id DESC ${page(q)}`,
    ),
    count(d, sql`SELECT count(*) AS n ${HISTORY_FROM} ${historyWhere(profileId, viewer)}`),
  ] as const;
}

/** What a statement on progress rows answers: the things it touched, for the account's object. */
const THINGS = raw('RETURNING title_id AS "titleId", episode_id AS "episodeId"');

/** Forgets one row (`id`), one episode's progress, or every row of a title (a film has one). */
export const deleteHistory = (
  d: D1Database,
  profileId: number,
  target: { id?: string; episodeId?: number; contentId?: number },
) =>
  target.id !== undefined
    ? prepare(
        d,
        sql`DELETE FROM watch_progress WHERE profile_id = ${profileId} AND id = ${target.id} ${THINGS}`,
      )
    : prepare(
        d,
        target.episodeId !== undefined
          ? sql`DELETE FROM watch_progress WHERE profile_id = ${profileId} AND episode_id = ${target.episodeId} ${THINGS}`
          : sql`DELETE FROM watch_progress WHERE profile_id = ${profileId} AND title_id = ${target.contentId} ${THINGS}`,
      );

export const clearHistory = (d: D1Database, profileId: number) =>
  prepare(d, sql`DELETE FROM watch_progress WHERE profile_id = ${profileId}`);

/** A continue-watching row: the title's latest progress row and, when that one is finished, its next episode. */
export interface ContinueRow extends TitleRow, EpisodeColumns {
  position: number;
  duration: number;
  completed: number;
  updatedAt: number;
  nextId: number | null;
  nextSeason: number | null;
  nextNumber: number | null;
  nextName: string | null;
  nextDuration: number | null;
}

/** Titles on a continue-watching shelf at most. */
export const CONTINUE_LIMIT = 20;

/**
 * One row per title: the title's most recent progress row, unless the viewer took the title off
 * the shelf (cw_hidden) or finished it with no released episode after. A finished episode brings
 * the next one (the next number in its season, else the first of a later season).
 */
export function continueQuery(d: D1Database, profileId: number, viewer: Viewer) {
  return rows<ContinueRow>(
    d,
    sql`WITH latest AS (
          SELECT wp.*, row_number() OVER (
            PARTITION BY wp.title_id ORDER BY wp.updated_at DESC, wp.episode_id DESC) AS rn
          FROM watch_progress wp WHERE wp.profile_id = ${profileId})
        SELECT latest.episode_id AS "episodeId", latest.position, latest.duration, latest.completed,
          latest.updated_at AS "updatedAt", seasons.number AS "seasonNumber",
          episodes.number AS "episodeNumber", episodes.name AS "episodeName",
          nxt.id AS "nextId", ns.number AS "nextSeason", nxt.number AS "nextNumber",
          nxt.name AS "nextName", nxt.duration_min * 60 AS "nextDuration", ${cardColumns}
        FROM latest
        JOIN titles ON titles.id = latest.title_id
        LEFT JOIN episodes ON episodes.id = latest.episode_id
        LEFT JOIN seasons ON seasons.id = episodes.season_id
        LEFT JOIN episodes nxt ON latest.completed = 1 AND nxt.id = (
          SELECT e.id FROM episodes e JOIN seasons s ON s.id = e.season_id
          WHERE e.title_id = latest.title_id AND e.released_at <= unixepoch()
            AND (s.number > seasons.number OR (s.number = seasons.number AND e.number > episodes.number))
          ORDER BY s.number, e.number LIMIT 1)
        LEFT JOIN seasons ns ON ns.id = nxt.season_id
        ${where(
          sql`latest.rn = 1 AND latest.cw_hidden = 0 AND (latest.completed = 0 OR nxt.id IS NOT NULL)`,
          visible(viewer),
        )}
        ORDER BY latest.updated_at DESC, titles.id DESC
        LIMIT ${CONTINUE_LIMIT}`,
  );
}

/**
 * Takes a title off the continue-watching shelf: every row of the title, since the shelf shows a
 * title by its latest row (watching again writes a row with cw_hidden 0 and brings it back).
 */
export const hideContinue = (
  d: D1Database,
  profileId: number,
  target: { episodeId: number } | { contentId: number },
) =>
  'episodeId' in target
    ? prepare(
        d,
        sql`UPDATE watch_progress SET cw_hidden = 1 WHERE profile_id = ${profileId} AND title_id = (SELECT title_id FROM episodes WHERE id = ${target.episodeId}) ${THINGS}`,
      )
    : prepare(
        d,
        sql`UPDATE watch_progress SET cw_hidden = 1 WHERE profile_id = ${profileId} AND title_id = ${target.contentId} ${THINGS}`,
      );

/**
 * Titles with the most profiles watching them in the last day ("now watching", nw): a range on
 * watch_progress.updated_at, which its own index serves without scanning every row.
 */
export function nowWatchingSql(viewer: Viewer, since: number, { active = true, limit = 20 } = {}) {
  return sql`SELECT ${cardColumns}
        FROM watch_progress JOIN titles ON titles.id = watch_progress.title_id
        ${where(
          // Inactive (a guest's page, which shows no personal shelf): a constant false, no scan.
          active ? undefined : raw('0'),
          sql`watch_progress.updated_at >= ${since} AND titles.type != 'trailer'`,
          visible(viewer),
        )}
        GROUP BY titles.id
        ORDER BY count(DISTINCT watch_progress.profile_id) DESC, max(watch_progress.updated_at) DESC
        LIMIT ${limit}`;
}

export const nowWatchingQuery = (
  d: D1Database,
  viewer: Viewer,
  since: number,
  options: { active?: boolean; limit?: number } = {},
) => rows<TitleRow>(d, nowWatchingSql(viewer, since, options));

/** A favourite: the title's card columns and when it was added. */
export interface FavouriteRow extends TitleRow {
  addedAt: number;
}

const favouritesWhere = (profileId: number, viewer: Viewer) =>
  where(sql`favourites.profile_id = ${profileId}`, visible(viewer));

/** A page of the profile's favourites, last added first, and its total. */
export function favouritesQueries(d: D1Database, profileId: number, viewer: Viewer, q: PageQuery) {
  return [
    rows<FavouriteRow>(
      d,
      sql`SELECT favourites.added_at AS "addedAt", ${cardColumns}
          FROM favourites JOIN titles ON titles.id = favourites.title_id
          ${favouritesWhere(profileId, viewer)}
          ORDER BY favourites.added_at DESC, favourites.title_id DESC ${page(q)}`,
    ),
    count(
      d,
      sql`SELECT count(*) AS n FROM favourites JOIN titles ON titles.id = favourites.title_id
          ${favouritesWhere(profileId, viewer)}`,
    ),
  ] as const;
}

/** What the access rules need to know of a title, and whether it is out. */
export interface TitleFacts {
  id: number;
  type: TitleRow['type'];
  partner: TitleRow['partner'];
  ageRating: TitleRow['ageRating'];
  released: number;
}

export const titleFactsQuery = (d: D1Database, id: number) =>
  firstRow<TitleFacts>(
    d,
    sql`SELECT titles.id, titles.type, titles.partner, titles.age_rating AS "ageRating",
          titles.released_at <= unixepoch() AS released
        FROM titles WHERE titles.id = ${id}`,
  );

export const favouriteQuery = (d: D1Database, profileId: number, titleId: number) =>
  firstRow(
    d,
    sql`SELECT 1 AS found FROM favourites WHERE profile_id = ${profileId} AND title_id = ${titleId}`,
  );

/** Adds a favourite; a second add keeps the first date. */
export const addFavourite = (d: D1Database, profileId: number, titleId: number, now: number) =>
  prepare(
    d,
    sql`INSERT INTO favourites (profile_id, title_id, added_at) VALUES (${profileId}, ${titleId}, ${now}) ON CONFLICT DO NOTHING`,
  );

/**
 * Removes the listed favourites in one statement (what is not there is simply not removed). The
 * ids are one JSON parameter, so the list's length is not bounded by D1's 100 bound parameters.
 */
export const removeFavourites = (d: D1Database, profileId: number, titleIds: number[]) =>
  prepare(
    d,
    sql`DELETE FROM favourites WHERE profile_id = ${profileId} AND title_id IN (SELECT value FROM json_each(${JSON.stringify(titleIds)}))`,
  );

export const voteQuery = (d: D1Database, profileId: number, titleId: number) =>
  firstRow<{ value: 1 | -1 }>(
    d,
    sql`SELECT value FROM votes WHERE profile_id = ${profileId} AND title_id = ${titleId}`,
  );

export const putVote = (
  d: D1Database,
  profileId: number,
  titleId: number,
  value: 1 | -1,
  now: number,
) =>
  prepare(
    d,
    sql`INSERT INTO votes (profile_id, title_id, value, voted_at) VALUES (${profileId}, ${titleId}, ${value}, ${now})
       ON CONFLICT (profile_id, title_id) DO UPDATE SET value = excluded.value, voted_at = excluded.voted_at`,
  );

export const deleteVote = (d: D1Database, profileId: number, titleId: number) =>
  prepare(d, sql`DELETE FROM votes WHERE profile_id = ${profileId} AND title_id = ${titleId}`);
