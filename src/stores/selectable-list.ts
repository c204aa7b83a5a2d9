/**
 * A paged list the viewer can select from and remove items of: the shape the favourites and the
 * viewing history share (docs/product.md, «What we keep»: mode VIEW/EDIT, count, next, previous,
 * items with `checked`, itemsIds, isSelectAll, isLoaded, isWorking) and the transitions of «How
 * things change» they share: edit only from VIEW with at least one item, select all, toggle one,
 * leaving EDIT unchecks all, «Показать ещё» appends the next page. How items are removed differs
 * per list and stays in its own store, which ends a removal through `settle`.
 */
import { map } from 'nanostores';
import { type ApiClient, api, isOk } from '../lib/api-client.ts';

export type ListMode = 'VIEW' | 'EDIT';

export interface ListPage<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

export type Entry<Item> = Item & { checked: boolean };

export interface ListState<Item, Key extends string | number> {
  mode: ListMode;
  count: number;
  next: string | null;
  previous: string | null;
  items: Record<Key, Entry<Item>>;
  /** Keys in the list's order. */
  itemsIds: Key[];
  isSelectAll: boolean;
  isLoaded: boolean;
  isWorking: boolean;
  /** The last removal failed: the error dialog is open. */
  failed: boolean;
}

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

/**
 * A list store keyed by `keyOf`, with the shared transitions.
 * @example
 * const list = selectableList((item: FavouriteItem) => item.id);
 * list.init(page); list.startEdit(); list.toggleItem(4);
 */
export type SelectableList<Item, Key extends string | number> = ReturnType<
  typeof selectableList<Item, Key>
>;

export function selectableList<Item, Key extends string | number>(keyOf: (item: Item) => Key) {
  type State = ListState<Item, Key>;
  const empty: State = {
    mode: 'VIEW',
    count: 0,
    next: null,
    previous: null,
    items: {} as Record<Key, Entry<Item>>,
    itemsIds: [],
    isSelectAll: false,
    isLoaded: false,
    isWorking: false,
    failed: false,
  };
  const $list = map<State>({ ...empty });
  const entries = (results: Item[]) =>
    Object.fromEntries(results.map((r) => [keyOf(r), { ...r, checked: false }])) as Record<
      Key,
      Entry<Item>
    >;

  /** The state with these keys (all when omitted) checked or not, isSelectAll kept true to it. */
  function withChecked(s: State, checked: boolean, keys: Key[] = s.itemsIds): State {
    const items = { ...s.items };
    for (const k of keys) if (items[k]) items[k] = { ...items[k], checked };
    const isSelectAll = s.itemsIds.length > 0 && s.itemsIds.every((k) => items[k]?.checked);
    return { ...s, items, isSelectAll };
  }

  const stateOf = (page: ListPage<Item>): State => ({
    ...empty,
    count: page.count,
    next: page.next,
    previous: page.previous,
    items: entries(page.results),
    itemsIds: page.results.map(keyOf),
    isLoaded: true,
  });
  const canEdit = (s: State) => s.mode === 'VIEW' && s.itemsIds.length > 0;
  const checkedKeys = (s: State) => s.itemsIds.filter((k) => s.items[k]?.checked);

  return {
    $list,
    empty,
    canEdit,
    checkedKeys,
    withChecked,

    /** The state of a first page as the server rendered it: what a list shows until hydrated. */
    stateOf,

    /** The first page, as the server rendered it. */
    init(page: ListPage<Item>) {
      $list.set(stateOf(page));
    },

    startEdit() {
      if (canEdit($list.get())) $list.setKey('mode', 'EDIT');
    },

    /** Back to VIEW; nothing stays checked. */
    stopEdit() {
      $list.set({ ...withChecked($list.get(), false), mode: 'VIEW' });
    },

    selectAll(checked = true) {
      const s = $list.get();
      if (s.mode === 'EDIT') $list.set(withChecked(s, checked));
    },

    /** Checks or unchecks these keys, in EDIT only. */
    select(keys: Key[], checked: boolean) {
      const s = $list.get();
      if (s.mode === 'EDIT') $list.set(withChecked(s, checked, keys));
    },

    toggleItem(key: Key) {
      const s = $list.get();
      const item = s.items[key];
      if (s.mode === 'EDIT' && item) $list.set(withChecked(s, !item.checked, [key]));
    },

    /**
     * Ends a removal: the `gone` keys leave the list and the count, the rest is unchecked, the
     * list is back in VIEW and, when `failed`, the error dialog opens.
     */
    settle(gone: Set<Key>, failed: boolean) {
      const s = $list.get();
      const items = Object.fromEntries(
        Object.entries(s.items).filter(([k]) => !gone.has(keyOf(s.items[k as Key] as Item))),
      ) as Record<Key, Entry<Item>>;
      const itemsIds = s.itemsIds.filter((k) => !gone.has(k));
      $list.set({
        ...withChecked({ ...s, items, itemsIds }, false),
        mode: 'VIEW',
        isWorking: false,
        count: Math.max(0, s.count - gone.size),
        failed,
      });
    },

    closeError() {
      $list.setKey('failed', false);
    },

    /** Appends the next page (the «Показать ещё» link without reloading). */
    async loadMore(client: Pick<ApiClient, 'get'> = api): Promise<boolean> {
      const { next, isWorking, itemsIds } = $list.get();
      if (!next || isWorking) return false;
      $list.setKey('isWorking', true);
      const result = await client.get<ListPage<Item>>(morePath(next, itemsIds.length));
      const s = $list.get();
      if (!isOk(result) || !result.data) {
        $list.setKey('isWorking', false);
        return false;
      }
      const fresh = result.data.results.filter((r) => !s.items[keyOf(r)]);
      $list.set({
        ...s,
        isWorking: false,
        count: result.data.count,
        next: result.data.next,
        items: { ...s.items, ...entries(fresh) },
        itemsIds: [...s.itemsIds, ...fresh.map(keyOf)],
        isSelectAll: false,
      });
      return true;
    },
  };
}
