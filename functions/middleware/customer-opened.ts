import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { customerOpenedSite } from '../domains/analytics/index.ts';
import { isPageRequest } from '../lib/api-paths.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { isHttps } from '../shared/cookies.ts';

/** The Moscow day and profile of the last «opened site» the customer-marketing tool heard from this browser session. */
export const OPENED_COOKIE = 'mk_opened';

/**
 * «Authorised customer opened site» (docs/product.md, «What we measure»): the first page a
 * signed-in viewer opens in a browser session on a day tells the customer-marketing tool, in the
 * background. A browser-session cookie holding the day spares the rest of the day's pages any
 * work; the tool's once-key (session and day) keeps a browser that refuses cookies to one call too.
 */
export const customerOpened = createMiddleware<AppEnv>(async (c, next) => {
  const { session } = c.var.edge;
  const method = c.req.method;
  if (
    !session.signedIn ||
    !session.accountId ||
    !session.userId ||
    (method !== 'GET' && method !== 'HEAD') ||
    !isPageRequest(c)
  )
    return next();
  const known = getCookie(c, OPENED_COOKIE);
  const marker = customerOpenedSite(
    {
      accountId: session.accountId,
      userId: session.userId,
      billingId: session.billingId ?? '',
      isKid: session.isKid,
      sessionId: session.sessionId,
    },
    new Date(),
    known,
  );
  await next();
  if (marker !== known)
    setCookie(c, OPENED_COOKIE, marker, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c.req.raw),
    });
});
