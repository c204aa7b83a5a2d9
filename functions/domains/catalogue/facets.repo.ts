import { type Viewer, visibleTitles } from '../../access/index.ts';
import { batch } from '../../db/run.ts';
import { and, rows, sql } from '../../db/sql.ts';

/**
 * Catalogue facets with how many released titles the viewer may see each one has, in one batched round trip:
 * genres, countries, studios, years and decades (docs/product.md, «How the site talks to the API», "catalogue …").
 */
export async function loadFacets(d: D1Database, viewer: Viewer) {
  const [genreRows, countryRows, studioRows, yearRows, decadeRows] = await batch(
    d,
    facetQueries(d, viewer),
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
export function facetQueries(d: D1Database, viewer: Viewer) {
  const released = and(
    sql`titles.released_at <= unixepoch() AND titles.type != 'trailer'`,
    visibleTitles(viewer),
  );
  return [
    rows<{ slug: string; name: string; count: number }>(
      d,
      sql`SELECT genres.slug, genres.name,
            (SELECT count(*) FROM title_genres x JOIN titles ON titles.id = x.title_id
             WHERE x.genre_id = genres.id AND ${released}) AS count
          FROM genres ORDER BY genres.name`,
    ),
    rows<{ code: string; name: string; count: number }>(
      d,
      sql`SELECT countries.code, countries.name,
            (SELECT count(*) FROM title_countries x JOIN titles ON titles.id = x.title_id
             WHERE x.country_id = countries.id AND ${released}) AS count
          FROM countries ORDER BY countries.name`,
    ),
    rows<{ slug: string; name: string; count: number }>(
      d,
      sql`SELECT studios.slug, studios.name,
            (SELECT count(*) FROM title_studios x JOIN titles ON titles.id = x.title_id
             WHERE x.studio_id = studios.id AND ${released}) AS count
          FROM studios ORDER BY studios.name`,
    ),
    rows<{ year: number; count: number }>(
      d,
      sql`SELECT titles.year AS year, count(*) AS count FROM titles WHERE ${released}
          GROUP BY titles.year ORDER BY titles.year DESC`,
    ),
    rows<{ decade: number; count: number }>(
      d,
      sql`SELECT titles.decade AS decade, count(*) AS count FROM titles WHERE ${released}
          GROUP BY titles.decade ORDER BY titles.decade DESC`,
    ),
  ] as const;
}
