import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { texts } from '../lib/texts.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * (or, failing it, Sec-Fetch-Site) must name this site. Unlike hono/csrf this also covers JSON
 * bodies, so no content type slips through.
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const sameOrigin = origin
      ? origin === new URL(c.req.url).origin
      : site
        ? site === 'same-origin' || site === 'none'
        : true;
    if (!sameOrigin) throw new ApiError(403, texts.csrf, 'csrf');
  }
  await next();
});
