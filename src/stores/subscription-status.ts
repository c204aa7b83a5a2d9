/**
 * The viewer's subscription status (docs/product.md, «What we keep»: Subscription, NoSubscription,
 * Unknown): from their purchases (GET /billing/visitor/purchases/), Subscription when any
 * purchase other than the legacy tariff's is among them; Unknown when the purchases could not
 * be read («How things change»).
 */
import { atom } from 'nanostores';
import {
  type StatusPurchase,
  type SubscriptionStatus,
  subscriptionStatusOf,
} from '../../functions/shared/subscription-status.ts';
import { type ApiClient, api, isOk } from '../lib/api-client.ts';
import { reportFailure } from '../lib/report.ts';

export const $subscriptionStatus = atom<SubscriptionStatus>('Unknown');

/**
 * Asks for the viewer's purchases and sets the status; a failed request (a guest's 401 too) is Unknown.
 * @example await loadSubscriptionStatus() // 'Subscription' for a viewer who holds a rental
 */
export async function loadSubscriptionStatus(client: ApiClient = api): Promise<SubscriptionStatus> {
  const res = await client.get<{ results: StatusPurchase[] }>('/billing/visitor/purchases/');
  const status =
    isOk(res) && Array.isArray(res.data?.results)
      ? subscriptionStatusOf(res.data.results)
      : 'Unknown';
  // A guest's 401 is no failure; any other unread answer leaves the status unknown, which is.
  if (!isOk(res) && res.status !== 401)
    reportFailure('subscription_status', {
      status: res.status,
      url: '/billing/visitor/purchases/',
    });
  $subscriptionStatus.set(status);
  return status;
}
