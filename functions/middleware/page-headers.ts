import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { sharedLifetime } from './edge-cache.ts';

const PRIVATE = 'private, no-cache';

/**
 * The last word on Cache-Control, after every other middleware has added its cookies. Pages differ
 * by region, sign-in and cookie consent: a page may be shared (public, s-maxage) only when it is a
 * guest's 200 that sets no cookie; anything else is private to the browser. HTML always varies by
 * cookie and country, and no answer that sets a cookie is ever offered to a shared cache.
 */
export const pageHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  const shared = sharedLifetime(headers.get('cache-control')) !== null;
  const setsCookie = headers.has('set-cookie');
  if (headers.get('content-type')?.startsWith('text/html')) {
    const guest = c.var.edge ? !c.var.edge.session.signedIn : false;
    if (!headers.has('cache-control') || (shared && (c.res.status !== 200 || !guest || setsCookie)))
      headers.set('Cache-Control', PRIVATE);
    headers.append('Vary', 'Cookie, CF-IPCountry');
  } else if (shared && setsCookie) {
    headers.set('Cache-Control', PRIVATE);
  }
});
