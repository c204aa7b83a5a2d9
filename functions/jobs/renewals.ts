import { runRenewals } from '../domains/billing/index.ts';

/**
 * The renewal job (Cron Trigger, every 15 minutes): charges the subscriptions that are due from
 * their saved methods; a charge that fails is retried, and a subscription whose grace runs out
 * ends (functions/domains/billing/renewals.ts).
 * @example await renewSubscriptions(Math.floor(Date.now() / 1000))
 */
export async function renewSubscriptions(now: number) {
  const { charged, skipped } = await runRenewals(now);
  console.log(`renewals: ${charged} charged, ${skipped} held by another run`);
  return { charged, skipped };
}
