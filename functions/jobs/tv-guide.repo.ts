import type { Query } from '../db/run.ts';
import type { GuideTitle, Programme } from '../db/seed/catalogue/tv.ts';
import { join, prepare, rows, sql } from '../db/sql.ts';

/** The TV guide's storage: channels, their programmes, and the titles programmes are made of. */

/** D1 binds at most 100 parameters per statement: 8 columns × 12 rows. */
const ROWS_PER_INSERT = 12;

/** Every channel. */
export function guideChannelsQuery(d: D1Database): Query<{ id: number; slug: string }[]> {
  return rows(d, sql`SELECT id, slug FROM tv_channels`);
}

/** The end of each channel's last programme (a channel without programmes has no row). */
export function lastProgrammeEndsQuery(
  d: D1Database,
): Query<{ channelId: number; lastEnd: number }[]> {
  return rows(
    d,
    sql`SELECT channel_id AS "channelId", max(ends_at) AS "lastEnd" FROM tv_programmes GROUP BY channel_id`,
  );
}

/** The titles the generator fills a programme with (films, series, kids'). */
export function guideTitlesQuery(d: D1Database): Query<GuideTitle[]> {
  return rows(
    d,
    sql`SELECT type, partner, name, description, age_rating, coalesce(duration_min, 90) AS duration_min
          FROM titles WHERE type IN (${['movie', 'series', 'kids']})`,
  );
}

/**
 * The programmes as inserts of a few rows each (a programme already there, same channel and
 * start, is skipped); their `meta.changes` add up to the rows inserted.
 */
export function insertProgrammesStatements(
  d: D1Database,
  programmes: readonly Programme[],
): D1PreparedStatement[] {
  const inserts = [];
  for (let i = 0; i < programmes.length; i += ROWS_PER_INSERT) {
    const values = programmes
      .slice(i, i + ROWS_PER_INSERT)
      .map(
        (p) =>
          sql`(${p.channel_id}, ${p.starts_at}, ${p.ends_at}, ${p.name}, ${p.description}, ${p.genre}, ${p.age_rating})`,
      );
    inserts.push(
      prepare(
        d,
        sql`INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name, description, genre, age_rating)
            VALUES ${join(values)} ON CONFLICT DO NOTHING`,
      ),
    );
  }
  return inserts;
}

/** Deletes the programmes that ended before `before`. */
export function removeProgrammesEndedBefore(d: D1Database, before: number): D1PreparedStatement {
  return prepare(d, sql`DELETE FROM tv_programmes WHERE ends_at < ${before}`);
}

/** One channel's programmes in order. */
export function channelProgrammesQuery(
  d: D1Database,
  channelId: number,
): Query<{ name: string; startsAt: number; endsAt: number }[]> {
  return rows(
    d,
    sql`SELECT name, starts_at AS "startsAt", ends_at AS "endsAt" FROM tv_programmes
          WHERE channel_id = ${channelId} ORDER BY starts_at`,
  );
}
