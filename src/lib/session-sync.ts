/**
 * Logout as section 4 describes it: the server ends the session and clears its cookies; this tab
 * clears what it keeps for the session (tokens, PIN entry, payment, tariff and gift selections),
 * then tells the other tabs, which follow on the signal.
 */

import { COOKIE } from '../../functions/shared/cookies.ts';
import { api, browserEnvironment, isLogoutSuccess, SESSION_COOKIES } from './api-client.ts';
import { appConfig } from './app-config.ts';

/** The cross-tab logout signal. */
export const AUTH_CHANNEL = 'amedia-auth';

/** Session-storage keys of a signed-in session and its payment flow (spec section 3). */
export const SESSION_KEYS = [
  'billingUrl',
  'delayedPlaybackUrl',
  'paymentFlowContentUrl',
  'sourcePaymentFlow',
  'playerData',
  'accessData',
  'isRegistrationFlow',
  'tryBtnFlow',
  'pinStatus',
] as const;

/** Cookies the client can clear itself (the HttpOnly session credential is the server's). */
const CLIENT_COOKIES = [
  ...SESSION_COOKIES,
  COOKIE.parentalPin,
  'tariffId',
  'subscriptionId',
  'tariffType',
  'isGift',
  'paymentOrderId',
  'isHBO',
];

/** Forgets this tab's session state. */
export function clearLocalSession() {
  for (const name of CLIENT_COOKIES) browserEnvironment.clearCookie(name);
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
}

/** Ends the session everywhere: server, this tab, the other tabs; then the home page. */
export async function logout(): Promise<boolean> {
  const result = await api.post('/auth/logout/');
  if (!isLogoutSuccess(result, appConfig().staticMode)) return false;
  clearLocalSession();
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage({ type: 'logout' });
  channel.close();
  location.assign('/');
  return true;
}

/** Another tab logged out: this one forgets the session and reloads as a guest. */
export function followLogoutInOtherTabs() {
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type !== 'logout') return;
    clearLocalSession();
    location.reload();
  });
}
