import { prepare, sql } from '../../../db/sql.ts';
/**
 * The claim an order places on a new user's offer or offer 2 (migration 0018): one order of an
 * account and tariff at a time, so parallel pending orders cannot each take the offer that the
 * account may have once.
 */

/**
 * For the batch that places an order with an offer: claims it, only when the order row was just
 * inserted; another order's claim breaks the primary key and the whole batch fails.
 */
export function offerClaimStatement(
  d: D1Database,
  accountId: number,
  tariffId: number,
  orderId: string,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO offer_claims (account_id, tariff_id, order_id, created_at)
       SELECT ${accountId}, ${tariffId}, ${orderId}, ${now} WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`,
  );
}

/** For the batch that cancels an order: gives its claim back while the order is still pending. */
export function offerReleaseStatement(d: D1Database, orderId: string): D1PreparedStatement {
  return prepare(
    d,
    sql`DELETE FROM offer_claims WHERE order_id = ${orderId}
         AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'pending')`,
  );
}

/**
 * For the batch that confirms a paid order with an offer: an order superseded while waiting gave
 * its claim to the order that replaced it; paid after all, it takes the claim back from the
 * pending order of the account that holds it, so the offer stays spent whatever that one does.
 * Only while the paid order is pending and superseded.
 */
export function offerTakeBackStatement(
  d: D1Database,
  o: { accountId: number; tariffId: number; orderId: string },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE offer_claims SET order_id = ${o.orderId}
         WHERE account_id = ${o.accountId} AND tariff_id = ${o.tariffId}
           AND order_id IN (SELECT id FROM orders WHERE status = 'pending' AND id <> ${o.orderId})
           AND EXISTS (SELECT 1 FROM orders WHERE id = ${o.orderId} AND status = 'pending'
             AND superseded_at IS NOT NULL)`,
  );
}

/** Whether a failed batch lost the offer to another order of the account. */
export const lostOfferRace = (error: unknown) =>
  /UNIQUE constraint failed: offer_claims/.test(String(error));
