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
 * A shop's call to an acquirer's API that this Worker serves (the development sandbox's
 * `/dev/yookassa/v3/`): HTTP Basic with the shop's key, no cookie, no browser headers. A page
 * cannot send it from another site (a cross-site Authorization header needs a CORS preflight,
 * which nothing here answers), and a wrong key is the API's own 401.
 */
function isBasicApiCall(path: string, authorization: string | undefined, prefixes: string[]) {
  return (
    /^Basic\s/i.test(authorization ?? '') && prefixes.some((prefix) => path.startsWith(prefix))
  );
}

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * (or, failing it, Sec-Fetch-Site) must name this site. Unlike hono/csrf this also covers JSON
 * bodies, so no content type slips through. A request with neither is refused too: every browser
 * we serve sends Origin on a POST, so a request without both is an old browser, a stripped
 * header or a script that is not a browser, and none of them needs to change anything here.
 * `basicAuthApis` (path prefixes, each ending in `/`) are the exception: server-to-server APIs
 * with Basic auth, where no browser header is sent; the site's own endpoints are never among them.
 * @example app.use(csrfGuard({ basicAuthApis: ['/dev/yookassa/v3/'] }))
 */
export function csrfGuard({ basicAuthApis = [] }: { basicAuthApis?: string[] } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const exempt =
      SERVER_CALLS.has(c.req.path) ||
      isBasicApiCall(c.req.path, c.req.header('authorization'), basicAuthApis);
    if (!SAFE_METHODS.has(c.req.method) && !exempt) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const sameOrigin = origin
        ? origin === new URL(c.req.url).origin
        : site === 'same-origin' || site === 'none';
      if (!sameOrigin) throw new ApiError(403, texts.csrf, 'csrf');
    }
    await next();
  });
}
