import type { AstroGlobal } from 'astro';
import { canSee } from '../../functions/access/index.ts';
import {
  facetQueries,
  listQuery,
  listTitlesQuery,
  type Partner,
  sectionsOf,
  type TitleType,
  toCard,
  withTotal,
} from '../../functions/domains/catalogue/index.ts';
import type { Toggles } from '../../functions/domains/flags/index.ts';
import { shareWithGuests } from './page-cache.ts';
import { loadPage } from './page-context.ts';
import { pageViewer } from './viewer.ts';

export interface CatalogueOptions {
  types: TitleType[];
  /** A partner section shows only that partner's titles. */
  partner?: Partner;
  /** The section exists only while this holds for the current feature toggles. */
  available?: (toggles: Toggles) => boolean;
}

/**
 * The address without its empty parameters: the phone's filter form (a GET form) sends every
 * field, «Все» as an empty value, which means no filter.
 * @example withoutEmpty(new URL('https://x/movies?genre=&age=12')).search // '?age=12'
 */
export function withoutEmpty(url: URL): URL {
  const clean = new URL(url);
  // Only the empty values go: `?genre=&genre=drama` keeps its drama.
  clean.search = new URLSearchParams(
    [...url.searchParams].filter(([, value]) => value !== ''),
  ).toString();
  return clean;
}

export type CatalogueData = NonNullable<Awaited<ReturnType<typeof loadCataloguePage>>>;

/**
 * What a catalogue section shows for this request, in one batched D1 round trip with the layout's
 * data (the page of titles, the flags, the SEO texts and the filter values); shared with other
 * guests at the edge; null, with the 404 status set, when the query is malformed or the section is
 * switched off, and with 403 when the viewer may not open it (Детям, Paramount+ outside the CIS). Call it from the page's frontmatter: a status set
 * after an await inside a component comes too late for Astro's streamed response.
 */
export async function loadCataloguePage(
  Astro: AstroGlobal,
  { types, partner, available = () => true }: CatalogueOptions,
) {
  const parsed = listQuery.safeParse(Object.fromEntries(withoutEmpty(Astro.url).searchParams));
  if (!parsed.success) {
    Astro.response.status = 404;
    return null;
  }
  const query = parsed.data;
  const viewer = pageViewer(Astro, query.age);
  const sections = sectionsOf(types, partner ?? query.partner);
  if (sections.some((section) => !canSee(viewer, { kind: 'section', section }).allowed)) {
    Astro.response.status = 403;
    return null;
  }
  const filter = {
    types,
    partner: partner ?? query.partner,
    genre: query.genre,
    country: query.country,
    studio: query.studio,
    year: query.year,
    decade: query.decade,
    viewer,
    sort: query.sort,
  };
  const { context, results } = await loadPage(Astro, (d) => {
    const [genres, countries, , , decades] = facetQueries(d, viewer);
    return [listTitlesQuery(d, filter, query), genres, countries, decades] as const;
  });
  const [rows, genres, countries, decades] = results;
  if (!available(context.toggles)) {
    Astro.response.status = 404;
    return null;
  }
  shareWithGuests(Astro);
  const { total } = await withTotal(filter, query, rows);
  return { query, cards: rows.map(toCard), total, facets: { genres, countries, decades } };
}
