import { type Query, run } from '../../db/run.ts';
import { bool, firstRow, json, sql } from '../../db/sql.ts';

import type { SeoText } from './schemas.ts';

/** Paths are stored without a trailing slash ("/" stays "/"), so /info/tos and /info/tos/ share a row. */
export function seoPathKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const toRow = (r: Record<string, unknown>): SeoText => ({
  path: String(r.path),
  title: (r.title as string | null) ?? null,
  description: (r.description as string | null) ?? null,
  noindex: bool(r.noindex),
  jsonLd: json<Record<string, unknown>[]>(r.jsonLd, []),
});

/** The CMS SEO texts of a path, as a query a page can batch with its own. */
export function seoTextQuery(d: D1Database, path: string): Query<SeoText | undefined> {
  return firstRow(
    d,
    sql`SELECT path, title, description, noindex, json_ld AS "jsonLd" FROM seo_texts
        WHERE path = ${seoPathKey(path)} LIMIT 1`,
    toRow,
  );
}

export async function findSeoText(d: D1Database, path: string): Promise<SeoText | undefined> {
  const row = await run(seoTextQuery(d, path));
  return row && toSeoText(row);
}

export function toSeoText(row: SeoText): SeoText {
  const { path, title, description, noindex, jsonLd } = row;
  return { path, title, description, noindex, jsonLd: jsonLd.slice(0, 3) };
}
