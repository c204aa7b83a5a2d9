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
  return d
    .prepare(
      `INSERT INTO offer_claims (account_id, tariff_id, order_id, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?3)`,
    )
    .bind(accountId, tariffId, orderId, now);
}

/** For the batch that cancels an order: gives its claim back while the order is still pending. */
export function offerReleaseStatement(d: D1Database, orderId: string): D1PreparedStatement {
  return d
    .prepare(
      `DELETE FROM offer_claims WHERE order_id = ?1
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND status = 'pending')`,
    )
    .bind(orderId);
}

/** Whether a failed batch lost the offer to another order of the account. */
export const lostOfferRace = (error: unknown) =>
  /UNIQUE constraint failed: offer_claims/.test(String(error));
