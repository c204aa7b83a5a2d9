import { eq } from 'drizzle-orm';
import { allFlags, togglesFrom, type Toggles } from '../../functions/api/flags/flags.repo.ts';
import { db } from '../../functions/db/client.ts';
import { seoTexts } from '../../functions/db/schema.ts';
import { seoPathKey, toSeoText, type SeoText } from '../../functions/api/seo/seo.repo.ts';

export interface PageContext {
  toggles: Toggles;
  seo: SeoText | null;
}

/**
 * What every page needs from D1 (feature toggles and the CMS SEO texts of its path),
 * fetched in one batched round trip.
 */
export async function loadPageContext(pathname: string): Promise<PageContext> {
  const d = db();
  const [flags, seoRows] = await d.batch([
    allFlags(d),
    d.select().from(seoTexts).where(eq(seoTexts.path, seoPathKey(pathname))).limit(1),
  ]);
  const seo = seoRows[0];
  return { toggles: togglesFrom(flags), seo: seo ? toSeoText(seo) : null };
}
