import type { AstroGlobal } from 'astro';

/**
 * Cache-Control of a page a guest may share with other guests of the same region and consent
 * state: the edge keeps it a minute and serves it up to ten more while it renders it again
 * (functions/middleware/edge-cache.ts). Browsers always revalidate (max-age=0). The page-headers
 * middleware turns it private for signed-in viewers, errors and answers that set a cookie.
 */
export const GUEST_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** Marks this page as shareable at the edge for guests; call it from the page's frontmatter. */
export function shareWithGuests(Astro: AstroGlobal) {
  Astro.response.headers.set('Cache-Control', GUEST_PAGE_CACHE);
}
