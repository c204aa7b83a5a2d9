import { and, asc, desc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { type Viewer, visibleTitles } from '../../access/index.ts';
import {
  countries,
  episodes,
  genres,
  type Partner,
  people,
  products,
  seasons,
  studios,
  type TitleType,
  titleCountries,
  titleGenres,
  titlePeople,
  titleProducts,
  titleStudios,
  titles,
} from '../../db/catalogue-schema.ts';
import { type Db, db as defaultDb } from '../../db/client.ts';
import type { PageQuery } from '../../lib/pagination.ts';

export const SORTS = ['popular', 'new', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

export interface TitleFilter {
  types: TitleType[];
  genre?: string;
  country?: string;
  studio?: string;
  year?: number;
  decade?: number;
  /** Who is asking: the list holds only what they may see (functions/access). */
  viewer: Viewer;
  partner?: Partner;
  /** Only partners' titles (the special list without a partner). */
  partnersOnly?: boolean;
  sort: Sort;
}

/** Columns of a title card. */
export const cardColumns = {
  id: titles.id,
  slug: titles.slug,
  type: titles.type,
  name: titles.name,
  originalName: titles.originalName,
  year: titles.year,
  ageRating: titles.ageRating,
  partner: titles.partner,
  rating: titles.rating,
};

/**
 * Columns of an episode with its series as a card (select from episodes joined to seasons and
 * titles). Aliased: the three tables share column names (id, number, name).
 */
export const episodeCardColumns = {
  episodeId: sql<number>`episodes.id`.as('episode_id'),
  episodeNumber: sql<number>`episodes.number`.as('episode_number'),
  episodeName: sql<string>`episodes.name`.as('episode_name'),
  seasonNumber: sql<number>`seasons.number`.as('season_number'),
  episodeReleasedAt: sql<number>`episodes.released_at`.as('episode_released_at'),
  ...cardColumns,
};

const ORDER: Record<Sort, SQL[]> = {
  popular: [desc(titles.popularity), desc(titles.id)],
  new: [desc(titles.releasedAt), desc(titles.id)],
  rating: [sql`${titles.rating} DESC NULLS LAST`, desc(titles.id)],
};

/** Only what is out: lists never show titles released in the future (premieres list those). */
const released = () => lte(titles.releasedAt, sql`unixepoch()`);

function filterWhere(f: TitleFilter): SQL | undefined {
  return and(
    inArray(titles.type, f.types),
    released(),
    // Correlated subqueries name their columns in full: drizzle leaves them unqualified in a
    // single-table select, where "id" would silently mean the inner table's.
    f.genre
      ? sql`EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = titles.id AND g.slug = ${f.genre})`
      : undefined,
    f.country
      ? sql`EXISTS (SELECT 1 FROM title_countries tc JOIN countries co ON co.id = tc.country_id WHERE tc.title_id = titles.id AND co.code = ${f.country})`
      : undefined,
    f.studio
      ? sql`EXISTS (SELECT 1 FROM title_studios ts JOIN studios st ON st.id = ts.studio_id WHERE ts.title_id = titles.id AND st.slug = ${f.studio})`
      : undefined,
    f.year !== undefined ? eq(titles.year, f.year) : undefined,
    f.decade !== undefined ? eq(titles.decade, f.decade) : undefined,
    visibleTitles(f.viewer),
    f.partner ? eq(titles.partner, f.partner) : undefined,
    f.partnersOnly ? ne(titles.partner, 'none') : undefined,
  );
}

/**
 * One page of titles and the total, in one D1 query (the total rides along as a window count).
 * @example await listTitles(db, { types: ['series'], genre: 'drama', sort: 'new' }, { page: 1, page_size: 24 })
 */
export async function listTitles(db: Db, f: TitleFilter, page: PageQuery) {
  return withTotal(f, page, await listTitlesQuery(db, f, page), db);
}

/** The page query alone, for pages that batch it with their other reads. */
export function listTitlesQuery(db: Db, f: TitleFilter, { page, page_size }: PageQuery) {
  return db
    .select({ ...cardColumns, total: sql<number>`count(*) OVER ()` })
    .from(titles)
    .where(filterWhere(f))
    .orderBy(...ORDER[f.sort])
    .limit(page_size)
    .offset((page - 1) * page_size);
}

/** Rows and total; past the last page the window count is missing, so it is counted then only. */
export async function withTotal<T extends { total: number }>(
  f: TitleFilter,
  { page }: PageQuery,
  rows: T[],
  db: Db = defaultDb(),
) {
  const total =
    rows[0]?.total ??
    (page > 1
      ? (await db.select({ n: sql<number>`count(*)` }).from(titles).where(filterWhere(f)))[0]!.n
      : 0);
  return { rows, total };
}

/**
 * The queries of a title with everything its page shows (see `toFoundTitle`), whoever asks: the
 * caller decides with `canSee` whether this viewer may see it (403, not 404, when not).
 */
export function titleQueries(db: Db, id: number) {
  return [
    db.select().from(titles).where(eq(titles.id, id)).limit(1),
    db
      .select({ slug: genres.slug, name: genres.name })
      .from(titleGenres)
      .innerJoin(genres, eq(genres.id, titleGenres.genreId))
      .where(eq(titleGenres.titleId, id))
      .orderBy(asc(genres.name)),
    db
      .select({ code: countries.code, name: countries.name })
      .from(titleCountries)
      .innerJoin(countries, eq(countries.id, titleCountries.countryId))
      .where(eq(titleCountries.titleId, id)),
    db
      .select({ slug: studios.slug, name: studios.name })
      .from(titleStudios)
      .innerJoin(studios, eq(studios.id, titleStudios.studioId))
      .where(eq(titleStudios.titleId, id)),
    db
      .select({
        id: people.id,
        slug: people.slug,
        name: people.name,
        originalName: people.originalName,
        role: titlePeople.role,
      })
      .from(titlePeople)
      .innerJoin(people, eq(people.id, titlePeople.personId))
      .where(eq(titlePeople.titleId, id))
      .orderBy(asc(titlePeople.role), asc(titlePeople.position)),
    db
      .select({
        id: seasons.id,
        number: seasons.number,
        name: seasons.name,
        year: seasons.year,
        episodes: sql<number>`(SELECT count(*) FROM episodes e WHERE e.season_id = seasons.id)`,
      })
      .from(seasons)
      .where(eq(seasons.titleId, id))
      .orderBy(asc(seasons.number)),
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        buyType: products.buyType,
        partner: products.partner,
      })
      .from(titleProducts)
      .innerJoin(products, eq(products.id, titleProducts.productId))
      .where(eq(titleProducts.titleId, id))
      .orderBy(asc(products.id)),
    db
      .select({
        id: titles.id,
        name: titles.name,
        year: titles.year,
        durationMin: titles.durationMin,
      })
      .from(titles)
      .where(eq(titles.trailerOf, id))
      .limit(3),
  ] as const;
}

/** A title from the rows of `titleQueries`; undefined when there is none. */
export function toFoundTitle([
  found,
  genreRows,
  countryRows,
  studioRows,
  peopleRows,
  seasonRows,
  productRows,
  trailerRows,
]: BatchResponse<ReturnType<typeof titleQueries>>) {
  const title = found[0];
  if (!title) return undefined;
  return {
    title,
    genres: genreRows,
    countries: countryRows,
    studios: studioRows,
    people: peopleRows,
    seasons: seasonRows,
    products: productRows,
    trailers: trailerRows,
  };
}

/** A title with everything its page shows, in one batched round trip. */
export async function findTitle(db: Db, id: number) {
  return toFoundTitle(await db.batch(titleQueries(db, id)));
}

/**
 * The queries of one season of a series with its episodes; without a number, the first season
 * (so a title page can ask for it in the same round trip as the title).
 */
export function seasonQueries(db: Db, titleId: number, number?: number) {
  const seasonNumber =
    number ?? sql`(SELECT min(s1.number) FROM seasons s1 WHERE s1.title_id = ${titleId})`;
  return [
    db
      .select({
        id: seasons.id,
        number: seasons.number,
        name: seasons.name,
        year: seasons.year,
        titleName: sql<string>`titles.name`.as('title_name'),
        ageRating: titles.ageRating,
        type: titles.type,
        partner: titles.partner,
      })
      .from(seasons)
      .innerJoin(titles, eq(titles.id, seasons.titleId))
      .where(
        and(
          eq(seasons.titleId, titleId),
          sql`seasons.number = ${seasonNumber}`,
          eq(titles.type, 'series'),
        ),
      )
      .limit(1),
    db
      .select({
        id: episodes.id,
        number: episodes.number,
        name: episodes.name,
        description: episodes.description,
        durationMin: episodes.durationMin,
        releasedAt: episodes.releasedAt,
      })
      .from(episodes)
      .where(
        sql`episodes.season_id = (SELECT s.id FROM seasons s WHERE s.title_id = ${titleId} AND s.number = ${seasonNumber})`,
      )
      .orderBy(asc(episodes.number)),
  ] as const;
}

/** A season from the rows of `seasonQueries`; undefined when there is none. */
export function toFoundSeason([seasonRows, episodeRows]: BatchResponse<
  ReturnType<typeof seasonQueries>
>) {
  const found = seasonRows[0];
  if (!found) return undefined;
  return {
    season: found,
    titleName: found.titleName,
    title: { type: found.type, partner: found.partner, ageRating: found.ageRating },
    ageRating: found.ageRating,
    episodes: episodeRows,
  };
}

/** One season of a series with its episodes, in one batched round trip. */
export async function findSeason(db: Db, titleId: number, number: number) {
  return toFoundSeason(await db.batch(seasonQueries(db, titleId, number)));
}

/** A title page's queries: the title and the season on show (the first unless `season` is given). */
export function titlePageQueries(db: Db, id: number, season?: number) {
  return [...titleQueries(db, id), ...seasonQueries(db, id, season)] as const;
}

/** The title and its season on show from the rows of `titlePageQueries`. */
export function toTitlePage(rows: BatchResponse<ReturnType<typeof titlePageQueries>>) {
  const [t0, t1, t2, t3, t4, t5, t6, t7, s0, s1] = rows;
  const found = toFoundTitle([t0, t1, t2, t3, t4, t5, t6, t7]);
  return { found, season: found?.title.type === 'series' ? toFoundSeason([s0, s1]) : undefined };
}

/** Titles sharing the most genres with a title, then by popularity (the title itself left out). */
export async function recommendationsFor(db: Db, titleId: number, limit: number, viewer: Viewer) {
  return db
    .select({
      ...cardColumns,
      shared:
        sql<number>`(SELECT count(*) FROM title_genres a JOIN title_genres b ON a.genre_id = b.genre_id WHERE a.title_id = ${titleId} AND b.title_id = titles.id)`.as(
          'shared',
        ),
    })
    .from(titles)
    .where(
      and(
        sql`titles.id != ${titleId} AND titles.type != 'trailer'`,
        released(),
        visibleTitles(viewer),
      ),
    )
    .orderBy(sql`shared DESC`, desc(titles.popularity))
    .limit(limit);
}

/** The seasons of a series, for the spec's season URLs, with the facts the access rules need. */
export async function seasonsOf(db: Db, titleId: number) {
  const [facts, rows] = await db.batch([
    db
      .select({ type: titles.type, partner: titles.partner, ageRating: titles.ageRating })
      .from(titles)
      .where(eq(titles.id, titleId))
      .limit(1),
    db
      .select({ id: seasons.id, number: seasons.number, name: seasons.name, year: seasons.year })
      .from(seasons)
      .where(eq(seasons.titleId, titleId))
      .orderBy(asc(seasons.number)),
  ]);
  return { title: facts[0], seasons: rows };
}
