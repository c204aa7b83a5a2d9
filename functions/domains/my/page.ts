import type { Viewer } from '../../access/index.ts';
import type { Query, Results } from '../../db/run.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { accountPageData } from '../auth/index.ts';
import type { TitleCard } from '../catalogue/index.ts';
import type { PendingPosition } from '../playback/index.ts';
import { toContinueItem, toFavouriteItem, toHistoryItem } from './dto.ts';
import { overlay, pendingOf } from './pending.ts';
import { continueQuery, favouritesQueries, historyQueries, nowWatchingQuery } from './repo.ts';

/** Who a /my page is for: the session and account to check live, and the profile it shows. */
export interface ListsPageOwner {
  sessionId: string;
  accountId: number;
  profileId: number;
  viewer: Viewer;
}

/**
 * A /my page's rows with the live-session check, in ONE D1 batch, and beside it (in parallel) the
 * profile's positions not yet in D1 (pending.ts). Null when the session is not live or has moved
 * to another profile since the token was issued: the page sends the visitor to sign in.
 */
async function listsPage<const T extends readonly Query<unknown>[]>(
  owner: ListsPageOwner,
  build: (d: D1Database) => T,
  { progress = true } = {},
): Promise<{ found: Results<T>; pending: PendingPosition[] } | null> {
  let queries: T | undefined;
  const [data, pending] = await Promise.all([
    accountPageData(owner.sessionId, owner.accountId, (db) => {
      queries = build(db);
      return queries.map((q) => q.statement);
    }),
    progress ? pendingOf(owner.accountId, owner.profileId) : [],
  ]);
  if (!data || !queries || data.live.userId !== owner.profileId) return null;
  const results = data.results;
  const found = queries.map((q, i) =>
    q.read((results[i]?.results ?? []) as Record<string, unknown>[]),
  ) as Results<T>;
  return { found, pending };
}

/** Items of each list the hub (/my) previews. */
export const HUB_PREVIEW = { favourites: 12, history: 6 } as const;

/** /my: continue watching, the latest favourites and the latest history, with their totals. */
export async function hubPage(owner: ListsPageOwner) {
  const { profileId, viewer } = owner;
  const found = await listsPage(
    owner,
    (d) =>
      [
        continueQuery(d, profileId, viewer),
        ...favouritesQueries(d, profileId, viewer, { page: 1, page_size: HUB_PREVIEW.favourites }),
        ...historyQueries(d, profileId, viewer, { page: 1, page_size: HUB_PREVIEW.history }),
      ] as const,
  );
  if (!found) return null;
  const [cw, favourites, favouritesTotal, history, historyTotal] = found.found;
  return {
    continueWatching: overlay(cw, found.pending).map(toContinueItem),
    favourites: { items: favourites.map(toFavouriteItem), count: favouritesTotal },
    history: { items: overlay(history, found.pending).map(toHistoryItem), count: historyTotal },
  };
}

/** /my/favorite: a page of favourites and the total. */
export async function favouritesPage(owner: ListsPageOwner, q: PageQuery) {
  const found = await listsPage(
    owner,
    (d) => favouritesQueries(d, owner.profileId, owner.viewer, q),
    { progress: false },
  );
  return found && { items: found.found[0].map(toFavouriteItem), count: found.found[1] };
}

/** /my/history: a page of the history and the total. */
export async function historyPage(owner: ListsPageOwner, q: PageQuery) {
  const found = await listsPage(owner, (d) => historyQueries(d, owner.profileId, owner.viewer, q));
  return (
    found && {
      items: overlay(found.found[0], found.pending).map(toHistoryItem),
      count: found.found[1],
    }
  );
}

/** How far back "now watching" looks: a day. */
export const NOW_WATCHING_SECONDS = 86_400;

/**
 * The home page's personal shelves for a signed-in profile (null: a guest), to batch with the page's other reads:
 * continue watching (this profile's) and now watching (everyone's last day, what this viewer may see).
 */
export function homeShelfQueries(
  d: D1Database,
  profileId: number | null,
  viewer: Viewer,
  now: number,
) {
  // A guest's batch keeps its shape with two statements that find nothing at once.
  return [
    continueQuery(d, profileId ?? 0, viewer),
    nowWatchingQuery(d, viewer, now - NOW_WATCHING_SECONDS, { active: profileId !== null }),
  ] as const;
}

/** How much of a continue-watching item is watched, 0–1 (a next episode not begun is 0). */
export const watchedShare = (item: { position: number; duration: number }) =>
  item.duration > 0 ? Math.min(1, Math.max(0, item.position / item.duration)) : 0;

/**
 * Continue-watching items as cards that play the episode to watch, with how much is watched, the
 * episode (null: a film) and the seconds left of it (the whole of a next episode not begun). The
 * positions not yet in D1 (`pending`, from `pendingOf`) are laid over the rows.
 */
export const continueCards = (
  rows: Results<ReturnType<typeof homeShelfQueries>>[0],
  pending: PendingPosition[] = [],
): ContinueCard[] =>
  overlay(rows, pending)
    .map(toContinueItem)
    .map((item) => ({
      ...item.content,
      url: item.url,
      progress: watchedShare(item),
      episode: item.episode && { season: item.episode.season, number: item.episode.number },
      secondsLeft: Math.max(0, item.duration - item.position),
    }));

/** A card of the continue-watching shelf (continueCards). */
export type ContinueCard = TitleCard & {
  progress: number;
  episode: { season: number; number: number } | null;
  secondsLeft: number;
};
