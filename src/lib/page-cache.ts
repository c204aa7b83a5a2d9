import type { AstroGlobal } from 'astro';
import { sharedViewer } from '../../functions/lib/index.ts';

/**
 * Cache-Control of a page a guest may share with other guests of the same region and consent
 * state: the edge keeps it a minute and serves it up to ten more while it renders it again
 * (functions/middleware/edge-cache.ts). Browsers always revalidate (max-age=0). The page-headers
 * middleware turns it private for signed-in viewers, errors and answers that set a cookie.
 */
export const GUEST_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * The same for pages that follow the clock (what is on air now): half a minute fresh and half a
 * minute stale at most, so a programme that has ended is never shown as on air for long.
 */
export const LIVE_GUEST_PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

/**
 * Marks this page as shareable at the edge for guests; call it from the page's frontmatter, before
 * anything reads the viewer. From here on the page and its layout see only what every guest of the
 * same cache variant shares (`sharedViewer`): no IP, device id or device class of this visitor.
 * @example shareWithGuests(Astro, { live: true }) // the TV pages
 */
export function shareWithGuests(Astro: AstroGlobal, { live = false } = {}) {
  Astro.response.headers.set('Cache-Control', live ? LIVE_GUEST_PAGE_CACHE : GUEST_PAGE_CACHE);
  Astro.locals.edge = sharedViewer(Astro.locals.edge);
}
