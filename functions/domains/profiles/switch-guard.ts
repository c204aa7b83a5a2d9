import type { LiveSession } from '../../lib/session-token.ts';
import { assertPinForAdultSwitch } from '../parental/index.ts';
import type { Profile } from './schemas.ts';

/**
 * The one place that decides whether this session may switch to `target` (a profile of its own
 * account; the route has checked that). Throws the error envelope to refuse. Today's rule is the
 * parental-control PIN (the parental domain's guard): with control Enabled, a kid → adult
 * switch needs the PIN given with the switch (`pin`), every time.
 * @example await assertMaySwitchTo(ip, session, target, body.pin)
 */
export async function assertMaySwitchTo(
  ip: string,
  session: LiveSession,
  target: Profile,
  pin?: string,
): Promise<void> {
  await assertPinForAdultSwitch(ip, session, { isKid: target.isKid }, pin);
}
