import { runRenewals } from '../domains/billing/index.ts';
import { logger } from '../lib/log.ts';

/**
 * The renewal job (Cron Trigger, every 15 minutes): charges the subscriptions that are due from
 * their saved methods; a charge that fails is retried, and a subscription whose grace runs out
 * ends (functions/domains/billing/subscriptions/renewals.ts).
 * @example await renewSubscriptions(Math.floor(Date.now() / 1000))
 */
export async function renewSubscriptions(now: number) {
  const { charged, skipped } = await runRenewals(now);
  logger.info('jobs.renewals', { charged, skipped });
  return { charged, skipped };
}
