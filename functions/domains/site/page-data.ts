import { eq } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { type Db, db } from '../../db/client.ts';
import { seoTexts } from '../../db/schema.ts';
import { allFlags, type Toggles, togglesFrom } from '../flags/index.ts';
import {
  type ParentalSnapshot,
  parentalSnapshotQuery,
  toParentalSnapshot,
} from '../parental/index.ts';
import { type SeoText, seoPathKey, toSeoText } from '../seo/index.ts';

export type { Db };

/** What every page's layout needs from D1: the feature toggles and the CMS SEO texts of its path. */
export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
  /**
   * Parental control of a signed-in account that has not entered the PIN, on any page but the PIN
   * pages (docs/product.md, «How things change»: the status is read at start); null otherwise.
   */
  parental: ParentalSnapshot | null;
}

/** Whose parental status the page needs: a live session's account, or nobody. */
export type ParentalAsk = { accountId: number; sessionId: string } | null;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One statement a page adds to its batch. */
export type PageQuery = BatchItem<'sqlite'>;

function contextQueries(d: Db, pathname: string, ask: ParentalAsk) {
  return [
    allFlags(d),
    d
      .select()
      .from(seoTexts)
      .where(eq(seoTexts.path, seoPathKey(pathname)))
      .limit(1),
    // Always a third statement (for a guest one that finds nothing), so the batch keeps one shape.
    parentalSnapshotQuery(d, ask?.accountId ?? 0, ask?.sessionId ?? '', nowSeconds()),
  ] as const;
}

type ContextRows = BatchResponse<ReturnType<typeof contextQueries>>;

function toPageContext([flags, seoRows, parentalRows]: ContextRows, asked: boolean): PageContext {
  const seo = seoRows[0];
  return {
    toggles: togglesFrom(flags),
    seo: seo ? toSeoText(seo) : null,
    parental: asked ? toParentalSnapshot(parentalRows[0], nowSeconds()) : null,
  };
}

/** The page context alone, in one round trip. */
export async function pageContext(pathname: string, ask: ParentalAsk = null): Promise<PageContext> {
  const d = db();
  return toPageContext(await d.batch(contextQueries(d, pathname, ask)), ask !== null);
}

/**
 * A page's own queries and its layout's in ONE batched D1 round trip.
 * @example const { results: [rows] } = await pageData('/collections', (d) => [listCollectionsQuery(d)] as const);
 */
export async function pageData<T extends readonly PageQuery[]>(
  pathname: string,
  queries: (d: Db) => T,
  ask: ParentalAsk = null,
): Promise<{ context: PageContext; results: BatchResponse<T> }> {
  const d = db();
  const own = queries(d);
  const [flags, seo, parental, ...results] = await d.batch([
    ...contextQueries(d, pathname, ask),
    ...own,
  ] as unknown as [PageQuery, ...PageQuery[]]);
  const context = toPageContext([flags, seo, parental] as unknown as ContextRows, ask !== null);
  return { context, results: results as unknown as BatchResponse<T> };
}
