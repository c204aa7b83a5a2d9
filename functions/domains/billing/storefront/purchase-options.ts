import { canSee, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import { type OfferName, onSaleForTitle, tariffQueries, titleSaleQuery } from './catalogue.repo.ts';
import { accountOf, type OfferDto, type TariffDto, toTariffs } from './catalogue.ts';

/**
 * What a purchase flow offers this viewer (docs/product.md, «Money»): the tariffs that unlock the
 * title a flow started from, and the offer a paywall leads with, which for accounts new to a
 * tariff is theirs only until they have held it.
 */

/** The offers for accounts that never held the tariff (the checkout charges them only then). */
export const NEWCOMER_OFFERS: readonly OfferName[] = ['new_user', 'offer2'];

/** An offer on one price of a tariff, as a paywall leads with it. */
export type LeadOffer = OfferDto & { tariff_id: number; price_id: number };

/**
 * The tariffs on sale that unlock a title (its rental and purchases, the subscriptions of its
 * products), in the price list's order; none for a title this viewer may not see.
 * @example await titleTariffs(viewer, 2) // [Амедиатека, Аренда в HD, Покупка в HD]
 */
export async function titleTariffs(viewer: Viewer, titleId: number): Promise<TariffDto[]> {
  const d = d1();
  const [t, p, o, title] = await batch(d, [
    ...tariffQueries(d, onSaleForTitle(titleId)),
    titleSaleQuery(d, titleId),
  ] as const);
  if (!title || !canSee(viewer, { kind: 'title', ...title }).allowed) return [];
  return toTariffs(t, p, o);
}

/** The first price of these tariffs that carries the named offer, with that offer. */
function offerOn(tariffs: TariffDto[], name: OfferName): LeadOffer | null {
  for (const t of tariffs)
    for (const p of t.prices) {
      const o = p.offers.find((x) => x.name === name);
      if (o) return { ...o, tariff_id: t.id, price_id: p.id };
    }
  return null;
}

/**
 * The offer a paywall leads with for this viewer: its own, else the new user's on a price it
 * sells. An offer for newcomers is shown to a guest (the same page for every guest; /payment asks
 * again once they sign in) and to an account that never held its tariff (the paywall's
 * `heldTariffs`, read with it by viewerPaywall), never to another.
 * @example leadOffer(newAccount, { offer: null, tariffs, heldTariffs: [] }) // «Первый месяц за 1 ₽» on the month
 */
export function leadOffer(
  viewer: Viewer,
  paywall: { offer: LeadOffer | null; tariffs: TariffDto[]; heldTariffs: readonly number[] },
): LeadOffer | null {
  const offer = paywall.offer ?? offerOn(paywall.tariffs, 'new_user');
  if (!offer || !NEWCOMER_OFFERS.includes(offer.name) || accountOf(viewer) === null) return offer;
  return paywall.heldTariffs.includes(offer.tariff_id) ? null : offer;
}
