import { prepare, raw, type Sql, sql } from '../../../db/sql.ts';
import { PAUSE_WINDOW, PERIOD_KIND } from './pauses.repo.ts';
/**
 * D1 of the viewer's side of billing: their subscriptions, saved cards and rights (rentals and
 * purchases). Each function answers one prepared statement so a page can put several in one
 * batch; every one is scoped by the account.
 */

/** A subscription with its tariff, price, the card it renews with and the offer it renews at. */
export interface SubscriptionRow {
  id: number;
  tariffId: number;
  tariffName: string;
  productId: number;
  priceId: number;
  periodDays: number;
  price: number;
  status: 'active' | 'renew' | 'paused' | 'ended';
  isRenew: number;
  grantedTill: number;
  graceUntil: number | null;
  paymentMethodId: number | null;
  cardTitle: string | null;
  cardKind: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardDeleted: number | null;
  retentionOfferAt: number | null;
  renewalOfferId: number | null;
  renewalOfferTitle: string | null;
  /** The retention offer of this subscription's price, when it has one. */
  retentionOfferId: number | null;
  /** The end of its open pause (unix seconds), if any. */
  pausedUntil: number | null;
  /** Pauses started in the last 12 months, and their days. */
  pausesUsed: number;
  pauseDaysUsed: number;
  /** What its latest period was: 'paid', 'trial', 'gift', 'promo', 'free_days' (null: none). */
  periodKind: string | null;
}

const SUBSCRIPTION_COLUMNS = `SELECT s.id, s.tariff_id AS tariffId, t.name AS tariffName, t.product_id AS productId,
    s.price_id AS priceId, tp.period_duration AS periodDays, tp.price, s.status, s.is_renew AS isRenew,
    s.granted_till AS grantedTill, s.grace_until AS graceUntil, s.payment_method_id AS paymentMethodId,
    pm.title AS cardTitle, pm.kind AS cardKind, pm.card_brand AS cardBrand, pm.card_last4 AS cardLast4,
    pm.deleted_at IS NOT NULL AS cardDeleted, s.retention_offer_at AS retentionOfferAt,
    s.renewal_offer_id AS renewalOfferId, ro.title AS renewalOfferTitle,
    (SELECT po.id FROM price_offers po WHERE po.price_id = s.price_id AND po.name = 'retention') AS retentionOfferId,
    (SELECT p.ends_at FROM subscription_pauses p WHERE p.subscription_id = s.id AND p.ended_at IS NULL) AS pausedUntil,
    ${PERIOD_KIND} AS periodKind`;

const SUBSCRIPTION_FROM = `FROM subscriptions s
  JOIN tariffs t ON t.id = s.tariff_id
  JOIN tariff_prices tp ON tp.id = s.price_id
  LEFT JOIN payment_methods pm ON pm.id = s.payment_method_id
  LEFT JOIN price_offers ro ON ro.id = s.renewal_offer_id`;

/** A subscription's columns with its pauses of the 12 months before `now`. */
const subscriptionSelect = (now: number): Sql =>
  sql`${raw(SUBSCRIPTION_COLUMNS)},
    (SELECT count(*) FROM subscription_pauses p WHERE p.subscription_id = s.id AND p.starts_at > ${now - PAUSE_WINDOW}) AS pausesUsed,
    (SELECT coalesce(sum(p.days), 0) FROM subscription_pauses p WHERE p.subscription_id = s.id AND p.starts_at > ${now - PAUSE_WINDOW}) AS pauseDaysUsed
    ${raw(SUBSCRIPTION_FROM)}`;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The account's subscriptions, running ones first, then by tariff. */
export function subscriptionsOf(
  db: D1Database,
  accountId: number,
  now = nowSeconds(),
): D1PreparedStatement {
  return prepare(
    db,
    sql`${subscriptionSelect(now)} WHERE s.account_id = ${accountId}
       ORDER BY s.status = 'ended', t.sort, s.id`,
  );
}

export function subscriptionOf(
  db: D1Database,
  accountId: number,
  id: number,
  now = nowSeconds(),
): D1PreparedStatement {
  return prepare(
    db,
    sql`${subscriptionSelect(now)} WHERE s.account_id = ${accountId} AND s.id = ${id}`,
  );
}

/** The account's saved methods still there. */
const liveMethods = (accountId: number) =>
  sql`SELECT id FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL`;

/**
 * Turns renewal on or off. On needs a running subscription and a saved method that is still there;
 * the statement changes nothing otherwise (the service says why).
 */
export function setRenewal(
  db: D1Database,
  accountId: number,
  id: number,
  on: boolean,
  now: number,
): D1PreparedStatement {
  return on
    ? prepare(
        db,
        sql`UPDATE subscriptions SET is_renew = 1, updated_at = ${now}
           WHERE account_id = ${accountId} AND id = ${id} AND status <> 'ended'
             AND payment_method_id IN (${liveMethods(accountId)})`,
      )
    : prepare(
        db,
        sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now}
           WHERE account_id = ${accountId} AND id = ${id}`,
      );
}

/**
 * The viewer declined the retention offer: renewal off and the offer spent, so it is offered once.
 * Only while it has not been answered: a repeated decline changes nothing more.
 */
export function declineRetention(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now},
         retention_offer_at = coalesce(retention_offer_at, ${now})
       WHERE account_id = ${accountId} AND id = ${id}`,
  );
}

/**
 * Takes the retention offer: the next renewals charge its first price for its first period
 * (renewal_offer_id, read by the renewal job), renewal stays on. One statement, guarded by
 * `retention_offer_at IS NULL`, so however many requests arrive it is taken once.
 */
export function applyRetention(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE subscriptions SET
         renewal_offer_id = (SELECT po.id FROM price_offers po WHERE po.price_id = subscriptions.price_id AND po.name = 'retention'),
         is_renew = 1, retention_offer_at = ${now}, updated_at = ${now}
       WHERE account_id = ${accountId} AND id = ${id} AND retention_offer_at IS NULL
         AND status IN ('active', 'renew')
         AND payment_method_id IN (${liveMethods(accountId)})
         AND EXISTS (SELECT 1 FROM price_offers po WHERE po.price_id = subscriptions.price_id AND po.name = 'retention')`,
  );
}

/** A rental or purchase of a title. */
export interface RightRow {
  id: number;
  kind: 'rental' | 'purchase';
  titleId: number;
  titleName: string;
  productName: string;
  grantedAt: number;
  startsBy: number | null;
  startedAt: number | null;
  expiresAt: number | null;
}

export function titleRightsOf(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT e.id, e.kind, e.title_id AS titleId, t.name AS titleName, p.name AS productName,
         e.granted_at AS grantedAt, e.starts_by AS startsBy, e.started_at AS startedAt, e.expires_at AS expiresAt
       FROM entitlements e JOIN titles t ON t.id = e.title_id JOIN products p ON p.id = e.product_id
       WHERE e.account_id = ${accountId} AND e.kind IN ('rental', 'purchase')
       ORDER BY e.kind = 'purchase', e.granted_at DESC, e.id DESC`,
  );
}

/** How many live rentals, purchases and saved cards the account has (the /settings sections). */
export function billingCounts(db: D1Database, accountId: number, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT (SELECT count(*) FROM entitlements WHERE account_id = ${accountId} AND kind = 'rental'
                 AND ((started_at IS NULL AND starts_by > ${now}) OR expires_at > ${now})) AS rentals,
              (SELECT count(*) FROM entitlements WHERE account_id = ${accountId} AND kind = 'purchase') AS purchases,
              (SELECT count(*) FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL) AS cards`,
  );
}

/** A subscription due a renewal charge, with what the charge needs. */
export interface DueRenewal {
  id: number;
  accountId: number;
  tariffId: number;
  priceId: number;
  paymentMethodId: number;
  grantedTill: number;
  failedCharges: number;
  offerId: number | null;
  amount: number;
  provider: string;
}

/**
 * Subscriptions due a renewal charge from a saved method that is still there, first due first,
 * leaving out those whose renewal order is pending at the acquirer or was taken up lately.
 */
export function dueRenewals(
  d: D1Database,
  now: number,
  retakeAfter: number,
  limit: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT s.id, s.account_id AS accountId, s.tariff_id AS tariffId, s.price_id AS priceId,
         s.payment_method_id AS paymentMethodId, s.granted_till AS grantedTill,
         s.failed_charges AS failedCharges, s.renewal_offer_id AS offerId,
         coalesce(o.first_price, p.price) AS amount, m.provider
       FROM subscriptions s
       JOIN payment_methods m ON m.id = s.payment_method_id AND m.deleted_at IS NULL
       JOIN tariff_prices p ON p.id = s.price_id
       LEFT JOIN price_offers o ON o.id = s.renewal_offer_id
       WHERE s.status IN ('active', 'renew') AND s.is_renew = 1 AND s.next_charge_at <= ${now}
         AND NOT EXISTS (
           SELECT 1 FROM orders r
           WHERE r.status = 'pending' AND r.kind = 'renewal' AND r.subscription_id = s.id
             AND r.client_key LIKE 'renewal:' || s.id || ':' || s.granted_till || ':%'
             AND (r.provider_payment_id IS NOT NULL OR r.updated_at >= ${now} - ${retakeAfter}))
       ORDER BY s.next_charge_at LIMIT ${limit}`,
  );
}

/** The renewal order of one attempt, keyed so that a second run or a parallel one inserts nothing. */
export function insertRenewalOrder(
  d: D1Database,
  id: string,
  s: DueRenewal,
  key: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO orders (id, account_id, kind, tariff_id, price_id, offer_id, subscription_id,
         amount, method, payment_method_id, recurring_consent, status, provider, client_key,
         created_at, updated_at)
       VALUES (${id}, ${s.accountId}, 'renewal', ${s.tariffId}, ${s.priceId}, ${s.offerId}, ${s.id}, ${s.amount}, 'saved', ${s.paymentMethodId}, 1, 'pending', ${s.provider}, ${key}, ${now}, ${now})
       ON CONFLICT (account_id, client_key) DO NOTHING`,
  );
}

/** The order that holds a renewal attempt's key. */
export function heldRenewal(d: D1Database, accountId: number, key: string): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT * FROM orders WHERE account_id = ${accountId} AND client_key = ${key}`,
  );
}
