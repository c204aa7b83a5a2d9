import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { texts } from '../shared/texts.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Server-to-server calls no browser makes: the acquirer's notifications. They change nothing by
 * themselves (the payment is read back from the acquirer), so a forged one is harmless.
 */
const SERVER_CALLS = new Set([
  '/billing/notifications/yookassa',
  '/billing/notifications/yookassa/',
]);

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * (or, failing it, Sec-Fetch-Site) must name this site. Unlike hono/csrf this also covers JSON
 * bodies, so no content type slips through. A request with neither is refused too: every browser
 * we serve sends Origin on a POST, so a request without both is an old browser, a stripped
 * header or a script that is not a browser, and none of them needs to change anything here.
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !SERVER_CALLS.has(c.req.path)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const sameOrigin = origin
      ? origin === new URL(c.req.url).origin
      : site === 'same-origin' || site === 'none';
    if (!sameOrigin) throw new ApiError(403, texts.csrf, 'csrf');
  }
  await next();
});
