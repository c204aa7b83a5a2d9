import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LimitRule } from './limits.ts';
import { retryText } from './texts.ts';

/** A throttle to apply: a key (see `pseudonym`) and its rule. */
export interface Limit extends LimitRule {
  key: string;
}

/**
 * Takes one unit from every limit, all or nothing, in one statement: either every counter is
 * below its max and all are incremented, or none is touched and the request is refused. So a
 * refused resend does not eat into the hourly allowance, and two concurrent requests cannot both
 * take the last unit (SQLite runs the statement atomically).
 * Throws a 429 with `Retry-After` (seconds until the first blocking window ends).
 * @example await takeOrThrow([{ key: 'send-ip:…', max: 20, seconds: 3600 }], now)
 */
export async function takeOrThrow(limits: Limit[], now: number): Promise<void> {
  const db = d1();
  const values = limits.map(() => '(?, ?, ?)').join(', ');
  const params = limits.flatMap((l) => [l.key, l.max, now + l.seconds]);
  const requested = `WITH req(key, max, reset_at) AS (VALUES ${values})`;
  const taken = await db
    .prepare(
      `${requested}
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT key, 1, reset_at FROM req
      WHERE NOT EXISTS (SELECT 1 FROM rate_limits r JOIN req q ON r.key = q.key WHERE r.reset_at > ? AND r.count >= q.max)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at > ? THEN rate_limits.count + 1 ELSE 1 END,
        reset_at = CASE WHEN rate_limits.reset_at > ? THEN rate_limits.reset_at ELSE excluded.reset_at END`,
    )
    .bind(...params, now, now, now)
    .run();
  if (taken.meta.changes > 0) return;
  const blocking = await db
    .prepare(
      `${requested} SELECT max(r.reset_at) AS until FROM rate_limits r JOIN req q ON r.key = q.key WHERE r.reset_at > ? AND r.count >= q.max`,
    )
    .bind(...params, now)
    .first<{ until: number | null }>();
  throw tooMany(Math.max(1, (blocking?.until ?? now + 1) - now));
}

/** A 429 in the envelope, with Retry-After when waiting helps (not when a new code is needed). */
export function tooMany(
  retryAfter: number,
  message = retryText(retryAfter),
  reason = 'rate_limited',
): ApiError {
  return new ApiError(
    429,
    message,
    reason,
    retryAfter > 0 ? { 'Retry-After': String(Math.ceil(retryAfter)) } : {},
  );
}

/**
 * Counts one attempt against `limit` before it is made (increment first), so concurrent attempts
 * cannot all slip under the max; a statement for a batch. The row answers the new count.
 */
export function countAttempt(db: D1Database, limit: Limit, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at > ?3 THEN rate_limits.count + 1 ELSE 1 END,
        reset_at = CASE WHEN rate_limits.reset_at > ?3 THEN rate_limits.reset_at ELSE excluded.reset_at END
      RETURNING count, reset_at`,
    )
    .bind(limit.key, now + limit.seconds, now);
}

/** Forgets a counter (a successful sign-in clears its failures). */
export function resetLimit(db: D1Database, key: string): D1PreparedStatement {
  return db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key);
}

/** Moves the end of a window (the lock runs 15 minutes from the fifth failure, not the first). */
export function restartWindow(db: D1Database, key: string, resetAt: number): D1PreparedStatement {
  return db.prepare('UPDATE rate_limits SET reset_at = ? WHERE key = ?').bind(resetAt, key);
}
