import { type Viewer, visibleTitles } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch, type Query, type Results, run } from '../../db/run.ts';
import { and, raw, rows, type Sql, sql, where } from '../../db/sql.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import type { AgeRating, BuyType, Partner, TitleType } from '../../shared/catalogue.ts';
import type { TitleRow } from './content-dto.ts';

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

/** Columns of a title card (`TitleRow`). */
export const cardColumns = raw(
  'titles.id, titles.slug, titles.type, titles.name, titles.original_name AS "originalName", titles.year, titles.age_rating AS "ageRating", titles.partner, titles.rating, ' +
    // The first two genres, for the card's hover line; in the same statement (no round trip).
    `(SELECT group_concat(name, '|') FROM (SELECT genres.name FROM title_genres JOIN genres ON genres.id = title_genres.genre_id WHERE title_genres.title_id = titles.id ORDER BY genres.id LIMIT 2)) AS "genreNames"`,
);

/**
 * Columns of an episode with its series as a card (select from episodes joined to seasons and
 * titles). Aliased: the three tables share column names (id, number, name).
 */
export const episodeCardColumns = raw(
  `episodes.id AS "episodeId", episodes.number AS "episodeNumber", episodes.name AS "episodeName", seasons.number AS "seasonNumber", episodes.released_at AS "episodeReleasedAt", ${cardColumns.text}`,
);

/** An episode with its series as a card (`episodeCardColumns`). */
export interface EpisodeCardRow extends TitleRow {
  episodeId: number;
  episodeNumber: number;
  episodeName: string;
  seasonNumber: number;
  episodeReleasedAt: number;
}

/** A row of titles. */
export interface Title extends TitleRow {
  description: string;
  decade: number;
  durationMin: number | null;
  popularity: number;
  trailerOf: number | null;
  releasedAt: number;
  createdAt: number;
}

const TITLE_COLUMNS = raw(
  `${cardColumns.text}, titles.description, titles.decade, titles.duration_min AS "durationMin", titles.popularity, titles.trailer_of AS "trailerOf", titles.released_at AS "releasedAt", titles.created_at AS "createdAt"`,
);

const ORDER: Record<Sort, Sql> = {
  popular: raw('titles.popularity DESC, titles.id DESC'),
  new: raw('titles.released_at DESC, titles.id DESC'),
  rating: raw('titles.rating DESC NULLS LAST, titles.id DESC'),
};

/** Only what is out: lists never show titles released in the future (premieres list those). */
const released = () => sql`titles.released_at <= unixepoch()`;

/**
 * The titles a list of any type may show this viewer: released, not a trailer, and visible to them
 * (access/'s region and age rules). Recommendations and «Похожие» ask it.
 */
export const listedTitles = (viewer: Viewer) =>
  and(sql`titles.type != 'trailer'`, released(), visibleTitles(viewer));

function filterWhere(f: TitleFilter): Sql {
  return where(
    sql`titles.type IN (${f.types})`,
    released(),
    // Correlated subqueries name their columns in full, where a bare "id" would mean the inner table's.
    f.genre
      ? sql`EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = titles.id AND g.slug = ${f.genre})`
      : undefined,
    f.country
      ? sql`EXISTS (SELECT 1 FROM title_countries tc JOIN countries co ON co.id = tc.country_id WHERE tc.title_id = titles.id AND co.code = ${f.country})`
      : undefined,
    f.studio
      ? sql`EXISTS (SELECT 1 FROM title_studios ts JOIN studios st ON st.id = ts.studio_id WHERE ts.title_id = titles.id AND st.slug = ${f.studio})`
      : undefined,
    f.year !== undefined ? sql`titles.year = ${f.year}` : undefined,
    f.decade !== undefined ? sql`titles.decade = ${f.decade}` : undefined,
    visibleTitles(f.viewer),
    f.partner ? sql`titles.partner = ${f.partner}` : undefined,
    f.partnersOnly ? sql`titles.partner != 'none'` : undefined,
  );
}

/**
 * One page of titles and the total, in one D1 query (the total rides along as a window count).
 * @example await listTitles(db, { types: ['series'], genre: 'drama', sort: 'new' }, { page: 1, page_size: 24 })
 */
export async function listTitles(d: D1Database, f: TitleFilter, page: PageQuery) {
  return withTotal(f, page, await run(listTitlesQuery(d, f, page)), d);
}

/** The page query alone, for pages that batch it with their other reads. */
export function listTitlesQuery(
  d: D1Database,
  f: TitleFilter,
  { page, page_size }: PageQuery,
): Query<(TitleRow & { total: number })[]> {
  return rows(
    d,
    sql`SELECT ${cardColumns}, count(*) OVER () AS total FROM titles ${filterWhere(f)}
        ORDER BY ${ORDER[f.sort]} LIMIT ${page_size} OFFSET ${(page - 1) * page_size}`,
  );
}

/** Rows and total; past the last page the window count is missing, so it is counted then only. */
export async function withTotal<T extends { total: number }>(
  f: TitleFilter,
  { page }: PageQuery,
  found: T[],
  d: D1Database = d1(),
) {
  const total =
    found[0]?.total ??
    (page > 1
      ? (
          await run(rows<{ n: number }>(d, sql`SELECT count(*) AS n FROM titles ${filterWhere(f)}`))
        )[0]!.n
      : 0);
  return { rows: found, total };
}

/**
 * The queries of a title with everything its page shows (see `toFoundTitle`), whoever asks: the
 * caller decides with `canSee` whether this viewer may see it (403, not 404, when not).
 */
export function titleQueries(d: D1Database, id: number) {
  return [
    rows<Title>(d, sql`SELECT ${TITLE_COLUMNS} FROM titles WHERE titles.id = ${id} LIMIT 1`),
    rows<{ slug: string; name: string }>(
      d,
      sql`SELECT genres.slug, genres.name FROM title_genres
          JOIN genres ON genres.id = title_genres.genre_id
          WHERE title_genres.title_id = ${id} ORDER BY genres.name`,
    ),
    rows<{ code: string; name: string }>(
      d,
      sql`SELECT countries.code, countries.name FROM title_countries
          JOIN countries ON countries.id = title_countries.country_id
          WHERE title_countries.title_id = ${id}`,
    ),
    rows<{ slug: string; name: string }>(
      d,
      sql`SELECT studios.slug, studios.name FROM title_studios
          JOIN studios ON studios.id = title_studios.studio_id
          WHERE title_studios.title_id = ${id}`,
    ),
    rows<{
      id: number;
      slug: string;
      name: string;
      originalName: string;
      role: 'actor' | 'director';
    }>(
      d,
      sql`SELECT people.id, people.slug, people.name, people.original_name AS "originalName", title_people.role
          FROM title_people JOIN people ON people.id = title_people.person_id
          WHERE title_people.title_id = ${id} ORDER BY title_people.role, title_people.position`,
    ),
    rows<{ id: number; number: number; name: string; year: number; episodes: number }>(
      d,
      sql`SELECT seasons.id, seasons.number, seasons.name, seasons.year,
            (SELECT count(*) FROM episodes e WHERE e.season_id = seasons.id) AS episodes
          FROM seasons WHERE seasons.title_id = ${id} ORDER BY seasons.number`,
    ),
    rows<{ id: number; slug: string; name: string; buyType: BuyType; partner: Partner }>(
      d,
      sql`SELECT products.id, products.slug, products.name, products.buy_type AS "buyType", products.partner
          FROM title_products JOIN products ON products.id = title_products.product_id
          WHERE title_products.title_id = ${id} ORDER BY products.id`,
    ),
    rows<{ id: number; name: string; year: number; durationMin: number | null }>(
      d,
      sql`SELECT titles.id, titles.name, titles.year, titles.duration_min AS "durationMin"
          FROM titles WHERE titles.trailer_of = ${id} LIMIT 3`,
    ),
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
]: Results<ReturnType<typeof titleQueries>>) {
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
export async function findTitle(d: D1Database, id: number) {
  return toFoundTitle(await batch(d, titleQueries(d, id)));
}

/**
 * The queries of one season of a series with its episodes; without a number, the first season
 * (so a title page can ask for it in the same round trip as the title).
 */
export function seasonQueries(d: D1Database, titleId: number, number?: number) {
  const seasonNumber =
    number ?? sql`(SELECT min(s1.number) FROM seasons s1 WHERE s1.title_id = ${titleId})`;
  return [
    rows<{
      id: number;
      number: number;
      name: string;
      year: number;
      titleName: string;
      ageRating: AgeRating;
      type: TitleType;
      partner: Partner;
    }>(
      d,
      sql`SELECT seasons.id, seasons.number, seasons.name, seasons.year, titles.name AS "titleName",
            titles.age_rating AS "ageRating", titles.type, titles.partner
          FROM seasons JOIN titles ON titles.id = seasons.title_id
          WHERE seasons.title_id = ${titleId} AND seasons.number = ${seasonNumber} AND titles.type = 'series'
          LIMIT 1`,
    ),
    rows<EpisodeRow>(
      d,
      sql`SELECT episodes.id, episodes.number, episodes.name, episodes.description,
            episodes.duration_min AS "durationMin", episodes.released_at AS "releasedAt",
            episodes.free
          FROM episodes
          WHERE episodes.season_id = (SELECT s.id FROM seasons s WHERE s.title_id = ${titleId} AND s.number = ${seasonNumber})
          ORDER BY episodes.number`,
      (r) => ({ ...(r as unknown as EpisodeRow), free: r.free === 1 }),
    ),
  ] as const;
}

/** An episode of a season's list. */
interface EpisodeRow {
  id: number;
  number: number;
  name: string;
  description: string;
  durationMin: number;
  releasedAt: number;
  /** Free to everyone who may see the series, without a subscription («Бесплатно»). */
  free: boolean;
}

/** A season from the rows of `seasonQueries`; undefined when there is none. */
export function toFoundSeason([seasonRows, episodeRows]: Results<
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
export async function findSeason(d: D1Database, titleId: number, number: number) {
  return toFoundSeason(await batch(d, seasonQueries(d, titleId, number)));
}

/** Titles sharing the most genres with a title, then by popularity (the title itself left out). */
export async function recommendationsFor(
  d: D1Database,
  titleId: number,
  limit: number,
  viewer: Viewer,
) {
  return run(
    rows<TitleRow & { shared: number }>(
      d,
      sql`SELECT ${cardColumns},
            (SELECT count(*) FROM title_genres a JOIN title_genres b ON a.genre_id = b.genre_id
             WHERE a.title_id = ${titleId} AND b.title_id = titles.id) AS shared
          FROM titles
          ${where(sql`titles.id != ${titleId}`, listedTitles(viewer))}
          ORDER BY shared DESC, titles.popularity DESC LIMIT ${limit}`,
    ),
  );
}

/** The seasons of a series, for the spec's season URLs, with the facts the access rules need. */
export async function seasonsOf(d: D1Database, titleId: number) {
  const [facts, found] = await batch(d, [
    rows<{ type: TitleType; partner: Partner; ageRating: AgeRating }>(
      d,
      sql`SELECT type, partner, age_rating AS "ageRating" FROM titles WHERE id = ${titleId} LIMIT 1`,
    ),
    rows<{ id: number; number: number; name: string; year: number }>(
      d,
      sql`SELECT id, number, name, year FROM seasons WHERE title_id = ${titleId} ORDER BY number`,
    ),
  ]);
  return { title: facts[0], seasons: found };
}
