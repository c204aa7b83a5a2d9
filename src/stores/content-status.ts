/**
 * Per-content favourite and vote status (docs/product.md, «What we keep»: favourites (loaded,
 * added) and vote (loaded, status)), cached in memory per content id; «How things change»: the
 * cache can be reset (asked again next time) or removed. Plain functions and a Map: the title
 * page's script stays a few hundred bytes.
 */
import { api, isOk } from '../lib/api-client.ts';

export type VoteStatus = 1 | -1 | 0;

export interface ContentStatus {
  favourites: { loaded: boolean; added: boolean };
  vote: { loaded: boolean; status: VoteStatus };
}

const cache = new Map<number, ContentStatus>();

const blank = (): ContentStatus => ({
  favourites: { loaded: false, added: false },
  vote: { loaded: false, status: 0 },
});

function entry(id: number): ContentStatus {
  let found = cache.get(id);
  if (!found) {
    found = blank();
    cache.set(id, found);
  }
  return found;
}

/** The title's status, asked once per id (both calls at once) and then kept. */
export async function loadStatus(id: number): Promise<ContentStatus> {
  const s = entry(id);
  const [fav, vote] = await Promise.all([
    s.favourites.loaded ? null : api.get<{ status: boolean }>(`/favourites/${id}`),
    s.vote.loaded ? null : api.get<{ status: VoteStatus }>(`/likes/${id}`),
  ]);
  if (fav && isOk(fav) && fav.data) s.favourites = { loaded: true, added: fav.data.status };
  if (vote && isOk(vote) && vote.data) s.vote = { loaded: true, status: vote.data.status };
  return s;
}

/** Adds to or removes from the favourites; the cached status follows the server's answer. */
export async function setFavourite(id: number, added: boolean): Promise<boolean> {
  const result = added
    ? await api.post(`/favourites/${id}`)
    : await api.delete('/favourites/batch/', { params: { id } });
  const ok = result.status === 204;
  if (ok) entry(id).favourites = { loaded: true, added };
  return ok;
}

/** Likes (1), dislikes (-1) or takes the vote back (0). */
export async function setVote(id: number, status: VoteStatus): Promise<boolean> {
  const result =
    status === 0
      ? await api.delete(`/likes/${id}`)
      : await api.put(`/likes/${id}`, { value: status });
  const ok = result.status === 204;
  if (ok) entry(id).vote = { loaded: true, status };
  return ok;
}

/** Forgets what is known of the title, so the next look asks the server again. */
export function resetStatus(id: number) {
  cache.set(id, blank());
}

/** Drops the title from the cache. */
export function removeStatus(id: number) {
  cache.delete(id);
}
