/**
 * Seasons and weekly episodes of the series. A schedule is built backwards from the latest season,
 * and the series' year and release date follow its first season. Some series are on air around
 * the reference day, so "new episodes" has episodes from the last two weeks and a few to come.
 */
import { DAY, moscowYear, WEEK, yearStart } from './clock.ts';
import { episodeDescription, episodeName } from './descriptions.ts';
import { rng } from './rng.ts';
import type { TitleRow } from './titles.ts';

export interface SeasonRow {
  id: number;
  title_id: number;
  number: number;
  name: string;
  year: number;
  released_at: number;
}

export interface EpisodeRow {
  id: number;
  season_id: number;
  title_id: number;
  number: number;
  name: string;
  description: string;
  duration_min: number;
  released_at: number;
  /** 1 for a series' first episode: a guest may try it. */
  free: number;
}

/**
 * Seasons and episodes for every series in `titles`; mutates each series' year and released_at.
 * @example generateSeries(titles, reference).episodes.length // > 3000 at full scale
 */
export function generateSeries(titles: TitleRow[], reference: number) {
  const r = rng('series');
  const seasons: SeasonRow[] = [];
  const episodes: EpisodeRow[] = [];
  // Episodes come out at 03:00 Moscow time, in step with the US premiere.
  const releaseHour = 3 * 3600;

  for (const title of titles.filter((t) => t.type === 'series')) {
    const count = r.weighted([
      [1, 18],
      [2, 22],
      [3, 20],
      [4, 16],
      [5, 12],
      [6, 12],
    ] as const);
    const sizes = Array.from({ length: count }, () =>
      r.chance(0.2) ? r.int(13, 16) : r.int(6, 12),
    );
    const onAir = r.chance(0.16);
    const lastSize = sizes[count - 1]!;
    let lastStart: number;
    if (onAir) {
      // Between a week ahead and well into the season: episodes in the last 14 days and the next.
      lastStart =
        reference + releaseHour - r.int(-1, Math.min(lastSize - 2, 6)) * WEEK - r.int(0, 6) * DAY;
    } else {
      const year = moscowYear(reference) - Math.floor(12 * r.next() ** 2);
      const latest = reference - (lastSize + 2) * WEEK;
      const from = yearStart(year);
      lastStart = Math.min(from + r.int(0, 300) * DAY, latest) + releaseHour;
    }

    const starts = sizes.map((_, i) => lastStart - (count - 1 - i) * (r.int(48, 60) * WEEK));
    starts.forEach((start, i) => {
      const seasonId = seasons.length + 1;
      seasons.push({
        id: seasonId,
        title_id: title.id,
        number: i + 1,
        name: `${i + 1} сезон`,
        year: moscowYear(start),
        released_at: start,
      });
      for (let n = 1; n <= sizes[i]!; n++) {
        episodes.push({
          id: episodes.length + 1,
          season_id: seasonId,
          title_id: title.id,
          number: n,
          name: episodeName(r, n, n === sizes[i]),
          description: episodeDescription(r),
          duration_min: r.int(40, 60),
          released_at: start + (n - 1) * WEEK,
          free: i === 0 && n === 1 ? 1 : 0,
        });
      }
    });
    title.released_at = starts[0]!;
    title.year = moscowYear(starts[0]!);
  }
  return { seasons, episodes };
}
