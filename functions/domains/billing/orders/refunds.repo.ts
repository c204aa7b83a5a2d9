import { prepare, sql } from '../../../db/sql.ts';
import type { OrderRow } from './order-repo.ts';

/**
 * The statements of a staff refund (refunds.ts decides which run): the keyed row that makes a
 * refund happen once, and what the finished refund takes back. Each is safe to run again.
 */

/** An order with its payment and its refund, as a refund needs them. */
export interface RefundSubject extends OrderRow {
  paidAmount: number | null;
  paymentId: string | null;
  refundStatus: 'pending' | 'succeeded' | null;
  providerRefundId: string | null;
  refundedAt: number | null;
  refundReceiptId: string | null;
}

export function refundSubject(d: D1Database, orderId: string): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT o.*, p.amount AS paidAmount, p.provider_payment_id AS paymentId,
         rf.status AS refundStatus, rf.provider_refund_id AS providerRefundId, rf.refunded_at AS refundedAt,
         (SELECT r.id FROM receipts r WHERE r.order_id = o.id AND r.kind = 'income_return') AS refundReceiptId
       FROM orders o LEFT JOIN payments p ON p.order_id = o.id LEFT JOIN refunds rf ON rf.order_id = o.id
       WHERE o.id = ${orderId}`,
  );
}

/** The order's refund, claimed before the acquirer is asked: one row per order, however many ask. */
export function claimRefund(
  d: D1Database,
  r: { orderId: string; accountId: number; amount: number; staffAccountId: number; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO refunds (order_id, account_id, amount, status, staff_account_id, created_at)
       VALUES (${r.orderId}, ${r.accountId}, ${r.amount}, 'pending', ${r.staffAccountId}, ${r.now})
       ON CONFLICT (order_id) DO NOTHING`,
  );
}

/** The acquirer refused the refund for good: the claim goes, so staff may try again later. */
export function releaseRefund(d: D1Database, orderId: string): D1PreparedStatement {
  return prepare(d, sql`DELETE FROM refunds WHERE order_id = ${orderId} AND status = 'pending'`);
}

/** The refund done at the acquirer, recorded once. */
export function finishRefund(
  d: D1Database,
  r: { orderId: string; providerRefundId: string; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE refunds SET status = 'succeeded', provider_refund_id = ${r.providerRefundId}, refunded_at = ${r.now}
       WHERE order_id = ${r.orderId} AND status = 'pending'`,
  );
}

/** The right the order granted ends: its entitlement (keyed `order:<id>`) is taken back. */
export function takeBackRight(d: D1Database, o: Pick<OrderRow, 'id' | 'account_id'>) {
  return prepare(
    d,
    sql`DELETE FROM entitlements WHERE order_id = ${`order:${o.id}`} AND account_id = ${o.account_id}`,
  );
}

/**
 * How many of the product's subscription periods end after the one this order granted: periods are
 * stacked (each starts where the one before ends), so a later one would keep the refunded
 * period's days. 0 when the order's period is the latest (or it granted none).
 */
export function laterPeriods(
  d: D1Database,
  o: Pick<OrderRow, 'id' | 'account_id'>,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT count(*) AS n FROM entitlements e JOIN entitlements mine
         ON mine.order_id = ${`order:${o.id}`} AND mine.account_id = ${o.account_id}
           AND mine.kind = 'subscription'
       WHERE e.account_id = mine.account_id AND e.kind = 'subscription'
         AND e.product_id = mine.product_id AND e.expires_at > mine.expires_at`,
  );
}

/** A refunded payment earns no miles: its Aeroflot accrual goes (docs/product.md, «Money»). */
export function takeBackMiles(d: D1Database, o: Pick<OrderRow, 'id' | 'account_id'>) {
  return prepare(
    d,
    sql`DELETE FROM aeroflot_accruals WHERE order_id = ${o.id} AND account_id = ${o.account_id}`,
  );
}

/**
 * The open pause of the refunded tariff's subscription ends now, as «Возобновить» ends it: the
 * product's running periods and the subscription's dates move back by the pause's days not used,
 * a paused subscription runs again, the pause is closed. Left open, it would keep a new purchase
 * of the product from playing until its planned end.
 */
export function endPauseOnRefund(
  d: D1Database,
  o: Pick<OrderRow, 'account_id' | 'tariff_id'>,
  now: number,
): D1PreparedStatement[] {
  const open = sql`FROM subscription_pauses WHERE account_id = ${o.account_id} AND ended_at IS NULL
      AND subscription_id IN (SELECT id FROM subscriptions
        WHERE account_id = ${o.account_id} AND tariff_id = ${o.tariff_id})`;
  const unused = sql`(SELECT max(0, max(ends_at) - ${now}) ${open})`;
  return [
    prepare(
      d,
      sql`UPDATE entitlements SET expires_at = expires_at - ${unused}
         WHERE account_id = ${o.account_id} AND kind = 'subscription' AND expires_at > ${now}
           AND product_id IN (SELECT product_id ${open})`,
    ),
    prepare(
      d,
      sql`UPDATE subscriptions SET status = 'active', granted_till = granted_till - ${unused},
           next_charge_at = next_charge_at - ${unused}, updated_at = ${now}
         WHERE account_id = ${o.account_id} AND tariff_id = ${o.tariff_id} AND status = 'paused'
           AND EXISTS (SELECT 1 ${open})`,
    ),
    prepare(
      d,
      sql`UPDATE subscription_pauses SET ended_at = min(ends_at, ${now})
         WHERE account_id = ${o.account_id} AND ended_at IS NULL
           AND subscription_id IN (SELECT id FROM subscriptions
             WHERE account_id = ${o.account_id} AND tariff_id = ${o.tariff_id})`,
    ),
  ];
}

/**
 * After a subscription's period is taken back: paid up to what is left of the product's periods
 * (now when none is), ended when nothing is left, and renewing no more.
 */
export function subscriptionAfterRefund(
  d: D1Database,
  o: Pick<OrderRow, 'account_id' | 'tariff_id'>,
  now: number,
): D1PreparedStatement {
  const left = sql`(SELECT max(expires_at) FROM entitlements WHERE account_id = ${o.account_id}
      AND kind = 'subscription' AND product_id = (SELECT product_id FROM tariffs WHERE id = ${o.tariff_id}))`;
  return prepare(
    d,
    sql`UPDATE subscriptions SET granted_till = min(granted_till, coalesce(${left}, ${now})),
         status = CASE WHEN coalesce(${left}, 0) > ${now} THEN status ELSE 'ended' END,
         is_renew = 0, next_charge_at = NULL, failed_charges = 0, grace_until = NULL, updated_at = ${now}
       WHERE account_id = ${o.account_id} AND tariff_id = ${o.tariff_id}`,
  );
}
