import type { ParentalStatus } from '../db/parental-schema.ts';
import type { Query } from '../db/run.ts';
import { firstRow, prepare, rows, sql } from '../db/sql.ts';
import type { Entitlement } from './play.ts';

/**
 * The storage of an account's rights for `canPlay` (rights.ts reads them): kept in access, so
 * what "unlocks" means lives in one module whichever domain asks (playback, billing, the lists'
 * badges). Each is a query a service batches with its own (one round trip).
 */

/**
 * The account's entitlements (an account holds a handful: subscriptions, rentals, purchases), so
 * the query needs nothing of the item and joins the item's own in one batch. A subscription's
 * rows carry the end of its product's open pause (docs/product.md, «Money»: a paused
 * subscription's catalogue does not play).
 */
export function entitlementsQuery(d: D1Database, accountId: number): Query<Entitlement[]> {
  return rows<Entitlement>(
    d,
    sql`SELECT id, kind, product_id AS "productId", title_id AS "titleId", starts_by AS "startsBy",
          started_at AS "startedAt", expires_at AS "expiresAt",
          CASE WHEN kind = 'subscription' THEN (
            SELECT max(p.ends_at) FROM subscription_pauses p
            WHERE p.account_id = entitlements.account_id AND p.product_id = entitlements.product_id
              AND p.ended_at IS NULL) END AS "pausedUntil"
        FROM entitlements
        WHERE account_id = ${accountId}`,
  );
}

/** The account's parental control and this device session's PIN entry. */
export interface ParentalRow {
  status: ParentalStatus | null;
  ageLimit: number | null;
  pinUntil: number | null;
}

/** Parental control of the account and this device session's PIN entry (no row: Undefined). */
export function parentalQuery(
  d: D1Database,
  accountId: number,
  sessionId: string | null,
): Query<ParentalRow | undefined> {
  return firstRow<ParentalRow>(
    d,
    sql`SELECT c.status AS "status", c.age_limit AS "ageLimit",
          (SELECT pin_until FROM parental_sessions WHERE session_id = ${sessionId} AND account_id = ${accountId}) AS "pinUntil"
        FROM (SELECT ${accountId} AS account_id) a
        LEFT JOIN parental_controls c ON c.account_id = a.account_id`,
  );
}

/**
 * Starts a rental on its first play: one conditional UPDATE, so of two first plays at once only
 * one sets the window (the other changes nothing and plays within it).
 */
export function startRental(
  d: D1Database,
  entitlementId: number,
  accountId: number,
  now: number,
  windowSeconds: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE entitlements SET started_at = ${now}, expires_at = ${now} + ${windowSeconds}
       WHERE id = ${entitlementId} AND account_id = ${accountId} AND kind = 'rental' AND started_at IS NULL AND starts_by > ${now}`,
  );
}
