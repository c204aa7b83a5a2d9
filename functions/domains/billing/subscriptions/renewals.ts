import { d1 } from '../../../db/client.ts';
import { reportFailure } from '../../../lib/report.ts';
import { type OrderRow, orderById, startPayment } from '../orders/index.ts';
import { endLapsedPauses } from './pauses.repo.ts';
import {
  type DueRenewal,
  dueRenewals,
  heldRenewal,
  insertRenewalOrder,
} from './subscriptions.repo.ts';

/**
 * Renewals (docs/product.md, «Money»), run by the Cron Trigger: every subscription due a charge
 * (a day before its paid-up date, or a retry) is charged from its saved method, without the
 * viewer; a paused one is not due (its next charge moved with the pause). The charge is claimed by its renewal order, keyed by the subscription, the paid-up date
 * and the attempt, so a run twice, or two runs at once, charge once.
 */

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
  // Pauses whose day has come end first, so a subscription due at once is charged in this run.
  await d.batch(endLapsedPauses(d, now));
  const { results } = await dueRenewals(d, now, RETAKE_AFTER, BATCH).all<DueRenewal>();
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
async function claim(s: DueRenewal, now: number): Promise<OrderRow | null> {
  const d = d1();
  const key = `renewal:${s.id}:${s.grantedTill}:${s.failedCharges}`;
  const id = crypto.randomUUID();
  const inserted = await insertRenewalOrder(d, id, s, key, now).run();
  if ((inserted.meta.changes ?? 0) > 0) return orderById(id);
  const held = await heldRenewal(d, s.accountId, key).first<OrderRow>();
  return held &&
    held.status === 'pending' &&
    !held.provider_payment_id &&
    held.updated_at < now - RETAKE_AFTER
    ? held
    : null;
}
