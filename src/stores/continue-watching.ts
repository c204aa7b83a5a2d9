/**
 * Continue watching (docs/product.md, «How things change»): the items on show, each keyed by its
 * episode (0 for a film played whole) and title; a removal drops the item here only once the server
 * has taken it off (204), so a failed call leaves the list as it was.
 */
import { atom } from 'nanostores';
import { api } from '../lib/api-client.ts';

export interface ContinueItem {
  /** The episode to continue; 0 for a film, kids title or trailer played whole. */
  episodeId: number;
  contentId: number;
}

export const $continueWatching = atom<ContinueItem[]>([]);

const same = (a: ContinueItem, b: ContinueItem) =>
  a.episodeId === b.episodeId && a.contentId === b.contentId;

/** Takes an item off continue watching; true when the server did (and the item left the list). */
export async function removeFromContinue(item: ContinueItem): Promise<boolean> {
  const res = item.episodeId
    ? await api.delete(`/continue-watching/${item.episodeId}`)
    : await api.delete('/continue-watching/', { params: { contentId: item.contentId } });
  if (res.status !== 204) return false;
  $continueWatching.set($continueWatching.get().filter((i) => !same(i, item)));
  return true;
}
