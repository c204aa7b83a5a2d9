/**
 * The viewer's subscriptions (docs/product.md, «Money», "Subscriptions renew"): what they hold,
 * until when, whether and with which card they renew; renewal off and on. Turning it off offers
 * the retention offer first, once per subscription (retention.ts). Pages and API routes call the
 * same functions with a Viewer.
 */

import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { formatRub } from '../../../shared/money.ts';
import { cardLabel, DEFAULT_PAYMENT_METHOD, formatDay } from '../orders/index.ts';
import { accountOf, accountBillingTexts as t } from '../shared/index.ts';
import { PAUSE_MAX_DAYS, PAUSE_MIN_DAYS, pauseRefusal } from './pause-rules.ts';
import {
  applyRetention,
  type SubscriptionRow,
  setRenewal,
  subscriptionOf,
} from './subscriptions.repo.ts';

export interface SubscriptionView {
  id: number;
  tariffId: number;
  tariff: string;
  /** «1 месяц», «1 год». */
  period: string;
  price: number;
  priceText: string;
  status: SubscriptionRow['status'];
  statusText: string;
  isRenew: boolean;
  grantedTill: number;
  /** «до 24 декабря 2026» */
  paidUpTo: string;
  card: { id: number; label: string; removed: boolean } | null;
  /** What happens at the paid-up date, in a sentence. */
  renewalText: string;
  /** Renewal can be turned on: the subscription runs and a saved card is still there. */
  canRenew: boolean;
  /** Turning renewal off should offer the retention offer first. */
  retentionOffer: boolean;
  /** The offer the next renewals charge (the retention offer once taken). */
  renewalOffer: string | null;
  /** The end of its running pause (unix seconds), or null. */
  pausedUntil: number | null;
  /** It may be paused now (/info/freezing), for at most `pauseDaysMax` days. */
  canPause: boolean;
  pauseDaysMax: number;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A stored subscription as the viewer reads it. */
export function toSubscriptionView(row: SubscriptionRow, now = nowSeconds()): SubscriptionView {
  // A pause whose day has come reads as over before the job closes it.
  const pausedUntil =
    row.status === 'paused' && row.pausedUntil !== null && row.pausedUntil > now
      ? row.pausedUntil
      : null;
  const status = row.status === 'paused' && pausedUntil === null ? 'active' : row.status;
  const running = row.status !== 'ended';
  const card = row.paymentMethodId
    ? {
        id: row.paymentMethodId,
        label: cardLabel({
          title: row.cardTitle ?? '',
          kind: row.cardKind ?? DEFAULT_PAYMENT_METHOD,
          cardBrand: row.cardBrand,
          cardLast4: row.cardLast4,
        }),
        removed: row.cardDeleted === 1,
      }
    : null;
  const isRenew = row.isRenew === 1 && running;
  const renewalText = !running
    ? t.status.ended
    : pausedUntil !== null
      ? t.pausedUntil(formatDay(pausedUntil), isRenew ? formatDay(row.grantedTill) : null)
      : isRenew
        ? [t.renewsOn(formatDay(row.grantedTill)), card && t.renewsWith(card.label)]
            .filter(Boolean)
            .join(' ')
        : card?.removed
          ? t.cardRemoved
          : t.notRenewing;
  return {
    id: row.id,
    tariffId: row.tariffId,
    tariff: row.tariffName,
    period: t.period(row.periodDays),
    price: row.price,
    priceText: formatRub(row.price),
    status,
    statusText: t.status[status],
    isRenew,
    grantedTill: row.grantedTill,
    paidUpTo: t.paidUpTo(formatDay(row.grantedTill)),
    card,
    renewalText,
    canRenew: running && card !== null && !card.removed,
    retentionOffer:
      isRenew &&
      (row.status === 'active' || row.status === 'renew') &&
      row.retentionOfferAt === null &&
      row.retentionOfferId !== null &&
      card !== null &&
      !card.removed,
    renewalOffer: row.renewalOfferTitle ? t.renewalOffer(row.renewalOfferTitle) : null,
    pausedUntil,
    canPause: pauseRefusal(row, PAUSE_MIN_DAYS, now) === null,
    pauseDaysMax: Math.max(0, PAUSE_MAX_DAYS - row.pauseDaysUsed),
  };
}

/** One subscription of the viewer, or 404. */
export async function subscriptionFor(viewer: Viewer, id: number): Promise<SubscriptionView> {
  const row = await subscriptionOf(d1(), accountOf(viewer), id).first<SubscriptionRow>();
  if (!row) throw new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');
  return toSubscriptionView(row);
}

/**
 * Turns renewal on or off, then answers the subscription as it now is. Off always works on the
 * viewer's own subscription (and offers nothing: the page's «Отключить» goes through
 * `cancelRenewal`); on needs a running subscription and a saved card.
 * @example await changeRenewal(viewer, 12, false)
 */
export async function changeRenewal(
  viewer: Viewer,
  id: number,
  on: boolean,
): Promise<SubscriptionView> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const [changed, after] = await db.batch([
    setRenewal(db, accountId, id, on, nowSeconds()),
    subscriptionOf(db, accountId, id),
  ]);
  const row = after!.results[0] as SubscriptionRow | undefined;
  if (!row) throw new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');
  if (on && changed!.meta.changes === 0) {
    if (row.status === 'ended') throw new ApiError(409, t.subscriptionEnded, 'subscription_ended');
    throw new ApiError(409, t.needCard, 'payment_method_required');
  }
  return toSubscriptionView(row);
}

/**
 * Takes the retention offer for a subscription: its next renewals charge the offer's price (the
 * renewal job reads renewal_offer_id), renewal stays on. Once per subscription.
 */
export async function applyRetentionOffer(viewer: Viewer, id: number): Promise<SubscriptionView> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const [changed, after] = await db.batch([
    applyRetention(db, accountId, id, nowSeconds()),
    subscriptionOf(db, accountId, id),
  ]);
  const row = after!.results[0] as SubscriptionRow | undefined;
  if (!row) throw new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');
  if (changed!.meta.changes === 1) return toSubscriptionView(row);
  if (row.retentionOfferAt !== null)
    throw new ApiError(409, t.retentionUsed, 'retention_offer_used');
  if (row.retentionOfferId === null || row.status === 'ended' || row.status === 'paused')
    throw new ApiError(409, t.retentionUnavailable, 'retention_offer_unavailable');
  throw new ApiError(409, t.needCard, 'payment_method_required');
}
