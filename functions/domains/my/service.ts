import { assertCanSee, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch, type Query, run } from '../../db/run.ts';
import { ApiError } from '../../lib/errors.ts';
import { type Paged, type PageQuery, paged } from '../../lib/pagination.ts';
import { nowSeconds } from '../auth/index.ts';
import { toContinueItem, toFavouriteItem, toHistoryItem } from './dto.ts';
import { forgetPending, overlay, pendingOf } from './pending.ts';
import {
  addFavourite,
  clearHistory,
  continueQuery,
  deleteHistory,
  deleteVote,
  favouriteQuery,
  favouritesQueries,
  hideContinue,
  historyQueries,
  putVote,
  removeFavourites,
  type TitleFacts,
  titleFactsQuery,
  voteQuery,
} from './repo.ts';
import type { ContinueItem, FavouriteItem, HistoryItem } from './schemas.ts';
import { myTexts } from './texts.ts';

/** Whose lists: the signed-in profile, and the viewer the access rules filter them for. */
export interface Member {
  profileId: number;
  viewer: Viewer;
}

/** A page of the profile's viewing history, newest first (`url` is the request's, for next/previous). */
export async function history(m: Member, q: PageQuery, url: URL): Promise<Paged<HistoryItem>> {
  const d = d1();
  const [[found, total], pending] = await Promise.all([
    batch(d, historyQueries(d, m.profileId, m.viewer, q)),
    pendingOf(m.viewer.account, m.profileId),
  ]);
  return paged(overlay(found, pending).map(toHistoryItem), total, url, q);
}

/**
 * Forgets one row (`id`, as the list shows it), an episode (`episodeId`) or a title (`contentId`:
 * a film, or every episode of a series).
 */
export async function forgetHistory(
  m: Member,
  target: { id?: string; episodeId?: number; contentId?: number },
): Promise<void> {
  const { results } = await deleteHistory(d1(), m.profileId, target).run<Thing>();
  await forgetPending(m.viewer.account, m.profileId, results);
}

export async function clearHistoryOf(m: Member): Promise<void> {
  await clearHistory(d1(), m.profileId).run();
  await forgetPending(m.viewer.account, m.profileId, null);
}

/** A film or an episode a statement on progress rows touched. */
type Thing = { titleId: number; episodeId: number };

/** The continue-watching shelf: one item per title, most recent first. */
export async function continueWatching(m: Member): Promise<ContinueItem[]> {
  const [rows, pending] = await Promise.all([
    run(continueQuery(d1(), m.profileId, m.viewer)),
    pendingOf(m.viewer.account, m.profileId),
  ]);
  return overlay(rows, pending).map(toContinueItem);
}

/** Takes a title off the continue-watching shelf, by one of its episodes or (a film) by its id. */
export async function hideFromContinue(
  m: Member,
  target: { episodeId: number } | { contentId: number },
): Promise<void> {
  const { results } = await hideContinue(d1(), m.profileId, target).run<Thing>();
  await forgetPending(m.viewer.account, m.profileId, results);
}

export async function favourites(m: Member, q: PageQuery, url: URL): Promise<Paged<FavouriteItem>> {
  const d = d1();
  const [found, total] = await batch(d, favouritesQueries(d, m.profileId, m.viewer, q));
  return paged(found.map(toFavouriteItem), total, url, q);
}

/**
 * A title the viewer may see, or the error: 404 unknown or not out yet, 403 with the access
 * module's reason (a kid profile and an 18+ title) — a list never holds what its page refuses.
 */
function checkTitle(viewer: Viewer, facts: TitleFacts | undefined): void {
  if (!facts?.released) throw new ApiError(404, myTexts.notFound, 'not_found');
  assertCanSee(viewer, { kind: 'title', ...facts });
}

/** The title's facts and one of the profile's rows about it, in one round trip. */
async function loadFacts<T>(
  titleId: number,
  mine: (d: D1Database) => Query<T>,
): Promise<[TitleFacts | undefined, T]> {
  const d = d1();
  return batch(d, [titleFactsQuery(d, titleId), mine(d)] as const);
}

/** Whether the title is one of the profile's favourites. */
export async function favouriteStatus(m: Member, titleId: number): Promise<boolean> {
  const [facts, found] = await loadFacts(titleId, (d) => favouriteQuery(d, m.profileId, titleId));
  checkTitle(m.viewer, facts);
  return found !== undefined;
}

/** Adds a title to the favourites; adding it again changes nothing. */
export async function addToFavourites(m: Member, titleId: number): Promise<void> {
  const d = d1();
  checkTitle(m.viewer, await run(titleFactsQuery(d, titleId)));
  await addFavourite(d, m.profileId, titleId, nowSeconds()).run();
}

/** Removes titles from the favourites in one statement; ids that are not there are ignored. */
export async function removeFromFavourites(m: Member, titleIds: number[]): Promise<void> {
  await removeFavourites(d1(), m.profileId, titleIds).run();
}

/** The profile's vote on a title: 1 like, -1 dislike, 0 none. */
export async function voteStatus(m: Member, titleId: number): Promise<1 | -1 | 0> {
  const [facts, vote] = await loadFacts(titleId, (d) => voteQuery(d, m.profileId, titleId));
  checkTitle(m.viewer, facts);
  return vote?.value ?? 0;
}

export async function vote(m: Member, titleId: number, value: 1 | -1): Promise<void> {
  const d = d1();
  checkTitle(m.viewer, await run(titleFactsQuery(d, titleId)));
  await putVote(d, m.profileId, titleId, value, nowSeconds()).run();
}

export async function unvote(m: Member, titleId: number): Promise<void> {
  await deleteVote(d1(), m.profileId, titleId).run();
}
