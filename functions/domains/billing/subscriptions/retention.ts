/**
 * Cancelling renewal with the retention offer (docs/product.md, «Money»; the spec's retention
 * flow): turning renewal off first shows the retention paywall once per subscription, with the
 * apply button «Получить скидку» and the cancel button «Отказаться от скидки». Declining turns
 * renewal off and spends the offer; either answer records `retention_offer_at`.
 */
import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { formatRub } from '../../../shared/money.ts';
import { accountOf, RETENTION_BUTTONS, accountBillingTexts as t } from '../shared/index.ts';
import { retentionPaywall } from '../storefront/index.ts';
import {
  declineRetention,
  type SubscriptionRow,
  setRenewal,
  subscriptionOf,
} from './subscriptions.repo.ts';
import { nowSeconds, type SubscriptionView, toSubscriptionView } from './subscriptions.ts';

/** The retention paywall's slug (paywalls kind 'retention'), its page /paywall/retention. */
export const RETENTION_PAYWALL = 'retention';

/** The retention paywall page of one subscription. */
export const retentionPaywallPath = (subscriptionId: number) =>
  `/paywall/${RETENTION_PAYWALL}?subscriptionId=${subscriptionId}`;

/** The poll a viewer who turned renewal off is asked (the offers domain serves /poll/{slug}). */
export const UNSUBSCRIBE_POLL_PATH = '/poll/unsubscribe';

/** The retention offer as the paywall shows it, with the two buttons the spec names. */
export interface RetentionOffer {
  subscriptionId: number;
  paywallSlug: string;
  title: string;
  description: string;
  offerTitle: string;
  offerDescription: string;
  /** «299 ₽» for the offer's first period. */
  priceText: string;
  firstPrice: number;
  firstPeriodDays: number;
  applyButton: string;
  cancelButton: string;
}

export type CancelResult =
  | { kind: 'offer'; offer: RetentionOffer }
  | { kind: 'off'; subscription: SubscriptionView };

/**
 * The retention offer of one of the viewer's subscriptions, when it is still to be offered
 * (renewing, not yet answered, its price has one); null otherwise. 404 for another's subscription.
 * The paywall and its offer are read as the storefront reads them (catalogue.ts), one reader for
 * /subscription and `/billing/customer-retention/paywall/{slug}`.
 */
export async function retentionOfferFor(
  viewer: Viewer,
  id: number,
): Promise<RetentionOffer | null> {
  const db = d1();
  const row = await subscriptionOf(db, accountOf(viewer), id).first<SubscriptionRow>();
  if (!row) throw new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');
  if (!toSubscriptionView(row).retentionOffer) return null;
  const paywall = await retentionPaywall(viewer, RETENTION_PAYWALL, { subscriptionId: String(id) });
  // The offer on this subscription's own price: what the first discounted period costs.
  const offer = paywall.offer;
  if (!offer) return null;
  return {
    subscriptionId: id,
    paywallSlug: paywall.slug,
    title: paywall.title,
    description: paywall.description,
    offerTitle: offer.title,
    offerDescription: offer.description,
    priceText: formatRub(offer.first_price),
    firstPrice: offer.first_price,
    firstPeriodDays: offer.first_period_days,
    applyButton: RETENTION_BUTTONS.apply,
    cancelButton: RETENTION_BUTTONS.cancel,
  };
}

/**
 * «Отключить автопродление»: answers the retention offer when it is still to be offered (nothing
 * changes yet), else turns renewal off. With `declineOffer` (the viewer chose «Отказаться от
 * скидки») renewal goes off and the offer is spent.
 * @example const r = await cancelRenewal(viewer, 12); if (r.kind === 'offer') showPaywall(r.offer)
 */
export async function cancelRenewal(
  viewer: Viewer,
  id: number,
  { declineOffer = false }: { declineOffer?: boolean } = {},
): Promise<CancelResult> {
  assertMayPay(viewer);
  if (!declineOffer) {
    const offer = await retentionOfferFor(viewer, id);
    if (offer) return { kind: 'offer', offer };
  }
  const db = d1();
  const accountId = accountOf(viewer);
  const now = nowSeconds();
  const [, after] = await db.batch([
    declineOffer
      ? declineRetention(db, accountId, id, now)
      : setRenewal(db, accountId, id, false, now),
    subscriptionOf(db, accountId, id),
  ]);
  const row = after!.results[0] as SubscriptionRow | undefined;
  if (!row) throw new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');
  return { kind: 'off', subscription: toSubscriptionView(row) };
}
