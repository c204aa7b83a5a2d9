import { ApiError } from '../lib/errors.ts';
import type { Viewer } from './viewer.ts';

/** Why a kid profile is refused the account's money (docs/product.md, «Who may see what»). */
export const KID_MONEY_TEXT =
  'Покупки, подписки и\u00a0подарки доступны только во\u00a0взрослом профиле';

/**
 * Whether the viewer may spend or manage the account's money: a kid profile buys nothing, takes no
 * gift, code or offer, and changes no subscription or card, whatever the account's saved card
 * would allow. The money pages ask this before rendering, the API through `assertMayPay`, so a
 * page never offers what its API refuses.
 * @example mayPay(viewer) // false for a kid profile
 */
export function mayPay(viewer: Pick<Viewer, 'isKid'>): boolean {
  return !viewer.isKid;
}

/**
 * Throws the 403 envelope (`details.reason`: kid_profile) when the viewer may not pay (`mayPay`).
 * @example assertMayPay(viewer) // throws for a kid profile
 */
export function assertMayPay(viewer: Pick<Viewer, 'isKid'>): void {
  if (!mayPay(viewer)) throw new ApiError(403, KID_MONEY_TEXT, 'kid_profile');
}
