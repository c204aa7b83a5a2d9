import { type Query, run } from '../../db/run.ts';
import { firstRow, json, rows, sql } from '../../db/sql.ts';
import type { TechPageSection } from './schemas.ts';

/** CMS tech pages of docs/product.md, «How the site talks to the API»: "tech pages faq and contact". */
export const TECH_PAGE_SLUGS = ['faq', 'contact'] as const;
export type TechPageSlug = (typeof TECH_PAGE_SLUGS)[number];

/** A tech page (table tech_pages): a title, a lead and ordered sections of questions or blocks. */
export interface TechPage {
  slug: string;
  title: string;
  lead: string;
  sections: TechPageSection[];
  updatedAt: number;
}

export async function findTechPage(d: D1Database, slug: TechPageSlug) {
  return run(
    firstRow(
      d,
      sql`SELECT slug, title, lead, sections, updated_at AS "updatedAt" FROM tech_pages WHERE slug = ${slug}`,
      (r): TechPage => ({
        slug: String(r.slug),
        title: String(r.title),
        lead: String(r.lead),
        sections: json<TechPageSection[]>(r.sections, []),
        updatedAt: Number(r.updatedAt),
      }),
    ),
  );
}

/** When each tech page last changed (unix seconds), by slug: the sitemap's dates for them. */
export function techPageDatesQuery(d: D1Database): Query<{ slug: string; changedAt: number }[]> {
  return rows(d, sql`SELECT slug, updated_at AS "changedAt" FROM tech_pages ORDER BY slug`);
}
