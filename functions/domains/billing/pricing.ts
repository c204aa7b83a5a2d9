import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { GrantTariff } from './grant.ts';
import { promoDiscount } from './promo.ts';
import { periodWords, billingTexts as t } from './texts.ts';

export type OfferName = 'new_user' | 'retention' | 'offer2' | 'free_days';

/** What the viewer asks to buy: names only; every amount is the server's. */
export interface QuoteInput {
  tariffId: number;
  priceId: number;
  offer?: OfferName | null;
  titleId?: number | null;
  gift?: boolean;
  promoCode?: string | null;
}

/** A priced purchase: what is bought, for how long, and for how much (kopecks, VAT included). */
export interface Quote {
  tariff: GrantTariff & { name: string; giftable: boolean };
  priceId: number;
  /** The price list's amount and period, before any offer or promo code. */
  listPrice: number;
  periodDays: number;
  offer: { id: number; name: OfferName; title: string } | null;
  promo: { code: string; discountPercent: number } | null;
  titleId: number | null;
  titleName: string | null;
  /** What is charged now, and the days it pays for (a subscription; 0 otherwise). */
  amount: number;
  days: number;
  vatRate: number;
  /** The receipt's and the acquirer's item name. */
  description: string;
}

interface PriceRow {
  tariffId: number;
  productId: number;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  name: string;
  giftable: number;
  rentalStartSeconds: number | null;
  priceId: number;
  periodDuration: number;
  price: number;
  vatRate: number;
}

const refuse = (message: string, reason: string, field: string) =>
  new ApiError(422, message, reason, {}, { field });

/**
 * The price of a purchase for this account, computed here from the price list, the named offer
 * (only when this account may have it) and a discount promo code; anything the client says about
 * amounts is never read.
 * @example await quote(42, { tariffId: 1, priceId: 1, offer: 'new_user' }) // amount 100
 */
export async function quote(accountId: number, input: QuoteInput): Promise<Quote> {
  const d = d1();
  const row = await d
    .prepare(
      `SELECT t.id AS tariffId, t.product_id AS productId, t.buy_type AS buyType, t.name,
              t.giftable, t.rental_start_seconds AS rentalStartSeconds, p.id AS priceId,
              p.period_duration AS periodDuration, p.price, p.vat_rate AS vatRate
       FROM tariffs t JOIN tariff_prices p ON p.tariff_id = t.id
       WHERE t.id = ?1 AND p.id = ?2 AND t.on_sale = 1 AND t.legacy = 0 AND p.on_sale = 1`,
    )
    .bind(input.tariffId, input.priceId)
    .first<PriceRow>();
  if (!row) throw refuse(t.priceNotFound, 'price_not_found', 'priceId');
  if (input.gift && (!row.giftable || row.buyType !== 'SVOD'))
    throw refuse(t.giftNotAllowed, 'not_giftable', 'tariffId');

  // A rental or purchase is of a title; a subscription may name the title its flow came from.
  let titleName: string | null = null;
  if (row.buyType !== 'SVOD' && !input.titleId)
    throw refuse(t.titleNeeded, 'title_required', 'contentId');
  if (input.titleId) {
    const title = await d
      .prepare('SELECT name FROM titles WHERE id = ?')
      .bind(input.titleId)
      .first<{ name: string }>();
    if (!title && row.buyType !== 'SVOD')
      throw refuse(t.titleNotFound, 'title_not_found', 'contentId');
    titleName = title?.name ?? null;
  }

  let offer: Quote['offer'] = null;
  let amount = row.price;
  let days = row.periodDuration;
  if (input.offer) {
    if (input.offer === 'free_days') throw refuse(t.freeDaysElsewhere, 'free_days_offer', 'offer');
    const found = await d
      .prepare(
        `SELECT o.id, o.name, o.title, o.first_price AS firstPrice, o.first_period_days AS firstDays,
           (SELECT count(*) FROM subscriptions s WHERE s.account_id = ?2 AND s.tariff_id = ?3) AS subs,
           (SELECT count(*) FROM subscriptions s WHERE s.account_id = ?2 AND s.tariff_id = ?3
              AND s.status IN ('active', 'renew')) AS live
         FROM price_offers o WHERE o.price_id = ?1 AND o.name = ?4`,
      )
      .bind(row.priceId, accountId, row.tariffId, input.offer)
      .first<{
        id: number;
        name: OfferName;
        title: string;
        firstPrice: number;
        firstDays: number;
        subs: number;
        live: number;
      }>();
    // A new user's offer and offer 2 are for accounts that never held the tariff; retention
    // for one that holds it now. Gifts carry no offer.
    const allowed =
      found && !input.gift && (found.name === 'retention' ? found.live > 0 : found.subs === 0);
    if (!found || !allowed) throw refuse(t.offerNotAvailable, 'offer_not_available', 'offer');
    offer = { id: found.id, name: found.name, title: found.title };
    amount = found.firstPrice;
    days = found.firstDays;
  }

  let promo: Quote['promo'] = null;
  if (input.promoCode) {
    // Whether this account may use the code on this tariff now is the promo codes' rule
    // (promo.ts: dates, uses left, once per account, the tariff); for an order it is a bad input.
    let found: Awaited<ReturnType<typeof promoDiscount>>;
    try {
      found = await promoDiscount(accountId, input.promoCode, row.tariffId);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      throw refuse(e.message, e.reason, 'promo');
    }
    promo = { code: found.code, discountPercent: found.discountPercent };
    amount = Math.round((amount * (100 - found.discountPercent)) / 100);
  }
  // The acquirer takes at least one rouble.
  if (amount < 100) throw refuse(t.amountTooSmall, 'amount_too_small', 'promo');

  const what =
    row.buyType === 'SVOD'
      ? `Подписка «${row.name}» на ${periodWords(days)}`
      : `${row.name}: «${titleName}»`;
  return {
    tariff: {
      tariffId: row.tariffId,
      productId: row.productId,
      buyType: row.buyType,
      priceId: row.priceId,
      days,
      rentalStartSeconds: row.rentalStartSeconds,
      name: row.name,
      giftable: row.giftable === 1,
    },
    priceId: row.priceId,
    listPrice: row.price,
    periodDays: row.periodDuration,
    offer,
    promo,
    titleId: titleName ? (input.titleId ?? null) : null,
    titleName,
    amount,
    days,
    vatRate: row.vatRate,
    description: input.gift ? `${what} (подарок)` : what,
  };
}
