import type { ParentalAgeLimit, ParentalStatus } from '../db/parental-schema.ts';
import { canSee, type Decision, type Item, type Reason } from './rules.ts';
import type { Viewer } from './viewer.ts';

/**
 * The playback rules (docs/product.md, «Who may see what»): on top of `canSee`, what is free plays
 * for everyone who may see it; anything else needs an account and an entitlement that unlocks it;
 * with parental control on, an adult profile enters the PIN before content at or above the age
 * setting. Pure: the account's rights are data the caller loads (rights.ts).
 */

/** A title (film, series, kids, trailer) or a channel, with what playing it depends on. */
export type PlayItem = Extract<Item, { kind: 'title' | 'channel' }> & {
  /** Free to everyone who may see it: a trailer, a free episode, a free channel. */
  free: boolean;
  /** The title a rental or purchase names (a series for its episodes); null for a channel. */
  titleId: number | null;
  /** The SVOD products whose subscription unlocks the title (title_products); empty for a channel. */
  subscriptions: readonly number[];
};

/** One row of `entitlements` as the rules read it (unix seconds). */
export interface Entitlement {
  id: number;
  kind: 'subscription' | 'rental' | 'purchase';
  productId: number;
  titleId: number | null;
  startsBy: number | null;
  startedAt: number | null;
  expiresAt: number | null;
  /** A subscription's pause runs until then (unix seconds): it unlocks nothing before. */
  pausedUntil?: number | null;
}

/** What a signed-in account brings to the decision; a guest has none. */
export interface Rights {
  entitlements: readonly Entitlement[];
  parental: { status: ParentalStatus; ageLimit: ParentalAgeLimit; pinEntered: boolean };
}

/** How an allowed play is unlocked; a rental not started yet starts with this play. */
export type Unlock = (
  | { by: 'free' | 'subscription' | 'purchase' }
  | { by: 'rental'; entitlementId: number; starts: boolean }
) & {
  /** When the unlocking right ends (unix seconds); null when it does not (free, a purchase, a rental starting now). */
  until: number | null;
};

export type PlayDecision = { allowed: true; unlock: Unlock } | { allowed: false; reason: Reason };

/** Whether an entitlement unlocks the item at `now`, and how. */
function unlockBy(e: Entitlement, item: PlayItem, now: number): Unlock | null {
  if (e.kind === 'subscription') {
    if (e.expiresAt === null || e.expiresAt <= now) return null;
    if (e.pausedUntil != null && e.pausedUntil > now) return null;
    const unlocks = item.kind === 'channel' || item.subscriptions.includes(e.productId);
    return unlocks ? { by: 'subscription', until: e.expiresAt } : null;
  }
  if (item.titleId === null || e.titleId !== item.titleId) return null;
  if (e.kind === 'purchase') return { by: 'purchase', until: e.expiresAt };
  if (e.startedAt === null)
    return e.startsBy !== null && e.startsBy > now
      ? { by: 'rental', entitlementId: e.id, starts: true, until: null }
      : null;
  return e.expiresAt !== null && e.expiresAt > now
    ? { by: 'rental', entitlementId: e.id, starts: false, until: e.expiresAt }
    : null;
}

const lasting = (u: Unlock) => u.until ?? Number.MAX_SAFE_INTEGER;

/**
 * Purchases first, then running rentals and subscriptions (the longest-lasting first); a rental is
 * started only as a last resort.
 */
const PREFERENCE = (u: Unlock) =>
  u.by === 'purchase' ? 0 : u.by === 'subscription' ? 1 : u.by === 'rental' && !u.starts ? 1 : 2;

/**
 * May this viewer play the item now? `rights` is null for a guest.
 * @example canPlay(viewer, { kind: 'channel', ageRating: 0, free: true, titleId: null, subscriptions: [] }, null, now)
 */
export function canPlay(
  viewer: Viewer,
  item: PlayItem,
  rights: Rights | null,
  now: number,
): PlayDecision {
  const seen: Decision = canSee(viewer, item);
  if (!seen.allowed) return seen;
  let unlock: Unlock | null = item.free ? { by: 'free', until: null } : null;
  if (!unlock) {
    if (!viewer.account || !rights) return { allowed: false, reason: 'sign_in_required' };
    const found = rights.entitlements
      .map((e) => unlockBy(e, item, now))
      .filter((u): u is Unlock => u !== null)
      .sort((a, b) => PREFERENCE(a) - PREFERENCE(b) || lasting(b) - lasting(a));
    unlock = found[0] ?? null;
    if (!unlock) return { allowed: false, reason: 'not_entitled' };
  }
  const parental = rights?.parental;
  if (
    parental &&
    !viewer.isKid &&
    parental.status === 'Enabled' &&
    item.ageRating >= parental.ageLimit &&
    !parental.pinEntered
  )
    return { allowed: false, reason: 'pin_required' };
  return { allowed: true, unlock };
}
