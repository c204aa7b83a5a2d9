import type { AstroGlobal } from 'astro';
import { facetQueries } from '../../functions/api/catalogue/catalogue.repo.ts';
import { listTitlesQuery, withTotal } from '../../functions/api/content/content.repo.ts';
import { toCard } from '../../functions/api/content/content-dto.ts';
import { listQuery } from '../../functions/api/content/routes.ts';
import { allFlags, togglesFrom, type Toggles } from '../../functions/api/flags/flags.repo.ts';
import { db } from '../../functions/db/client.ts';
import type { Partner, TitleType } from '../../functions/db/catalogue-schema.ts';
import { maxAgeFor } from '../../functions/lib/cms-cache.ts';

export interface CatalogueOptions {
  types: TitleType[];
  /** A partner section shows only that partner's titles. */
  partner?: Partner;
  /** The section exists only while this holds for the current feature toggles. */
  available?: (toggles: Toggles) => boolean;
}

export type CatalogueData = NonNullable<Awaited<ReturnType<typeof loadCataloguePage>>>;

/**
 * What a catalogue section shows for this request, in one batched D1 round trip (the page of
 * titles, the flags and the filter values); null, with the 404 status set, when the query is
 * malformed or the section is switched off. Call it from the page's frontmatter: a status set
 * after an await inside a component comes too late for Astro's streamed response.
 */
export async function loadCataloguePage(Astro: AstroGlobal, { types, partner, available = () => true }: CatalogueOptions) {
  const parsed = listQuery.safeParse(Object.fromEntries(Astro.url.searchParams));
  if (!parsed.success) {
    Astro.response.status = 404;
    return null;
  }
  const query = parsed.data;
  const d = db();
  const maxAge = maxAgeFor(Astro.locals.edge.session, query.age);
  const filter = { types, partner: partner ?? query.partner, genre: query.genre, country: query.country, studio: query.studio, year: query.year, decade: query.decade, maxAge, sort: query.sort };
  const [rows, flags, genres, countries, , , decades] = await d.batch([listTitlesQuery(d, filter, query), allFlags(d), ...facetQueries(d)]);
  if (!available(togglesFrom(flags))) {
    Astro.response.status = 404;
    return null;
  }
  const { total } = await withTotal(d, filter, query, rows);
  return { query, cards: rows.map(toCard), total, facets: { genres, countries, decades } };
}
