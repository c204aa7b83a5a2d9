/**
 * D1 statements of the throttles (`rate_limits`: a counter per key and window, see rate-limit.ts).
 */
import { join, prepare, type Sql, sql } from '../../db/sql.ts';
import type { Limit } from './limits.ts';

/** The limits asked for, as a CTE `req(key, max, reset_at)` the statements join. */
const requested = (limits: Limit[], now: number): Sql =>
  sql`WITH req(key, max, reset_at) AS (VALUES ${join(
    limits.map((l) => sql`(${l.key}, ${l.max}, ${now + l.seconds})`),
  )})`;

/**
 * Takes one unit from every limit, all or nothing, in one statement: either every counter is
 * below its max and all are incremented, or none is touched (no change).
 */
export function takeUnits(db: D1Database, limits: Limit[], now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`${requested(limits, now)}
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT key, 1, reset_at FROM req
      WHERE NOT EXISTS (SELECT 1 FROM rate_limits r JOIN req q ON r.key = q.key WHERE r.reset_at > ${now} AND r.count >= q.max)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at > ${now} THEN rate_limits.count + 1 ELSE 1 END,
        reset_at = CASE WHEN rate_limits.reset_at > ${now} THEN rate_limits.reset_at ELSE excluded.reset_at END`,
  );
}

/** When the first of the limits that block ends (`until`, null when none blocks). */
export function blockingUntil(db: D1Database, limits: Limit[], now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`${requested(limits, now)} SELECT max(r.reset_at) AS until FROM rate_limits r JOIN req q ON r.key = q.key WHERE r.reset_at > ${now} AND r.count >= q.max`,
  );
}

/**
 * Counts one attempt against `limit` before it is made (increment first), so concurrent attempts
 * cannot all slip under the max; a statement for a batch. The row answers the new count.
 */
export function countAttempt(db: D1Database, limit: Limit, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${limit.key}, 1, ${now + limit.seconds})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at > ${now} THEN rate_limits.count + 1 ELSE 1 END,
        reset_at = CASE WHEN rate_limits.reset_at > ${now} THEN rate_limits.reset_at ELSE excluded.reset_at END
      RETURNING count, reset_at`,
  );
}

/** Forgets a counter (a successful sign-in clears its failures). */
export function resetLimit(db: D1Database, key: string): D1PreparedStatement {
  return prepare(db, sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Moves the end of a window (the lock runs 15 minutes from the fifth failure, not the first). */
export function restartWindow(db: D1Database, key: string, resetAt: number): D1PreparedStatement {
  return prepare(db, sql`UPDATE rate_limits SET reset_at = ${resetAt} WHERE key = ${key}`);
}
