import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * How the API's paths are told from the pages' (docs/product.md, «How the site talks to the API»).
 * The prefixes themselves come from the route groups the app mounts (functions/http/api-groups.ts);
 * the app marks each request once (`apiPath`), and code below the routes asks the request.
 */

/** Pages that share a name with an API prefix: /auth is the sign-in screen, /auth/… the auth API. */
export const PAGES_AT_PREFIX = new Set(['/auth', '/auth/']);

/**
 * Whether `path` is one of `prefixes` or below one of them.
 * @example pathUnder('/cms/tv/', ['/cms']) // true; pathUnder('/cmsx', ['/cms']) // false
 */
export const pathUnder = (path: string, prefixes: readonly string[]): boolean =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Whether a path belongs to the API under `prefixes` rather than to the pages (but for the pages
 * that live at one of the prefixes).
 * @example isApiPath('/auth/account/', ['/auth']) // true; isApiPath('/auth', ['/auth']) // false
 */
export function isApiPath(path: string, prefixes: readonly string[]): boolean {
  return !PAGES_AT_PREFIX.has(path) && pathUnder(path, prefixes);
}

/**
 * Whether this request is for a page rather than the API, as the app marked it. A context the app
 * did not mark (a stand-alone sub-app) counts as the API's.
 * @example if (isPageRequest(c)) return c.html(page)
 */
export const isPageRequest = (c: Context<AppEnv>): boolean => c.get('apiPath') === false;
