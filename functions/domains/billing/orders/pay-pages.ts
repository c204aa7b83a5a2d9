import type { Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { idParam, paramOf } from '../../../lib/schemas.ts';
import type { OfferName, Quote } from '../storefront/index.ts';
import { describeOrder, orderById, paidTill } from './order-repo.ts';
import { checkOrder, type OrderView, paymentOptions, type SavedMethod } from './order-views.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';
import { offerName, promoParam } from './schemas.ts';
import { quoteAgain } from './supersede.ts';

/** The purchase flow as the payment screen reads it (cookies and query, spec section 3). */
export interface PurchaseFlow {
  tariffId: number | null;
  priceId: number | null;
  isGift: boolean;
  isHBO: boolean;
  titleId: number | null;
  offer: OfferName | null;
  promo: string | null;
}

/**
 * The flow from the purchase-flow cookies and the page's query, each read with the schema the API
 * reads the same field with (`POST /billing/checkout`'s ids, offer and the link's promo code);
 * anything the schema refuses is absent.
 */
export function purchaseFlow(
  cookie: (name: string) => string | undefined,
  query: URLSearchParams,
): PurchaseFlow {
  return {
    tariffId: paramOf(idParam, cookie('tariffId')),
    priceId: paramOf(idParam, cookie('subscriptionId')),
    isGift: cookie('isGift') === '1',
    isHBO: cookie('isHBO') === '1',
    titleId: paramOf(idParam, query.get('contentId')),
    offer: paramOf(offerName, query.get('offer')),
    promo: paramOf(promoParam, query.get('promo')?.trim()),
  };
}

export type PaymentScreen =
  | { ok: true; quote: Quote; saved: SavedMethod[] }
  | { ok: false; problem: string | null };

/** What the payment screen shows: the purchase priced for this viewer and their saved cards. */
export async function paymentScreen(viewer: Viewer, flow: PurchaseFlow): Promise<PaymentScreen> {
  if (!flow.tariffId || !flow.priceId) return { ok: false, problem: null };
  try {
    // Back from the acquirer's page, the screen offers what starting again will have.
    const [{ quote: q }, options] = await Promise.all([
      quoteAgain(viewer, {
        tariffId: flow.tariffId,
        priceId: flow.priceId,
        offer: flow.offer,
        titleId: flow.titleId,
        gift: flow.isGift,
        promoCode: flow.promo,
      }),
      paymentOptions(viewer),
    ]);
    return {
      ok: true,
      quote: q,
      saved: options.savedMethods.filter((m) => PAYMENT_METHODS[m.kind].card),
    };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, problem: e.message };
    throw e;
  }
}

export interface SuccessScreen {
  order: OrderView;
  description: string;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  /** Until when the right lasts (a subscription's paid-up date, a rental's last day to start). */
  till: number | null;
  titleId: number | null;
}

/** The paid order on /success, or null while it is not paid (the page sends the viewer back). */
export async function successScreen(
  viewer: Viewer,
  orderId: string,
): Promise<SuccessScreen | null> {
  const order = await checkOrder(viewer, orderId);
  if (order.status !== 'succeeded') return null;
  const row = (await orderById(orderId))!;
  const facts = await paidTill(d1(), row).first<{
    buyType: SuccessScreen['buyType'];
    till: number | null;
  }>();
  return {
    order,
    description: await describeOrder(row),
    buyType: facts?.buyType ?? 'SVOD',
    till: row.kind === 'gift' ? null : (facts?.till ?? null),
    titleId: row.title_id,
  };
}
