import { type AgeRating, assertMayPay, canSee, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Partner, TitleType } from '../../../shared/catalogue.ts';
import type { GrantTariff } from '../../grants/index.ts';
import { promoDiscount } from '../../promo/index.ts';
import { periodWords, billingTexts as t } from '../shared/index.ts';
import { type OfferName, priceOfferFor, priceOnSale, titleForSale } from './catalogue.repo.ts';

/** What the viewer asks to buy: names only; every amount is the server's. */
export interface QuoteInput {
  tariffId: number;
  priceId: number;
  offer?: OfferName | null;
  titleId?: number | null;
  gift?: boolean;
  promoCode?: string | null;
  /** Pending orders this purchase supersedes: what they hold counts as free (orders/supersede.ts). */
  releasing?: readonly string[];
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
  /** What is bought, without the gift's mark: «Подписка «Амедиатека» на 1 месяц», «Аренда в HD: «…»». */
  what: string;
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

interface TitleRow {
  name: string;
  type: TitleType;
  partner: Partner;
  ageRating: AgeRating;
  /** The title is sold by the tariff's product (title_products). */
  linked: number;
  /** The account owns it for good already. */
  owned: number;
}

/**
 * The title a purchase names, as this viewer may have it: a rental or purchase is of a title the
 * tariff's product sells and the viewer may see, and never of one they own for good; a
 * subscription keeps a title it came from only as the link back to it (never priced, never sold).
 */
async function titleOf(
  viewer: Viewer,
  accountId: number,
  row: PriceRow,
  titleId: number | null | undefined,
): Promise<{ id: number; name: string } | null> {
  const forTitle = row.buyType !== 'SVOD';
  if (!titleId) {
    if (forTitle) throw refuse(t.titleNeeded, 'title_required', 'contentId');
    return null;
  }
  const title = await titleForSale(d1(), titleId, row.productId, accountId).first<TitleRow>();
  const visible = title !== null && canSee(viewer, { kind: 'title', ...title }).allowed;
  if (!forTitle) return visible ? { id: titleId, name: title.name } : null;
  if (!visible || !title.linked) throw refuse(t.titleNotFound, 'title_not_found', 'contentId');
  if (title.owned) throw new ApiError(409, t.titleOwned, 'title_owned', {}, { field: 'contentId' });
  return { id: titleId, name: title.name };
}

/**
 * The price of a purchase for this account, computed here from the price list, the named offer
 * (only when this account may have it) and a discount promo code; anything the client says about
 * amounts is never read.
 * @example await quote(viewer, { tariffId: 1, priceId: 1, offer: 'new_user' }) // amount 100
 */
export async function quote(viewer: Viewer, input: QuoteInput): Promise<Quote> {
  assertMayPay(viewer);
  const accountId = Number(viewer.account);
  const d = d1();
  const row = await priceOnSale(d, input.tariffId, input.priceId).first<PriceRow>();
  if (!row) throw refuse(t.priceNotFound, 'price_not_found', 'priceId');
  if (input.gift && (!row.giftable || row.buyType !== 'SVOD'))
    throw refuse(t.giftNotAllowed, 'not_giftable', 'tariffId');

  const title = await titleOf(viewer, accountId, row, input.titleId);

  let offer: Quote['offer'] = null;
  let amount = row.price;
  let days = row.periodDuration;
  if (input.offer) {
    if (input.offer === 'free_days') throw refuse(t.freeDaysElsewhere, 'free_days_offer', 'offer');
    // The retention offer is made once per subscription when renewal is turned off, and charged
    // by the renewal (apply-retention-offer); it is never bought at checkout.
    if (input.offer === 'retention')
      throw refuse(t.retentionElsewhere, 'offer_not_available', 'offer');
    const found = await priceOfferFor(d, row.priceId, input.offer, accountId, row.tariffId).first<{
      id: number;
      name: OfferName;
      title: string;
      firstPrice: number;
      firstDays: number;
      subs: number;
    }>();
    // A new user's offer and offer 2 are for accounts that never held the tariff (an order's
    // claim keeps it to one order at a time, orders/orders.ts). Gifts carry no offer.
    const allowed = found && !input.gift && found.subs === 0;
    if (!found || !allowed) throw refuse(t.offerNotAvailable, 'offer_not_available', 'offer');
    offer = { id: found.id, name: found.name, title: found.title };
    amount = found.firstPrice;
    days = found.firstDays;
  }

  let promo: Quote['promo'] = null;
  // A discount code takes its percentage off the price list's amount only: an offer's first
  // price is already the special price, and the two never stack (docs/product.md, «Money»).
  if (offer && input.promoCode) throw refuse(t.promoWithOffer, 'promo_with_offer', 'promo');
  if (input.promoCode) {
    // Whether this account may use the code on this tariff now is the promo codes' rule
    // (the promo domain: dates, uses left, once per account, the tariff); for an order it is a bad input.
    let found: Awaited<ReturnType<typeof promoDiscount>>;
    try {
      found = await promoDiscount(accountId, input.promoCode, row.tariffId, {
        releasing: input.releasing,
      });
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
      : `${row.name}: «${title?.name}»`;
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
    titleId: title?.id ?? null,
    titleName: title?.name ?? null,
    amount,
    days,
    vatRate: row.vatRate,
    what,
    description: input.gift ? `${what} (подарок)` : what,
  };
}
