import { and, type Sql, sql } from '../db/sql.ts';
import { CIS_ONLY_PARTNERS, CIS_ONLY_TYPES } from './rules.ts';
import type { Viewer } from './viewer.ts';

/**
 * The rules of `canSee` as SQL conditions, for repositories to put in their WHERE: lists page and
 * count what the viewer may see, never a page filtered afterwards. Columns are named in full
 * (`titles.partner`), so the conditions also hold in joins and correlated subqueries. SQL, so a
 * repository of its own (only repositories use it), beside the rules it restates (rules.ts).
 */

/** Titles the viewer may see (region and age); undefined when nothing is hidden from them. */
export function visibleTitles(viewer: Viewer): Sql | undefined {
  const cis = viewer.regionGroup === 'cis';
  const found = and(
    !cis && sql`titles.partner NOT IN (${[...CIS_ONLY_PARTNERS]})`,
    !cis && sql`titles.type NOT IN (${[...CIS_ONLY_TYPES]})`,
    viewer.ageLimit !== undefined && sql`titles.age_rating <= ${viewer.ageLimit}`,
  );
  return found.text ? found : undefined;
}

/** TV channels the viewer may see. */
export function visibleChannels(viewer: Viewer): Sql | undefined {
  return viewer.ageLimit === undefined
    ? undefined
    : sql`tv_channels.age_rating <= ${viewer.ageLimit}`;
}

/** Showcase shelves the viewer may see: a CIS-only partner's shelf only in the CIS. */
export function visibleShelves(viewer: Viewer): Sql | undefined {
  return viewer.regionGroup === 'cis'
    ? undefined
    : sql`(shelves.partner IS NULL OR shelves.partner NOT IN (${[...CIS_ONLY_PARTNERS]}))`;
}
