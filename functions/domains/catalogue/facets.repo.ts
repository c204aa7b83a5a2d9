import { asc, desc, sql } from 'drizzle-orm';
import { countries, genres, studios } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';

/**
 * Catalogue facets with how many released titles each one has, in one batched round trip:
 * genres, countries, studios, years and decades (spec section 7, "catalogue …").
 */
export async function loadFacets(db: Db) {
  const [genreRows, countryRows, studioRows, yearRows, decadeRows] = await db.batch(
    facetQueries(db),
  );
  return {
    genres: genreRows,
    countries: countryRows,
    studios: studioRows,
    years: yearRows,
    decades: decadeRows,
  };
}

/** The five facet queries, for pages that batch them with their other reads. */
export function facetQueries(db: Db) {
  const released = sql`t.released_at <= unixepoch() AND t.type != 'trailer'`;
  return [
    db
      .select({
        slug: genres.slug,
        name: genres.name,
        count: sql<number>`(SELECT count(*) FROM title_genres x JOIN titles t ON t.id = x.title_id WHERE x.genre_id = genres.id AND ${released})`,
      })
      .from(genres)
      .orderBy(asc(genres.name)),
    db
      .select({
        code: countries.code,
        name: countries.name,
        count: sql<number>`(SELECT count(*) FROM title_countries x JOIN titles t ON t.id = x.title_id WHERE x.country_id = countries.id AND ${released})`,
      })
      .from(countries)
      .orderBy(asc(countries.name)),
    db
      .select({
        slug: studios.slug,
        name: studios.name,
        count: sql<number>`(SELECT count(*) FROM title_studios x JOIN titles t ON t.id = x.title_id WHERE x.studio_id = studios.id AND ${released})`,
      })
      .from(studios)
      .orderBy(asc(studios.name)),
    db
      .select({ year: sql<number>`t.year`, count: sql<number>`count(*)` })
      .from(sql`titles t`)
      .where(released)
      .groupBy(sql`t.year`)
      .orderBy(desc(sql`t.year`)),
    db
      .select({ decade: sql<number>`t.decade`, count: sql<number>`count(*)` })
      .from(sql`titles t`)
      .where(released)
      .groupBy(sql`t.decade`)
      .orderBy(desc(sql`t.decade`)),
  ] as const;
}
