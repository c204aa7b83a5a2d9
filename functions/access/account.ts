import { ApiError } from '../lib/errors.ts';
import type { Viewer } from './viewer.ts';

/** Why a kid profile is refused the account's own settings, sign-out included. */
export const KID_ACCOUNT_TEXT =
  'Настройки аккаунта и\u00a0выход доступны только во\u00a0взрослом профиле';

/**
 * Whether the viewer may manage the account itself or leave it (docs/product.md, «Who may see
 * what»): a kid profile may not. Its only way out is the profile switch, which asks for the PIN
 * while parental control is on; the settings overview, the account, the devices and signing out
 * would lead around it.
 * @example mayManageAccount(viewer) // false for a kid profile
 */
export function mayManageAccount(viewer: Pick<Viewer, 'isKid'>): boolean {
  return !viewer.isKid;
}

/**
 * Throws the 403 envelope (`details.reason`: kid_profile) when the viewer may not manage the
 * account (`mayManageAccount`): the API refuses what the account pages refuse.
 * @example assertMayManageAccount(live) // throws for a kid profile
 */
export function assertMayManageAccount(viewer: Pick<Viewer, 'isKid'>): void {
  if (!mayManageAccount(viewer)) throw new ApiError(403, KID_ACCOUNT_TEXT, 'kid_profile');
}
