import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { type Viewer, visibleTitles } from '../../access/index.ts';
import { countries, genres, studios } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';

/**
 * Catalogue facets with how many released titles the viewer may see each one has, in one batched round trip:
 * genres, countries, studios, years and decades (spec section 7, "catalogue …").
 */
export async function loadFacets(db: Db, viewer: Viewer) {
  const [genreRows, countryRows, studioRows, yearRows, decadeRows] = await db.batch(
    facetQueries(db, viewer),
  );
  return {
    genres: genreRows,
    countries: countryRows,
    studios: studioRows,
    years: yearRows,
    decades: decadeRows,
  };
}

/** The five facet queries (counting what the viewer may see), for pages that batch them. */
export function facetQueries(db: Db, viewer: Viewer) {
  const released = and(
    sql`titles.released_at <= unixepoch() AND titles.type != 'trailer'`,
    visibleTitles(viewer),
  ) as SQL;
  return [
    db
      .select({
        slug: genres.slug,
        name: genres.name,
        count: sql<number>`(SELECT count(*) FROM title_genres x JOIN titles ON titles.id = x.title_id WHERE x.genre_id = genres.id AND ${released})`,
      })
      .from(genres)
      .orderBy(asc(genres.name)),
    db
      .select({
        code: countries.code,
        name: countries.name,
        count: sql<number>`(SELECT count(*) FROM title_countries x JOIN titles ON titles.id = x.title_id WHERE x.country_id = countries.id AND ${released})`,
      })
      .from(countries)
      .orderBy(asc(countries.name)),
    db
      .select({
        slug: studios.slug,
        name: studios.name,
        count: sql<number>`(SELECT count(*) FROM title_studios x JOIN titles ON titles.id = x.title_id WHERE x.studio_id = studios.id AND ${released})`,
      })
      .from(studios)
      .orderBy(asc(studios.name)),
    db
      .select({ year: sql<number>`titles.year`, count: sql<number>`count(*)` })
      .from(sql`titles`)
      .where(released)
      .groupBy(sql`titles.year`)
      .orderBy(desc(sql`titles.year`)),
    db
      .select({ decade: sql<number>`titles.decade`, count: sql<number>`count(*)` })
      .from(sql`titles`)
      .where(released)
      .groupBy(sql`titles.decade`)
      .orderBy(desc(sql`titles.decade`)),
  ] as const;
}
