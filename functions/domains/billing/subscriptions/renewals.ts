import { d1 } from '../../../db/client.ts';
import { prepare, sql } from '../../../db/sql.ts';
import { reportFailure } from '../../../lib/report.ts';
import { type OrderRow, orderById, startPayment } from '../orders/index.ts';

/**
 * Renewals (docs/product.md, «Money»), run by the Cron Trigger: every subscription due a charge
 * (a day before its paid-up date, or a retry) is charged from its saved method, without the
 * viewer. The charge is claimed by its renewal order, keyed by the subscription, the paid-up date
 * and the attempt, so a run twice, or two runs at once, charge once.
 */

interface DueRow {
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

/** At most this many charges per run; the rest wait for the next run (15 minutes). */
const BATCH = 50;
/**
 * A renewal order whose payment was never created is taken up again after this long. One whose
 * payment the acquirer holds (pending) is left to reconciliation (orders/reconcile.ts) and is not due:
 * it would otherwise stay first in line and hold every other renewal up.
 */
const RETAKE_AFTER = 600;

export async function runRenewals(now: number): Promise<{ charged: number; skipped: number }> {
  const d = d1();
  const { results } = await prepare(
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
             AND (r.provider_payment_id IS NOT NULL OR r.updated_at >= ${now} - ${RETAKE_AFTER}))
       ORDER BY s.next_charge_at LIMIT ${BATCH}`,
  ).all<DueRow>();
  let charged = 0;
  let skipped = 0;
  for (const s of results) {
    const order = await claim(s, now);
    if (!order) {
      skipped++;
      continue;
    }
    try {
      await startPayment(order, now);
      charged++;
    } catch (e) {
      // The acquirer did not answer: the order stays pending and the next run tries it again.
      // A subscription that was not renewed is one of the failures the product reports.
      reportFailure('subscription_renewal', { orderId: order.id, error: e });
    }
  }
  return { charged, skipped };
}

/**
 * The renewal order of this attempt, or null when another run holds it. An order whose payment
 * was never created (the acquirer did not answer) is taken up again: its id is the payment's
 * Idempotence-Key, so the acquirer still makes one payment.
 */
async function claim(s: DueRow, now: number): Promise<OrderRow | null> {
  const d = d1();
  const key = `renewal:${s.id}:${s.grantedTill}:${s.failedCharges}`;
  const id = crypto.randomUUID();
  const inserted = await prepare(
    d,
    sql`INSERT INTO orders (id, account_id, kind, tariff_id, price_id, offer_id, subscription_id,
         amount, method, payment_method_id, recurring_consent, status, provider, client_key,
         created_at, updated_at)
       VALUES (${id}, ${s.accountId}, 'renewal', ${s.tariffId}, ${s.priceId}, ${s.offerId}, ${s.id}, ${s.amount}, 'saved', ${s.paymentMethodId}, 1, 'pending', ${s.provider}, ${key}, ${now}, ${now})
       ON CONFLICT (account_id, client_key) DO NOTHING`,
  ).run();
  if ((inserted.meta.changes ?? 0) > 0) return orderById(id);
  const held = await prepare(
    d,
    sql`SELECT * FROM orders WHERE account_id = ${s.accountId} AND client_key = ${key}`,
  ).first<OrderRow>();
  return held &&
    held.status === 'pending' &&
    !held.provider_payment_id &&
    held.updated_at < now - RETAKE_AFTER
    ? held
    : null;
}
