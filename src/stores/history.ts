/**
 * The viewing history list of docs/product.md, «What we keep» (items keyed by episode id plus date
 * timestamp) and «How things change», on the shared selectable list (selectable-list.ts). Its own
 * rules: select a whole date; a removal is one call per item, by the row's id, and what the server
 * removed leaves the list; clearing empties the list, resets paging and returns to VIEW.
 */
import { computed } from 'nanostores';
import type { HistoryItem } from '../../functions/domains/my/index.ts';
import { calendarDay } from '../../functions/shared/ru.ts';
import { type ApiClient, api } from '../lib/api-client.ts';
import { type Entry, type ListPage, type ListState, selectableList } from './selectable-list.ts';

export type HistoryEntry = Entry<HistoryItem>;
export type HistoryState = ListState<HistoryItem, string>;
export type HistoryPage = ListPage<HistoryItem>;

/**
 * An item's key: its episode id (a film's `c` and content id) and its date as a timestamp.
 * @example historyKey({ episode: { id: 4 }, date: '2026-11-23T10:00:00.000Z' }) // '4:1763892000000'
 */
export const historyKey = (item: Pick<HistoryItem, 'episode' | 'content' | 'date'>) =>
  `${item.episode ? item.episode.id : `c${item.content.id}`}:${Date.parse(item.date)}`;

/** The list itself, for the island's shared parts (components/my/SelectableList.tsx). */
export const historyList = selectableList((item: HistoryItem) => historyKey(item));

export const $history = historyList.$list;
export const {
  init: initHistory,
  canEdit,
  checkedKeys,
  startEdit,
  stopEdit,
  selectAll,
  toggleItem,
  closeError,
  loadMore,
} = historyList;

/** The items in order. */
export const $historyItems = computed($history, (s) => s.itemsIds.map((k) => s.items[k]!));

/** Checks or unchecks every item of a calendar day (`YYYY-MM-DD`, Moscow time). */
export function selectDate(day: string, checked = true) {
  const s = $history.get();
  historyList.select(
    s.itemsIds.filter((k) => calendarDay(s.items[k]!.date) === day),
    checked,
  );
}

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
  historyList.settle(gone, gone.size < keys.length);
  return gone.size === keys.length;
}

/** Clears the whole history: an empty list, no pages, VIEW. */
export async function clearAll(client: Pick<ApiClient, 'delete'> = api): Promise<boolean> {
  if ($history.get().isWorking) return false;
  $history.setKey('isWorking', true);
  const result = await client.delete('/cms/content_experience/history/clear/');
  if (result.status !== 204) {
    historyList.settle(new Set(), true);
    return false;
  }
  $history.set({ ...historyList.empty, isLoaded: true });
  return true;
}
