import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { techPages } from '../../db/schema.ts';

/** CMS tech pages of spec section 7: "tech pages faq and contact". */
export const TECH_PAGE_SLUGS = ['faq', 'contact'] as const;
export type TechPageSlug = (typeof TECH_PAGE_SLUGS)[number];

export async function findTechPage(db: Db, slug: TechPageSlug) {
  return db.query.techPages.findFirst({ where: eq(techPages.slug, slug) });
}
