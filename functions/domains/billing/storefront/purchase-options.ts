import { canSee, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import {
  heldTariffsQuery,
  listedTariffs,
  type OfferName,
  onSaleForTitle,
  tariffQueries,
  titleSaleQuery,
} from './catalogue.repo.ts';
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

/** What /payment offers a viewer to choose from, read in one D1 round trip. */
export interface PaymentChoices {
  /** The price list: every tariff on sale, in its order. */
  all: TariffDto[];
  /**
   * The tariffs to choose from: for a flow from a title, those on sale that unlock it (its rental
   * and purchases, the subscriptions of its products; none for a title this viewer may not see),
   * else the subscriptions.
   */
  choices: TariffDto[];
  /** The tariffs the viewer's account ever held: their offers for newcomers are not its own. */
  heldTariffs: readonly number[];
}

/**
 * The price list, the tariffs a flow offers (those that unlock the title it came from, if any)
 * and the tariffs the account ever held, in one batch: /payment needs all three for one view.
 * @example (await paymentChoices(viewer, 2)).choices // [Амедиатека, Аренда в HD, Покупка в HD]
 */
export async function paymentChoices(
  viewer: Viewer,
  contentId: number | null,
): Promise<PaymentChoices> {
  const d = d1();
  // No title nor account has the id 0: without them those queries find nothing.
  const titleId = contentId ?? 0;
  const [t, p, o, tt, tp, to, title, held] = await batch(d, [
    ...tariffQueries(d, listedTariffs()),
    ...tariffQueries(d, onSaleForTitle(titleId)),
    titleSaleQuery(d, titleId),
    heldTariffsQuery(d, accountOf(viewer) ?? 0),
  ] as const);
  const all = toTariffs(t, p, o);
  if (!contentId)
    return { all, choices: all.filter((x) => x.buy_type === 'SVOD'), heldTariffs: held };
  const seen = !!title && canSee(viewer, { kind: 'title', ...title }).allowed;
  return { all, choices: seen ? toTariffs(tt, tp, to) : [], heldTariffs: held };
}

/**
 * Whether the offers for accounts new to a tariff (the new user's offer, offer 2) are this
 * account's: it never held the tariff. /payment shows their price only then, as the checkout
 * charges it only then.
 * @example newToTariff(await paymentChoices(viewer, null), 1) // false once tariff 1 was held
 */
export const newToTariff = (options: { heldTariffs: readonly number[] }, tariffId: number) =>
  !options.heldTariffs.includes(tariffId);

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
  return newToTariff(paywall, offer.tariff_id) ? offer : null;
}
