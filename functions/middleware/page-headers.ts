import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';

/**
 * Pages differ by region, sign-in and cookie consent, so a shared cache must never serve one
 * visitor's variant to another: HTML is private to the browser and varies by cookie and country.
 */
export const pageHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.headers.get('content-type')?.startsWith('text/html') && !c.res.headers.has('cache-control')) {
    c.res.headers.set('Cache-Control', 'private, no-cache');
    c.res.headers.append('Vary', 'Cookie, CF-IPCountry');
  }
});
