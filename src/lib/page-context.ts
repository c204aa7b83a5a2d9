import type { AstroGlobal } from 'astro';
import { eq } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { type Db, db } from '../../functions/db/client.ts';
import { seoTexts } from '../../functions/db/schema.ts';
import { allFlags, type Toggles, togglesFrom } from '../../functions/domains/flags/index.ts';
import { type SeoText, seoPathKey, toSeoText } from '../../functions/domains/seo/index.ts';

export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
}

/** What every page needs from D1: the feature toggles and the CMS SEO texts of its path. */
function contextQueries(d: Db, pathname: string) {
  return [
    allFlags(d),
    d
      .select()
      .from(seoTexts)
      .where(eq(seoTexts.path, seoPathKey(pathname)))
      .limit(1),
  ] as const;
}

type ContextRows = BatchResponse<ReturnType<typeof contextQueries>>;

function toPageContext([flags, seoRows]: ContextRows): PageContext {
  const seo = seoRows[0];
  return { toggles: togglesFrom(flags), seo: seo ? toSeoText(seo) : null };
}

/** The page context alone, in one round trip: what BaseLayout loads when its page did not. */
export async function loadPageContext(pathname: string): Promise<PageContext> {
  const d = db();
  return toPageContext(await d.batch(contextQueries(d, pathname)));
}

type Query = BatchItem<'sqlite'>;

/**
 * A page's own queries and its layout's in ONE batched D1 round trip: the results of `queries`
 * are returned, the page context is kept in `Astro.locals.pageContext` for BaseLayout, so an
 * uncached page costs a single round trip. Call it from the page's frontmatter.
 * @example const [rows] = await loadPage(Astro, (d) => [listCollectionsQuery(d)] as const);
 */
export async function loadPage<T extends readonly Query[]>(
  Astro: AstroGlobal,
  queries: (d: Db) => T,
): Promise<{ context: PageContext; results: BatchResponse<T> }> {
  const d = db();
  const own = queries(d);
  const [flags, seo, ...results] = await d.batch([
    ...contextQueries(d, Astro.url.pathname),
    ...own,
  ] as unknown as [Query, ...Query[]]);
  const context = toPageContext([flags, seo] as unknown as ContextRows);
  Astro.locals.pageContext = context;
  return { context, results: results as unknown as BatchResponse<T> };
}
