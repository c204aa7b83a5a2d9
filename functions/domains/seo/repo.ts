import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { seoTexts } from '../../db/schema.ts';

export interface SeoText {
  path: string;
  title: string | null;
  description: string | null;
  noindex: boolean;
  jsonLd: Record<string, unknown>[];
}

/** Paths are stored without a trailing slash ("/" stays "/"), so /info/tos and /info/tos/ share a row. */
export function seoPathKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export async function findSeoText(db: Db, path: string): Promise<SeoText | undefined> {
  const row = await db.query.seoTexts.findFirst({ where: eq(seoTexts.path, seoPathKey(path)) });
  return row && toSeoText(row);
}

export function toSeoText(row: typeof seoTexts.$inferSelect): SeoText {
  const { path, title, description, noindex, jsonLd } = row;
  return { path, title, description, noindex, jsonLd: jsonLd.slice(0, 3) };
}
