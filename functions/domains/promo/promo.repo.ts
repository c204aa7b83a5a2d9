import { prepare, raw, sql } from '../../db/sql.ts';

/**
 * Promo codes' storage: `promo_codes` (the `used` counter, CHECK used <= max_uses) and
 * `promo_redemptions` (primary key code + account), written in the caller's batch with the grant
 * or the order, so a batch that loses a race fails as a whole.
 */

/** A code as read for an account (promo.ts decides whether it may be taken). */
export interface PromoRow {
  code: string;
  tariffId: number;
  days: number | null;
  discountPercent: number | null;
  maxUses: number;
  used: number;
  validFrom: number;
  validTill: number;
  title: string;
  description: string;
  buttonText: string;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  productId: number;
  paywallSlug: string | null;
  priceId: number | null;
  mine: number;
}

/**
 * The code with its tariff, first price on sale, and whether this account has redeemed it. The
 * uses held by the orders in `releasing` (those a new order is about to supersede, which give
 * their use back in its batch) count as free.
 */
export function readPromoCode(
  d: D1Database,
  code: string,
  accountId: number,
  releasing: readonly string[] = [],
): Promise<PromoRow | null> {
  // A redemption with no order (/activate, a late payment) is never held: `IN` alone reads NULL.
  const held = releasing.length ? sql`coalesce(r.order_id IN (${releasing}), 0)` : sql`0`;
  return prepare(
    d,
    sql`SELECT p.code, p.tariff_id AS tariffId, p.days, p.discount_percent AS discountPercent,
              p.max_uses AS maxUses,
              p.used - (SELECT count(*) FROM promo_redemptions r WHERE r.code = p.code AND ${held}) AS used,
              p.valid_from AS validFrom, p.valid_till AS validTill,
              p.title, p.description, p.button_text AS buttonText,
              t.buy_type AS buyType, t.product_id AS productId, t.paywall_slug AS paywallSlug,
              (SELECT id FROM tariff_prices WHERE tariff_id = t.id AND on_sale = 1
                ORDER BY sort, id LIMIT 1) AS priceId,
              EXISTS (SELECT 1 FROM promo_redemptions r
                WHERE r.code = p.code AND r.account_id = ${accountId} AND NOT ${held}) AS mine
         FROM promo_codes p JOIN tariffs t ON t.id = p.tariff_id
        WHERE p.code = ${code}`,
  ).first<PromoRow>();
}

/**
 * The redemption of a code, for a batch that must fail as a whole when it cannot be taken: a
 * second redemption by the account breaks the primary key, one past `max_uses` the CHECK.
 */
export function strictRedemption(
  d: D1Database,
  code: string,
  accountId: number,
  now: number,
): D1PreparedStatement[] {
  return [
    prepare(
      d,
      sql`INSERT INTO promo_redemptions (code, account_id, redeemed_at) VALUES (${code}, ${accountId}, ${now})`,
    ),
    prepare(d, sql`UPDATE promo_codes SET used = used + 1 WHERE code = ${code}`),
  ];
}

/**
 * For the batch that places an order with a discount: the order reserves the code's use, the
 * same strict redemption as /activate's, tied to the order. It runs only when that order row was
 * just inserted (a repeated submit of the same form reserves nothing again); a second order of the
 * account with the code breaks the primary key, one past `max_uses` the CHECK, and the whole
 * batch — the order too — fails.
 * @example db.batch([insertOrder, ...promoReservationStatements(db, code, accountId, orderId, now)])
 */
export function promoReservationStatements(
  d: D1Database,
  code: string,
  accountId: number,
  orderId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    prepare(
      d,
      sql`INSERT INTO promo_redemptions (code, account_id, order_id, redeemed_at)
         SELECT ${code}, ${accountId}, ${orderId}, ${now} WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`,
    ),
    prepare(
      d,
      sql`UPDATE promo_codes SET used = used + 1
          WHERE code = ${code} AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`,
    ),
  ];
}

/**
 * For the batch that cancels an order: gives back the use its order reserved, only while the
 * order is still pending (placed before the statement that cancels it), so it is given back once.
 */
export function promoReleaseStatements(
  d: D1Database,
  code: string,
  accountId: number,
  orderId: string,
): D1PreparedStatement[] {
  const mine = sql`code = ${code} AND account_id = ${accountId} AND order_id = ${orderId}
    AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'pending')`;
  return [
    prepare(
      d,
      sql`UPDATE promo_codes SET used = used - 1
          WHERE code = ${code} AND EXISTS (SELECT 1 FROM promo_redemptions WHERE ${mine})`,
    ),
    prepare(d, sql`DELETE FROM promo_redemptions WHERE ${mine}`),
  ];
}

/**
 * For the batch that confirms a paid order, before its redemption: an order superseded while
 * waiting gave its code's use to the order that replaced it; paid after all, it takes that use
 * back from whichever pending order of the account now holds it, so the use belongs to the order
 * the money was taken for and a later cancel of the other one gives nothing back. Only while the
 * paid order is pending and superseded.
 */
export function promoTakeBackStatement(
  d: D1Database,
  code: string,
  accountId: number,
  orderId: string,
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE promo_redemptions SET order_id = ${orderId}
         WHERE code = ${code} AND account_id = ${accountId}
           AND order_id IN (SELECT id FROM orders WHERE status = 'pending' AND id <> ${orderId})
           AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'pending'
             AND superseded_at IS NOT NULL)`,
  );
}

/**
 * For the batch that confirms a paid order with a discount: records the redemption without
 * failing the batch (the money is already taken), and counts a use only for a new redemption
 * that still fits `max_uses` — and, given the order, only while that order is still pending, so a
 * second confirmation of the same payment counts nothing. An order placed with its reservation
 * (promoReservationStatements) already counted its use: this then changes nothing.
 * @example db.batch([...promoRedemptionStatements(db, code, id, now, orderId), markPaid, ...grantStatements(db, g)])
 */
export function promoRedemptionStatements(
  d: D1Database,
  code: string,
  accountId: number,
  now: number,
  pendingOrderId: string | null = null,
): D1PreparedStatement[] {
  const whilePending =
    pendingOrderId === null
      ? raw('')
      : sql`AND EXISTS (SELECT 1 FROM orders WHERE id = ${pendingOrderId} AND status = 'pending')`;
  return [
    prepare(
      d,
      sql`UPDATE promo_codes SET used = used + 1
          WHERE code = ${code} AND used < max_uses
            AND NOT EXISTS (SELECT 1 FROM promo_redemptions WHERE code = ${code} AND account_id = ${accountId})
            ${whilePending}`,
    ),
    prepare(
      d,
      sql`INSERT OR IGNORE INTO promo_redemptions (code, account_id, redeemed_at) VALUES (${code}, ${accountId}, ${now})`,
    ),
  ];
}
