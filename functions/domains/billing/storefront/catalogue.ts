import type { Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import type { Sql } from '../../../db/sql.ts';
import { ApiError } from '../../../lib/errors.ts';
import {
  type BuyType,
  listedTariffs,
  type OfferName,
  type OfferRow,
  onSaleTariff,
  type PriceRow,
  subscribedTo,
  subscriptionsQuery,
  type TariffRow,
  tariffQueries,
} from './catalogue.repo.ts';
import { storeTexts } from './store-texts.ts';

/**
 * The storefront (docs/product.md, «Money»): the billing list, tariffs and what this viewer holds
 * (paywalls.ts sells them on a paywall). Prices are read, never computed here; whether a right
 * unlocks a title is asked of access/ (canPlay). The answers use the spec's field names (buy_type,
 * period_duration, excl_tax, paywall_slug, granted_till, is_renew).
 */

export { type BuyType, OFFER_NAMES, type OfferName } from './catalogue.repo.ts';

export const accountOf = (viewer: Viewer) => (viewer.account ? Number(viewer.account) : null);

/** A named offer on a price: its first period at another price and length. */
export interface OfferDto {
  id: number;
  name: OfferName;
  first_price: number;
  first_period_days: number;
  title: string;
  description: string;
  button_text: string;
}

/** A price list entry: a period (days; 0 for a rental or purchase), the price with and without VAT. */
export interface PriceDto {
  id: number;
  period_duration: number;
  price: number;
  excl_tax: number;
  vat_rate: number;
  offers: OfferDto[];
}

export interface TariffDto {
  id: number;
  slug: string;
  name: string;
  description: string;
  buy_type: BuyType;
  product: { id: number; slug: string; partner: string };
  paywall_slug: string | null;
  giftable: boolean;
  legacy: boolean;
  /** Sold by the HBO Max partner: its purchase flow carries the isHBO cookie. */
  is_hbo: boolean;
  /** TVOD: seconds to start the rental, and how long it runs once started. */
  rental: { start_seconds: number; window_seconds: number } | null;
  prices: PriceDto[];
}

const offerDto = (o: OfferRow): OfferDto => ({
  id: o.id,
  name: o.name,
  first_price: o.firstPrice,
  first_period_days: o.firstPeriodDays,
  title: o.title,
  description: o.description,
  button_text: o.buttonText,
});

/** The tariffs with their price lists, from the three rows of `tariffQueries`. */
export function toTariffs(tariffs: TariffRow[], prices: PriceRow[], offers: OfferRow[]) {
  return tariffs.map(
    (t): TariffDto => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      description: t.description,
      buy_type: t.buyType,
      product: { id: t.productId, slug: t.productSlug, partner: t.partner },
      paywall_slug: t.paywallSlug,
      giftable: t.giftable,
      legacy: t.legacy,
      is_hbo: t.partner === 'hbo-max',
      rental:
        t.rentalStartSeconds !== null && t.rentalWindowSeconds !== null
          ? { start_seconds: t.rentalStartSeconds, window_seconds: t.rentalWindowSeconds }
          : null,
      prices: prices
        .filter((p) => p.tariffId === t.id)
        .map((p) => ({
          id: p.id,
          period_duration: p.periodDuration,
          price: p.price,
          excl_tax: p.exclTax,
          vat_rate: p.vatRate,
          offers: offers.filter((o) => o.priceId === p.id).map(offerDto),
        })),
    }),
  );
}

async function loadTariffs(filter: Sql, paywall?: string): Promise<TariffDto[]> {
  const [t, p, o] = await batch(d1(), tariffQueries(d1(), filter, paywall));
  return toTariffs(t, p, o);
}

export interface BillingListQuery {
  buyType?: BuyType;
  /** Product ids (the partner channel's is 2); the list keeps only their tariffs. */
  ids?: number[];
}

/**
 * The billing list: the tariffs on sale of a buy type (all when absent), only those of the given
 * products when `ids` is given. The same for every viewer.
 * @example billingList({ buyType: 'SVOD', ids: [2] }) // [HBO Max], its paywall_slug 'hbo-max'
 */
export async function billingList(q: BillingListQuery): Promise<TariffDto[]> {
  return loadTariffs(listedTariffs(q.buyType, q.ids));
}

/** One tariff on sale, or the 404. */
export async function tariffById(id: number): Promise<TariffDto> {
  const [found] = await loadTariffs(onSaleTariff(id));
  if (!found) throw new ApiError(404, storeTexts.tariffNotFound, 'tariff_not_found');
  return found;
}

/** Subscription states of the spec's `status__in`. */
export const SUBSCRIPTION_STATES = ['active', 'renew', 'paused', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const iso = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

export const tariffBrief = (t: TariffDto) => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  buy_type: t.buy_type,
  product_id: t.product.id,
  legacy: t.legacy,
});

export function signedIn(viewer: Viewer): number {
  const account = accountOf(viewer);
  if (account === null) throw new ApiError(401, storeTexts.signInRequired, 'unauthorized');
  return account;
}

/**
 * The viewer's own subscriptions in the given states: tariff, paid-up date, renewal.
 * @example currentSubscriptions(viewer, ['active', 'renew', 'paused'])
 */
export async function currentSubscriptions(viewer: Viewer, states: readonly SubscriptionState[]) {
  const account = signedIn(viewer);
  const d = d1();
  const held = subscribedTo(account);
  const [subs, t, p, o] = await batch(d, [
    subscriptionsQuery(d, account, states),
    ...tariffQueries(d, held),
  ] as const);
  const tariffs = toTariffs(t, p, o);
  return subs.map((s) => {
    const tariff = tariffs.find((x) => x.id === s.tariffId)!;
    return {
      id: s.id,
      tariff: tariffBrief(tariff),
      status: s.status,
      granted_till: iso(s.grantedTill),
      is_renew: s.isRenew,
      price: { id: s.priceId, period_duration: s.periodDuration, price: s.price },
    };
  });
}
