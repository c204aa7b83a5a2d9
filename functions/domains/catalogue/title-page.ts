import type { Viewer } from '../../access/index.ts';
import type { Results } from '../../db/run.ts';
import { seasonQueries, titleQueries, toFoundSeason, toFoundTitle } from './content.repo.ts';
import { toCard } from './content-dto.ts';
import { similarTitlesQuery } from './similar.repo.ts';

/**
 * A title page's queries, for one round trip with its layout's: the title, the season on show (the
 * first unless `season` is given) and the titles like it that this viewer may see («Похожие»).
 * @example toTitlePage(await batch(d, titlePageQueries(d, 12, viewer)))
 */
export function titlePageQueries(d: D1Database, id: number, viewer: Viewer, season?: number) {
  return [
    ...titleQueries(d, id),
    ...seasonQueries(d, id, season),
    similarTitlesQuery(d, id, viewer),
  ] as const;
}

/** The title, its season on show and the cards of titles like it, from `titlePageQueries`' rows. */
export function toTitlePage(found: Results<ReturnType<typeof titlePageQueries>>) {
  const [t0, t1, t2, t3, t4, t5, t6, t7, s0, s1, similar] = found;
  const title = toFoundTitle([t0, t1, t2, t3, t4, t5, t6, t7]);
  return {
    found: title,
    season: title?.title.type === 'series' ? toFoundSeason([s0, s1]) : undefined,
    similar: similar.map(toCard),
  };
}
