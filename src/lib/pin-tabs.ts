/**
 * docs/product.md, «How things change»: tabs announce themselves on a broadcast channel and are counted; when the last
 * tab closes, the PIN entry is cleared. Pages here are full loads, so a tab "closing" cannot be
 * told from a tab navigating; instead a tab that starts afresh (its session storage has no PIN
 * status) asks who else is open: if nobody answers, the last tab had closed and the entry goes
 * (cookie, and the server's entry for this session). Runs on every signed-in page (the header).
 */
import { COOKIE } from '../../functions/shared/cookies.ts';

const TABS_CHANNEL = 'amedia-tabs';
/** Session-storage key of the PIN status (docs/product.md, «What we keep»: entered / not_entered). */
const PIN_STATUS_KEY = 'pinStatus';
type PinStatus = 'entered' | 'not_entered';
/** How long a fresh tab waits for other tabs to answer. */
const ANSWER_MS = 250;

const tabs = new Set<string>();
/** Settles once this tab knows whether the PIN is entered here (a fresh tab asks the others first). */
let known: Promise<void> = Promise.resolve();

/**
 * Waits until this tab has learnt from the others whether the session's PIN entry holds here
 * (`trackPinTabs`), so a new tab of a session whose PIN is entered is not asked for it again.
 * @example await pinStatusKnown(); if (readPinStatus() === 'entered') return;
 */
export const pinStatusKnown = (): Promise<void> => known;

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Writes the PIN status to the cookie (a browser-session cookie) and this tab's session storage. */
export function writePinStatus(status: PinStatus) {
  document.cookie = `${COOKIE.parentalPin}=${status}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  sessionStorage.setItem(PIN_STATUS_KEY, status);
}

/**
 * Session-storage key of the at-start PIN popup: set once it has been shown in this tab's session
 * (docs/product.md, «How things change»), so the next pages do not show it again.
 */
export const START_POPUP_KEY = 'pinPopupShown';

/** Whether the at-start PIN popup was shown in this tab's session already. */
export const startPopupShown = (): boolean => sessionStorage.getItem(START_POPUP_KEY) !== null;

/** Remembers for this tab's session that the at-start PIN popup was shown. */
export const markStartPopupShown = () => sessionStorage.setItem(START_POPUP_KEY, '1');

/** Entered only when both the cookie and this tab's session storage say so. */
export function readPinStatus(): PinStatus {
  return cookie(COOKIE.parentalPin) === 'entered' &&
    sessionStorage.getItem(PIN_STATUS_KEY) === 'entered'
    ? 'entered'
    : 'not_entered';
}

/** Forgets the entry here and on the server (best effort: it expires there within 4 hours anyway). */
function clearEntry() {
  writePinStatus('not_entered');
  const account = cookie(COOKIE.accountId);
  const token = cookie(COOKIE.token);
  if (account)
    void fetch(`/auth/accounts/${account}/pin-code/entry`, {
      method: 'DELETE',
      credentials: 'include',
      headers: token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {},
    }).catch(() => {});
}

/** Joins the tab count; a fresh tab with no other tab open clears a leftover PIN entry. */
export function trackPinTabs() {
  if (typeof BroadcastChannel === 'undefined') return;
  const id = crypto.randomUUID();
  const channel = new BroadcastChannel(TABS_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<{ type?: string; id?: string }>) => {
    const { type, id: from } = event.data ?? {};
    if (!from) return;
    if (type === 'bye') tabs.delete(from);
    else tabs.add(from);
    if (type === 'hello') channel.postMessage({ type: 'here', id });
  });
  addEventListener('pagehide', () => channel.postMessage({ type: 'bye', id }));
  addEventListener(
    'pageshow',
    (event) => event.persisted && channel.postMessage({ type: 'hello', id }),
  );
  channel.postMessage({ type: 'hello', id });
  const fresh = sessionStorage.getItem(PIN_STATUS_KEY) === null;
  if (fresh && cookie(COOKIE.parentalPin) === 'entered') {
    known = new Promise((settle) =>
      setTimeout(() => {
        if (tabs.size === 0) clearEntry();
        else sessionStorage.setItem(PIN_STATUS_KEY, 'entered');
        settle();
      }, ANSWER_MS),
    );
  }
}
