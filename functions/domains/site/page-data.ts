import { d1 } from '../../db/client.ts';
import { batch, type Query, type Results } from '../../db/sql.ts';
import { allFlags, type Toggles, togglesFrom } from '../flags/index.ts';
import { type SeoText, seoTextQuery, toSeoText } from '../seo/index.ts';

/** The database a page's queries are prepared on. */
export type Db = D1Database;

/** What every page's layout needs from D1: the feature toggles and the CMS SEO texts of its path. */
export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
}

/** One statement a page adds to its batch. */
export type PageQuery = Query<unknown>;

const contextQueries = (d: Db, pathname: string) =>
  [allFlags(d), seoTextQuery(d, pathname)] as const;

function toPageContext([flags, seo]: Results<ReturnType<typeof contextQueries>>): PageContext {
  return { toggles: togglesFrom(flags), seo: seo ? toSeoText(seo) : null };
}

/** The page context alone, in one round trip. */
export async function pageContext(pathname: string): Promise<PageContext> {
  const d = d1();
  return toPageContext(await batch(d, contextQueries(d, pathname)));
}

/**
 * A page's own queries and its layout's in ONE batched D1 round trip.
 * @example const { results: [rows] } = await pageData('/collections', (d) => [listCollectionsQuery(d)] as const);
 */
export async function pageData<T extends readonly PageQuery[]>(
  pathname: string,
  queries: (d: Db) => T,
): Promise<{ context: PageContext; results: Results<T> }> {
  const d = d1();
  const [flags, seo, ...results] = await batch(d, [
    ...contextQueries(d, pathname),
    ...queries(d),
  ] as const);
  const context = toPageContext([flags, seo] as Results<ReturnType<typeof contextQueries>>);
  return { context, results: results as unknown as Results<T> };
}
