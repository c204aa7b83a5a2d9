import { reconcilePending } from '../domains/billing/index.ts';
import { logger } from '../lib/log.ts';

/**
 * The reconciliation job (Cron Trigger, every 15 minutes, beside renewals): orders left pending
 * are read back from the acquirer and receipts get their late fiscal data
 * (functions/domains/billing/orders/reconcile.ts).
 * @example await reconcileOrders(Math.floor(Date.now() / 1000))
 */
export async function reconcileOrders(now: number) {
  const r = await reconcilePending(now);
  logger.info('jobs.reconcile', {
    pendingRead: r.checked,
    finished: r.finished,
    receiptsWithFiscalData: r.fiscal,
  });
  return r;
}
