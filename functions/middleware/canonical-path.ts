import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';

/**
 * The one URL of a page: its path without a trailing slash (`/` stays `/`). A page asked for with
 * slashes at the end moves there for good (301, or 308 for a form post so the body survives), the
 * query kept, so search engines and shared links settle on one address and the edge cache keeps
 * one copy. Mounted in front of the pages only: the JSON API takes both spellings by design.
 * @example app.all('*', canonicalPath, pages) // GET /series/?a=1 → 301 Location: /series?a=1
 */
export const canonicalPath = createMiddleware<AppEnv>(async (c, next) => {
  // The raw (percent-encoded) path: a Location header takes no Cyrillic.
  const { pathname: path, search } = new URL(c.req.url);
  if (path.length > 1 && path.endsWith('/')) {
    // Leading slashes collapse too: `//host/` must not become the protocol-relative `//host`.
    const canonical = `/${path.replace(/^\/+|\/+$/g, '')}`;
    const keepsBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    return c.redirect(canonical + search, keepsBody ? 308 : 301);
  }
  await next();
});
