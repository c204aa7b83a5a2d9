import { prepare, sql } from '../../../db/sql.ts';

/**
 * The pending orders a new order of the same purchase supersedes (migration 0023): those still
 * waiting for their payer at the acquirer. A saved card's charge or a renewal is never waiting for
 * the viewer, so it is never superseded.
 */

/** What an order buys, as far as starting it again goes. */
export interface Purchase {
  accountId: number;
  kind: 'gift' | 'purchase';
  tariffId: number;
  titleId: number | null;
}

/** The account's earlier orders of this purchase that still wait for their payer. */
export function waitingOrders(d: D1Database, p: Purchase): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT id, promo_code AS promoCode FROM orders
       WHERE account_id = ${p.accountId} AND kind = ${p.kind} AND tariff_id = ${p.tariffId}
         AND title_id IS ${p.titleId} AND status = 'pending' AND superseded_at IS NULL
         AND method NOT IN ('saved', 'free')`,
  );
}

/**
 * For the batch that places the new order, after it and after the releases of what the earlier
 * one held: marks it superseded, only when the new order was stored and the earlier one is still
 * pending. Its status stays the acquirer's to decide.
 */
export function supersededStatement(
  d: D1Database,
  o: { orderId: string; by: string; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE orders SET superseded_by = ${o.by}, superseded_at = ${o.now}
       WHERE id = ${o.orderId} AND status = 'pending' AND superseded_at IS NULL
         AND EXISTS (SELECT 1 FROM orders WHERE id = ${o.by})`,
  );
}
