import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { PARTNER_UID_MAX_AGE, touchOf, USER_STATUS_MAX_AGE } from '../lib/attribution-rules.ts';
import { COOKIE, isHttps, publicCookie } from '../shared/cookies.ts';

/**
 * True for a top-level page navigation the visitor actually made: a GET for a document, not a
 * fetch, asset, iframe or speculative prefetch. Browsers without Fetch Metadata are judged by
 * their Accept header.
 * @example isPageNavigation(new Request(url, { headers: { 'sec-fetch-dest': 'document' } })) // true
 */
export function isPageNavigation(request: Request): boolean {
  if (request.method !== 'GET') return false;
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
  if (purpose.includes('prefetch')) return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest) return dest === 'document';
  return request.headers.get('accept')?.includes('text/html') ?? false;
}

/** Sets the cookie, or removes it when the browser holds one and the new value is null. */
function writeOrRemove(
  c: Context<AppEnv>,
  name: string,
  value: string | null,
  maxAge: number,
  secure: boolean,
) {
  if (value !== null) setCookie(c, name, value, publicCookie(maxAge, secure));
  else if (getCookie(c, name) !== undefined)
    deleteCookie(c, name, { path: '/', sameSite: 'Lax', secure });
}

/**
 * Attribution cookies (docs/product.md, «What we keep» and «How things change» and «Numbers»; rule table in docs/decisions.md) and the
 * user_status old/new flag, updated on page navigations only. Cookies are readable by the page
 * because its analytics events carry the utm values (docs/product.md, «How the site talks to the API»).
 */
export const attribution = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const request = c.req.raw;
  if (!isPageNavigation(request)) return;
  const secure = isHttps(request);

  const touch = touchOf(new URL(request.url), c.req.header('referer'));
  if (touch.kind === 'replace') {
    const { utm, maxAge } = touch;
    writeOrRemove(c, COOKIE.utmSource, utm.source, maxAge, secure);
    writeOrRemove(c, COOKIE.utmMedium, utm.medium, maxAge, secure);
    writeOrRemove(c, COOKIE.utmCampaign, utm.campaign, maxAge, secure);
    writeOrRemove(c, COOKIE.utmContent, utm.content, maxAge, secure);
    writeOrRemove(c, COOKIE.partner, touch.partner, maxAge, secure);
    writeOrRemove(c, COOKIE.partnerUid, touch.partnerUid, PARTNER_UID_MAX_AGE, secure);
  }

  // 'old' means this browser belongs to someone with an account: it slides 30 days from the
  // last signed-in page view, so it outlives a logout; a browser without it is 'new'.
  const status = getCookie(c, COOKIE.userStatus);
  if (c.var.edge.session.signedIn) {
    setCookie(c, COOKIE.userStatus, 'old', publicCookie(USER_STATUS_MAX_AGE, secure));
  } else if (status !== 'old' && status !== 'new') {
    setCookie(c, COOKIE.userStatus, 'new', publicCookie(USER_STATUS_MAX_AGE, secure));
  }
});
