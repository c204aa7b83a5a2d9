import { and, notInArray, type SQL, sql } from 'drizzle-orm';
import { shelves, titles, tvChannels } from '../db/catalogue-schema.ts';
import { CIS_ONLY_PARTNERS, CIS_ONLY_TYPES } from './rules.ts';
import type { Viewer } from './viewer.ts';

/**
 * The rules of `canSee` as SQL conditions, for repositories to put in their WHERE: lists page and
 * count what the viewer may see, never a page filtered afterwards. Columns are named in full
 * (`titles.partner`), so the conditions also hold in joins and correlated subqueries.
 */

const raw = (column: { name: string }, table: string) => sql.raw(`${table}.${column.name}`);

/** Titles the viewer may see (region and age); undefined when nothing is hidden from them. */
export function visibleTitles(viewer: Viewer): SQL | undefined {
  const cis = viewer.regionGroup === 'cis';
  return and(
    cis ? undefined : notInArray(raw(titles.partner, 'titles'), [...CIS_ONLY_PARTNERS]),
    cis ? undefined : notInArray(raw(titles.type, 'titles'), [...CIS_ONLY_TYPES]),
    viewer.ageLimit === undefined
      ? undefined
      : sql`${raw(titles.ageRating, 'titles')} <= ${viewer.ageLimit}`,
  );
}

/** TV channels the viewer may see. */
export function visibleChannels(viewer: Viewer): SQL | undefined {
  return viewer.ageLimit === undefined
    ? undefined
    : sql`${raw(tvChannels.ageRating, 'tv_channels')} <= ${viewer.ageLimit}`;
}

/** Showcase shelves the viewer may see: a CIS-only partner's shelf only in the CIS. */
export function visibleShelves(viewer: Viewer): SQL | undefined {
  return viewer.regionGroup === 'cis'
    ? undefined
    : sql`(${raw(shelves.partner, 'shelves')} IS NULL OR ${notInArray(raw(shelves.partner, 'shelves'), [...CIS_ONLY_PARTNERS])})`;
}
