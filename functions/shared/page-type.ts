/**
 * Analytics page types (docs/product.md, «What we measure»): every page view says which of these
 * it was. Decided on the server from the route, so a cached page and the beacon agree.
 */
export const PAGE_TYPES = [
  'advantages',
  'home',
  'movie',
  'payment',
  'purchase',
  'subscription',
  'payment-history',
  'other',
] as const;

export type PageType = (typeof PAGE_TYPES)[number];

const EXACT: Record<string, PageType> = {
  '/': 'home',
  '/advantages': 'advantages',
  '/payment': 'payment',
  '/payment/redirect': 'payment',
  '/payment-type': 'payment',
  '/settings/purchase': 'purchase',
  '/subscription': 'subscription',
  '/payment-history': 'payment-history',
};

/**
 * The page type of a path and its query: the paywall counts with /advantages, a title page is
 * «movie» only without a season chosen (a series episode is «other»), /payment/{id} is payment.
 * @example pageTypeOf('/watch/12', '') // 'movie'
 * @example pageTypeOf('/watch/12', 'season=1&episode=2') // 'other'
 */
export function pageTypeOf(path: string, query = ''): PageType {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = EXACT[p];
  if (exact) return exact;
  if (p.startsWith('/paywall/')) return 'advantages';
  if (p.startsWith('/payment/')) return 'payment';
  if (/^\/watch\/[^/]+$/.test(p))
    return new URLSearchParams(query).has('season') ? 'other' : 'movie';
  return 'other';
}

/** The title id of a title page (`/watch/{id}`), else null: a page view of it counts for the title. */
export function titleIdOf(path: string): number | null {
  const m = /^\/watch\/(\d{1,9})\/?$/.exec(path);
  return m ? Number(m[1]) : null;
}
