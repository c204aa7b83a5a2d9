import { eq } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { type Db, db } from '../../db/client.ts';
import { seoTexts } from '../../db/schema.ts';
import { allFlags, type Toggles, togglesFrom } from '../flags/index.ts';
import { type SeoText, seoPathKey, toSeoText } from '../seo/index.ts';

export type { Db };

/** What every page's layout needs from D1: the feature toggles and the CMS SEO texts of its path. */
export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
}

/** One statement a page adds to its batch. */
export type PageQuery = BatchItem<'sqlite'>;

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

/** The page context alone, in one round trip. */
export async function pageContext(pathname: string): Promise<PageContext> {
  const d = db();
  return toPageContext(await d.batch(contextQueries(d, pathname)));
}

/**
 * A page's own queries and its layout's in ONE batched D1 round trip.
 * @example const { results: [rows] } = await pageData('/collections', (d) => [listCollectionsQuery(d)] as const);
 */
export async function pageData<T extends readonly PageQuery[]>(
  pathname: string,
  queries: (d: Db) => T,
): Promise<{ context: PageContext; results: BatchResponse<T> }> {
  const d = db();
  const own = queries(d);
  const [flags, seo, ...results] = await d.batch([
    ...contextQueries(d, pathname),
    ...own,
  ] as unknown as [PageQuery, ...PageQuery[]]);
  const context = toPageContext([flags, seo] as unknown as ContextRows);
  return { context, results: results as unknown as BatchResponse<T> };
}
