import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { API_PREFIX_PATTERN } from '../lib/api-paths.ts';
import type { AppEnv } from '../lib/app-env.ts';
import {
  PARTNER_UID_DAYS,
  USER_STATUS_DAYS,
  attributionFor,
  type AttributionOutcome,
} from '../lib/attribution-rules.ts';
import { COOKIE, isHttps, publicCookie } from '../lib/cookies.ts';

const DAY = 86_400;
const UTM_COOKIES = [
  ['source', COOKIE.utmSource],
  ['medium', COOKIE.utmMedium],
  ['campaign', COOKIE.utmCampaign],
  ['content', COOKIE.utmContent],
] as const;

/** Only a page navigation is a landing: API calls, assets and form posts never change attribution. */
function isPageNavigation(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET' || API_PREFIX_PATTERN.test(c.req.path)) return false;
  const dest = c.req.header('sec-fetch-dest');
  return dest ? dest === 'document' : (c.req.header('accept') ?? '').includes('text/html');
}

function apply(c: Context<AppEnv>, outcome: AttributionOutcome, secure: boolean) {
  if (outcome.action === 'keep') return;
  const remove = (name: string) => {
    if (getCookie(c, name) !== undefined) deleteCookie(c, name, { path: '/' });
  };
  if (outcome.action === 'remove') {
    for (const [, name] of UTM_COOKIES) remove(name);
    remove(COOKIE.partner);
    remove(COOKIE.partnerUid);
    return;
  }
  const options = publicCookie(outcome.days * DAY, secure);
  for (const [key, name] of UTM_COOKIES) {
    const value = outcome.utm[key];
    if (value) setCookie(c, name, value, options);
    else remove(name);
  }
  if (outcome.partner) setCookie(c, COOKIE.partner, outcome.partner, options);
  else remove(COOKIE.partner);
  if (outcome.partnerUid) setCookie(c, COOKIE.partnerUid, outcome.partnerUid, publicCookie(PARTNER_UID_DAYS * DAY, secure));
  else remove(COOKIE.partnerUid);
}

/**
 * Attribution cookies (spec sections 4 and 9) and the user_status old/new flag, written on page
 * navigations only. The rules live in lib/attribution-rules.ts; the table is in docs/decisions.md.
 */
export const attribution = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!isPageNavigation(c)) return;
  const secure = isHttps(c.req.raw);
  apply(c, attributionFor(new URL(c.req.url), c.req.header('referer')), secure);

  // "old" marks a browser where a customer has signed in within 30 days (affiliates pay for new
  // customers only); everyone else is "new". A signed-in visit renews the 30 days.
  const current = getCookie(c, COOKIE.userStatus);
  const signedIn = c.var.edge.session.signedIn;
  const status = signedIn || current === 'old' ? 'old' : 'new';
  if (signedIn || current !== status) {
    setCookie(c, COOKIE.userStatus, status, publicCookie(USER_STATUS_DAYS * DAY, secure));
  }
});
