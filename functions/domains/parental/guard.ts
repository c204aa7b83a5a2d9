import type { EdgeContext } from '../../lib/app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { nowSeconds, requireLiveSession, takeCheckAllowance } from '../auth/index.ts';
import { attemptPin, loadControl } from './pin.ts';
import { parentalTexts } from './texts.ts';

/** The profile a switch goes to; only whether it is a kid's matters here. */
interface SwitchTarget {
  isKid: boolean;
}

/**
 * The PIN rule of a profile switch (docs/product.md, «How things change» and «Who may see what»): with parental control Enabled, going
 * from a kid profile to an adult one needs the PIN given with this very switch, every time: an
 * entry made earlier in this session (before the switch to the kid, or on the kid profile) does
 * not count, since whoever holds the kid's device could otherwise walk back into the adult one.
 * Otherwise it throws the envelope: 403 `pin_required` (no PIN given), 403 `pin_invalid` (wrong,
 * with tries left), 429 `pin_locked` (five wrong PINs in 15 minutes; Retry-After), 409 never (a
 * switch without control needs nothing). The PIN counts against the account's lock and the check
 * allowance of `ip`, and marks the entry for the adult profile it opens.
 * @example
 * await assertPinForAdultSwitch(ip, live, { isKid: target.isKid }, body.pin);
 */
export async function assertPinForAdultSwitch(
  ip: string,
  session: LiveSession,
  target: SwitchTarget,
  pin?: string,
): Promise<void> {
  if (!session.isKid || target.isKid) return;
  const now = nowSeconds();
  const control = await loadControl(session, now);
  if (control.status !== 'Enabled') return;
  if (pin === undefined) throw new ApiError(403, parentalTexts.pinRequired, 'pin_required');
  await takeCheckAllowance(ip, now);
  await attemptPin(session, control, pin, now);
}

/**
 * Signing this device out of a kid profile (docs/product.md, «Who may see what»): refused while
 * parental control is Enabled (403 `kid_profile`), since signing in again would open the account's
 * adult profile without the PIN; the way out is the profile switch, which asks for it. With
 * control Undefined or Disabled the switch asks nothing, so signing out is let through.
 * @example await assertMaySignOut(live) // before ending the session
 */
export async function assertMaySignOut(session: LiveSession): Promise<void> {
  if (!session.isKid) return;
  const control = await loadControl(session, nowSeconds());
  if (control.status === 'Enabled')
    throw new ApiError(403, parentalTexts.kidSignOut, 'kid_profile');
}

/**
 * Signing in over this device's live session (docs/product.md, «Who may see what»): any way of
 * opening a session (e-mail, phone, sign-up, the forms without JavaScript, a social network, the
 * TV code) leaves the profile it is in, and a sign-in opens the account's first adult profile.
 * So from a kid profile it is refused like signing out while parental control is Enabled
 * (403 `kid_profile`), into this account or any other, before anything changes. A guest or a
 * session already over passes.
 * @example await assertMaySignIn(c.var.edge) // before opening a session
 */
export async function assertMaySignIn(
  edge: Pick<EdgeContext, 'session' | 'renewal'>,
): Promise<void> {
  if (!edge.session.signedIn) return;
  let live: LiveSession;
  try {
    live = await requireLiveSession(edge);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
  await assertMaySignOut(live);
}
