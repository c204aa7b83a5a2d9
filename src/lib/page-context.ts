import type { AstroGlobal } from 'astro';
import {
  type Db,
  type PageContext,
  type PageQuery,
  type PageResults,
  pageContext,
  pageData,
} from '../../functions/domains/site/index.ts';

export type { PageContext };

/** The page context alone, in one round trip: what BaseLayout loads when its page did not. */
export const loadPageContext = (pathname: string): Promise<PageContext> => pageContext(pathname);

/**
 * A page's own queries and its layout's in ONE batched D1 round trip: the results of `queries`
 * are returned, the page context is kept in `Astro.locals.pageContext` for BaseLayout, so an
 * uncached page costs a single round trip. Call it from the page's frontmatter.
 * @example const [rows] = await loadPage(Astro, (d) => [listCollectionsQuery(d)] as const);
 */
export async function loadPage<T extends readonly PageQuery[]>(
  Astro: AstroGlobal,
  queries: (d: Db) => T,
): Promise<{ context: PageContext; results: PageResults<T> }> {
  const loaded = await pageData(Astro.url.pathname, queries);
  Astro.locals.pageContext = loaded.context;
  return loaded;
}
