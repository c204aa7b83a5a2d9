import { toCard, watchUrl } from '../catalogue/index.ts';
import type { ContinueRow, EpisodeColumns, FavouriteRow, HistoryRow } from './repo.ts';
import type { ContinueItem, EpisodeRef, FavouriteItem, HistoryItem } from './schemas.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function episodeOf(row: EpisodeColumns): EpisodeRef | null {
  if (!row.episodeId || row.seasonNumber === null || row.episodeNumber === null) return null;
  return {
    id: row.episodeId,
    season: row.seasonNumber,
    number: row.episodeNumber,
    name: row.episodeName ?? '',
  };
}

/**
 * The watch page of a title, playing an episode when there is one (a list's card continues it).
 * @example episodeUrl(1, { season: 2, number: 3 }) // '/watch/1?season=2&episode=3&play=1'
 */
export function episodeUrl(titleId: number, episode: Pick<EpisodeRef, 'season' | 'number'> | null) {
  return episode
    ? `${watchUrl(titleId)}?season=${episode.season}&episode=${episode.number}&play=1`
    : watchUrl(titleId);
}

export function toHistoryItem(row: HistoryRow): HistoryItem {
  const episode = episodeOf(row);
  return {
    id: row.rowId,
    date: iso(row.updatedAt),
    episode,
    content: toCard(row),
    position: row.position,
    duration: row.duration,
    completed: row.completed === 1,
    url: episodeUrl(row.id, episode),
  };
}

export function toContinueItem(row: ContinueRow): ContinueItem {
  const next =
    row.completed === 1 && row.nextId !== null
      ? {
          id: row.nextId,
          season: row.nextSeason ?? 0,
          number: row.nextNumber ?? 0,
          name: row.nextName ?? '',
        }
      : null;
  const episode = next ?? episodeOf(row);
  return {
    episodeId: episode?.id ?? 0,
    episode,
    content: toCard(row),
    position: next ? 0 : row.position,
    duration: next ? (row.nextDuration ?? 0) : row.duration,
    date: iso(row.updatedAt),
    url: episodeUrl(row.id, episode),
  };
}

export function toFavouriteItem(row: FavouriteRow): FavouriteItem {
  return { ...toCard(row), addedAt: iso(row.addedAt) };
}
