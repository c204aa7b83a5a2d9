/**
 * The account's billing pages, each in ONE D1 round trip with the viewer's live session and
 * account (auth's accountPageData): /subscription, /settings/purchase, /settings/payments,
 * /payment-history, /gifts and the billing sections of /settings.
 */
import { accountPageData } from '../auth/index.ts';
import { type SubscriptionRow, subscriptionsOf } from './account-billing.repo.ts';
import { toSubscriptionView } from './subscriptions.ts';

/** /subscription: the viewer's subscriptions. */
export async function subscriptionPage(sessionId: string, accountId: number) {
  const page = await accountPageData(sessionId, accountId, (db, id) => [subscriptionsOf(db, id)]);
  if (!page) return null;
  const rows = page.results[0]!.results as unknown as SubscriptionRow[];
  return { live: page.live, subscriptions: rows.map(toSubscriptionView) };
}
