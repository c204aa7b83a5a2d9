/**
 * The viewing history list of docs/product.md, «What we keep» (mode, count, next, previous, items
 * keyed by episode id plus date timestamp with uuid, checked, date and episode id, isSelectAll)
 * and its transitions of «How things change»: edit only from VIEW with at least one item, select
 * all, select a whole date, toggle one, leaving EDIT unchecks all; a removal ends in VIEW (so does
 * removing the last item); clearing empties the list, resets paging and returns to VIEW.
 */
import { computed, map } from 'nanostores';
import type { HistoryItem } from '../../functions/domains/my/index.ts';
import { calendarDay } from '../../functions/shared/ru.ts';
import { type ApiClient, api, isOk } from '../lib/api-client.ts';
import { type ListMode, morePath } from './favourites.ts';

export interface HistoryEntry extends HistoryItem {
  checked: boolean;
}

export interface HistoryState {
  mode: ListMode;
  count: number;
  next: string | null;
  previous: string | null;
  items: Record<string, HistoryEntry>;
  /** Keys in the list's order (newest first). */
  itemsIds: string[];
  isSelectAll: boolean;
  isLoaded: boolean;
  isWorking: boolean;
  /** A removal or clearing failed: the error dialog is open. */
  failed: boolean;
}

export interface HistoryPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: HistoryItem[];
}

const empty: HistoryState = {
  mode: 'VIEW',
  count: 0,
  next: null,
  previous: null,
  items: {},
  itemsIds: [],
  isSelectAll: false,
  isLoaded: false,
  isWorking: false,
  failed: false,
};

export const $history = map<HistoryState>({ ...empty });

/**
 * An item's key: its episode id (a film's `c` and content id) and its date as a timestamp.
 * @example historyKey({ episode: { id: 4 }, date: '2026-11-23T10:00:00.000Z' }) // '4:1763892000000'
 */
export const historyKey = (item: Pick<HistoryItem, 'episode' | 'content' | 'date'>) =>
  `${item.episode ? item.episode.id : `c${item.content.id}`}:${Date.parse(item.date)}`;

const entries = (results: HistoryItem[]) =>
  Object.fromEntries(results.map((r) => [historyKey(r), { ...r, checked: false }]));

export function initHistory(page: HistoryPage) {
  $history.set({
    ...empty,
    count: page.count,
    next: page.next,
    previous: page.previous,
    items: entries(page.results),
    itemsIds: page.results.map(historyKey),
    isLoaded: true,
  });
}

/** The items in order. */
export const $historyItems = computed($history, (s) => s.itemsIds.map((k) => s.items[k]!));

export const canEdit = (s: HistoryState) => s.mode === 'VIEW' && s.itemsIds.length > 0;

export function startEdit() {
  if (canEdit($history.get())) $history.setKey('mode', 'EDIT');
}

/** The state with these keys (all when omitted) checked or not, and isSelectAll kept true to it. */
function withChecked(s: HistoryState, checked: boolean, keys = s.itemsIds): HistoryState {
  const items = { ...s.items };
  for (const k of keys) if (items[k]) items[k] = { ...items[k], checked };
  const isSelectAll = s.itemsIds.length > 0 && s.itemsIds.every((k) => items[k]?.checked);
  return { ...s, items, isSelectAll };
}

export function stopEdit() {
  $history.set({ ...withChecked($history.get(), false), mode: 'VIEW' });
}

export function selectAll(checked = true) {
  const s = $history.get();
  if (s.mode === 'EDIT') $history.set(withChecked(s, checked));
}

/** Checks or unchecks every item of a calendar day (`YYYY-MM-DD`, Moscow time). */
export function selectDate(day: string, checked = true) {
  const s = $history.get();
  if (s.mode !== 'EDIT') return;
  const keys = s.itemsIds.filter((k) => calendarDay(s.items[k]!.date) === day);
  $history.set(withChecked(s, checked, keys));
}

export function toggleItem(key: string) {
  const s = $history.get();
  const item = s.items[key];
  if (s.mode === 'EDIT' && item) $history.set(withChecked(s, !item.checked, [key]));
}

export const checkedKeys = (s: HistoryState) => s.itemsIds.filter((k) => s.items[k]?.checked);

// By the row's id: an item whose episode left the catalogue has no episode id, and removing it
// by its title would take the whole series.
const removalPath = (item: HistoryItem) =>
  `/cms/content_experience/history/?id=${encodeURIComponent(item.id)}`;

/**
 * Removes the checked items (one call each, at once); what the server removed leaves the list.
 * Ends in VIEW, with nothing checked.
 */
export async function removeChecked(client: Pick<ApiClient, 'delete'> = api): Promise<boolean> {
  const keys = checkedKeys($history.get());
  if (keys.length === 0 || $history.get().isWorking) return false;
  $history.setKey('isWorking', true);
  const answers = await Promise.all(
    keys.map((k) => client.delete(removalPath($history.get().items[k]!))),
  );
  const gone = new Set(keys.filter((_, i) => answers[i]!.status === 204));
  const s = $history.get();
  const items = Object.fromEntries(Object.entries(s.items).filter(([k]) => !gone.has(k)));
  const itemsIds = s.itemsIds.filter((k) => !gone.has(k));
  $history.set({
    ...withChecked({ ...s, items, itemsIds }, false),
    mode: 'VIEW',
    isWorking: false,
    count: Math.max(0, s.count - gone.size),
    failed: gone.size < keys.length,
  });
  return gone.size === keys.length;
}

/** Clears the whole history: an empty list, no pages, VIEW. */
export async function clearAll(): Promise<boolean> {
  if ($history.get().isWorking) return false;
  $history.setKey('isWorking', true);
  const result = await api.delete('/cms/content_experience/history/clear/');
  if (result.status !== 204) {
    $history.set({
      ...withChecked($history.get(), false),
      mode: 'VIEW',
      isWorking: false,
      failed: true,
    });
    return false;
  }
  $history.set({ ...empty, isLoaded: true });
  return true;
}

export function closeError() {
  $history.setKey('failed', false);
}

export async function loadMore(): Promise<boolean> {
  const { next, isWorking, itemsIds } = $history.get();
  if (!next || isWorking) return false;
  $history.setKey('isWorking', true);
  const result = await api.get<HistoryPage>(morePath(next, itemsIds.length));
  const s = $history.get();
  if (!isOk(result) || !result.data) {
    $history.setKey('isWorking', false);
    return false;
  }
  const fresh = result.data.results.filter((r) => !s.items[historyKey(r)]);
  $history.set({
    ...s,
    isWorking: false,
    count: result.data.count,
    next: result.data.next,
    items: { ...s.items, ...entries(fresh) },
    itemsIds: [...s.itemsIds, ...fresh.map(historyKey)],
    isSelectAll: false,
  });
  return true;
}
