import { cookieHeader } from '../../functions/lib/index.ts';
import type { CookieToSet } from '../../functions/shared/cookies.ts';

/**
 * Adds the cookies a service returned to a page's answer (`Astro.response.headers`), written as the
 * API's routes write them.
 * @example setCookies(Astro.response.headers, outcome.cookies)
 */
export function setCookies(headers: Headers, cookies: readonly CookieToSet[]): void {
  for (const cookie of cookies) headers.append('Set-Cookie', cookieHeader(cookie));
}

/**
 * A redirect that sets the cookies a service returned (Astro's own cookie jar is not applied to a
 * redirect here). A Location outside Latin-1 is percent-encoded, as Hono's `c.redirect` does.
 * @example return redirectSetting('/', outcome.cookies, 303)
 */
export function redirectSetting(
  location: string,
  cookies: readonly CookieToSet[],
  status: 302 | 303,
): Response {
  const latin1 = Array.from(location).every((ch) => (ch.codePointAt(0) ?? 0) <= 0xff);
  const headers = new Headers({ Location: latin1 ? location : encodeURI(location) });
  setCookies(headers, cookies);
  return new Response(null, { status, headers });
}
