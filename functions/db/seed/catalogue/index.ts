/**
 * The generated catalogue as SQL for the seed. Deterministic (seeded PRNG, fixed reference day),
 * idempotent (`ON CONFLICT DO NOTHING` on fixed ids; the search index is rebuilt from the tables).
 */

import { typeset } from '../../../lib/typeset.ts';
import { reindexTitlesSql } from '../../search-index.ts';
import { lit } from '../sql.ts';
import { DEFAULT_REFERENCE, moscowMidnight } from './clock.ts';
import { generatePeople } from './people.ts';
import { rng } from './rng.ts';
import { generateSeries } from './series.ts';
import { generateShowcases } from './showcases.ts';
import { countries, genres, products, studios } from './taxonomy.ts';
import { generateTitles, generateTrailers } from './titles.ts';
import { generateTv, tvWindow } from './tv.ts';

export interface CatalogueOptions {
  /** The day "today" is for the seed (Moscow, `YYYY-MM-DD`): releases, new episodes and the TV week. */
  reference?: string;
  /** A fraction of the full catalogue's titles (tests load a small one); taxonomy and TV stay whole. */
  scale?: number;
}

/**
 * Every seeded row, table by table, in an order that satisfies the foreign keys.
 * @example catalogueRows().titles.length // 624
 */
export function catalogueRows(opts: CatalogueOptions = {}) {
  const reference = moscowMidnight(opts.reference ?? DEFAULT_REFERENCE);
  const scale = opts.scale ?? 1;
  const people = generatePeople(rng('people'), Math.max(40, Math.round(600 * scale)));
  const { titles, links } = generateTitles({ scale, reference, people });
  const { seasons, episodes } = generateSeries(titles, reference);
  const trailers = generateTrailers(titles, links, reference);
  const [from, to] = tvWindow(reference);
  const tv = generateTv(titles, from, to);
  const editorial = generateShowcases([...titles, ...trailers], links, episodes, reference);
  // Prose is stored typeset (functions/lib/typeset.ts), so the API answers it ready for islands.
  const prose = proseTypesetter();
  prose([...titles, ...trailers, ...episodes, ...editorial.collections], 'description');
  prose([...tv.channels, ...tv.programmes], 'description');
  prose(editorial.page_banners, 'text');
  return {
    genres,
    countries,
    studios,
    people,
    titles: [...titles, ...trailers],
    title_genres: links.title_genres,
    title_countries: links.title_countries,
    title_studios: links.title_studios,
    title_people: links.title_people,
    seasons,
    episodes,
    products,
    title_products: links.title_products,
    collections: editorial.collections,
    collection_items: editorial.collection_items,
    showcases: editorial.showcases,
    shelves: editorial.shelves,
    shelf_items: editorial.shelf_items,
    page_banners: editorial.page_banners,
    tv_channels: tv.channels,
    tv_programmes: tv.programmes,
    cms_settings: editorial.cms_settings,
  };
}
export type CatalogueRows = ReturnType<typeof catalogueRows>;

/** Typesets one text column of rows in place; texts repeat (a TV week), so each is typeset once. */
function proseTypesetter() {
  const done = new Map<string, string>();
  return <K extends string>(rows: Record<K, unknown>[], column: K) => {
    for (const row of rows) {
      const text = row[column];
      if (typeof text !== 'string') continue;
      let out = done.get(text);
      if (out === undefined) {
        out = typeset(text);
        done.set(text, out);
      }
      row[column] = out;
    }
  };
}

// D1 refuses statements over 100 KB; rows are batched well under that.
const MAX_STATEMENT_BYTES = 90_000;
const encoder = new TextEncoder();

/** Idempotent multi-row inserts of `rows`, each statement under D1's size limit. */
function inserts(table: string, rows: Record<string, unknown>[]): string[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n  `;
  const tail = '\nON CONFLICT DO NOTHING;';
  const statements: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    const tuple = `(${columns.map((c) => lit(row[c])).join(', ')})`;
    const size = encoder.encode(tuple).length + 4;
    if (batch.length > 0 && bytes + size > MAX_STATEMENT_BYTES) {
      statements.push(head + batch.join(',\n  ') + tail);
      batch = [];
      bytes = 0;
    }
    batch.push(tuple);
    bytes += size;
  }
  statements.push(head + batch.join(',\n  ') + tail);
  return statements;
}

/**
 * The free flags again as UPDATEs: a database seeded before the flags existed keeps its rows
 * (the inserts do nothing), so these give it the free first episodes and channels. Setting a flag
 * that is already set changes nothing.
 */
function freeFlags(rows: CatalogueRows): string[] {
  const free = (list: { id: number; free: number }[]) =>
    list.filter((r) => r.free === 1).map((r) => r.id);
  const update = (table: string, ids: number[]) =>
    ids.length
      ? [`UPDATE ${table} SET free = 1 WHERE free = 0 AND id IN (${ids.join(', ')});`]
      : [];
  return [
    ...update('episodes', free(rows.episodes)),
    ...update('tv_channels', free(rows.tv_channels)),
  ];
}

/**
 * The catalogue as a list of SQL statements, one per batch of rows.
 * @example for (const s of catalogueStatements({ scale: 0.1 })) await env.DB.prepare(s).run()
 */
export function catalogueStatements(opts: CatalogueOptions = {}): string[] {
  const rows = catalogueRows(opts);
  return [
    ...Object.entries(rows).flatMap(([table, tableRows]) =>
      inserts(table, tableRows as Record<string, unknown>[]),
    ),
    ...freeFlags(rows),
    ...reindexTitlesSql().map((s) => `${s};`),
  ];
}

/**
 * The catalogue as one SQL script, for `wrangler d1 execute --file`.
 * @example writeFileSync('seed.sql', catalogueSql())
 */
export function catalogueSql(opts: CatalogueOptions = {}): string {
  return `${catalogueStatements(opts).join('\n')}\n`;
}
