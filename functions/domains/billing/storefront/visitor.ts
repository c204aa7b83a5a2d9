import {
  canPlay,
  canSee,
  type Entitlement,
  entitlementsQuery,
  mayPay,
  type PlayItem,
  refusal,
  toRights,
  type Unlock,
  type Viewer,
} from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { batch } from '../../../db/run.ts';
import { ApiError } from '../../../lib/errors.ts';
import { subscriptionStatusOf } from '../../../shared/subscription-status.ts';
import {
  heldBy,
  onSaleForTitle,
  subscriptionsQuery,
  tariffQueries,
  titleSaleQuery,
} from './catalogue.repo.ts';
import { accountOf, iso, signedIn, type TariffDto, tariffBrief, toTariffs } from './catalogue.ts';
import { storeTexts } from './store-texts.ts';

/**
 * What this viewer holds (docs/product.md, «Money»): their purchases and the subscription status
 * they make, and what unlocks a given title for them. Per viewer: never for a shared cache.
 */

const NO_ACCOUNT = 0;

/** One right the viewer holds now: a subscription, a rental or a purchase, with its tariff. */
export interface VisitorPurchase {
  kind: 'subscription' | 'rental' | 'purchase';
  buy_type: 'SVOD' | 'TVOD' | 'EST';
  /** The legacy tariff's subscription: held, but not counted as subscribed. */
  legacy: boolean;
  tariff: ReturnType<typeof tariffBrief> | null;
  product_id: number;
  title_id: number | null;
  /** A subscription's paid-up date, a started rental's end; null for a purchase. */
  granted_till: string | null;
  is_renew: boolean | null;
  rental: { starts_by: string | null; started_at: string | null } | null;
}

const alive = (e: Entitlement, now: number) =>
  e.kind === 'purchase' ||
  (e.expiresAt !== null && e.expiresAt > now) ||
  (e.kind === 'rental' && e.startedAt === null && (e.startsBy ?? 0) > now);

/** The tariff of a right without a subscription row: its product's on-sale tariff of that type first. */
const tariffOfProduct = (tariffs: TariffDto[], productId: number, buyType: string) =>
  tariffs
    .filter((t) => t.product.id === productId && t.buy_type === buyType)
    .sort((a, b) => Number(a.legacy) - Number(b.legacy))[0] ?? null;

/**
 * The viewer's current purchases and their subscription status (Subscription when a subscription
 * other than the legacy tariff's is among them).
 */
export async function visitorPurchases(viewer: Viewer, now: number) {
  const account = signedIn(viewer);
  const d = d1();
  const held = heldBy(account);
  const [entitlements, subs, t, p, o] = await batch(d, [
    entitlementsQuery(d, account),
    subscriptionsQuery(d, account, ['active', 'renew', 'paused']),
    ...tariffQueries(d, held),
  ] as const);
  const tariffs = toTariffs(t, p, o);
  const items: VisitorPurchase[] = [];
  const coveredProducts = new Set<number>();
  for (const s of subs) {
    if (s.grantedTill <= now) continue;
    const tariff = tariffs.find((x) => x.id === s.tariffId);
    if (!tariff) continue;
    coveredProducts.add(tariff.product.id);
    items.push({
      kind: 'subscription',
      buy_type: 'SVOD',
      legacy: tariff.legacy,
      tariff: tariffBrief(tariff),
      product_id: tariff.product.id,
      title_id: null,
      granted_till: iso(s.grantedTill),
      is_renew: s.isRenew,
      rental: null,
    });
  }
  // Rights granted without a subscription row (a gift, a promo, the seed) count as well.
  const latest = new Map<string, Entitlement>();
  for (const e of entitlements.filter((x) => alive(x, now))) {
    if (e.kind === 'subscription' && coveredProducts.has(e.productId)) continue;
    const key = e.kind === 'subscription' ? `s:${e.productId}` : `${e.kind}:${e.id}`;
    const seen = latest.get(key);
    if (!seen || (e.expiresAt ?? 0) > (seen.expiresAt ?? 0)) latest.set(key, e);
  }
  for (const e of latest.values()) {
    const buyType = e.kind === 'subscription' ? 'SVOD' : e.kind === 'rental' ? 'TVOD' : 'EST';
    const tariff = tariffOfProduct(tariffs, e.productId, buyType);
    items.push({
      kind: e.kind,
      buy_type: buyType,
      legacy: false,
      tariff: tariff && tariffBrief(tariff),
      product_id: e.productId,
      title_id: e.titleId,
      granted_till: iso(e.expiresAt),
      is_renew: null,
      rental:
        e.kind === 'rental' ? { starts_by: iso(e.startsBy), started_at: iso(e.startedAt) } : null,
    });
  }
  return { subscription_status: subscriptionStatusOf(items), results: items };
}

/** How an allowed title is unlocked for this viewer, with a rental's time left or deadline. */
export interface AccessUnlock {
  by: Unlock['by'];
  until: string | null;
  /** A running rental's (or subscription's) seconds left; null when it does not end. */
  seconds_left: number | null;
  /** A rental not started yet: the date to start it by, and how long it then runs. */
  starts_by: string | null;
  window_seconds: number | null;
}

export interface VisitorAccess {
  content_id: number;
  allowed: boolean;
  /** Why not: sign_in_required or not_entitled (what the paywall is for). */
  reason: string | null;
  unlock: AccessUnlock | null;
  /** The tariffs on sale that unlock the title: its subscriptions, rental and purchases. */
  tariffs: TariffDto[];
  /**
   * Whether the viewer may buy: false for a kid profile (access/'s `mayPay`), which is then offered
   * no paywall, only the way to an adult profile.
   */
  may_pay: boolean;
  /** The paywall that fits the title: its rental and purchase (`film`) or its subscription's. */
  paywall: { slug: string; url: string } | null;
}

/** The paywall that fits a title: `film` with the title when it can be rented or bought, else its subscription's. */
export function fittingPaywall(titleId: number, tariffs: TariffDto[]): VisitorAccess['paywall'] {
  if (tariffs.some((t) => t.buy_type !== 'SVOD' && t.paywall_slug === 'film'))
    return { slug: 'film', url: `/paywall/film?contentId=${titleId}` };
  const svod = tariffs.find((t) => t.buy_type === 'SVOD' && t.paywall_slug);
  // The title travels on, so the paid flow can end with «Смотреть» back on it.
  return svod
    ? { slug: svod.paywall_slug!, url: `/paywall/${svod.paywall_slug}?contentId=${titleId}` }
    : null;
}

/**
 * What unlocks a title for this viewer (GET /billing/visitor/access/{id}/ and the title page):
 * the decision is access/'s canPlay on the viewer's entitlements (PIN aside: that is playback's);
 * the tariffs that would unlock it, and the paywall that sells them: none to a viewer who may not
 * pay (a kid profile), whose «Смотреть» then plays and meets the player's refusal.
 * @example (await visitorAccess(guest, 2, now)).paywall // { slug: 'film', url: '/paywall/film?contentId=2' }
 */
export async function visitorAccess(
  viewer: Viewer,
  titleId: number,
  now: number,
): Promise<VisitorAccess> {
  const d = d1();
  const account = accountOf(viewer);
  const [title, t, p, o, entitlements] = await batch(d, [
    titleSaleQuery(d, titleId),
    ...tariffQueries(d, onSaleForTitle(titleId)),
    entitlementsQuery(d, account ?? NO_ACCOUNT),
  ] as const);
  if (!title) throw new ApiError(404, storeTexts.contentNotFound, 'content_not_found');
  const seen = canSee(viewer, { kind: 'title', ...title });
  if (!seen.allowed) throw refusal(seen);
  const item: PlayItem = {
    kind: 'title',
    type: title.type,
    partner: title.partner,
    ageRating: title.ageRating,
    free: title.type === 'trailer',
    titleId: title.id,
    subscriptions: title.subscriptions ? title.subscriptions.split(',').map(Number) : [],
  };
  const rights = account === null ? null : toRights(entitlements, undefined, now);
  const decision = canPlay(viewer, item, rights, now);
  const tariffs = toTariffs(t, p, o);
  const buys = mayPay(viewer);
  let unlock: AccessUnlock | null = null;
  if (decision.allowed) {
    const u = decision.unlock;
    const rental = u.by === 'rental' ? entitlements.find((e) => e.id === u.entitlementId) : null;
    const window =
      tariffs.find((x) => x.buy_type === 'TVOD' && x.product.id === rental?.productId)?.rental
        ?.window_seconds ?? null;
    unlock = {
      by: u.by,
      until: iso(u.until),
      seconds_left: u.until === null ? null : u.until - now,
      starts_by: u.by === 'rental' && u.starts ? iso(rental?.startsBy ?? null) : null,
      window_seconds: u.by === 'rental' && u.starts ? window : null,
    };
  }
  return {
    content_id: title.id,
    allowed: decision.allowed,
    reason: decision.allowed ? null : decision.reason,
    unlock,
    tariffs,
    may_pay: buys,
    paywall: buys ? fittingPaywall(title.id, tariffs) : null,
  };
}

/**
 * Where the title page's «Смотреть» goes for this viewer: the paywall that fits the title when
 * nothing unlocks it (a guest or an account without the right), else null (it plays), as for a
 * viewer offered no paywall (a kid profile). A series plays anyway: its first episode is free, and a paid one meets the player's refusal, which
 * leads to the same paywall.
 */
export function watchPaywall(
  access: VisitorAccess,
  type: 'series' | 'movie' | 'kids' | 'trailer',
): string | null {
  if (access.allowed || type === 'series' || type === 'trailer' || !access.paywall) return null;
  return access.reason === 'sign_in_required' || access.reason === 'not_entitled'
    ? access.paywall.url
    : null;
}
