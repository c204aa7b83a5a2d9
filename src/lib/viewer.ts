import type { AstroGlobal } from 'astro';
import { type Viewer, viewerOf } from '../../functions/access/index.ts';

/**
 * The viewer of a page request, from what the edge middleware learned; `requestedAge` is the
 * page's own `age` parameter where it has one. Endpoints (sitemap.xml) pass their context.
 * @example const viewer = pageViewer(Astro);
 */
export function pageViewer(Astro: Pick<AstroGlobal, 'locals'>, requestedAge?: number): Viewer {
  return viewerOf(Astro.locals.edge, requestedAge);
}
