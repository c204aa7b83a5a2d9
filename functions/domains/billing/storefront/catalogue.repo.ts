import type { Query } from '../../../db/run.ts';
import { and, bool, firstRow, prepare, rows, type Sql, sql } from '../../../db/sql.ts';

/**
 * The storefront's D1 reads (docs/product.md, «Money»): tariffs on sale with their price list and
 * named offers, paywalls, and an account's subscriptions. A tariff filter is one SQL fragment over
 * `tariffs t`, so the tariffs, their prices and their offers are three queries of one batch.
 */

export type BuyType = 'SVOD' | 'TVOD' | 'EST';
/** The offers a price can carry, as `price_offers.name` spells them. */
export const OFFER_NAMES = ['new_user', 'retention', 'offer2', 'free_days'] as const;
export type OfferName = (typeof OFFER_NAMES)[number];

export interface TariffRow {
  id: number;
  slug: string;
  buyType: BuyType;
  name: string;
  description: string;
  productId: number;
  productSlug: string;
  partner: string;
  paywallSlug: string | null;
  giftable: boolean;
  legacy: boolean;
  rentalStartSeconds: number | null;
  rentalWindowSeconds: number | null;
}

export interface PriceRow {
  id: number;
  tariffId: number;
  periodDuration: number;
  price: number;
  exclTax: number;
  vatRate: number;
}

export interface OfferRow {
  id: number;
  priceId: number;
  name: OfferName;
  firstPrice: number;
  firstPeriodDays: number;
  title: string;
  description: string;
  buttonText: string;
}

export interface PaywallRow {
  slug: string;
  kind: 'catalogue' | 'retention';
  title: string;
  description: string;
  buttonText: string;
  offerName: OfferName | null;
  params: string;
}

/** Tariffs a viewer can buy: on sale and not the legacy one. */
export const ON_SALE = sql`t.on_sale = 1 AND t.legacy = 0`;

/** Tariffs the account holds: a right to their product or a subscription to them. */
export const heldBy = (accountId: number) =>
  sql`t.product_id IN (SELECT product_id FROM entitlements WHERE account_id = ${accountId})
    OR t.id IN (SELECT tariff_id FROM subscriptions WHERE account_id = ${accountId})`;

/** Tariffs of a paywall (paywall_tariffs). */
export const inPaywall = (slug: string) =>
  sql`t.id IN (SELECT tariff_id FROM paywall_tariffs WHERE paywall_slug = ${slug})`;

/** Tariffs whose product unlocks the title (title_products). */
export const sellingTitle = (titleId: number) =>
  sql`t.product_id IN (SELECT product_id FROM title_products WHERE title_id = ${titleId})`;

/** Tariffs on sale that unlock the title (a title's unlock offers). */
export const onSaleForTitle = (titleId: number) => and(ON_SALE, sellingTitle(titleId));

/** The price list's tariffs: on sale, of one kind and of these products when asked. */
export const listedTariffs = (buyType?: BuyType, productIds?: number[]) =>
  and(
    ON_SALE,
    buyType && sql`t.buy_type = ${buyType}`,
    productIds && sql`t.product_id IN (${productIds})`,
  );

/** One tariff, when it is on sale. */
export const onSaleTariff = (id: number) => and(ON_SALE, sql`t.id = ${id}`);

/** A paywall's tariffs on sale; for a title, those that unlock it, of the paywall or a subscription. */
export const paywallTariffs = (slug: string, titleId?: number | null) =>
  titleId
    ? and(ON_SALE, sellingTitle(titleId), sql`(${inPaywall(slug)}) OR t.buy_type = 'SVOD'`)
    : and(ON_SALE, inPaywall(slug));

/** Tariffs the account has (or had) a subscription to. */
export const subscribedTo = (accountId: number) =>
  sql`t.id IN (SELECT tariff_id FROM subscriptions WHERE account_id = ${accountId})`;

/** Partner subscriptions on sale: one partner's, or every partner's when none is named. */
export const partnerTariffs = (partner?: string) =>
  and(
    ON_SALE,
    sql`t.buy_type = 'SVOD'`,
    partner === undefined
      ? sql`t.product_id IN (SELECT id FROM products WHERE partner <> 'none')`
      : sql`t.product_id IN (SELECT id FROM products WHERE partner = ${partner})`,
  );

/** How many subscriptions the account ever had to the tariff (0: new to it). */
export const subscriptionCountQuery = (d: D1Database, accountId: number, tariffId: number) =>
  firstRow<{ n: number }>(
    d,
    sql`SELECT count(*) AS n FROM subscriptions WHERE account_id = ${accountId} AND tariff_id = ${tariffId}`,
  );

/**
 * The tariffs the account ever had a subscription to, of any status: an account is new to every
 * other tariff. One row per tariff (a subscription is unique per account and tariff).
 */
export const heldTariffsQuery = (d: D1Database, accountId: number) =>
  rows(d, sql`SELECT tariff_id AS id FROM subscriptions WHERE account_id = ${accountId}`, (r) =>
    Number(r.id),
  );

/** A row when the product unlocks the title. */
export const titleInProductQuery = (d: D1Database, titleId: number, productId: number) =>
  firstRow<{ n: number }>(
    d,
    sql`SELECT 1 AS n FROM title_products WHERE title_id = ${titleId} AND product_id = ${productId}`,
  );

const tariffRow = (r: Record<string, unknown>): TariffRow => ({
  ...(r as unknown as TariffRow),
  giftable: bool(r.giftable),
  legacy: bool(r.legacy),
});

/**
 * The tariffs the filter keeps, in the paywall's order when `paywall` is given, else the price
 * list's; with their prices and offers (three queries for one batch).
 */
export function tariffQueries(d: D1Database, filter: Sql, paywall?: string) {
  const order = paywall
    ? sql`(SELECT sort FROM paywall_tariffs WHERE paywall_slug = ${paywall} AND tariff_id = t.id), t.sort, t.id`
    : sql`t.sort, t.id`;
  const ids = sql`SELECT t.id FROM tariffs t WHERE ${filter}`;
  return [
    rows<TariffRow>(
      d,
      sql`SELECT t.id, t.slug, t.buy_type AS "buyType", t.name, t.description,
            t.product_id AS "productId", p.slug AS "productSlug", p.partner,
            t.paywall_slug AS "paywallSlug", t.giftable, t.legacy,
            t.rental_start_seconds AS "rentalStartSeconds", t.rental_window_seconds AS "rentalWindowSeconds"
          FROM tariffs t JOIN products p ON p.id = t.product_id
          WHERE ${filter}
          ORDER BY ${order}`,
      tariffRow,
    ),
    rows<PriceRow>(
      d,
      sql`SELECT id, tariff_id AS "tariffId", period_duration AS "periodDuration", price,
            excl_tax AS "exclTax", vat_rate AS "vatRate"
          FROM tariff_prices
          WHERE on_sale = 1 AND tariff_id IN (${ids})
          ORDER BY sort, period_duration, id`,
    ),
    rows<OfferRow>(
      d,
      sql`SELECT o.id, o.price_id AS "priceId", o.name, o.first_price AS "firstPrice",
            o.first_period_days AS "firstPeriodDays", o.title, o.description, o.button_text AS "buttonText"
          FROM price_offers o JOIN tariff_prices pr ON pr.id = o.price_id
          WHERE pr.on_sale = 1 AND pr.tariff_id IN (${ids})
          ORDER BY o.id`,
    ),
  ] as const;
}

export function paywallQuery(d: D1Database, slug: string): Query<PaywallRow | undefined> {
  return firstRow<PaywallRow>(
    d,
    sql`SELECT slug, kind, title, description, button_text AS "buttonText",
          offer_name AS "offerName", params
        FROM paywalls WHERE slug = ${slug}`,
  );
}

export interface TitleSaleRow {
  id: number;
  name: string;
  type: 'series' | 'movie' | 'kids' | 'trailer';
  partner: 'hbo-max' | 'dazn' | 'kino1tv' | 'paramount-plus' | 'none';
  ageRating: 0 | 6 | 12 | 16 | 18;
  /** The SVOD products that unlock it, comma-separated (title_products). */
  subscriptions: string | null;
}

/** A title as the access rules and the storefront read it. */
export function titleSaleQuery(d: D1Database, titleId: number): Query<TitleSaleRow | undefined> {
  return firstRow<TitleSaleRow>(
    d,
    sql`SELECT t.id, t.name, t.type, t.partner, t.age_rating AS "ageRating",
          (SELECT group_concat(tp.product_id) FROM title_products tp JOIN products p ON p.id = tp.product_id
            WHERE tp.title_id = t.id AND p.buy_type = 'SVOD') AS "subscriptions"
        FROM titles t WHERE t.id = ${titleId}`,
  );
}

export interface SubscriptionRow {
  id: number;
  tariffId: number;
  priceId: number;
  status: 'active' | 'renew' | 'paused' | 'ended';
  isRenew: boolean;
  grantedTill: number;
  periodDuration: number;
  price: number;
  /** When the retention offer was answered (taken or declined), or null. */
  retentionOfferAt: number | null;
}

/** The account's subscriptions in the given states, newest paid-up date first. */
export function subscriptionsQuery(
  d: D1Database,
  accountId: number,
  statuses: readonly string[],
): Query<SubscriptionRow[]> {
  return rows<SubscriptionRow>(
    d,
    sql`SELECT s.id, s.tariff_id AS "tariffId", s.price_id AS "priceId", s.status,
          s.is_renew AS "isRenew", s.granted_till AS "grantedTill",
          pr.period_duration AS "periodDuration", pr.price, s.retention_offer_at AS "retentionOfferAt"
        FROM subscriptions s JOIN tariff_prices pr ON pr.id = s.price_id
        WHERE s.account_id = ${accountId} AND s.status IN (${statuses})
        ORDER BY s.granted_till DESC, s.id`,
    (r) => ({ ...(r as unknown as SubscriptionRow), isRenew: bool(r.isRenew) }),
  );
}

/** The account's billing id, which the referral invite code is made from. */
export function accountQuery(d: D1Database, accountId: number) {
  return firstRow<{ billingId: string }>(
    d,
    sql`SELECT billing_id AS "billingId" FROM accounts WHERE id = ${accountId}`,
  );
}

/** A title a purchase names: whether the tariff's product sells it and the account owns it already. */
export function titleForSale(
  d: D1Database,
  titleId: number,
  productId: number,
  accountId: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT t.name, t.type, t.partner, t.age_rating AS ageRating,
         EXISTS (SELECT 1 FROM title_products WHERE title_id = t.id AND product_id = ${productId}) AS linked,
         EXISTS (SELECT 1 FROM entitlements WHERE account_id = ${accountId} AND title_id = t.id
           AND kind = 'purchase') AS owned
       FROM titles t WHERE t.id = ${titleId}`,
  );
}

/** A tariff's price when both are on sale (not the legacy tariff). */
export function priceOnSale(d: D1Database, tariffId: number, priceId: number): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT t.id AS tariffId, t.product_id AS productId, t.buy_type AS buyType, t.name,
              t.giftable, t.rental_start_seconds AS rentalStartSeconds, p.id AS priceId,
              p.period_duration AS periodDuration, p.price, p.vat_rate AS vatRate
       FROM tariffs t JOIN tariff_prices p ON p.tariff_id = t.id
       WHERE t.id = ${tariffId} AND p.id = ${priceId} AND t.on_sale = 1 AND t.legacy = 0 AND p.on_sale = 1`,
  );
}

/** An offer on a price, with how many subscriptions the account ever had to its tariff. */
export function priceOfferFor(
  d: D1Database,
  priceId: number,
  offer: string,
  accountId: number,
  tariffId: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT o.id, o.name, o.title, o.first_price AS firstPrice, o.first_period_days AS firstDays,
         (SELECT count(*) FROM subscriptions s WHERE s.account_id = ${accountId} AND s.tariff_id = ${tariffId}) AS subs
       FROM price_offers o WHERE o.price_id = ${priceId} AND o.name = ${offer}`,
  );
}
