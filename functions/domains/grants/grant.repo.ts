import { prepare, sql } from '../../db/sql.ts';

/**
 * The rows a grant writes (grant.ts decides which): an entitlement keyed by its grant
 * (`entitlements.order_id`, unique, so a second insert of the same grant does nothing) and, for a
 * subscription, its renewal row, whose paid-up date is recomputed from the entitlements rather
 * than added to.
 */

const DAY = 86_400;

/** What every entitlement row of a grant records: whose, of what product, why, and when. */
export interface EntitlementGrant {
  accountId: number;
  productId: number;
  /** entitlements.source: payment, renewal, gift, promo, free_days. */
  source: string;
  /** entitlements.order_id: `order:…`, `gift:…`, `promo:…`, one per grant. */
  grantKey: string;
  now: number;
}

/** A rental of the title, to be started within `startSeconds` (null: no limit is stored). */
export function insertRental(
  d: D1Database,
  e: EntitlementGrant,
  titleId: number | null,
  startSeconds: number | null,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO entitlements
             (account_id, product_id, kind, title_id, granted_at, starts_by, source, order_id)
           VALUES (${e.accountId}, ${e.productId}, 'rental', ${titleId}, ${e.now}, ${e.now} + ${startSeconds}, ${e.source}, ${e.grantKey})`,
  );
}

/** A purchase of the title, for good. */
export function insertPurchase(
  d: D1Database,
  e: EntitlementGrant,
  titleId: number | null,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO entitlements
             (account_id, product_id, kind, title_id, granted_at, source, order_id)
           VALUES (${e.accountId}, ${e.productId}, 'purchase', ${titleId}, ${e.now}, ${e.source}, ${e.grantKey})`,
  );
}

/** The latest end of the account's subscription entitlements of the product (NULL: none). */
const latestEnd = (accountId: number, productId: number) =>
  sql`(SELECT max(expires_at) FROM entitlements
      WHERE account_id = ${accountId} AND product_id = ${productId} AND kind = 'subscription')`;

/**
 * A period of `days` of the product's subscription, from where the running one ends (or now), so
 * paying early loses no days.
 */
export function insertSubscriptionPeriod(
  d: D1Database,
  e: EntitlementGrant,
  days: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO entitlements
           (account_id, product_id, kind, title_id, granted_at, expires_at, source, order_id)
         VALUES (${e.accountId}, ${e.productId}, 'subscription', NULL, ${e.now},
           max(${e.now}, coalesce(${latestEnd(e.accountId, e.productId)}, 0)) + ${days * DAY}, ${e.source}, ${e.grantKey})`,
  );
}

/** The subscription of a tariff as it stands after a grant. */
export interface SubscriptionGrant {
  accountId: number;
  productId: number;
  tariffId: number;
  priceId: number;
  /** A saved method it renews with; null leaves renewal as it was (off for a new one). */
  paymentMethodId: number | null;
  /** The grant's price becomes the one that renews (a viewer's own purchase). */
  takesPrice: boolean;
  now: number;
}

/**
 * The tariff's renewal row, paid up to the latest end of the product's subscription entitlements
 * (so run after the period's insert), its next charge a day before; a paused one stays paused.
 */
export function upsertSubscription(d: D1Database, s: SubscriptionGrant): D1PreparedStatement {
  const { accountId, now } = s;
  const latest = latestEnd(accountId, s.productId);
  const method = s.paymentMethodId;
  return prepare(
    d,
    sql`INSERT INTO subscriptions
           (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till,
            next_charge_at, created_at, updated_at)
         VALUES (${accountId}, ${s.tariffId}, ${s.priceId}, 'active', ${method} IS NOT NULL, ${method},
           ${latest}, ${latest} - ${DAY}, ${now}, ${now})
         ON CONFLICT (account_id, tariff_id) DO UPDATE SET
           status = CASE WHEN status = 'paused' THEN 'paused' ELSE 'active' END,
           granted_till = excluded.granted_till,
           next_charge_at = excluded.next_charge_at,
           failed_charges = 0,
           grace_until = NULL,
           is_renew = CASE WHEN ${method} IS NOT NULL THEN 1 ELSE is_renew END,
           payment_method_id = coalesce(${method}, payment_method_id),
           price_id = CASE WHEN ${s.takesPrice ? 1 : 0} THEN excluded.price_id ELSE price_id END,
           updated_at = ${now}`,
  );
}

/** Stops renewing the account's other tariffs of the product (the legacy one, say). */
export function stopOtherTariffsRenewing(
  d: D1Database,
  accountId: number,
  productId: number,
  tariffId: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now}
               WHERE account_id = ${accountId} AND tariff_id <> ${tariffId} AND is_renew = 1
                 AND tariff_id IN (SELECT id FROM tariffs WHERE product_id = ${productId})`,
  );
}
