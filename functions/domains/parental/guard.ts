import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { nowSeconds, takeCheckAllowance } from '../auth/index.ts';
import { attemptPin, loadControl } from './pin.ts';
import { parentalTexts } from './texts.ts';

/** The profile a switch goes to; only whether it is a kid's matters here. */
interface SwitchTarget {
  isKid: boolean;
}

/**
 * The PIN rule of a profile switch (docs/product.md, «How things change» and «Who may see what»): with parental control Enabled, going
 * from a kid profile to an adult one needs the PIN — given with the switch, or entered by this
 * session within the last 4 hours. Otherwise it throws the envelope: 403 `pin_required` (no PIN
 * and no recent entry), 403 `pin_invalid` (wrong, with tries left), 429 `pin_locked` (five wrong
 * PINs in 15 minutes; Retry-After), 409 never (a switch without control needs nothing). A given
 * PIN counts against the account's lock and the check allowance of `ip`, and marks the entry.
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
  if (pin !== undefined) {
    await takeCheckAllowance(ip, now);
    await attemptPin(session, control, pin, now);
    return;
  }
  if (!control.entered) throw new ApiError(403, parentalTexts.pinRequired, 'pin_required');
}
