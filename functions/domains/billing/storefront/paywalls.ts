import { canSee, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import { ApiError } from '../../../lib/errors.ts';
import {
  heldTariffsQuery,
  type OfferName,
  type PaywallRow,
  paywallQuery,
  paywallTariffs,
  subscriptionsQuery,
  tariffQueries,
  titleSaleQuery,
} from './catalogue.repo.ts';
import { accountOf, type OfferDto, type TariffDto, toTariffs } from './catalogue.ts';
import { storeTexts } from './store-texts.ts';

/**
 * Paywalls (docs/product.md, «Money»): a catalogue or retention screen that sells its tariffs,
 * with the named offer it leads with. A title a paywall sells is checked by access/ like any other.
 */

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
 * unlock it. A title this viewer may not see is refused as everywhere (access/). The same for
 * every viewer, so the API shares it at the edge: nothing of the viewer's account is in it.
 * @example paywall(viewer, 'film', 2) // rent, buy and «Амедиатека» of film 2
 */
export async function paywall(
  viewer: Viewer,
  slug: string,
  contentId?: number,
): Promise<PaywallDto> {
  return (await readPaywall(viewer, slug, contentId, null)).dto;
}

/** A paywall with the tariffs the viewer's account ever held (none for a guest). */
export type ViewerPaywall = PaywallDto & { heldTariffs: readonly number[] };

/**
 * A catalogue paywall as paywall() reads it, with the tariffs the viewer's account ever held,
 * in the same D1 round trip: what decides whether its offer for newcomers is theirs (leadOffer),
 * so that the page costs no trip of its own for it.
 * @example leadOffer(viewer, await viewerPaywall(viewer, 'default')) // null once tariff 1 was held
 */
export async function viewerPaywall(
  viewer: Viewer,
  slug: string,
  contentId?: number,
): Promise<ViewerPaywall> {
  const { dto, held } = await readPaywall(viewer, slug, contentId, accountOf(viewer));
  return { ...dto, heldTariffs: held };
}

async function readPaywall(
  viewer: Viewer,
  slug: string,
  contentId: number | undefined,
  account: number | null,
) {
  const d = d1();
  const title = contentId ? titleSaleQuery(d, contentId) : null;
  const filter = paywallTariffs(slug, contentId);
  const queries = tariffQueries(d, filter, slug);
  // No account holds the id 0: a guest's (and the API's) batch asks it and learns nothing.
  const [row, t, p, o, found, held] = await batch(d, [
    paywallQuery(d, slug),
    ...queries,
    title ?? titleSaleQuery(d, 0),
    heldTariffsQuery(d, account ?? 0),
  ] as const);
  if (row?.kind !== 'catalogue') throw notFound();
  let content: PaywallDto['content'] = null;
  if (contentId) {
    if (!found) throw new ApiError(404, storeTexts.contentNotFound, 'content_not_found');
    const seen = canSee(viewer, { kind: 'title', ...found });
    if (!seen.allowed) throw new ApiError(403, storeTexts.contentNotFound, seen.reason);
    content = { id: found.id, name: found.name };
  }
  return { dto: paywallDto(row, toTariffs(t, p, o), content), held };
}

/**
 * A retention paywall (/billing/customer-retention/paywall/{slug}): the paywall params merged
 * with the client's, narrowed to one of the viewer's subscriptions — the one `subscriptionId`
 * names (404 when it is not theirs), else the first it holds — with that tariff and the offer on
 * its price, and whether the subscription may still take it (renewing, not yet answered: once per
 * subscription). Signed-in viewers only.
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
  const asked = /^\d{1,15}$/.test(params.subscriptionId ?? '')
    ? Number(params.subscriptionId)
    : null;
  const sold = subs.filter((s) => dto.tariffs.some((x) => x.id === s.tariffId));
  const held = asked === null ? sold[0] : sold.find((s) => s.id === asked);
  if (asked !== null && !held)
    throw new ApiError(404, storeTexts.subscriptionNotFound, 'subscription_not_found');
  const tariffs = held ? dto.tariffs.filter((x) => x.id === held.tariffId) : dto.tariffs;
  const found = held
    ? tariffs[0]?.prices
        .find((x) => x.id === held.priceId)
        ?.offers.find((x) => x.name === row.offerName)
    : null;
  const offer = held
    ? found
      ? { ...found, tariff_id: held.tariffId, price_id: held.priceId }
      : null
    : dto.offer;
  return {
    ...dto,
    tariffs,
    offer,
    params: { ...dto.params, ...params },
    subscription: held ? { id: held.id, tariff_id: held.tariffId } : null,
    eligible:
      !!held &&
      offer !== null &&
      held.isRenew &&
      held.retentionOfferAt === null &&
      (held.status === 'active' || held.status === 'renew'),
  };
}
