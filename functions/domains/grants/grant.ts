import { prepare, sql } from '../../db/sql.ts';

/**
 * Granting what was paid for (docs/product.md, «Money»): the D1 statements that turn a paid order,
 * an accepted gift or a redeemed code into the entitlement the player checks. Each is safe to run
 * again: an order grants through `entitlements.order_id` (unique), so a second confirmation of the
 * same order inserts nothing, and a subscription's paid-up date is recomputed from its
 * entitlements rather than added to. Callers put these in one `db.batch()` with the payment row,
 * so access and money are recorded together or not at all.
 */

const DAY = 86_400;

/** What a grant needs to know of the tariff and price (rows of `tariffs` and `tariff_prices`). */
export interface GrantTariff {
  tariffId: number;
  productId: number;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  priceId: number;
  /** Days a subscription's period lasts (price list's period_duration, or an offer's first period). */
  days: number;
  rentalStartSeconds: number | null;
}

export interface Grant {
  accountId: number;
  tariff: GrantTariff;
  /** The title of a rental or purchase. */
  titleId: number | null;
  /** Where the right came from (entitlements.source): payment, renewal, gift, promo, free_days. */
  source: 'payment' | 'renewal' | 'gift' | 'promo' | 'free_days';
  /** The order, gift or code this right comes from, made unique per grant (`order:…`, `gift:…`, `promo:…`). */
  grantKey: string;
  /** A saved method the subscription renews with; null leaves renewal as it was (off for a new one). */
  paymentMethodId: number | null;
  now: number;
}

/**
 * The statements of one grant, in order: the entitlement (ignored when `grantKey` already granted),
 * then for a subscription its renewal row, whose `granted_till` is the latest end of the
 * account's entitlements of that product.
 * @example db.batch([markPaid, insertPayment, ...grantStatements(db, grant)])
 */
export function grantStatements(d: D1Database, g: Grant): D1PreparedStatement[] {
  const { accountId, tariff, now } = g;
  if (tariff.buyType === 'TVOD')
    return [
      prepare(
        d,
        sql`INSERT OR IGNORE INTO entitlements
             (account_id, product_id, kind, title_id, granted_at, starts_by, source, order_id)
           VALUES (${accountId}, ${tariff.productId}, 'rental', ${g.titleId}, ${now}, ${now} + ${tariff.rentalStartSeconds}, ${g.source}, ${g.grantKey})`,
      ),
    ];
  if (tariff.buyType === 'EST')
    return [
      prepare(
        d,
        sql`INSERT OR IGNORE INTO entitlements
             (account_id, product_id, kind, title_id, granted_at, source, order_id)
           VALUES (${accountId}, ${tariff.productId}, 'purchase', ${g.titleId}, ${now}, ${g.source}, ${g.grantKey})`,
      ),
    ];
  // A viewer's own purchase picks the price that renews; a renewal, gift or code keeps it.
  const bought = g.source === 'payment';
  // A new period starts where the running one ends (or now), so paying early loses no days.
  const latest = sql`(SELECT max(expires_at) FROM entitlements
      WHERE account_id = ${accountId} AND product_id = ${tariff.productId} AND kind = 'subscription')`;
  const method = g.paymentMethodId;
  return [
    prepare(
      d,
      sql`INSERT OR IGNORE INTO entitlements
           (account_id, product_id, kind, title_id, granted_at, expires_at, source, order_id)
         VALUES (${accountId}, ${tariff.productId}, 'subscription', NULL, ${now},
           max(${now}, coalesce(${latest}, 0)) + ${tariff.days * DAY}, ${g.source}, ${g.grantKey})`,
    ),
    // The next charge is a day before the paid-up date.
    prepare(
      d,
      sql`INSERT INTO subscriptions
           (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till,
            next_charge_at, created_at, updated_at)
         VALUES (${accountId}, ${tariff.tariffId}, ${tariff.priceId}, 'active', ${method} IS NOT NULL, ${method},
           ${latest}, ${latest} - ${DAY}, ${now}, ${now})
         ON CONFLICT (account_id, tariff_id) DO UPDATE SET
           status = CASE WHEN status = 'paused' THEN 'paused' ELSE 'active' END,
           granted_till = excluded.granted_till,
           next_charge_at = excluded.next_charge_at,
           failed_charges = 0,
           grace_until = NULL,
           is_renew = CASE WHEN ${method} IS NOT NULL THEN 1 ELSE is_renew END,
           payment_method_id = coalesce(${method}, payment_method_id),
           price_id = CASE WHEN ${bought ? 1 : 0} THEN excluded.price_id ELSE price_id END,
           updated_at = ${now}`,
    ),
    // The period a viewer paid for is the one that renews; any other tariff of the same product
    // (the legacy one, say) stops renewing, so one product is never charged twice a period.
    ...(bought
      ? [
          prepare(
            d,
            sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now}
               WHERE account_id = ${accountId} AND tariff_id <> ${tariff.tariffId} AND is_renew = 1
                 AND tariff_id IN (SELECT id FROM tariffs WHERE product_id = ${tariff.productId})`,
          ),
        ]
      : []),
  ];
}
