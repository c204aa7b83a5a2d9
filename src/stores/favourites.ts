/**
 * The favourites list of docs/product.md, «What we keep» (mode VIEW/EDIT, count, next, previous,
 * items by id with checked, itemsIds, isLoaded, isWorking) and its transitions of «How things
 * change»: edit only from VIEW with at least one item, select all, toggle one, leaving EDIT
 * unchecks all, a removal ends in VIEW. Removal succeeds only on 204 («What we check»); otherwise
 * the 'Ошибка' dialog opens (`failed`).
 */
import { map } from 'nanostores';
import type { FavouriteItem } from '../../functions/domains/my/index.ts';
import { FAVOURITES_BATCH_LIMIT } from '../../functions/shared/constants.ts';
import { type ApiClient, api, isFavouriteRemovalSuccess, isOk } from '../lib/api-client.ts';

export type ListMode = 'VIEW' | 'EDIT';

/**
 * The page's own link to the list's next page (no JavaScript needed, and crawlable).
 * @example pageHref('/my/favorite', '/favourites/?page=3&page_size=24') // '/my/favorite?page=3'
 */
export function pageHref(path: string, next: string | null): string | null {
  const page = next && new URL(next, 'https://site.invalid').searchParams.get('page');
  return page ? `${path}?page=${page}` : null;
}

/**
 * A page link as a path on this site: the API writes next/previous on the configured site origin,
 * which a development or preview host does not share.
 * @example apiPath('https://www.example.ru/favourites/?page=2&page_size=24') // '/favourites/?page=2&page_size=24'
 */
export function apiPath(link: string): string {
  const url = new URL(link, 'https://site.invalid');
  return url.pathname + url.search;
}

/**
 * The API page to ask for more, given how many items are shown: pages are offsets, so after
 * removals the next items have moved up into an earlier page. Asking for the page that holds
 * item `shown` (and skipping what is already there) loses none of them.
 * @example morePath('/favourites/?page=2&page_size=24', 22) // '/favourites/?page=1&page_size=24'
 */
export function morePath(next: string, shown: number): string {
  const url = new URL(apiPath(next), 'https://site.invalid');
  const size = Number(url.searchParams.get('page_size')) || 24;
  url.searchParams.set('page', String(Math.floor(shown / size) + 1));
  return url.pathname + url.search;
}

export interface FavouriteEntry extends FavouriteItem {
  checked: boolean;
}

export interface FavouritesState {
  mode: ListMode;
  count: number;
  next: string | null;
  previous: string | null;
  items: Record<number, FavouriteEntry>;
  itemsIds: number[];
  isLoaded: boolean;
  isWorking: boolean;
  /** The last removal was not answered 204: the error dialog is open. */
  failed: boolean;
}

export interface FavouritesPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: FavouriteItem[];
}

const empty: FavouritesState = {
  mode: 'VIEW',
  count: 0,
  next: null,
  previous: null,
  items: {},
  itemsIds: [],
  isLoaded: false,
  isWorking: false,
  failed: false,
};

export const $favourites = map<FavouritesState>({ ...empty });

const entries = (results: FavouriteItem[]) =>
  Object.fromEntries(results.map((r) => [r.id, { ...r, checked: false }]));

/** The first page, as the server rendered it. */
export function initFavourites(page: FavouritesPage) {
  $favourites.set({
    ...empty,
    count: page.count,
    next: page.next,
    previous: page.previous,
    items: entries(page.results),
    itemsIds: page.results.map((r) => r.id),
    isLoaded: true,
  });
}

/** Edit mode is offered only in VIEW with at least one item. */
export const canEdit = (s: FavouritesState) => s.mode === 'VIEW' && s.itemsIds.length > 0;

export function startEdit() {
  if (canEdit($favourites.get())) $favourites.setKey('mode', 'EDIT');
}

const allChecked = (s: FavouritesState, checked: boolean) =>
  Object.fromEntries(s.itemsIds.map((id) => [id, { ...s.items[id]!, checked }]));

/** Back to VIEW; nothing stays checked. */
export function stopEdit() {
  const s = $favourites.get();
  $favourites.set({ ...s, mode: 'VIEW', items: allChecked(s, false) });
}

export function selectAll(checked = true) {
  const s = $favourites.get();
  if (s.mode === 'EDIT') $favourites.setKey('items', allChecked(s, checked));
}

export function toggleItem(id: number) {
  const s = $favourites.get();
  const item = s.items[id];
  if (s.mode !== 'EDIT' || !item) return;
  $favourites.setKey('items', { ...s.items, [id]: { ...item, checked: !item.checked } });
}

export const checkedIds = (s: FavouritesState) => s.itemsIds.filter((id) => s.items[id]?.checked);

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
  const removed: number[] = [];
  let failed = false;
  for (const part of chunks(ids, FAVOURITES_BATCH_LIMIT)) {
    const result = await client.delete('/favourites/batch/', { params: { id: part.join(',') } });
    if (!isFavouriteRemovalSuccess(result)) {
      failed = true;
      break;
    }
    removed.push(...part);
  }
  const s = $favourites.get();
  const gone = new Set(removed);
  const items = Object.fromEntries(
    Object.entries(s.items)
      .filter(([k]) => !gone.has(Number(k)))
      .map(([k, v]) => [k, { ...v, checked: false }]),
  );
  $favourites.set({
    ...s,
    mode: 'VIEW',
    isWorking: false,
    failed,
    count: Math.max(0, s.count - removed.length),
    itemsIds: s.itemsIds.filter((id) => !gone.has(id)),
    items,
  });
  return !failed;
}

/**
 * Removes one item (the heart on its card in VIEW): a removal of that item alone, with the same
 * rules as `removeChecked` (204 or the error dialog), ending in VIEW.
 */
export async function removeOne(id: number, client: Pick<ApiClient, 'delete'> = api) {
  const s = $favourites.get();
  const item = s.items[id];
  if (!item || s.isWorking) return false;
  $favourites.setKey('items', { ...allChecked(s, false), [id]: { ...item, checked: true } });
  return removeChecked(client);
}

export function closeError() {
  $favourites.setKey('failed', false);
}

/** Appends the next page (the «Показать ещё» link without reloading). */
export async function loadMore(): Promise<boolean> {
  const { next, isWorking, itemsIds } = $favourites.get();
  if (!next || isWorking) return false;
  $favourites.setKey('isWorking', true);
  const result = await api.get<FavouritesPage>(morePath(next, itemsIds.length));
  const s = $favourites.get();
  if (!isOk(result) || !result.data) {
    $favourites.setKey('isWorking', false);
    return false;
  }
  const fresh = result.data.results.filter((r) => !s.items[r.id]);
  $favourites.set({
    ...s,
    isWorking: false,
    count: result.data.count,
    next: result.data.next,
    items: {
      ...s.items,
      ...Object.fromEntries(fresh.map((r) => [r.id, { ...r, checked: false }])),
    },
    itemsIds: [...s.itemsIds, ...fresh.map((r) => r.id)],
  });
  return true;
}
