import { assertCanSee, type Section, type Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import type { Partner, TitleType } from '../../shared/catalogue.ts';
import { texts } from '../../shared/texts.ts';
import {
  findSeason,
  findTitle,
  listTitles,
  recommendationsFor,
  type Sort,
  seasonsOf,
} from './content.repo.ts';
import { loadFacets } from './facets.repo.ts';
import { premiereEpisodes, premiereSeasons } from './premieres.repo.ts';
import { listProducts, productContent } from './products.repo.ts';
import { finishSearch, presetTitles, type SearchPlan, searchTitles } from './search.repo.ts';
import {
  findBanners,
  findCollection,
  findShowcase,
  listCollections,
  type ShowcaseKey,
} from './showcases.repo.ts';
import { contentTexts } from './texts.ts';

/**
 * The catalogue as a viewer sees it: every read asks the access rules (functions/access), lists in
 * their SQL, details with `assertCanSee` (403 with the reason). Routes and pages call these.
 */

/** List paths of docs/product.md, «How the site talks to the API» ("content movies, series, kids, trailers, special") and their types. */
export const TITLE_LISTS: Record<string, TitleType[]> = {
  movies: ['movie'],
  series: ['series'],
  kids: ['kids'],
  trailers: ['trailer'],
  special: ['movie', 'series', 'kids'],
};

/** Detail paths accept the singular and plural type names. */
const DETAIL_TYPES: Record<string, TitleType> = {
  movie: 'movie',
  movies: 'movie',
  series: 'series',
  kids: 'kids',
  trailer: 'trailer',
  trailers: 'trailer',
};

/**
 * The sections with a rule of their own that a list is: a partner's (by its filter), Детям (a list
 * of kids titles only), or both.
 * @example sectionsOf(['kids'], 'paramount-plus') // ['paramount-plus', 'kids']
 */
export function sectionsOf(types: TitleType[], partner?: Partner): Section[] {
  return [
    ...(partner && partner !== 'none' ? [partner] : []),
    ...(types.length === 1 && types[0] === 'kids' ? (['kids'] as const) : []),
  ];
}

export interface ListFilters {
  genre?: string;
  country?: string;
  studio?: string;
  year?: number;
  decade?: number;
  partner?: Partner;
  sort: Sort;
}

/**
 * A page of a content list (`movies`, `series`, `kids`, `trailers`, `special`) and its total; a
 * section the viewer may not open (Детям, a CIS-only partner) is a 403, not an empty list.
 */
export async function titleList(viewer: Viewer, list: string, f: ListFilters, page: PageQuery) {
  const types = TITLE_LISTS[list];
  if (!types || !Object.hasOwn(TITLE_LISTS, list))
    throw new ApiError(404, texts.notFound, 'not_found');
  for (const section of sectionsOf(list === 'special' ? [] : types, f.partner))
    assertCanSee(viewer, { kind: 'section', section });
  return listTitles(
    d1(),
    { ...f, types, viewer, partnersOnly: list === 'special' && !f.partner },
    page,
  );
}

/** A title the viewer may see, with everything its page shows: 404 when there is none, 403 when not theirs. */
export async function titleDetail(viewer: Viewer, id: number, typeName?: string) {
  const type = typeName === undefined ? undefined : DETAIL_TYPES[typeName];
  if (typeName !== undefined && (!type || !Object.hasOwn(DETAIL_TYPES, typeName)))
    throw new ApiError(404, texts.notFound, 'not_found');
  const found = await findTitle(d1(), id);
  if (!found || (type && found.title.type !== type))
    throw new ApiError(404, contentTexts.notFound, 'content_not_found');
  assertCanSee(viewer, { kind: 'title', ...found.title });
  return found;
}

/** One season of a series with its episodes (404 when there is none, 403 when not theirs). */
export async function seasonDetail(viewer: Viewer, titleId: number, number: number) {
  const found = await findSeason(d1(), titleId, number);
  if (!found) throw new ApiError(404, contentTexts.seasonNotFound, 'season_not_found');
  assertCanSee(viewer, { kind: 'title', ...found.title });
  return found;
}

/** The seasons of a series (none for an unknown title; 403 for one the viewer may not see). */
export async function titleSeasons(viewer: Viewer, titleId: number) {
  const { title, seasons } = await seasonsOf(d1(), titleId);
  if (title) assertCanSee(viewer, { kind: 'title', ...title });
  return seasons;
}

export const recommendations = (viewer: Viewer, titleId: number, limit: number) =>
  recommendationsFor(d1(), titleId, limit, viewer);

export const search = (viewer: Viewer, query: string, page: PageQuery) =>
  searchTitles(d1(), query, page, viewer);

export const searchPreset = (viewer: Viewer, limit: number) => presetTitles(d1(), limit, viewer);

/** The rest of a search whose first round trip a page batched with its own (`planSearch`). */
export const searchFinish = (plan: SearchPlan, results: readonly unknown[]) =>
  finishSearch(d1(), plan, results);

export const facets = (viewer: Viewer) => loadFacets(d1(), viewer);

export const showcase = (viewer: Viewer, key: ShowcaseKey) => findShowcase(d1(), key, viewer);

export const pageBanners = (viewer: Viewer, page: string) => findBanners(d1(), page, viewer);

export const collections = (viewer: Viewer) => listCollections(d1(), viewer);

export const collection = (viewer: Viewer, slug: string) => findCollection(d1(), slug, viewer);

export const newEpisodes = (viewer: Viewer, from: number, to: number, limit: number) =>
  premiereEpisodes(d1(), from, to, limit, viewer);

export const newSeasons = (viewer: Viewer, from: number, to: number, limit: number) =>
  premiereSeasons(d1(), from, to, limit, viewer);

export const products = () => listProducts(d1());

/** The titles a product unlocks; a CIS-only partner's product is a 403 outside the CIS. */
export async function productTitles(viewer: Viewer, idOrSlug: string, page: PageQuery) {
  const found = await productContent(d1(), idOrSlug, page, viewer);
  if (found && found.product.partner !== 'none')
    assertCanSee(viewer, { kind: 'section', section: found.product.partner });
  return found;
}
