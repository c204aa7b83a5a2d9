import { d1 } from '../../db/client.ts';
import { findSeoText, seoPathKey } from './repo.ts';
import type { SeoText } from './schemas.ts';

/** The CMS SEO texts of a site path; empty ones when the CMS has none for it. */
export async function seoTextOf(rawPath: string): Promise<SeoText> {
  const path = seoPathKey(rawPath);
  return (
    (await findSeoText(d1(), path)) ?? {
      path,
      title: null,
      description: null,
      noindex: false,
      jsonLd: [],
    }
  );
}
