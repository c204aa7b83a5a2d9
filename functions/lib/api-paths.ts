/** Path prefixes of the JSON API (spec section 7); below them nothing falls through to pages. */
export const API_PREFIXES = ['/api', '/cms', '/auth', '/billing', '/v2'] as const;

/** Pages that share a name with an API prefix: /auth is the sign-in screen, /auth/… the auth API. */
export const PAGES_AT_PREFIX = new Set(['/auth', '/auth/']);
