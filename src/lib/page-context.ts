import type { AstroGlobal } from 'astro';
import {
  type Db,
  type PageContext,
  type PageQuery,
  type PageResults,
  type ParentalAsk,
  pageContext,
  pageData,
} from '../../functions/domains/site/index.ts';
import { COOKIE } from '../../functions/shared/cookies.ts';
import { isPinPage } from '../../functions/shared/pin-pages.ts';
import { signedInIds } from './account-page.ts';
import { pageUrl } from './page-url.ts';

export type { PageContext };

/** Whose parental status a page needs: a signed-in session without the PIN entered, off the PIN pages. */
function parentalAsk(Astro: AstroGlobal): ParentalAsk {
  if (isPinPage(pageUrl(Astro).pathname)) return null;
  if (Astro.cookies.get(COOKIE.parentalPin)?.value === 'entered') return null;
  return signedInIds(Astro);
}

/** The page context alone, in one round trip: what BaseLayout loads when its page did not. */
export const loadPageContext = (Astro: AstroGlobal): Promise<PageContext> =>
  pageContext(pageUrl(Astro).pathname, parentalAsk(Astro), signedInIds(Astro)?.accountId ?? null);

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
  const loaded = await pageData(
    Astro.url.pathname,
    queries,
    parentalAsk(Astro),
    signedInIds(Astro)?.accountId ?? null,
  );
  Astro.locals.pageContext = loaded.context;
  return loaded;
}
