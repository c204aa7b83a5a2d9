import type { AstroGlobal } from 'astro';
import { mayManageAccount } from '../../functions/access/index.ts';
import { accountPageData, SESSION_COOKIES } from '../../functions/domains/auth/index.ts';
import { COOKIE, expiredCookie } from '../../functions/shared/cookies.ts';
import { redirectSetting } from './page-cookies.ts';

/** A domain's loader of one settings page: its viewer, account and data in one D1 round trip. */
type AccountPageLoader<T> = (sessionId: string, accountId: number) => Promise<T | null>;

/**
 * A settings page's viewer and account (and, with a domain loader, the page's own data) in ONE D1
 * batch. Null when the visitor has no live session: the page then sends them to sign in.
 * @example const page = await loadAccountPage(Astro, devicesPage);
 */
export function loadAccountPage(Astro: AstroGlobal): ReturnType<typeof accountPageData>;
export function loadAccountPage<T>(
  Astro: AstroGlobal,
  load: AccountPageLoader<T>,
): Promise<T | null>;
export async function loadAccountPage(
  Astro: AstroGlobal,
  load: AccountPageLoader<unknown> = accountPageData,
): Promise<unknown> {
  const ids = signedInIds(Astro);
  return ids && load(ids.sessionId, ids.accountId);
}

/**
 * The session and account of a signed-in visitor (after a silent renewal, the renewed ones), or
 * null for a guest.
 */
export function signedInIds(Astro: AstroGlobal): { sessionId: string; accountId: number } | null {
  const { session, renewal } = Astro.locals.edge;
  const sessionId = renewal?.live.sessionId ?? session.sessionId;
  const accountId = Number(renewal?.live.accountId ?? session.accountId);
  if (!session.signedIn || !sessionId || !Number.isInteger(accountId)) return null;
  return { sessionId, accountId };
}

/**
 * A redirect that also expires cookies (Astro's cookie jar is not applied to redirects here),
 * written by the one serializer: path /, SameSite=Lax, the session credential HttpOnly.
 * @example return redirectClearing('/', LOGOUT_COOKIES)
 */
export function redirectClearing(
  location: string,
  names: readonly string[],
  status: 302 | 303 = 302,
): Response {
  const cookies = names.map((name) =>
    expiredCookie(name, { path: '/', sameSite: 'Lax', httpOnly: name === COOKIE.session }),
  );
  return redirectSetting(location, cookies, status);
}

/**
 * Where a settings page sends a visitor without a live session: its sign-in entry point. A token
 * whose session has ended (revoked on another device, password changed) is cleared first, or the
 * entry point would take it for signed in and send the visitor straight back.
 */
export function toSignIn(Astro: AstroGlobal, entry = '/settings/auth'): Response {
  return Astro.locals.edge.session.signedIn
    ? redirectClearing(entry, SESSION_COOKIES)
    : Astro.redirect(entry);
}

/**
 * An account page a kid profile may not open (`mayManageAccount`): the forbidden screen with why
 * and «Сменить профиль», before the page reads a form; else null. The session's profile decides,
 * not the token, which may be from before a switch.
 * @example const refused = refuseKidProfile(Astro, page.live); if (refused) return refused;
 */
export function refuseKidProfile(
  Astro: AstroGlobal,
  live: { isKid: boolean },
): Promise<Response> | null {
  if (mayManageAccount(live)) return null;
  Astro.locals.askedUrl = Astro.url;
  Astro.locals.kidRefused = true;
  return Astro.rewrite('/403');
}
