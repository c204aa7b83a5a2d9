import { d1 } from '../../../db/client.ts';
import { logger } from '../../../lib/log.ts';
import { fiscalDataMissing, setFiscalData } from '../receipts/index.ts';
import { confirmOrder } from './confirm.ts';
import {
  moveToBackOfQueue,
  type OrderRow,
  unansweredOrders,
  unsettledOrders,
} from './order-repo.ts';
import { startPayment } from './orders.ts';
import { paymentProvider } from './provider.ts';

/**
 * Reconciliation (docs/product.md, «Money»), run by the Cron Trigger beside renewals: an order
 * whose payment the acquirer may have finished without telling us (the payer closed the tab after
 * 3-D Secure and the notification was lost; a renewal the acquirer answered «pending») is read
 * back and confirmed, so nobody is charged without being granted. A receipt registered before the
 * fiscal operator answered gets its fiscal data once the operator has it.
 */

const MINUTE = 60;
const DAY = 86_400;
/** An order younger than this is still in the payer's hands (or a notification is on its way). */
const SETTLE = 5 * MINUTE;
/** The acquirer cancels an unpaid payment long before this; older orders are left alone. */
const HORIZON = 7 * DAY;
/** A few reads of the acquirer per run: the rest wait for the next run (15 minutes). */
const BATCH = 25;

export async function reconcilePending(
  now: number,
): Promise<{ checked: number; finished: number; fiscal: number }> {
  const d = d1();
  // Oldest-checked first: an order still pending at the acquirer goes to the back of the line,
  // so a few abandoned payments never hold the others up.
  const since = now - HORIZON;
  const settled = now - SETTLE;
  const { results } = await unsettledOrders(d, since, settled, BATCH).all<{ id: string }>();
  let finished = 0;
  /** A pending order looked at now: the next runs take the others first. */
  const backOfQueue = (id: string) => moveToBackOfQueue(d, id, now).run();
  // An order whose payment request got no answer (the acquirer timed out or was unreachable) is
  // asked for again under the same Idempotence-Key: the acquirer answers the payment it made, if
  // it made one, and makes it otherwise. Only where making it charges nobody unawares: a renewal
  // (the subscription's own claim) or a card or SBP payment, which waits for the viewer to confirm
  // it. A viewer's own saved-card purchase was told to try again later; charging it now could charge
  // twice once they do, so it waits for the acquirer's notification instead.
  const unanswered = await unansweredOrders(d, since, settled, BATCH).all<OrderRow>();
  for (const order of unanswered.results) {
    try {
      const o = await startPayment(order, now);
      if (o.status !== 'pending') finished++;
    } catch (e) {
      logger.error('billing.reconcile_payment_not_created', { orderId: order.id, error: e });
      // To the back of the queue: orders that keep failing must not hold the batch for a week.
      await backOfQueue(order.id);
    }
  }
  for (const { id } of results) {
    try {
      const o = await confirmOrder(id, now);
      if (o?.status !== 'pending') finished++;
      else await backOfQueue(id);
    } catch (e) {
      logger.error('billing.reconcile_read_failed', { orderId: id, error: e });
    }
  }
  return {
    checked: results.length + unanswered.results.length,
    finished,
    fiscal: await refreshFiscalData(now),
  };
}

/** Receipts of the last day still without fiscal data: the fiscal operator is asked again. */
async function refreshFiscalData(now: number): Promise<number> {
  const d = d1();
  const { results } = await fiscalDataMissing(d, now - DAY, BATCH).all<{
    id: string;
    paymentId: string;
  }>();
  let updated = 0;
  for (const r of results) {
    const fiscal = await paymentProvider()
      .fiscalData(r.paymentId)
      .catch(() => null);
    if (!fiscal) continue;
    const res = await setFiscalData(d, r.id, fiscal).run();
    updated += res.meta.changes ?? 0;
  }
  return updated;
}
