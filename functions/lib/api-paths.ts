/**
 * Path prefixes of the JSON API (docs/product.md, «How the site talks to the API») and of the development-only API (`/dev/api`,
 * a 404 in production); below them nothing falls through to pages. Development pages such as
 * /dev/outbox live beside it as Astro pages that gate themselves.
 */
export const API_PREFIXES = [
  '/api',
  '/cms',
  '/auth',
  '/billing',
  '/v2',
  '/dev/api',
  '/dev/oauth',
  // The sandbox acquirer (functions/dev/sandbox): its API and hosted pages.
  '/dev/yookassa',
  // The viewer's lists at the spec's paths (functions/http/my.ts).
  '/continue-watching',
  '/favourites',
  '/likes',
] as const;

/** Pages that share a name with an API prefix: /auth is the sign-in screen, /auth/… the auth API. */
export const PAGES_AT_PREFIX = new Set(['/auth', '/auth/']);

/**
 * Whether a path belongs to the pages rather than the API (the API's prefixes, but for the pages
 * that live at one of them).
 * @example isPagePath('/series') // true; isPagePath('/auth/account/') // false; isPagePath('/auth') // true
 */
export function isPagePath(path: string): boolean {
  if (PAGES_AT_PREFIX.has(path)) return true;
  return !API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
