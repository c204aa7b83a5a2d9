import type { Query } from '../../db/run.ts';
import { firstRow, prepare, sql } from '../../db/sql.ts';
import type { AgeRating, Partner, TitleType } from '../../shared/catalogue.ts';

/**
 * D1 of playback: what is played (a title, an episode, a channel with its programme on air), the
 * viewer's session device, progress and player preferences. Each is a Query a service batches.
 */

export interface TitleRow {
  id: number;
  slug: string;
  type: TitleType;
  name: string;
  partner: Partner;
  ageRating: AgeRating;
  releasedAt: number;
  /** The SVOD products linked to the title, comma-separated (null: none). */
  products: string | null;
}

const TITLE_COLUMNS = sql`t.id AS "titleId", t.slug AS "slug", t.type AS "type", t.name AS "titleName",
  t.partner AS "partner", t.age_rating AS "ageRating", t.released_at AS "titleReleasedAt",
  (SELECT group_concat(tp.product_id) FROM title_products tp JOIN products p ON p.id = tp.product_id
   WHERE tp.title_id = t.id AND p.buy_type = 'SVOD') AS "products"`;

export function titleQuery(d: D1Database, id: number): Query<TitleRow | undefined> {
  return firstRow(d, sql`SELECT ${TITLE_COLUMNS} FROM titles t WHERE t.id = ${id}`, titleOfRow);
}

export interface EpisodeRow {
  id: number;
  season: number;
  number: number;
  name: string;
  free: number;
  releasedAt: number;
}

const EPISODE_COLUMNS = sql`e.id AS "id", s.number AS "season", e.number AS "number", e.name AS "name",
  e.free AS "free", e.released_at AS "releasedAt"`;

/** An episode with its series. */
export function episodeQuery(
  d: D1Database,
  id: number,
): Query<(EpisodeRow & { title: TitleRow }) | undefined> {
  return firstRow(
    d,
    sql`SELECT ${EPISODE_COLUMNS}, ${TITLE_COLUMNS}
        FROM episodes e JOIN seasons s ON s.id = e.season_id JOIN titles t ON t.id = e.title_id
        WHERE e.id = ${id}`,
    (r) => ({
      id: r.id as number,
      season: r.season as number,
      number: r.number as number,
      name: r.name as string,
      free: r.free as number,
      releasedAt: r.releasedAt as number,
      title: titleOfRow(r),
    }),
  );
}

// The title's id, name and release date are aliased: an episode's row has its own.
function titleOfRow(r: Record<string, unknown>): TitleRow {
  return {
    id: r.titleId as number,
    slug: r.slug as string,
    type: r.type as TitleType,
    name: r.titleName as string,
    partner: r.partner as Partner,
    ageRating: r.ageRating as AgeRating,
    releasedAt: r.titleReleasedAt as number,
    products: (r.products as string | null) ?? null,
  };
}

/** The episode after `episodeId` in the series (next in its season, or the next season's first), out by `now`. */
export function nextEpisodeQuery(
  d: D1Database,
  episodeId: number,
  now: number,
): Query<EpisodeRow | undefined> {
  return firstRow<EpisodeRow>(
    d,
    sql`SELECT ${EPISODE_COLUMNS}
        FROM episodes e JOIN seasons s ON s.id = e.season_id,
          (SELECT e0.title_id AS tid, s0.number AS sn, e0.number AS en
           FROM episodes e0 JOIN seasons s0 ON s0.id = e0.season_id WHERE e0.id = ${episodeId}) cur
        WHERE e.title_id = cur.tid AND e.released_at <= ${now}
          AND (s.number > cur.sn OR (s.number = cur.sn AND e.number > cur.en))
        ORDER BY s.number, e.number LIMIT 1`,
  );
}

/**
 * The episode of a series to play for a profile: the one watched last (or the one after it when
 * finished), else the first; released ones only. `id` null when the series has none out.
 */
export function continueEpisodeQuery(
  d: D1Database,
  titleId: number,
  profileId: number | null,
  now: number,
): Query<number | null> {
  return firstRow(
    d,
    sql`WITH last AS (
          SELECT w.episode_id AS id, w.completed AS completed FROM watch_progress w
          WHERE w.profile_id = ${profileId} AND w.title_id = ${titleId} AND w.episode_id > 0
          ORDER BY w.updated_at DESC LIMIT 1
        ), ordered AS (
          SELECT e.id AS id, row_number() OVER (ORDER BY s.number, e.number) AS n
          FROM episodes e JOIN seasons s ON s.id = e.season_id
          WHERE e.title_id = ${titleId} AND e.released_at <= ${now}
        )
        SELECT coalesce(
          (SELECT o2.id FROM last JOIN ordered o1 ON o1.id = last.id JOIN ordered o2 ON o2.n = o1.n + last.completed),
          (SELECT ordered.id FROM last JOIN ordered ON ordered.id = last.id),
          (SELECT id FROM ordered WHERE n = 1)
        ) AS id`,
    (r) => (r.id as number | null) ?? null,
  ) as Query<number | null>;
}

export interface ProgressRow {
  position: number;
  duration: number;
  completed: number;
}

/** The profile's progress in a film (`titleId`, episode 0) or an episode (its id is enough). */
export function progressQuery(
  d: D1Database,
  profileId: number,
  titleId: number | null,
  episodeId: number,
): Query<ProgressRow | undefined> {
  const which =
    titleId === null
      ? sql`episode_id = ${episodeId}`
      : sql`title_id = ${titleId} AND episode_id = ${episodeId}`;
  return firstRow<ProgressRow>(
    d,
    sql`SELECT position, duration, completed FROM watch_progress
        WHERE profile_id = ${profileId} AND ${which} LIMIT 1`,
  );
}

/**
 * Writes progress: a new row gets a uuid; watching again puts the row back on "continue watching".
 * A position older than the row's (a late write of another device) changes nothing: the newest wins.
 */
export function saveProgress(
  d: D1Database,
  p: {
    profileId: number;
    titleId: number;
    episodeId: number;
    position: number;
    duration: number;
    completed: boolean;
    now: number;
  },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, cw_hidden, updated_at)
       VALUES (${crypto.randomUUID()}, ${p.profileId}, ${p.titleId}, ${p.episodeId}, ${p.position}, ${p.duration}, ${p.completed ? 1 : 0}, 0, ${p.now})
       ON CONFLICT (profile_id, title_id, episode_id) DO UPDATE SET position = excluded.position,
         duration = excluded.duration, completed = excluded.completed, cw_hidden = 0, updated_at = excluded.updated_at
         WHERE excluded.updated_at >= watch_progress.updated_at`,
  );
}

export interface Preferences {
  audio: string;
  subtitles: string;
}

export function preferencesQuery(d: D1Database, profileId: number): Query<Preferences | undefined> {
  return firstRow<Preferences>(
    d,
    sql`SELECT audio, subtitles FROM playback_preferences WHERE profile_id = ${profileId}`,
  );
}

export function savePreferences(
  d: D1Database,
  profileId: number,
  prefs: Preferences,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO playback_preferences (profile_id, audio, subtitles, updated_at) VALUES (${profileId}, ${prefs.audio}, ${prefs.subtitles}, ${now})
       ON CONFLICT (profile_id) DO UPDATE SET audio = excluded.audio, subtitles = excluded.subtitles, updated_at = excluded.updated_at`,
  );
}

export interface SessionDevice {
  deviceId: string;
  deviceName: string;
  deviceType: string;
  expiresAt: number;
}

/** The device of a live session of the account (revoked or expired: none). */
export function sessionDeviceQuery(
  d: D1Database,
  sessionId: string | null,
  accountId: number,
  now: number,
): Query<SessionDevice | undefined> {
  return firstRow<SessionDevice>(
    d,
    sql`SELECT device_id AS "deviceId", device_name AS "deviceName", device_type AS "deviceType",
          expires_at AS "expiresAt"
        FROM sessions WHERE id = ${sessionId} AND account_id = ${accountId}
          AND revoked_at IS NULL AND expires_at > ${now}`,
  );
}

export interface ChannelRow {
  id: number;
  slug: string;
  name: string;
  ageRating: AgeRating;
  free: number;
  programmeName: string | null;
  programmeStartsAt: number | null;
  programmeEndsAt: number | null;
}

/** A channel by id or slug with the programme on air at `now` (the guide is in Moscow time, stored as unix seconds). */
export function channelQuery(
  d: D1Database,
  idOrSlug: string,
  now: number,
): Query<ChannelRow | undefined> {
  const key = /^\d+$/.test(idOrSlug) ? sql`c.id = ${Number(idOrSlug)}` : sql`c.slug = ${idOrSlug}`;
  return firstRow<ChannelRow>(
    d,
    sql`SELECT c.id AS "id", c.slug AS "slug", c.name AS "name", c.age_rating AS "ageRating", c.free AS "free",
          p.name AS "programmeName", p.starts_at AS "programmeStartsAt", p.ends_at AS "programmeEndsAt"
        FROM tv_channels c
        LEFT JOIN tv_programmes p ON p.channel_id = c.id AND p.starts_at <= ${now} AND p.ends_at > ${now}
        WHERE ${key} ORDER BY p.starts_at DESC LIMIT 1`,
  );
}

/** The thing a profile watched last, and when. */
export interface LastWatched {
  titleId: number;
  episodeId: number;
  position: number;
  completed: number;
  season: number | null;
  number: number | null;
  updatedAt: number;
}

/** The thing the profile watched last: for /resume. */
export function lastWatchedQuery(d: D1Database, profileId: number): Query<LastWatched | undefined> {
  return firstRow(
    d,
    sql`SELECT w.title_id AS "titleId", w.episode_id AS "episodeId", w.position AS "position",
          w.completed AS "completed", s.number AS "season", e.number AS "number",
          w.updated_at AS "updatedAt"
        FROM watch_progress w
        LEFT JOIN episodes e ON e.id = w.episode_id
        LEFT JOIN seasons s ON s.id = e.season_id
        WHERE w.profile_id = ${profileId}
        ORDER BY w.updated_at DESC LIMIT 1`,
  );
}
