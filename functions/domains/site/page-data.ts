import { d1 } from '../../db/client.ts';
import { batch, type Query, type Results } from '../../db/run.ts';
import { nowSeconds } from '../auth/index.ts';
import { subscribedQuery } from '../billing/index.ts';
import { allFlags, type Toggles, togglesFrom } from '../flags/index.ts';
import {
  type ParentalSnapshot,
  parentalSnapshotQuery,
  toParentalSnapshot,
} from '../parental/index.ts';
import { headerProfilesQuery, type Profile } from '../profiles/index.ts';
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
  /** The signed-in account's profiles, for the header's profile menu; empty for a guest. */
  profiles: Profile[];
  /**
   * The account is subscribed (docs/product.md, «What we keep»): the header and the hero then
   * sell no subscription. False for a guest.
   */
  subscribed: boolean;
}

/** Whose parental status the page needs: a live session's account, or nobody. */
export type ParentalAsk = { accountId: number; sessionId: string } | null;

/** Whose profiles the header lists: a signed-in account's id, or null for a guest. */
export type ProfilesAsk = number | null;

/** One statement a page adds to its batch. */
export type PageQuery = Query<unknown>;

// Always the same statements (for a guest the account's ones find nothing), so the batch keeps
// one shape.
const contextQueries = (d: Db, pathname: string, ask: ParentalAsk, account: ProfilesAsk) =>
  [
    allFlags(d),
    seoTextQuery(d, pathname),
    parentalSnapshotQuery(d, ask?.accountId ?? 0, ask?.sessionId ?? '', nowSeconds()),
    headerProfilesQuery(d, account ?? 0),
    subscribedQuery(d, account ?? 0, nowSeconds()),
  ] as const;

type ContextResults = Results<ReturnType<typeof contextQueries>>;

function toPageContext(
  [flags, seo, parental, profiles, subscribed]: ContextResults,
  asked: boolean,
): PageContext {
  return {
    toggles: togglesFrom(flags),
    seo: seo ? toSeoText(seo) : null,
    parental: asked ? toParentalSnapshot(parental, nowSeconds()) : null,
    profiles,
    subscribed,
  };
}

/** The page context alone, in one round trip. */
export async function pageContext(
  pathname: string,
  ask: ParentalAsk = null,
  account: ProfilesAsk = null,
): Promise<PageContext> {
  const d = d1();
  return toPageContext(await batch(d, contextQueries(d, pathname, ask, account)), ask !== null);
}

/**
 * A page's own queries and its layout's in ONE batched D1 round trip.
 * @example const { results: [rows] } = await pageData('/collections', (d) => [listCollectionsQuery(d)] as const);
 */
export async function pageData<T extends readonly PageQuery[]>(
  pathname: string,
  queries: (d: Db) => T,
  ask: ParentalAsk = null,
  account: ProfilesAsk = null,
): Promise<{ context: PageContext; results: Results<T> }> {
  const d = d1();
  const [flags, seo, parental, profiles, subscribed, ...results] = await batch(d, [
    ...contextQueries(d, pathname, ask, account),
    ...queries(d),
  ] as const);
  const context = toPageContext(
    [flags, seo, parental, profiles, subscribed] as ContextResults,
    ask !== null,
  );
  return { context, results: results as unknown as Results<T> };
}
