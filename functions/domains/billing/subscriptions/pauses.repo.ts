import { prepare, raw, sql } from '../../../db/sql.ts';

/**
 * D1 of subscription pauses (docs/product.md, «Money»; migration 0023). Pausing and resuming are
 * each one batch of guarded statements: the pause row is inserted only while the rules allow it
 * (one open pause per subscription, by a unique index), and the dates move only when that row is
 * there, so two requests at once pause once.
 */

const DAY = 86_400;
/** The rules' window: two pauses and 90 days within the last 12 months. */
export const PAUSE_WINDOW = 365 * DAY;
export const PAUSE_MIN_DAYS = 7;
export const PAUSE_MAX_DAYS = 90;
export const PAUSES_PER_WINDOW = 2;

/** How many pauses of subscription `s` started within the window. */
const pausesSince = (since: number) =>
  sql`(SELECT count(*) FROM subscription_pauses p WHERE p.subscription_id = s.id AND p.starts_at > ${since})`;

/** The days of those pauses, counted whole (the days an early resume leaves burn). */
const pauseDaysSince = (since: number) =>
  sql`(SELECT coalesce(sum(p.days), 0) FROM subscription_pauses p WHERE p.subscription_id = s.id AND p.starts_at > ${since})`;

/**
 * What the latest period of a subscription's product was: 'paid' (a payment or renewal at no
 * trial offer), 'trial' (the new user's or the free days' offer), or the grant's source (gift,
 * promo, free_days). Only a paid period may be paused.
 */
export const PERIOD_KIND = `(SELECT CASE
      WHEN e.source NOT IN ('payment', 'renewal') THEN e.source
      WHEN po.name IN ('new_user', 'free_days') THEN 'trial'
      ELSE 'paid' END
    FROM entitlements e
    LEFT JOIN orders o ON e.order_id LIKE 'order:%' AND o.id = substr(e.order_id, 7)
    LEFT JOIN price_offers po ON po.id = o.offer_id
    WHERE e.account_id = s.account_id AND e.product_id = t.product_id AND e.kind = 'subscription'
    ORDER BY e.expires_at DESC LIMIT 1)`;

/**
 * Pauses whose day has come end: their subscriptions run again (and are charged as before), the
 * pause is closed at its planned end. For one subscription, or all (the renewal job).
 */
export function endLapsedPauses(
  db: D1Database,
  now: number,
  subscriptionId: number | null = null,
): D1PreparedStatement[] {
  const one = subscriptionId === null ? sql`1` : sql`p.subscription_id = ${subscriptionId}`;
  return [
    prepare(
      db,
      sql`UPDATE subscriptions SET status = 'active', updated_at = ${now}
         WHERE status = 'paused' AND id IN (SELECT p.subscription_id FROM subscription_pauses p
           WHERE p.ended_at IS NULL AND p.ends_at <= ${now} AND ${one})`,
    ),
    prepare(
      db,
      sql`UPDATE subscription_pauses AS p SET ended_at = p.ends_at
         WHERE p.ended_at IS NULL AND p.ends_at <= ${now} AND ${one}`,
    ),
  ];
}

/**
 * A renewal charge of the subscription the acquirer may still complete: while it is pending a
 * pause would not stop it, and it would grant a period inside the pause.
 */
const pendingRenewal = (subscriptionId: number) =>
  sql`SELECT 1 FROM orders WHERE subscription_id = ${subscriptionId} AND kind = 'renewal' AND status = 'pending'`;

/** Whether a renewal charge of the subscription is pending (answers one row `{ pending }`). */
export const renewalPendingOf = (db: D1Database, subscriptionId: number): D1PreparedStatement =>
  prepare(db, sql`SELECT EXISTS (${pendingRenewal(subscriptionId)}) AS pending`);

/** One pause as the viewer asked for it. */
export interface PauseRequest {
  pauseId: string;
  accountId: number;
  subscriptionId: number;
  days: number;
  now: number;
}

/**
 * The statements of a pause, in order: the pause row, inserted only when the subscription may be
 * paused for these days (active, renewing, a paid period of a month or more, within the
 * window's limits, no open pause, no renewal charge pending); then the subscription's paused state with its dates moved and
 * its product's running periods moved, both only when that row was inserted.
 */
export function pauseStatements(db: D1Database, r: PauseRequest): D1PreparedStatement[] {
  const { pauseId, accountId, subscriptionId: id, days, now } = r;
  const shift = days * DAY;
  const since = now - PAUSE_WINDOW;
  const ours = sql`EXISTS (SELECT 1 FROM subscription_pauses WHERE id = ${pauseId})`;
  return [
    prepare(
      db,
      sql`INSERT INTO subscription_pauses
           (id, subscription_id, account_id, product_id, days, starts_at, ends_at, created_at)
         SELECT ${pauseId}, s.id, s.account_id, t.product_id, ${days}, ${now}, ${now + shift}, ${now}
         FROM subscriptions s
         JOIN tariffs t ON t.id = s.tariff_id
         JOIN tariff_prices tp ON tp.id = s.price_id
         WHERE s.id = ${id} AND s.account_id = ${accountId} AND s.status = 'active'
           AND s.is_renew = 1 AND tp.period_duration >= 30
           AND ${pausesSince(since)} < ${PAUSES_PER_WINDOW}
           AND ${pauseDaysSince(since)} + ${days} <= ${PAUSE_MAX_DAYS}
           AND ${raw(PERIOD_KIND)} = 'paid'
           AND NOT EXISTS (${pendingRenewal(id)})
         ON CONFLICT DO NOTHING`,
    ),
    prepare(
      db,
      sql`UPDATE subscriptions SET status = 'paused', granted_till = granted_till + ${shift},
           next_charge_at = next_charge_at + ${shift}, updated_at = ${now}
         WHERE id = ${id} AND account_id = ${accountId} AND ${ours}`,
    ),
    prepare(
      db,
      sql`UPDATE entitlements SET expires_at = expires_at + ${shift}
         WHERE account_id = ${accountId} AND kind = 'subscription' AND expires_at > ${now}
           AND product_id = (SELECT product_id FROM subscription_pauses WHERE id = ${pauseId})`,
    ),
  ];
}

/**
 * The statements of an early resume, in order: the product's periods and the subscription's dates
 * move back by the pause's days not used, the subscription runs again, and the pause is closed
 * now; each only while the pause is open and not yet over, so a second resume changes nothing.
 * The last answers the closed pause.
 */
export function resumeStatements(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement[] {
  const open = sql`FROM subscription_pauses WHERE subscription_id = ${id} AND account_id = ${accountId}
      AND ended_at IS NULL AND ends_at > ${now}`;
  return [
    prepare(
      db,
      sql`UPDATE entitlements SET expires_at = expires_at - (SELECT ends_at - ${now} ${open})
         WHERE account_id = ${accountId} AND kind = 'subscription' AND expires_at > ${now}
           AND product_id = (SELECT product_id ${open})`,
    ),
    prepare(
      db,
      sql`UPDATE subscriptions SET status = 'active',
           granted_till = granted_till - (SELECT ends_at - ${now} ${open}),
           next_charge_at = next_charge_at - (SELECT ends_at - ${now} ${open}),
           updated_at = ${now}
         WHERE id = ${id} AND account_id = ${accountId} AND status = 'paused'
           AND EXISTS (SELECT 1 ${open})`,
    ),
    prepare(
      db,
      sql`UPDATE subscription_pauses SET ended_at = ${now}
         WHERE subscription_id = ${id} AND account_id = ${accountId}
           AND ended_at IS NULL AND ends_at > ${now} RETURNING id`,
    ),
  ];
}
