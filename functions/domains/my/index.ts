/**
 * The viewer's lists (docs/product.md, «What we keep»): viewing history, continue watching,
 * favourites and votes, per profile, filtered by the access rules.
 */

export { episodeUrl } from './dto.ts';
export {
  type ContinueCard,
  continueCards,
  favouritesPage,
  HUB_PREVIEW,
  historyPage,
  homeShelfQueries,
  hubPage,
  type ListsPageOwner,
  NOW_WATCHING_SECONDS,
  watchedShare,
} from './page.ts';
export { pendingOf } from './pending.ts';
export { CONTINUE_LIMIT } from './repo.ts';
export type { ContinueItem, EpisodeRef, FavouriteItem, HistoryItem } from './schemas.ts';
export * as mySchemas from './schemas.ts';
export {
  addToFavourites,
  clearHistoryOf,
  continueWatching,
  favouriteStatus,
  favourites,
  forgetHistory,
  hideFromContinue,
  history,
  type Member,
  removeFromFavourites,
  unvote,
  vote,
  voteStatus,
} from './service.ts';
export { myTexts } from './texts.ts';
