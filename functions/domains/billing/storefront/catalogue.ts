import { canSee, type Viewer } from '../../../access/index.ts';
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
  type PaywallRow,
  type PriceRow,
  paywallQuery,
  paywallTariffs,
  subscribedTo,
  subscriptionsQuery,
  type TariffRow,
  tariffQueries,
  titleSaleQuery,
} from './catalogue.repo.ts';
import { storeTexts } from './store-texts.ts';

/**
 * The storefront (docs/product.md, «Money»): the billing list, tariffs, paywalls, and what this
 * viewer holds. Prices are read, never computed here; whether a right unlocks a title is asked of
 * access/ (canPlay). The answers use the spec's field names (buy_type, period_duration, excl_tax,
 * paywall_slug, granted_till, is_renew).
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

export interface PaywallDto {
  slug: string;
  kind: 'catalogue' | 'retention';
  title: string;
  description: string;
  button_text: string;
  offer_name: OfferName | null;
  /** The paywall's offer on its first tariff's price that carries it (e.g. «Первый месяц за 1 ₽»). */
  offer: (OfferDto & { tariff_id: number; price_id: number }) | null;
  params: Record<string, unknown>;
  /** The title a `film` paywall sells (contentId), or null. */
  content: { id: number; name: string } | null;
  tariffs: TariffDto[];
}

const parseParams = (json: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

function paywallDto(
  row: PaywallRow,
  tariffs: TariffDto[],
  content: PaywallDto['content'],
): PaywallDto {
  let offer: PaywallDto['offer'] = null;
  for (const t of tariffs)
    for (const p of t.prices) {
      const o = p.offers.find((x) => x.name === row.offerName);
      if (o && !offer) offer = { ...o, tariff_id: t.id, price_id: p.id };
    }
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    description: row.description,
    button_text: row.buttonText,
    offer_name: row.offerName,
    offer,
    params: parseParams(row.params),
    content,
    tariffs,
  };
}

const notFound = () => new ApiError(404, storeTexts.paywallNotFound, 'paywall_not_found');

/**
 * A catalogue paywall by slug. With `contentId` (the `film` paywall) it sells that title only:
 * its rental and purchase when the title is linked to those products, and the subscriptions that
 * unlock it. A title this viewer may not see is refused as everywhere (access/).
 * @example paywall(viewer, 'film', 2) // rent, buy and «Амедиатека» of film 2
 */
export async function paywall(
  viewer: Viewer,
  slug: string,
  contentId?: number,
): Promise<PaywallDto> {
  const d = d1();
  const title = contentId ? titleSaleQuery(d, contentId) : null;
  const filter = paywallTariffs(slug, contentId);
  const queries = tariffQueries(d, filter, slug);
  const [row, t, p, o, found] = await batch(d, [
    paywallQuery(d, slug),
    ...queries,
    title ?? titleSaleQuery(d, 0),
  ] as const);
  if (row?.kind !== 'catalogue') throw notFound();
  let content: PaywallDto['content'] = null;
  if (contentId) {
    if (!found) throw new ApiError(404, storeTexts.contentNotFound, 'content_not_found');
    const seen = canSee(viewer, { kind: 'title', ...found });
    if (!seen.allowed) throw new ApiError(403, storeTexts.contentNotFound, seen.reason);
    content = { id: found.id, name: found.name };
  }
  return paywallDto(row, toTariffs(t, p, o), content);
}

/**
 * A retention paywall (/billing/customer-retention/paywall/{slug}): its tariffs and offer, the
 * paywall params merged with the client's, and whether this viewer's subscription to it may still
 * take the offer (once per subscription). Signed-in viewers only.
 */
export async function retentionPaywall(
  viewer: Viewer,
  slug: string,
  params: Record<string, string>,
) {
  const account = accountOf(viewer);
  if (account === null) throw new ApiError(401, storeTexts.signInRequired, 'unauthorized');
  const d = d1();
  const [row, t, p, o, subs] = await batch(d, [
    paywallQuery(d, slug),
    ...tariffQueries(d, paywallTariffs(slug), slug),
    subscriptionsQuery(d, account, ['active', 'renew', 'paused']),
  ] as const);
  if (row?.kind !== 'retention') throw notFound();
  const dto = paywallDto(row, toTariffs(t, p, o), null);
  const held = subs.find((s) => dto.tariffs.some((x) => x.id === s.tariffId));
  return {
    ...dto,
    params: { ...dto.params, ...params },
    subscription: held ? { id: held.id, tariff_id: held.tariffId } : null,
    eligible: !!held && dto.offer !== null,
  };
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
