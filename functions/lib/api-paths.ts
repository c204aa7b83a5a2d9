/** Path prefixes of the JSON API (spec section 7); they never fall through to pages. */
export const API_PREFIXES = ['/api', '/cms', '/auth', '/billing', '/v2'] as const;
