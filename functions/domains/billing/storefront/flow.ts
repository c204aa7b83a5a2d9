import { assertMayPay, canSee, entitlementsQuery, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import { config } from '../../../lib/config.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { ApiError } from '../../../lib/errors.ts';
import { PAYMENT_TYPE_PATH, PURCHASE_COOKIES } from '../../../shared/purchase-flow.ts';
import {
  accountQuery,
  onSaleTariff,
  partnerTariffs,
  subscriptionCountQuery,
  tariffQueries,
  titleInProductQuery,
  titleSaleQuery,
} from './catalogue.repo.ts';
import { type OfferName, type PriceDto, signedIn, type TariffDto, toTariffs } from './catalogue.ts';
import { storeTexts } from './store-texts.ts';

/**
 * The storefront's steps into paying (docs/product.md, «Money»): the choice of a tariff and period
 * that /payment hands to /payment-type in the purchase-flow cookies, the partner channel's
 * products and their activation, and the viewer's referral invite. The price is never taken from
 * the client: only ids travel, and /payment-type's order is priced on the server.
 */

export interface PurchaseChoice {
  tariffId: number;
  /** tariff_prices.id; the tariff's first period when absent. */
  priceId?: number | null;
  offer?: OfferName | null;
  /**
   * The offer for newcomers the flow adds when it names none (offer 2 in its experiment variant,
   * else the new user's): taken only when the chosen period carries it, the account never held
   * the tariff and no discount code travels, else the price list's price.
   */
  newcomerOffer?: OfferName | null;
  /** The title a rental or purchase is for. */
  contentId?: number | null;
  promo?: string | null;
  /** The flow came from the HBO Max partner. */
  isHBO?: boolean;
}

export interface ChosenPurchase {
  tariff: TariffDto;
  price: PriceDto;
  /** The purchase-flow cookies to set (names of PURCHASE_COOKIES). */
  cookies: Record<string, string>;
  /** Where the flow goes next: /payment-type with the offer, title and promo in the query. */
  next: string;
}

/** Whether an account ever held a tariff (a subscription row of any status). */
const heldQuery = (account: number, tariffId: number) =>
  subscriptionCountQuery(d1(), account, tariffId);

const refused = (message: string, reason: string, field: string) =>
  new ApiError(422, message, reason, {}, { field, fields: [{ field, message }] });

/**
 * Checks a choice against the price list (the tariff on sale, the period its own, the offer on
 * that period, a title the rental or purchase can be of) and says which cookies to set.
 * @example await choosePurchase(viewer, { tariffId: 1, priceId: 2 }) // cookies tariffId=1, subscriptionId=2, tariffType=SVOD
 */
export async function choosePurchase(viewer: Viewer, c: PurchaseChoice): Promise<ChosenPurchase> {
  assertMayPay(viewer);
  const d = d1();
  const account = c.newcomerOffer ? signedIn(viewer) : 0;
  const [t, p, o, title, held] = await batch(d, [
    ...tariffQueries(d, onSaleTariff(c.tariffId)),
    titleSaleQuery(d, c.contentId ?? 0),
    heldQuery(account, c.tariffId),
  ] as const);
  const [tariff] = toTariffs(t, p, o);
  if (!tariff) throw refused(storeTexts.tariffNotFound, 'tariff_not_found', 'tariffId');
  const price = c.priceId ? tariff.prices.find((x) => x.id === c.priceId) : tariff.prices[0];
  if (!price) throw refused(storeTexts.priceNotFound, 'price_not_found', 'subscriptionId');
  if (c.offer && !price.offers.some((x) => x.name === c.offer))
    throw refused(storeTexts.offerNotFound, 'offer_not_found', 'offer');
  // The newcomers' offer is not added to a flow that carries a discount code: the two never
  // stack (docs/product.md, «Money»), and the viewer came for the code.
  const offer =
    c.offer ??
    (c.newcomerOffer && !c.promo && !held?.n && price.offers.some((x) => x.name === c.newcomerOffer)
      ? c.newcomerOffer
      : null);
  const forTitle = tariff.buy_type !== 'SVOD';
  if (forTitle) {
    const linked =
      title &&
      canSee(viewer, { kind: 'title', ...title }).allowed &&
      (await titleHasProduct(title.id, tariff.product.id));
    if (!linked) throw refused(storeTexts.contentNotFound, 'content_not_found', 'contentId');
  }
  const isHBO = c.isHBO || tariff.is_hbo;
  const cookies: Record<string, string> = {
    [PURCHASE_COOKIES.tariffId]: String(tariff.id),
    [PURCHASE_COOKIES.subscriptionId]: String(price.id),
    [PURCHASE_COOKIES.tariffType]: tariff.buy_type,
  };
  if (isHBO) cookies[PURCHASE_COOKIES.isHBO] = '1';
  const query = new URLSearchParams();
  if (offer) query.set('offer', offer);
  if (forTitle && c.contentId) query.set('contentId', String(c.contentId));
  if (c.promo) query.set('promo', c.promo);
  // A subscription's flow names the title it came from too: /success leads back to it.
  if (!forTitle && c.contentId && title) query.set('contentId', String(c.contentId));
  const search = query.toString();
  return { tariff, price, cookies, next: `${PAYMENT_TYPE_PATH}${search ? `?${search}` : ''}` };
}

async function titleHasProduct(titleId: number, productId: number): Promise<boolean> {
  const d = d1();
  const [row] = await batch(d, [titleInProductQuery(d, titleId, productId)] as const);
  return !!row;
}

/** The partner channel's subscriptions on sale (HBO Max and the others), each with is_hbo. */
export async function partnerProducts(): Promise<TariffDto[]> {
  const d = d1();
  const [t, p, o] = await batch(d, tariffQueries(d, partnerTariffs()));
  return toTariffs(t, p, o);
}

/**
 * Activation of a partner's product: a viewer who already holds it is sent to the partner's
 * section; anyone else starts its purchase flow (isHBO for HBO Max) at /payment. A kid profile
 * starts no purchase (403 kid_profile).
 */
export async function partnerActivation(viewer: Viewer, partner: string, now: number) {
  assertMayPay(viewer);
  const d = d1();
  const account = viewer.account ? Number(viewer.account) : 0;
  const [t, p, o, entitlements] = await batch(d, [
    ...tariffQueries(d, partnerTariffs(partner)),
    entitlementsQuery(d, account),
  ] as const);
  const [tariff] = toTariffs(t, p, o);
  if (!tariff) throw new ApiError(404, storeTexts.partnerNotFound, 'partner_not_found');
  const active = entitlements.some(
    (e) =>
      e.kind === 'subscription' && e.productId === tariff.product.id && (e.expiresAt ?? 0) > now,
  );
  if (active) return { activated: true, tariff_id: tariff.id, next: `/${partner}`, cookies: {} };
  const cookies: Record<string, string> = {
    [PURCHASE_COOKIES.tariffId]: String(tariff.id),
    [PURCHASE_COOKIES.tariffType]: tariff.buy_type,
  };
  if (tariff.is_hbo) cookies[PURCHASE_COOKIES.isHBO] = '1';
  const query = tariff.is_hbo ? '&isHBO=1' : '';
  return {
    activated: false,
    tariff_id: tariff.id,
    next: `/payment?id=${tariff.id}${query}`,
    cookies,
  };
}

/**
 * The viewer's referral invite: a code made from their billing id (stable, and telling nothing
 * about the account) and the link to share, which opens the programme's rules.
 */
export async function referralInvite(viewer: Viewer) {
  const account = signedIn(viewer);
  const d = d1();
  const [row] = await batch(d, [accountQuery(d, account)] as const);
  if (!row) throw new ApiError(401, storeTexts.signInRequired, 'unauthorized');
  const code = (await sha256(`referral:${row.billingId}`))
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .toUpperCase();
  return {
    code,
    url: `${config().siteOrigin}/referral-rules?invite=${code}`,
    rules_url: '/referral-rules',
  };
}
