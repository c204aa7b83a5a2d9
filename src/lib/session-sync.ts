/**
 * Logout as docs/product.md, «How things change» describes it: the server ends the session and clears its cookies; this tab
 * clears what it keeps for the session (tokens, PIN entry, payment, tariff and gift selections),
 * then tells the other tabs, which follow on the signal.
 */

import { COOKIE_POLL_INTERVAL_MS } from '../../functions/shared/constants.ts';
import { COOKIE } from '../../functions/shared/cookies.ts';
import { api, browserEnvironment, isLogoutSuccess, SESSION_COOKIES } from './api-client.ts';
import { appConfig } from './app-config.ts';
import { toastAfterReload } from './toast.ts';

/** The cross-tab logout signal. */
export const AUTH_CHANNEL = 'amedia-auth';

/** Session-storage keys of a signed-in session and its payment flow (docs/product.md, «What we keep»). */
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
  'pinPopupShown',
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

/** This tab is logging out itself: its own cookie change is no news (followSessionCookie). */
let leaving = false;

/** Ends the session everywhere: server, this tab, the other tabs; then the home page. */
export async function logout(): Promise<boolean> {
  leaving = true;
  const result = await api.post('/auth/logout/');
  if (!isLogoutSuccess(result, appConfig().staticMode)) {
    leaving = false;
    return false;
  }
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

const cookieValue = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * docs/product.md, «Numbers»'s cookie polling: the broadcast reaches only tabs of this browser that were open,
 * and only for a logout made here; a session cleared another way (a 401 in another tab, a sign-in
 * as someone else there, a cookie that expired) changes the cookies alone. Every 300 ms this tab
 * compares the account cookie with the one it started with, and reloads as the new viewer.
 */
export function followSessionCookie() {
  const started = cookieValue(COOKIE.accountId);
  const timer = setInterval(() => {
    const now = cookieValue(COOKIE.accountId);
    if (now === started || leaving) return;
    clearInterval(timer);
    if (!now) {
      clearLocalSession();
      toastAfterReload('signed-out');
    }
    location.reload();
  }, COOKIE_POLL_INTERVAL_MS);
  // A page that is being left must not reload itself: the navigation's own answer may be what
  // changed the cookies (a settings page clearing an ended session), and a reload would cancel it.
  addEventListener('beforeunload', () => clearInterval(timer));
}
