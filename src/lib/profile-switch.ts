/**
 * The header's profile switch, loaded when a profile in its menu is chosen: the switch API
 * (`POST /auth/users/switch/`), then the page again as the new profile. A kid profile starts on
 * the home page with the page hidden meanwhile (docs/product.md, «How things change»); an adult
 * profile reloads the page it is on. A switch back to an adult that needs the PIN goes on at
 * /settings/profiles, whose dialog asks for it at once.
 */
import { profileMenuTexts as t } from '../components/layout/profile-menu-texts.ts';
import { api, errorMessage, errorReason, isOk } from './api-client.ts';
import { writePinStatus } from './pin-tabs.ts';
import { showPopup } from './universal-popup.ts';

export async function switchFromHeader(id: number, toKid: boolean): Promise<void> {
  if (toKid) document.body.style.visibility = 'hidden';
  const result = await api.post('/auth/users/switch/', { userId: id });
  if (!isOk(result)) {
    document.body.style.visibility = '';
    const reason = errorReason(result);
    // The profiles page opens its PIN dialog for this profile at once (`?switch=`).
    if (reason === 'pin_required' || reason === 'pin_locked') {
      window.location.assign(`/settings/profiles?switch=${id}`);
      return;
    }
    showPopup({ title: t.switchFailed, text: errorMessage(result) });
    return;
  }
  // The server ended this session's PIN entry on a switch to a kid; the tab's record follows it.
  if (toKid) {
    writePinStatus('not_entered');
    window.location.assign('/');
  } else window.location.reload();
}
