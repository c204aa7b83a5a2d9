/**
 * Where the sign-in flow returns to (docs/product.md, «What we keep», session-storage keys `backPath` and
 * `prevPath`). A back path only ever points inside this site: an open redirect after sign-in is a
 * phishing tool.
 */
import { isPaymentFlowPath } from './purchase-flow.ts';

export const BACK_PATH_KEY = 'backPath';
export const PREV_PATH_KEY = 'prevPath';

/** Paths the flow must never return to: the sign-in screens themselves. */
const AUTH_SCREENS =
  /^\/(auth|settings\/auth|settings\/support\/auth|gifts\/auth|activate\/auth|code\/auth)(\/|\?|#|$)/;

/** Any origin of our own: back paths are resolved against it and must stay on it. */
const SITE = 'https://site.invalid';

/** The path, query and fragment `value` resolves to on this site, or null when it leaves it. */
function resolveOnSite(value: string): string | null {
  try {
    const url = new URL(value, SITE);
    return url.origin === SITE ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/**
 * A path inside this site, or null: it starts with one `/`, holds no scheme, backslash or control
 * character, and is not a sign-in screen. The answer is the normalised path (dot segments
 * resolved), and it is checked again as a browser will read it in a Location header: `/.//evil`
 * normalises to `//evil`, which a browser would take for another host.
 * @example safeBackPath('/watch/12?season=2') // '/watch/12?season=2'; safeBackPath('/.//evil.example') // null
 */
export function safeBackPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f]/.test(value))
    return null;
  const path = resolveOnSite(value);
  if (path === null || path.startsWith('//') || resolveOnSite(path) !== path) return null;
  return AUTH_SCREENS.test(path) ? null : path;
}

/**
 * Remembers where to return: an explicit `backPath` (query or entry point) wins, else the page the
 * visitor came from on this site (`prevPath`, unless a payment-flow page); both are kept in session
 * storage.
 */
export function rememberReturn(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  { backPath, referrer, origin }: { backPath?: string | null; referrer?: string; origin: string },
) {
  const explicit = safeBackPath(backPath);
  if (explicit) storage.setItem(BACK_PATH_KEY, explicit);
  if (referrer?.startsWith(`${origin}/`)) {
    const prev = safeBackPath(referrer.slice(origin.length));
    // A payment-flow page is never kept as the last page (docs/product.md, «Screens and routes»).
    if (prev && !isPaymentFlowPath(prev.split(/[?#]/)[0] ?? prev))
      storage.setItem(PREV_PATH_KEY, prev);
  }
}

/** Where to go after signing in: the back path, else the previous page, else the home page. */
export function returnPath(storage: Pick<Storage, 'getItem'>): string {
  return (
    safeBackPath(storage.getItem(BACK_PATH_KEY)) ??
    safeBackPath(storage.getItem(PREV_PATH_KEY)) ??
    '/'
  );
}
