import { d1 } from '../../db/client.ts';
import { batch, type Query, type Results } from '../../db/sql.ts';
import { nowSeconds } from '../auth/index.ts';
import { allFlags, type Toggles, togglesFrom } from '../flags/index.ts';
import {
  type ParentalSnapshot,
  parentalSnapshotQuery,
  toParentalSnapshot,
} from '../parental/index.ts';
import { type SeoText, seoTextQuery, toSeoText } from '../seo/index.ts';

/** The database a page's queries are prepared on. */
export type Db = D1Database;

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

/** One statement a page adds to its batch. */
export type PageQuery = Query<unknown>;

// Always a third statement (for a guest one that finds nothing), so the batch keeps one shape.
const contextQueries = (d: Db, pathname: string, ask: ParentalAsk) =>
  [
    allFlags(d),
    seoTextQuery(d, pathname),
    parentalSnapshotQuery(d, ask?.accountId ?? 0, ask?.sessionId ?? '', nowSeconds()),
  ] as const;

type ContextResults = Results<ReturnType<typeof contextQueries>>;

function toPageContext([flags, seo, parental]: ContextResults, asked: boolean): PageContext {
  return {
    toggles: togglesFrom(flags),
    seo: seo ? toSeoText(seo) : null,
    parental: asked ? toParentalSnapshot(parental, nowSeconds()) : null,
  };
}

/** The page context alone, in one round trip. */
export async function pageContext(pathname: string, ask: ParentalAsk = null): Promise<PageContext> {
  const d = d1();
  return toPageContext(await batch(d, contextQueries(d, pathname, ask)), ask !== null);
}

/**
 * A page's own queries and its layout's in ONE batched D1 round trip.
 * @example const { results: [rows] } = await pageData('/collections', (d) => [listCollectionsQuery(d)] as const);
 */
export async function pageData<T extends readonly PageQuery[]>(
  pathname: string,
  queries: (d: Db) => T,
  ask: ParentalAsk = null,
): Promise<{ context: PageContext; results: Results<T> }> {
  const d = d1();
  const [flags, seo, parental, ...results] = await batch(d, [
    ...contextQueries(d, pathname, ask),
    ...queries(d),
  ] as const);
  const context = toPageContext([flags, seo, parental] as ContextResults, ask !== null);
  return { context, results: results as unknown as Results<T> };
}
