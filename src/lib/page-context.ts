import type { AstroGlobal } from 'astro';
import { eq } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { allFlags, type Toggles, togglesFrom } from '../../functions/api/flags/flags.repo.ts';
import {
  type ParentalSnapshot,
  parentalSnapshotQuery,
  toParentalSnapshot,
} from '../../functions/api/parental/parental.repo.ts';
import { type SeoText, seoPathKey, toSeoText } from '../../functions/api/seo/seo.repo.ts';
import { type Db, db } from '../../functions/db/client.ts';
import { seoTexts } from '../../functions/db/schema.ts';
import { COOKIE } from '../../functions/lib/cookies.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
  /**
   * Parental control of a signed-in account that has not entered the PIN, on any page but the PIN
   * pages (spec section 4: the status is fetched at start); null otherwise.
   */
  parental: ParentalSnapshot | null;
}

/** The pages of parental control itself: they read the status their own way, no popup there. */
const PIN_PAGES = /^\/settings\/parental(\/|$)/;

/** Whose parental status a page needs: a signed-in session without the PIN entered, off the PIN pages. */
function parentalAsk(Astro: AstroGlobal): { accountId: number; sessionId: string } | null {
  const { session, renewal } = Astro.locals.edge;
  const sessionId = renewal?.live.sessionId ?? session.sessionId;
  const accountId = Number(renewal?.live.accountId ?? session.accountId);
  if (!session.signedIn || !sessionId || !Number.isInteger(accountId)) return null;
  if (PIN_PAGES.test(Astro.url.pathname)) return null;
  if (Astro.cookies.get(COOKIE.parentalPin)?.value === 'entered') return null;
  return { accountId, sessionId };
}

/** What every page needs from D1: the feature toggles, the CMS SEO texts of its path, and the parental status. */
function contextQueries(d: Db, Astro: AstroGlobal, ask: ReturnType<typeof parentalAsk>) {
  return [
    allFlags(d),
    d
      .select()
      .from(seoTexts)
      .where(eq(seoTexts.path, seoPathKey(Astro.url.pathname)))
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

/** The page context alone, in one round trip: what BaseLayout loads when its page did not. */
export async function loadPageContext(Astro: AstroGlobal): Promise<PageContext> {
  const d = db();
  const ask = parentalAsk(Astro);
  return toPageContext(await d.batch(contextQueries(d, Astro, ask)), ask !== null);
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
  const ask = parentalAsk(Astro);
  const [flags, seo, parental, ...results] = await d.batch([
    ...contextQueries(d, Astro, ask),
    ...own,
  ] as unknown as [Query, ...Query[]]);
  const context = toPageContext([flags, seo, parental] as unknown as ContextRows, ask !== null);
  Astro.locals.pageContext = context;
  return { context, results: results as unknown as BatchResponse<T> };
}
