/**
 * The favourites list of docs/product.md, «What we keep» and «How things change», on the shared
 * selectable list (selectable-list.ts). Its own rules: removal succeeds only on 204 («What we
 * check»), in batch calls of at most the route's limit; otherwise the 'Ошибка' dialog opens
 * (`failed`); the heart on a card in VIEW removes that item alone.
 */
import type { FavouriteItem } from '../../functions/domains/my/index.ts';
import { FAVOURITES_BATCH_LIMIT } from '../../functions/shared/constants.ts';
import { type ApiClient, api, isFavouriteRemovalSuccess } from '../lib/api-client.ts';
import { type Entry, type ListPage, type ListState, selectableList } from './selectable-list.ts';

export type FavouriteEntry = Entry<FavouriteItem>;
export type FavouritesState = ListState<FavouriteItem, number>;
export type FavouritesPage = ListPage<FavouriteItem>;

/** The list itself, for the island's shared parts (components/my/SelectableList.tsx). */
export const favouritesList = selectableList((item: FavouriteItem) => item.id);

export const $favourites = favouritesList.$list;
export const {
  init: initFavourites,
  canEdit,
  startEdit,
  stopEdit,
  selectAll,
  toggleItem,
  closeError,
  loadMore,
} = favouritesList;
export const checkedIds = favouritesList.checkedKeys;

/**
 * Ids in parts the batch route takes whole.
 * @example chunks([1, 2, 3], 2) // [[1, 2], [3]]
 */
export function chunks<T>(items: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/**
 * Removes the checked items, in batch calls of at most the route's limit, one after another; the
 * list ends in VIEW whatever the answer. When a call is not answered 204, what the earlier calls
 * removed leaves the list, the rest stays and the error dialog opens.
 */
export async function removeChecked(client: Pick<ApiClient, 'delete'> = api): Promise<boolean> {
  const ids = checkedIds($favourites.get());
  if (ids.length === 0 || $favourites.get().isWorking) return false;
  $favourites.setKey('isWorking', true);
  const removed = new Set<number>();
  let failed = false;
  for (const part of chunks(ids, FAVOURITES_BATCH_LIMIT)) {
    const result = await client.delete('/favourites/batch/', { params: { id: part.join(',') } });
    if (!isFavouriteRemovalSuccess(result)) {
      failed = true;
      break;
    }
    for (const id of part) removed.add(id);
  }
  favouritesList.settle(removed, failed);
  return !failed;
}

/**
 * Removes one item (the heart on its card in VIEW): a removal of that item alone, with the same
 * rules as `removeChecked` (204 or the error dialog), ending in VIEW.
 */
export async function removeOne(id: number, client: Pick<ApiClient, 'delete'> = api) {
  const s = $favourites.get();
  if (!s.items[id] || s.isWorking) return false;
  $favourites.set(favouritesList.withChecked(favouritesList.withChecked(s, false), true, [id]));
  return removeChecked(client);
}
